import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  ItemFilters,
  useItemChoices,
  type ItemChoices,
  type Sort,
} from '@/features/editor/ItemFilters';
import { useArchiveItems } from '@/features/editor/useEditorData';
import { RecordedDate } from '@/components/RecordedDate';
import { mediaCount } from '@/lib/capture';
import { itemDateOf } from '@/lib/itemDate';
import { sortedByName } from '@/lib/compareNames';
import { nodeRoute, nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';
import './ItemListPage.css';

function sorted(items: MediaNode[], sort: Sort): MediaNode[] {
  const byTitle = () => sortedByName(items, (item) => item.title);
  switch (sort) {
    case 'title-asc':
      return byTitle();
    case 'title-desc':
      return byTitle().reverse();
    case 'type':
      // A stable sort: by title within each type.
      return byTitle().sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
    case 'date-asc':
    case 'date-desc': {
      // By when each was recorded (a range by its start), title within a moment; undated last.
      const sign = sort === 'date-asc' ? 1 : -1;
      const when = new Map(items.map((item) => [item, itemDateOf(item.date)?.from ?? null]));
      return byTitle().sort((a, b) => {
        const x = when.get(a) ?? null;
        const y = when.get(b) ?? null;
        if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
        return (x - y) * sign;
      });
    }
    case 'archive':
      return items;
  }
}

/** The archive's categories as [slug, name], by name, each once. */
function categoriesOf(items: readonly MediaNode[]): [string, string][] {
  return sortedByName(
    [...new Map(items.flatMap((item) => item.categories).map((c) => [c.slug, c.name])).entries()],
    ([, name]) => name,
  );
}

/** The items that match the search (in the title or the id), the type and the category. */
function matching(ordered: readonly MediaNode[], { q, type, category }: ItemChoices) {
  const needle = q.trim().toLowerCase();
  return ordered.filter(
    (item) =>
      (needle === '' ||
        item.title.toLowerCase().includes(needle) ||
        item.video_id.toLowerCase().includes(needle)) &&
      (type === '' || item.type === type) &&
      (category === '' || item.categories.some((c) => c.slug === category)),
  );
}

/** One item of the list: its thumbnail, its link to edit it, what it is and when, and its place on the globe. */
function ItemRow({ item }: { item: MediaNode }) {
  const { t } = useLingui();
  const media = mediaCount(item.images);
  return (
    <li className="item-list__row">
      <img src={nodeThumbnailUrl(item)} alt="" loading="lazy" />
      <div>
        <Link to={`/editor/items/${encodeURIComponent(item.video_id)}`}>{item.title}</Link>
        <p className="field__hint">
          {item.type === 'video'
            ? t({ message: 'Video', comment: "A type of item, in the editors' list" })
            : t({
                message: `Gallery · ${media}`,
                comment: 'A photo gallery in the editors\' list, with what it holds ("3 photos")',
              })}
          {' · '}
          {item.date ? (
            <RecordedDate date={item.date} short />
          ) : (
            t({ message: 'No date', comment: 'An item whose date the archive does not know' })
          )}
          {item.categories.length > 0 && ` · ${item.categories.map((c) => c.name).join(', ')}`}
        </p>
      </div>
      <Link className="item-list__public" to={nodeRoute(item)}>
        {t({ message: 'On the globe', comment: "The link to an item's public page on the globe" })}
      </Link>
    </li>
  );
}

/** The page while the archive loads, or with why it could not and a way to try again. */
function ArchiveNotReady({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <div className="editor-page">
      <h1>{t({ message: 'Items', comment: "The heading of the editors' list of items" })}</h1>
      {message === null ? (
        <p role="status">{t`Loading the archive…`}</p>
      ) : (
        <p className="form-error" role="alert">
          {t`The archive could not be loaded: ${message}`}{' '}
          <button type="button" onClick={onRetry}>
            {t`Try again`}
          </button>
        </p>
      )}
    </div>
  );
}

/**
 * Every item of the archive: search by title (or id), filter by type and category, sort. The
 * choices live in the URL, so Back from an item returns to the same view.
 */
export function ItemListPage() {
  const { t, i18n } = useLingui();
  const [items, reload] = useArchiveItems();
  const [choices, choose] = useItemChoices();
  const { sort } = choices;

  // Sorted once per archive and sort (10,000 titles: ~25 ms), not at every keystroke of the
  // search: filtering keeps the order, so the filtered list is the sorted one narrowed.
  const data = items.status === 'ready' ? items.data : null;
  const ordered = useMemo(() => (data === null ? [] : sorted(data, sort)), [data, sort]);
  const categories = useMemo(() => categoriesOf(data ?? []), [data]);

  if (items.status !== 'ready') {
    return (
      <ArchiveNotReady
        message={items.status === 'loading' ? null : items.message}
        onRetry={reload}
      />
    );
  }

  const all = items.data;
  const shown = matching(ordered, choices);
  const total = all.length;
  const matched = i18n.number(shown.length);
  return (
    <div className="editor-page">
      <div className="editor-page__heading">
        <h1>{t({ message: 'Items', comment: "The heading of the editors' list of items" })}</h1>
        <Link className="button-link" to="/editor/items/new">
          {t`New item`}
        </Link>
      </div>
      <ItemFilters choices={choices} categories={categories} onChoose={choose} />
      <p className="field__hint" aria-live="polite">
        {shown.length === total
          ? plural(total, { one: '# item', other: '# items' })
          : plural(total, {
              one: `${matched} of # item`,
              other: `${matched} of # items`,
            })}
      </p>
      <ul
        className="item-list"
        aria-label={t({ message: 'Items', comment: "The heading of the editors' list of items" })}
      >
        {shown.map((item) => (
          <ItemRow key={item.video_id} item={item} />
        ))}
      </ul>
      {shown.length === 0 && <p>{t`No item matches these choices.`}</p>}
    </div>
  );
}
