import type { ArchiveFilter } from '@/lib/filter';
import { fromText, toText, type TimeRange } from '@/lib/timeRange';

/**
 * The app's routes (SPEC §2) as plain patterns, shared by the router and the server: the server
 * answers an unknown path with the app's not-found page and a real 404 status.
 */
export const ROUTES = {
  home: '/',
  video: '/video/:id',
  gallery: '/gallery/:id',
  category: '/category/:category',
  story: '/story/:story',
  storyStop: '/story/:story/:stop',
  stories: '/stories',
  submit: '/submit',
  contact: '/contact',
  statement: '/statement',
  terms: '/terms',
  resources: '/resources',
  env: '/env',
  editor: '/editor',
  signin: '/signin',
  signup: '/signup',
  confirm: '/confirm',
  forgotPassword: '/forgot-password',
  account: '/account',
} as const;

const KNOWN_PATH = new RegExp(
  [
    '^/$',
    '^/(video|gallery|category)/[^/]+/?$',
    '^/story/[^/]+(/[^/]+)?/?$',
    '^/stories/?$',
    '^/(submit|contact|statement|terms|resources|env|signin|signup|confirm|forgot-password|account)/?$',
    '^/editor(/.*)?$',
  ].join('|'),
);

/** Whether a URL path is one of the app's routes (so the server can send 404 for the rest). */
export function isAppPath(pathname: string): boolean {
  return KNOWN_PATH.test(pathname);
}

/** `/category/{slug}` for a category slug. */
export function categoryRoute(slug: string): string {
  return `/category/${encodeURIComponent(slug)}`;
}

/**
 * The URL of a filtered view: `/category/{slug}`, `?type=video|gallery` and `?q=` (the search's
 * words); all null is home.
 */
export function filterRoute(
  category: string | null,
  type: 'video' | 'gallery' | null,
  q: string | null = null,
  span: FilterSpan = NO_SPAN,
): string {
  const path = category === null ? '/' : categoryRoute(category);
  const query = new URLSearchParams();
  if (type !== null) query.set('type', type);
  if (q !== null) query.set('q', q);
  setSpan(query, span);
  const text = queryText(query);
  return text === '' ? path : `${path}?${text}`;
}

/** The timeline's range as the URL writes it (`?from=`, `?to=`: day or time texts). */
export interface FilterSpan {
  from?: string | null;
  to?: string | null;
}
const NO_SPAN: FilterSpan = {};

function setSpan(query: URLSearchParams, { from, to }: FilterSpan): void {
  if (from != null) query.set('from', from);
  if (to != null) query.set('to', to);
}

/** A query as text, with the times' colons left as they are (`T14:40-05:00` reads better than `%3A`). */
function queryText(query: URLSearchParams): string {
  return query.toString().replace(/%3A/g, ':');
}

/**
 * An address's query (`location.search`) with the timeline's range set to `span` (an end that is
 * null taken off), the rest kept: the text to navigate to, without its `?`.
 */
export function searchWithSpan(search: string, { from, to }: FilterSpan): string {
  return searchWith(search, { from, to });
}

/**
 * An address's query with the search's words set to `q` (none: taken off), and the range to
 * `span` where one is given (an end that is null taken off); the rest kept.
 */
export function searchWithWords(search: string, q: string | null, span?: FilterSpan): string {
  return searchWith(search, span ? { q, from: span.from, to: span.to } : { q });
}

function searchWith(search: string, values: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(values)) {
    if (value != null) query.set(key, value);
    else query.delete(key);
  }
  return queryText(query);
}

/**
 * The URL that opens an item while a filter is on: its route with the filter as a query
 * (`/video/{id}?category={slug}&type=video`), so that closing the item returns to the filtered
 * globe, and a reload or the Back button keep it. Without a filter, the item's plain route.
 */
export function itemInFilterRoute(
  itemRoute: string,
  { category, type, q, range }: ArchiveFilter,
): string {
  const query = new URLSearchParams();
  if (category !== null) query.set('category', category);
  if (type !== null) query.set('type', type);
  if (q != null) query.set('q', q);
  if (range) setSpan(query, spanOfRange(range));
  const text = queryText(query);
  return text === '' ? itemRoute : `${itemRoute}?${text}`;
}

/** The URL's texts for a range's edges. */
export function spanOfRange({ from, until }: TimeRange): FilterSpan {
  return {
    from: from === null ? null : fromText(from),
    to: until === null ? null : toText(until),
  };
}

/** Whether a path shows the globe (home, an open item, a category, a story's stop). */
export function isHomePath(pathname: string): boolean {
  return /^\/$|^\/(video|gallery|category)\/[^/]+\/?$|^\/story\/[^/]+(\/[^/]+)?\/?$/.test(pathname);
}

/** `/story/{id}` (its first stop), or `/story/{id}/{n}` for stop n (1-based) after the first. */
export function storyRoute(storyId: string, stop = 1): string {
  const path = `/story/${encodeURIComponent(storyId)}`;
  return stop > 1 ? `${path}/${stop}` : path;
}

/** The story and stop a path shows (`/story/{id}/{n}`, n as written), or null for another path. */
export function storyOfPath(pathname: string): { story: string; stop: string | undefined } | null {
  const match = /^\/story\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return { story: decodeURIComponent(match[1] ?? ''), stop: match[2] };
  } catch {
    return null;
  }
}

/** The parts of a home address that narrow what it shows: a link with one shares a view. */
const SHARED_VIEW_PARAMS = ['q', 'type', 'from', 'to'] as const;

/**
 * Whether arriving at this address is arriving by a shared link to a view of the globe: an item
 * (`/video/{id}`, `/gallery/{id}`), a category, or the home screen with words, a media type or a
 * time range. A first-time visitor who comes that way sees what was shared at once, with the
 * intro offered beside it, not played first (issue 47); the intro still plays on a first visit to
 * the plain home screen (SPEC §2). index.html's first-paint script says the same before the app.
 */
export function isSharedView(pathname: string, search: string): boolean {
  if (!isHomePath(pathname)) return false;
  if (pathname !== '/') return true;
  const query = new URLSearchParams(search);
  return SHARED_VIEW_PARAMS.some((name) => (query.get(name) ?? '') !== '');
}
