import { useLingui } from '@lingui/react/macro';
import { FieldSet } from '@/components/FormFields';
import { countText } from '@/lib/numbers';
import { slugify } from '@/lib/slug';

/**
 * A visitor's categories on /submit (issue 47): ticked from the archive's own list, never made
 * up, so the public chips stay the editors' to add (the nodes-service refuses any other name).
 * A visitor who finds none that fits says so in the description, and the review may add one.
 */
export function CategoryChoices({
  value,
  onChange,
  known,
  max,
  error,
}: {
  /** The chosen names, in the order they were ticked. */
  value: readonly string[];
  onChange: (names: string[]) => void;
  /** The archive's categories, by name. */
  known: readonly string[];
  max: number;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const chosen = new Set(value.map(slugify));
  const full = value.length >= max;
  // A name kept from an earlier visit's draft that the archive does not have (any more) stays
  // listed, ticked, so that it can be unticked rather than refused out of sight.
  const knownSlugs = new Set(known.map(slugify));
  const names = [...known, ...value.filter((name) => !knownSlugs.has(slugify(name)))];
  if (names.length === 0) return null;
  const most = countText(max);
  return (
    <FieldSet
      legend={t({ message: 'Categories', comment: "The /submit form's group of category boxes" })}
      className="category-choices"
      error={error}
      hint={
        names.length > max
          ? t({
              message: `Tick those that fit, up to ${most}. If none does, say what it is about in the description: the editors decide on new categories.`,
              comment: 'The categories of /submit are tick boxes; {most} is how many may be ticked',
            })
          : t({
              message:
                'Tick those that fit. If none does, say what it is about in the description: the editors decide on new categories.',
              comment: 'The categories of /submit are tick boxes',
            })
      }
    >
      <div className="category-choices__options">
        {names.map((name) => {
          const slug = slugify(name);
          const ticked = chosen.has(slug);
          return (
            <label key={slug} className="field__choice">
              <input
                type="checkbox"
                name="categories"
                value={name}
                checked={ticked}
                disabled={full && !ticked}
                onChange={() =>
                  onChange(ticked ? value.filter((c) => slugify(c) !== slug) : [...value, name])
                }
              />
              {name}
            </label>
          );
        })}
      </div>
    </FieldSet>
  );
}
