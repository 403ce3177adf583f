import { msg, plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import {
  memo,
  startTransition,
  useCallback,
  useMemo,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { useAnalytics, useAppSelector } from '@/app/hooks';
import { RecordedDate } from '@/components/RecordedDate';
import {
  selectFilter,
  selectMatchingNodes,
  selectNodes,
  selectNodesError,
  selectNodesStatus,
} from '@/features/nodes/nodesSelectors';
import { loadErrorText, type NodesLoadError } from '@/features/nodes/nodesApi';
import { CLICK } from '@/lib/analytics';
import { DEFAULT_THUMBNAIL_URL, LIST_PAGE_ITEMS } from '@/lib/constants';
import { isFiltering } from '@/lib/filter';
import { nodeRoute, nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';
import { countText } from '@/lib/numbers';
import { itemInFilterRoute } from '@/lib/routes';
import './ArchiveItemsList.css';

const TYPE_LABEL = {
  video: msg({ message: 'Video', comment: "An item's kind in the Archive items list: a video" }),
  gallery: msg({
    message: 'Photo gallery',
    comment: "An item's kind in the Archive items list: a gallery of photos",
  }),
} as const;
/**
 * Items rendered at once (more than a tall screen shows), then a batch more in each idle moment.
 * Each batch is a task of its own: on a phone (CPU 4× slower) 200 items took a task of 300 ms,
 * which a tap in the meantime waited for; a batch of 40 takes about 60 ms.
 */
const FIRST_ITEMS = 24;
const MORE_ITEMS = 40;
const PAGE_ITEMS = LIST_PAGE_ITEMS;

/**
 * How many of the first `cap` items to render now: a first batch, then more whenever the page is
 * idle, until all are there. Hundreds of list items committed at once would freeze the page (and
 * the globe) on a phone; in batches nobody waits. The batches render as transitions, which React
 * interrupts for input.
 */
function useProgressiveCount(items: readonly MediaNode[], cap: number): number {
  const total = Math.min(items.length, cap);
  const [count, setCount] = useState(FIRST_ITEMS);
  // Other items (the filter, the search or the timeline changed): the rows already shown that
  // are still listed stay, and at most a first batch of new ones joins them; the rest come in
  // idle time (hundreds of rows that come back at once would otherwise mount in one commit).
  const [shownItems, setShownItems] = useState(items);
  if (items !== shownItems) {
    setShownItems(items);
    setCount(keptCount(shownItems.slice(0, count), items));
  }
  useEffect(() => {
    if (count >= total) return;
    const more = () => startTransition(() => setCount((n) => n + MORE_ITEMS));
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(more, { timeout: 500 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(more, 50);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}

/**
 * How many of `next` to render where `shown` were rendered: as far down `next` as at most
 * `FIRST_ITEMS` rows are new (the rest are rows already there), and never fewer than that.
 */
export function keptCount(shown: readonly MediaNode[], next: readonly MediaNode[]): number {
  const there = new Set(shown.map((node) => node.video_id));
  let fresh = 0;
  let count = 0;
  for (const node of next) {
    if (!there.has(node.video_id) && ++fresh > FIRST_ITEMS) break;
    count++;
  }
  return Math.max(FIRST_ITEMS, count);
}

/**
 * The list's count: "2 of 3 items match the filter", "450 items" (the numbers as digits, without
 * separators).
 */
function itemsCountText(filtered: boolean, matching: number, total: number): string {
  return filtered
    ? t({
        message: plural(total, {
          one: `${matching} of ${total} item matches the filter`,
          other: `${matching} of ${total} items match the filter`,
        }),
        comment: 'The Archive items list: how many of all the items the filters leave',
      })
    : t({
        message: plural(total, { one: `${total} item`, other: `${total} items` }),
        comment: 'The Archive items list: how many items the archive holds (no filter on)',
      });
}

/** "The first 200 of 450 are listed; …": more match than the list shows yet. */
function firstListedText(listed: number, matching: number): string {
  const total = countText(matching);
  return t({
    message: plural(listed, {
      one: `The first # of ${total} are listed; the search, the filters and the timeline narrow them.`,
      other: `The first # of ${total} are listed; the search, the filters and the timeline narrow them.`,
    }),
    comment:
      'Under the Archive items list when more items match than it lists: # items listed of {total} that match. A "Show 200 more" button follows',
  });
}

/** Why the list is empty: the archive did not load. */
function failedText(error: NodesLoadError): string {
  const reason = loadErrorText(error);
  return t`The archive could not be loaded: ${reason}`;
}

/** The button under the list that lists the next items: "Show 200 more". */
function showMoreText(more: number): string {
  return t({
    message: plural(more, { one: 'Show # more', other: 'Show # more' }),
    comment: 'The button under the Archive items list that lists # more items',
  });
}

/** A failed image shows the default thumbnail instead of a broken-image icon. */
function showDefaultThumbnail(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(DEFAULT_THUMBNAIL_URL)) image.src = DEFAULT_THUMBNAIL_URL;
}

/**
 * One item of the list: rendered again only when its item or the handlers change (a new batch,
 * another filter, another address, or the list's own state leaves the rendered rows alone). Its
 * link is the item's own address (a new tab, or a copied link, opens the item alone); a plain
 * click opens it in the app with the filter on, so that closing it returns to the filtered globe.
 * A plain `<a>`, not the router's `Link`: a `Link` follows the router's location, and thousands
 * of them rendered again at every keystroke of a search and every move of the timeline.
 */
const ItemRow = memo(function ItemRow({
  node,
  onFocus,
  onOpen,
}: {
  node: MediaNode;
  onFocus: (id: string) => void;
  onOpen: (node: MediaNode, event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { i18n } = useLingui();
  return (
    <li>
      <a
        href={nodeRoute(node)}
        onFocus={() => onFocus(node.video_id)}
        onClick={(event) => onOpen(node, event)}
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
        <span className="archive-items__title" lang={node.language}>
          {node.title}
        </span>
        <span className="archive-items__meta">
          <span className={`archive-items__type archive-items__type--${node.type}`}>
            {i18n._(TYPE_LABEL[node.type])}
          </span>
          {node.date && (
            <>
              {' · '}
              <RecordedDate date={node.date} short />
            </>
          )}
        </span>
      </a>
    </li>
  );
});

/**
 * "Archive items": the items that match the active filter, each a link to its route, the first
 * 200 and more on request. It is the keyboard and screen-reader way to the same items the globe
 * shows, so it stays for good.
 */
export function ArchiveItemsList({
  onItemFocus,
  headerAction,
}: {
  /** An item took the focus (its id), or the focus left the list (`null`). */
  onItemFocus?: (id: string | null) => void;
  /** Beside the heading (the panel's Close list). */
  headerAction?: ReactNode;
}) {
  // Said again in a language the visitor switches to.
  useLingui();
  const status = useAppSelector(selectNodesStatus);
  const error = useAppSelector(selectNodesError);
  const all = useAppSelector(selectNodes);
  // The list follows the filter, the search and the timeline in the same commit as the globe:
  // it holds at most a few hundred rows, those already shown kept.
  const items = useAppSelector(selectMatchingNodes);
  const [cap, setCap] = useState(PAGE_ITEMS);
  const count = useProgressiveCount(items, cap);
  const liveFilter = useAppSelector(selectFilter);
  const filtered = isFiltering(liveFilter);
  // "Show more" takes the focus to the first row it added, once that row is there.
  const listRef = useRef<HTMLUListElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const row = focusRow.current;
    if (row === null || count <= row) return;
    focusRow.current = null;
    listRef.current?.children[row]?.querySelector('a')?.focus();
  }, [count]);
  const analytics = useAnalytics();
  const navigate = useNavigate();
  // The filter a click opens an item with: the one on now, read when the click comes.
  const filterNow = useRef(liveFilter);
  useEffect(() => {
    filterNow.current = liveFilter;
  });
  // Stable across renders (as the caller's handler is), so that the rendered rows stay as they are.
  const focused = useCallback((id: string | null) => onItemFocus?.(id), [onItemFocus]);
  const opened = useCallback(
    (node: MediaNode, event: MouseEvent<HTMLAnchorElement>) => {
      analytics.click(CLICK.list, node.video_id);
      // A new tab or window (a modifier, the middle button) gets the item's own address.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      event.preventDefault();
      void navigate(itemInFilterRoute(nodeRoute(node), filterNow.current));
    },
    [analytics, navigate],
  );
  // The same element while its items and handlers are the same, so that a render for
  // anything else (the route, a keystroke's words) skips its rows in one step.
  const list = useMemo(
    () => (
      <ul
        ref={listRef}
        aria-labelledby="archive-items-heading"
        className="archive-items__list"
        onBlur={(event) => {
          const next = event.relatedTarget;
          if (!(next instanceof Node) || !event.currentTarget.contains(next)) focused(null);
        }}
      >
        {items.slice(0, count).map((node) => (
          <ItemRow key={node.video_id} node={node} onFocus={focused} onOpen={opened} />
        ))}
      </ul>
    ),
    [items, count, focused, opened],
  );

  return (
    <section
      className="archive-items"
      id="archive-items"
      tabIndex={-1}
      aria-labelledby="archive-items-heading"
    >
      <div className="archive-items__head">
        <h2 id="archive-items-heading">
          {t({
            message: 'Archive items',
            comment: 'The heading of the list of every item the filters leave (beside the globe)',
          })}
        </h2>
        {headerAction}
      </div>
      {status === 'failed' && error ? (
        <p>{failedText(error)}</p>
      ) : status !== 'loaded' ? (
        <p role="status">{t`Loading the archive…`}</p>
      ) : (
        <>
          <p className="archive-items__count" role="status">
            {itemsCountText(filtered, items.length, all.length)}
          </p>
          {items.length === 0 ? (
            <p>
              <Trans>
                No items match this filter. <Link to="/">Show every item</Link>
              </Trans>
            </p>
          ) : (
            <>
              {list}
              {items.length > cap && (
                <p className="archive-items__more">
                  {firstListedText(cap, items.length)}{' '}
                  <button
                    type="button"
                    onClick={() => {
                      focusRow.current = cap;
                      setCap((shown) => shown + PAGE_ITEMS);
                    }}
                  >
                    {showMoreText(Math.min(PAGE_ITEMS, items.length - cap))}
                  </button>
                </p>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
