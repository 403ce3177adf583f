import { useEffect, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { useAnalytics, useAppSelector } from '@/app/hooks';
import {
  selectFilter,
  selectMatchingNodes,
  selectNodes,
  selectNodesError,
  selectNodesStatus,
} from '@/features/nodes/nodesSelectors';
import { CLICK } from '@/lib/analytics';
import { DEFAULT_THUMBNAIL_URL } from '@/lib/constants';
import { nodeRoute, nodeThumbnailUrl } from '@/lib/nodeModel';
import { itemInFilterRoute } from '@/lib/routes';

const TYPE_LABEL = { video: 'Video', gallery: 'Photo gallery' } as const;
/** Items rendered at once, then more in each idle moment (a commit of thousands blocks the page). */
const FIRST_ITEMS = 200;
const MORE_ITEMS = 400;

/**
 * How many of `total` items to render now: a first batch, then more whenever the page is idle,
 * until all are there. Thousands of list items committed at once would freeze the page (and the
 * globe) for seconds on a phone; in batches nobody waits, and every item is soon in the list.
 */
function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(FIRST_ITEMS);
  useEffect(() => {
    if (count >= total) return;
    const more = () => setCount((n) => n + MORE_ITEMS);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(more, { timeout: 500 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(more, 50);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}

/** A failed image shows the default thumbnail instead of a broken-image icon. */
function showDefaultThumbnail(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(DEFAULT_THUMBNAIL_URL)) image.src = DEFAULT_THUMBNAIL_URL;
}

/**
 * "Archive items": every item that matches the active filter, each a link to its route. It is
 * the keyboard and screen-reader way to the same items the globe shows, so it stays for good.
 */
export function ArchiveItemsList({
  onItemFocus,
}: {
  /** An item took the focus (its id), or the focus left the list (`null`). */
  onItemFocus?: (id: string | null) => void;
}) {
  const status = useAppSelector(selectNodesStatus);
  const error = useAppSelector(selectNodesError);
  const all = useAppSelector(selectNodes);
  const items = useAppSelector(selectMatchingNodes);
  const listed = items.slice(0, useProgressiveCount(items.length));
  const filter = useAppSelector(selectFilter);
  const filtered = filter.category !== null || filter.type !== null;
  const analytics = useAnalytics();

  return (
    <section
      className="archive-items"
      id="archive-items"
      tabIndex={-1}
      aria-labelledby="archive-items-heading"
    >
      <h2 id="archive-items-heading">Archive items</h2>
      {status === 'failed' && error ? (
        <p>The archive could not be loaded: {error.message}</p>
      ) : status !== 'loaded' ? (
        <p role="status">Loading the archive…</p>
      ) : (
        <>
          <p className="archive-items__count" role="status">
            {filtered
              ? `${items.length} of ${all.length} items match the filter`
              : `${all.length} items`}
          </p>
          {items.length === 0 ? (
            <p>
              No items match this filter. <Link to="/">Show every item</Link>
            </p>
          ) : (
            <ul
              aria-labelledby="archive-items-heading"
              className="archive-items__list"
              onBlur={(event) => {
                const next = event.relatedTarget;
                if (!(next instanceof Node) || !event.currentTarget.contains(next))
                  onItemFocus?.(null);
              }}
            >
              {listed.map((node) => (
                <li key={node.video_id}>
                  <Link
                    to={itemInFilterRoute(nodeRoute(node), filter)}
                    onFocus={() => onItemFocus?.(node.video_id)}
                    onClick={() => analytics.click(CLICK.list, node.video_id)}
                  >
                    <img
                      className="archive-items__thumb"
                      src={nodeThumbnailUrl(node)}
                      alt=""
                      width="112"
                      height="63"
                      loading="lazy"
                      decoding="async"
                      crossOrigin="anonymous"
                      onError={showDefaultThumbnail}
                    />
                    <span className="archive-items__title">{node.title}</span>
                    <span className={`archive-items__type archive-items__type--${node.type}`}>
                      {TYPE_LABEL[node.type]}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
