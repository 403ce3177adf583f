/**
 * The search box's parts (issue 30, issue 46): what is typed and its way to the address, the
 * store's answer as the box lists it, and the box's keys and reports. The box holds no index: the
 * route answers the address's words through the store's search service (`routeVisited`).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import type { Analytics } from '@/lib/analytics';
import {
  isFiltering,
  matchesFilter,
  searchWords,
  type ArchiveFilter,
  type SearchFound,
} from '@/lib/filter';
import type { MediaNode } from '@/lib/nodeModel';
import { searchWithWords, spanOfRange } from '@/lib/routes';

/** The address, and with it the globe, the list and the matches, follow the words once typing has paused this long. */
const ANSWER_AFTER_MS = 150;
/** Words are reported to analytics once the visitor has stopped typing this long. */
const REPORT_AFTER_MS = 1000;
/** Matches listed under the box; the Archive items list holds them all. */
export const LISTED = 20;

/**
 * What is typed, against the address's words (`q`, which hold it trimmed). Words from outside
 * (Back, a link) replace it; the address catching up with keys typed since (its words sent and not
 * yet all seen back) does not.
 */
export function useTypedWords(q: string | null) {
  const [text, setText] = useState(q ?? '');
  const [shownQ, setShownQ] = useState(q);
  const [sent, setSent] = useState<string[]>([]);
  if (q !== shownQ) {
    setShownQ(q);
    const ours = sent.includes(q ?? '');
    if (ours && sent.at(-1) === (q ?? '')) setSent([]);
    if (!ours && searchWords(text) !== q) setText(q ?? '');
  }
  /** The box wrote these words to the address. */
  const wordsSent = useCallback(
    (words: string | null) => setSent((all) => [...all.slice(-19), words ?? '']),
    [],
  );
  return { text, setText, words: searchWords(text), wordsSent };
}

/**
 * Writes the typed words to the address (in place of the last, `replace`) once typing pauses:
 * while keys come quickly only the box follows each one (a new address at every key would keep
 * each key waiting on the browser's history and on the whole home screen drawn again). The
 * address is the address as it is then, with the filter's range (a timeline move the address has
 * not caught up with yet is kept).
 *
 * @returns a write at once, for Enter
 */
export function useWordsToAddress(
  words: string | null,
  { q, range }: { q: string | null; range: ArchiveFilter['range'] },
  onSent: (words: string | null) => void,
): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef({ location, range: range ?? null });
  useEffect(() => {
    here.current = { location, range: range ?? null };
  });
  const write = useCallback(
    (sending: string | null) => {
      onSent(sending);
      const { location: at, range: kept } = here.current;
      const search = searchWithWords(at.search, sending, kept ? spanOfRange(kept) : {});
      void navigate({ pathname: at.pathname, search }, { replace: true });
    },
    [navigate, onSent],
  );
  useEffect(() => {
    if (words === q) return;
    const timer = setTimeout(() => write(words), ANSWER_AFTER_MS);
    return () => clearTimeout(timer);
  }, [words, q, write]);
  return useCallback(() => {
    if (words !== q) write(words);
  }, [words, q, write]);
}

/** The store's answer, as the box lists it. */
export interface BoxMatches {
  /** What the words found (which words the answer is to, and their matched words); none before an answer. */
  found: SearchFound | undefined;
  /** The matches the other filters (category, media, time) leave, best first: what the count says. */
  shown: readonly MediaNode[] | null;
  /** The first of them, listed under the box. */
  listed: readonly MediaNode[];
}

/**
 * The matches the store holds for the search's words: under the box, those the other filters
 * leave (what choosing one opens among). The globe and the list narrow by every match, with those
 * filters on top.
 */
export function useBoxMatches(
  filter: ArchiveFilter,
  nodesById: ReadonlyMap<string, MediaNode>,
): BoxMatches {
  const ids = useAppSelector((state) => state.filter.ids);
  const found = useAppSelector((state) => state.filter.found);
  const { category, type, range } = filter;
  const shown = useMemo(() => {
    if (ids === null || found === undefined) return null;
    const others: ArchiveFilter = { category, type, range: range ?? null };
    const filtering = isFiltering(others);
    const nodes: MediaNode[] = [];
    for (const id of ids) {
      const node = nodesById.get(id);
      if (node !== undefined && (!filtering || matchesFilter(node, others))) nodes.push(node);
    }
    return nodes;
  }, [ids, found, nodesById, category, type, range]);
  const listed = useMemo(() => (shown ?? []).slice(0, LISTED), [shown]);
  return { found, shown, listed };
}

/**
 * "search results", for DevTools and `npm run bench`: from the words leaving the box for the
 * address (the end of the typing pause) to their matches committed under it, the whole way
 * through the route, the store's search service and the home screen drawn again.
 *
 * @returns what the box calls as it writes words to the address
 */
export function useResultsMeasure(found: SearchFound | undefined) {
  const pending = useRef<{ words: string; at: number } | null>(null);
  // In the commit itself (a passive effect would wait for the paint, and so time the display).
  useLayoutEffect(() => {
    const sent = pending.current;
    if (found === undefined || sent === null || found.q !== sent.words) return;
    pending.current = null;
    if (typeof performance.measure === 'function')
      performance.measure('search results', { start: sent.at });
  }, [found]);
  return useCallback((words: string | null) => {
    pending.current = words === null ? null : { words, at: performance.now() };
  }, []);
}

/**
 * Analytics: the address's words once typing pauses, each new set of words once.
 *
 * @returns a report at once (a match chosen before the pause was over)
 */
export function useSearchReport(q: string | null, analytics: Analytics) {
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (q === null || q === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = q;
      analytics.search(q);
    }, REPORT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [q, analytics]);
  return useCallback(
    (words: string | null) => {
      if (words === null || reported.current === words) return;
      reported.current = words;
      analytics.search(words);
    },
    [analytics],
  );
}

/** `/` anywhere but in a field comes to the search. */
export function useSlashToFocus(input: { current: HTMLInputElement | null }) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [input]);
}

/**
 * Enter before the address has the typed words: they are written at once, and the first of their
 * matches opens when their answer comes.
 *
 * @returns what Enter calls with the words it waits for (null: it waits no more, the visitor typed on)
 */
export function useChoiceOnAnswer(
  found: SearchFound | undefined,
  listed: readonly MediaNode[],
  choose: (node: MediaNode) => void,
) {
  const waiting = useRef<string | null>(null);
  useEffect(() => {
    if (waiting.current === null || found?.q !== waiting.current) return;
    waiting.current = null;
    const first = listed[0];
    if (first) choose(first);
  }, [found, listed, choose]);
  return useCallback((words: string | null) => {
    waiting.current = words;
  }, []);
}
