import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useArchiveItems } from '@/features/editor/useEditorData';
import { RecordedDate } from '@/components/RecordedDate';
import { mediaCount } from '@/lib/capture';
import { itemDateOf } from '@/lib/itemDate';
import { sortedByName } from '@/lib/compareNames';
import { nodeRoute, nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';

const SORTS = {
  'title-asc': 'Title A–Z',
  'title-desc': 'Title Z–A',
  type: 'Type, then title',
  'date-asc': 'Date recorded, earliest first',
  'date-desc': 'Date recorded, latest first',
  archive: 'Archive order (newest last)',
} as const;
type Sort = keyof typeof SORTS;

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

/**
 * Every item of the archive: search by title (or id), filter by type and category, sort. The
 * choices live in the URL, so Back from an item returns to the same view.
 */
export function ItemListPage() {
  const [items, reload] = useArchiveItems();
  const [params, setParams] = useSearchParams();
  const ids = { q: useId(), type: useId(), category: useId(), sort: useId() };
  const q = params.get('q') ?? '';
  const type = params.get('type') ?? '';
  const category = params.get('category') ?? '';
  // An allow-list: `?sort=toString` names something every object has, not a sort.
  const asked = params.get('sort') ?? '';
  const sort: Sort = Object.hasOwn(SORTS, asked) ? (asked as Sort) : 'title-asc';

  // Sorted once per archive and sort (10,000 titles: ~25 ms), not at every keystroke of the
  // search: filtering keeps the order, so the filtered list is the sorted one narrowed.
  const data = items.status === 'ready' ? items.data : null;
  const ordered = useMemo(() => (data === null ? [] : sorted(data, sort)), [data, sort]);
  const categories = useMemo(
    () =>
      sortedByName(
        [
          ...new Map(
            (data ?? []).flatMap((item) => item.categories).map((c) => [c.slug, c.name]),
          ).entries(),
        ],
        ([, name]) => name,
      ),
    [data],
  );

  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (items.status !== 'ready') {
    return (
      <div className="editor-page">
        <h1>Items</h1>
        {items.status === 'loading' ? (
          <p role="status">Loading the archive…</p>
        ) : (
          <p className="form-error" role="alert">
            The archive could not be loaded: {items.message}{' '}
            <button type="button" onClick={reload}>
              Try again
            </button>
          </p>
        )}
      </div>
    );
  }

  const all = items.data;
  const needle = q.trim().toLowerCase();
  const shown = ordered.filter(
    (item) =>
      (needle === '' ||
        item.title.toLowerCase().includes(needle) ||
        item.video_id.toLowerCase().includes(needle)) &&
      (type === '' || item.type === type) &&
      (category === '' || item.categories.some((c) => c.slug === category)),
  );

  return (
    <div className="editor-page">
      <div className="editor-page__heading">
        <h1>Items</h1>
        <Link className="button-link" to="/editor/items/new">
          New item
        </Link>
      </div>
      <form className="item-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={ids.q}>Search titles</label>
          <input
            id={ids.q}
            type="search"
            value={q}
            autoComplete="off"
            onChange={(event) => set('q', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.type}>Type</label>
          <select id={ids.type} value={type} onChange={(event) => set('type', event.target.value)}>
            <option value="">All types</option>
            <option value="video">Videos</option>
            <option value="gallery">Galleries</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.category}>Category</label>
          <select
            id={ids.category}
            value={category}
            onChange={(event) => set('category', event.target.value)}
          >
            <option value="">All categories</option>
            {categories.map(([slug, name]) => (
              <option key={slug} value={slug}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.sort}>Sort</label>
          <select id={ids.sort} value={sort} onChange={(event) => set('sort', event.target.value)}>
            {Object.entries(SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>
      <p className="field__hint" aria-live="polite">
        {shown.length === all.length
          ? `${all.length} items`
          : `${shown.length} of ${all.length} items`}
      </p>
      <ul className="item-list" aria-label="Items">
        {shown.map((item) => (
          <li key={item.video_id} className="item-list__row">
            <img src={nodeThumbnailUrl(item)} alt="" loading="lazy" />
            <div>
              <Link to={`/editor/items/${encodeURIComponent(item.video_id)}`}>{item.title}</Link>
              <p className="field__hint">
                {item.type === 'video' ? 'Video' : `Gallery · ${mediaCount(item.images)}`}
                {item.date ? (
                  <>
                    {' · '}
                    <RecordedDate date={item.date} short />
                  </>
                ) : (
                  ' · No date'
                )}
                {item.categories.length > 0 &&
                  ` · ${item.categories.map((c) => c.name).join(', ')}`}
              </p>
            </div>
            <Link className="item-list__public" to={nodeRoute(item)}>
              On the globe
            </Link>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p>No item matches these choices.</p>}
    </div>
  );
}
