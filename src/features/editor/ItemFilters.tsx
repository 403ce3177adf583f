import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useSearchParams } from 'react-router';

/** The list's sorts, by their name in the URL, with what the menu calls them. */
export const SORTS = {
  'title-asc': msg({ message: 'Title A–Z', comment: "A sort of the editors' list of items" }),
  'title-desc': msg({ message: 'Title Z–A', comment: "A sort of the editors' list of items" }),
  type: msg({
    message: 'Type, then title',
    comment: "A sort of the editors' list of items: videos, then galleries, each by title",
  }),
  'date-asc': msg`Date recorded, earliest first`,
  'date-desc': msg`Date recorded, latest first`,
  archive: msg({
    message: 'Archive order (newest last)',
    comment: "A sort of the editors' list of items: as the archive stores them",
  }),
} as const;
export type Sort = keyof typeof SORTS;

/** What the list is narrowed to and sorted by, as the URL holds it. */
export interface ItemChoices {
  q: string;
  type: string;
  category: string;
  sort: Sort;
}

/**
 * The list's choices, read from the URL and written back to it (replacing the entry, so Back
 * leaves the list rather than stepping through each keystroke). An empty choice leaves the URL.
 */
export function useItemChoices(): [ItemChoices, (key: keyof ItemChoices, value: string) => void] {
  const [params, setParams] = useSearchParams();
  // An allow-list: `?sort=toString` names something every object has, not a sort.
  const asked = params.get('sort') ?? '';
  const choices: ItemChoices = {
    q: params.get('q') ?? '',
    type: params.get('type') ?? '',
    category: params.get('category') ?? '',
    sort: Object.hasOwn(SORTS, asked) ? (asked as Sort) : 'title-asc',
  };
  const set = (key: keyof ItemChoices, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return [choices, set];
}

/** The search, type, category and sort above the list. */
export function ItemFilters({
  choices,
  categories,
  onChoose,
}: {
  choices: ItemChoices;
  /** The archive's categories as [slug, name], in the order to offer them. */
  categories: readonly (readonly [string, string])[];
  onChoose: (key: keyof ItemChoices, value: string) => void;
}) {
  const { t, i18n } = useLingui();
  const ids = { q: useId(), type: useId(), category: useId(), sort: useId() };
  const { q, type, category, sort } = choices;
  return (
    <form className="item-filters" role="search" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor={ids.q}>{t`Search titles`}</label>
        <input
          id={ids.q}
          type="search"
          value={q}
          autoComplete="off"
          onChange={(event) => onChoose('q', event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.type}>
          {t({
            message: 'Type',
            comment: "The filter of the editors' list by what items are: videos or galleries",
          })}
        </label>
        <select
          id={ids.type}
          value={type}
          onChange={(event) => onChoose('type', event.target.value)}
        >
          <option value="">{t`All types`}</option>
          <option value="video">{t`Videos`}</option>
          <option value="gallery">
            {t({ message: 'Galleries', comment: 'Photo galleries, a type of item' })}
          </option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.category}>{t`Category`}</label>
        <select
          id={ids.category}
          value={category}
          onChange={(event) => onChoose('category', event.target.value)}
        >
          <option value="">{t`All categories`}</option>
          {categories.map(([slug, name]) => (
            <option key={slug} value={slug}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.sort}>
          {t({ message: 'Sort', comment: "The menu that orders the editors' list of items" })}
        </label>
        <select
          id={ids.sort}
          value={sort}
          onChange={(event) => onChoose('sort', event.target.value)}
        >
          {Object.entries(SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {i18n._(label)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
