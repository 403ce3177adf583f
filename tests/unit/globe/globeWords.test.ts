/**
 * The globe's own words in the visitor's language (issue 49): the engine, in its worker, says a
 * card's callout and draws its badge in the language the page sends, with that language's
 * plurals (Bosnian's three forms), and speaks English until told otherwise.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it } from 'vitest';
import { calloutContent } from '@/globe/callouts';
import { GLOBE_MESSAGES, globeWordsOf, takeGlobeWords, type GlobeWords } from '@/globe/globeWords';
import { cardMediaCount } from '@/globe/textures/cardFace';
import type { MediaNode } from '@/lib/nodeModel';

const BOSNIAN: Partial<Record<keyof typeof GLOBE_MESSAGES, string>> = {
  itemsHere: '{size, plural, one {# stavka ovdje} few {# stavke ovdje} other {# stavki ovdje}}',
  matching:
    '{matching, plural, one {# odgovara filteru} few {# odgovaraju filteru} other {# odgovara filteru}}',
  zoomIn: 'kliknite za uvećanje',
  spread: 'kliknite da ih raširite',
  photos: '{photos, plural, one {# fotografija} few {# fotografije} other {# fotografija}}',
  gallery: 'Galerija fotografija',
};

function bosnian(): GlobeWords {
  const messages = Object.fromEntries(
    Object.entries(BOSNIAN).map(([key, text]) => [
      GLOBE_MESSAGES[key as keyof typeof GLOBE_MESSAGES].id,
      compileMessage(text),
    ]),
  );
  return globeWordsOf({ locale: 'bs', locales: ['bs-Latn'], messages });
}

const node = (images = 0) =>
  ({
    video_id: 'a',
    type: images > 0 ? 'gallery' : 'video',
    title: 'Na trijemu',
    categories: [],
    images: Array.from({ length: images }, () => ({ thumb: 't.jpg', full: 'f.jpg' })),
  }) as unknown as MediaNode;

const english = globeWordsOf({ locale: 'en', locales: ['en-GB'], messages: {} });
afterEach(() => takeGlobeWords({ ...english }));

describe("the globe's words", () => {
  it('are English until the page sends a language', () => {
    const cluster = { size: 3, matching: 1, filtered: true, spreads: false };
    expect(calloutContent(0, node(), '#fff', cluster).meta).toBe(
      '3 items here · 1 matches the filter · click to zoom in',
    );
    expect(cardMediaCount({ imageCount: 1, captureCount: 0 })).toBe('1 photo');
  });

  it("follow the page's language, with its plural forms", () => {
    expect(takeGlobeWords(bosnian())).toBe(true);
    const say = (size: number, matching: number) =>
      calloutContent(0, node(), '#fff', { size, matching, filtered: true, spreads: size > 20 })
        .meta;
    expect(say(2, 1)).toBe('2 stavke ovdje · 1 odgovara filteru · kliknite za uvećanje');
    expect(say(5, 3)).toBe('5 stavki ovdje · 3 odgovaraju filteru · kliknite za uvećanje');
    expect(say(21, 21)).toBe('21 stavka ovdje · 21 odgovara filteru · kliknite da ih raširite');
    expect(calloutContent(0, node(4), '#fff', null).meta).toBe(
      'Galerija fotografija · 4 fotografije',
    );
    expect(cardMediaCount({ imageCount: 12, captureCount: 0 })).toBe('12 fotografija');
  });

  it('say again only when the language changes', () => {
    const words = bosnian();
    expect(takeGlobeWords(words)).toBe(true);
    expect(takeGlobeWords(words)).toBe(false);
    expect(takeGlobeWords(undefined)).toBe(false);
    expect(takeGlobeWords({ ...english })).toBe(true);
  });

  it("carry only the globe's messages from the page's catalog", () => {
    const page = {
      locale: 'es',
      locales: ['es'],
      messages: { other: 'x', [GLOBE_MESSAGES.zoomIn.id]: 'y' },
    };
    expect(globeWordsOf(page).messages).toEqual({ [GLOBE_MESSAGES.zoomIn.id]: 'y' });
  });
});
