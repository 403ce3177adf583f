/**
 * The lint step's check of the catalogs (issue 49): it fails on a message missing from a catalog
 * or left untranslated, on a translation that drops or invents a placeholder, on a Bosnian
 * plural without its three forms, and on a message the code no longer says.
 */
import { describe, expect, it } from 'vitest';
import { catalogProblems, placeholdersOf } from '../../../scripts/i18n/catalogProblems';

const SOURCE = {
  a: {
    message: 'Search the archive',
    origin: [['src/features/filter/SearchBox.tsx']] as [string][],
  },
  b: { message: '{count, plural, one {# item} other {# items}}' },
  c: { message: 'Shown {shown} of <0>{total}</0>' },
};

describe('a translated catalog', () => {
  it('that is complete has no problem', () => {
    expect(
      catalogProblems(
        'bs',
        SOURCE,
        {
          a: { message: 'Search the archive', translation: 'Pretražite arhiv' },
          b: { translation: '{count, plural, one {# stavka} few {# stavke} other {# stavki}}' },
          c: { translation: 'Prikazano {shown} od <0>{total}</0>' },
        },
        true,
      ),
    ).toEqual([]);
  });

  it('names each missing, empty, mismatched or stale message', () => {
    const problems = catalogProblems(
      'bs',
      SOURCE,
      {
        a: { message: 'Search the archive', translation: '' },
        b: { translation: '{count, plural, one {# stavka} other {# stavki}}' },
        c: { translation: 'Prikazano {broj} od {total}' },
        d: { message: 'Old words', translation: 'Stare riječi' },
      },
      true,
    );
    expect(problems).toEqual([
      'bs: "Search the archive" is not translated (src/features/filter/SearchBox.tsx)',
      'bs: "{count, plural, one {# item} other {# items}}" needs the plural\'s three forms (one, few, other)',
      'bs: "Shown {shown} of <0>{total}</0>" has placeholders <0> {shown} {total}, its translation {broj} {total}',
      'bs: "Old words" is in the catalog but no longer in the code',
    ]);
    expect(catalogProblems('es', SOURCE, {}, true)).toHaveLength(3);
  });

  it('asks nothing of the English but that each message is there', () => {
    expect(catalogProblems('en', SOURCE, { a: {}, b: {}, c: {} }, false)).toEqual([]);
  });
});

describe("a message's placeholders", () => {
  it('are its arguments and tags, not the words of its plural forms', () => {
    expect(placeholdersOf('{n, plural, one {# day} other {# days}} in {place}')).toEqual([
      '{n}',
      '{place}',
    ]);
    expect(placeholdersOf('Read <0>the terms</0> and <1/>')).toEqual(['<0>', '<1>']);
    expect(placeholdersOf('No placeholders')).toEqual([]);
  });
});
