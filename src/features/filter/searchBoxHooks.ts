/**
 * The search box's parts (issue 30, issue 46): what is typed and its way to the address, the
 * store's answer as the box lists it, and the box's keys and reports. The box holds no index: the
 * route answers the address's words through the store's search service (`routeVisited`).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { typedWordsAnswer } from '@/features/filter/routeVisited';
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
  /** The words the filter's own answer is to (the address's, once answered). */
  filteredQ: string | undefined;
}

/**
 * What the box lists for the typed words: the store's answer once the address (and with it the
 * filter) has them; before, while keys come quickly, the store's search service's answer to
 * them (`typedWordsAnswer`), where its index is built. Under the box, the matches the other
 * filters (category, media, time) leave (what choosing one opens among). The globe and the list
 * narrow by every match of the filter's words, with those filters on top.
 */
export function useBoxMatches(
  filter: ArchiveFilter,
  nodesById: ReadonlyMap<string, MediaNode>,
  words: string | null,
): BoxMatches {
  const dispatch = useAppDispatch();
  const items = useAppSelector((state) => state.nodes.items);
  const storedIds = useAppSelector((state) => state.filter.ids);
  const stored = useAppSelector((state) => state.filter.found);
  // A read of the service that writes nothing; asked again for another archive's index.
  const typed = useMemo(
    () =>
      words === null || words === stored?.q || items.length === 0
        ? null
        : dispatch(typedWordsAnswer(words)),
    [dispatch, words, stored, items],
  );
  const found = useMemo(
    () => (typed !== null && words !== null ? { q: words, terms: typed.terms } : stored),
    [typed, words, stored],
  );
  const ids = typed !== null ? typed.ids : stored === undefined ? null : storedIds;
  const { category, type, range } = filter;
  const shown = useMemo(() => {
    if (ids === null || ids === undefined) return null;
    const others: ArchiveFilter = { category, type, range: range ?? null };
    const filtering = isFiltering(others);
    const nodes: MediaNode[] = [];
    for (const id of ids) {
      const node = nodesById.get(id);
      if (node !== undefined && (!filtering || matchesFilter(node, others))) nodes.push(node);
    }
    return nodes;
  }, [ids, nodesById, category, type, range]);
  const listed = useMemo(() => (shown ?? []).slice(0, LISTED), [shown]);
  return { found, shown, listed, filteredQ: stored?.q };
}

/**
 * Times the way to an answer for DevTools and `npm run bench`: from a moment (`from(words, at)`)
 * to the commit that shows the answer to those words (`answered`, the words it answers).
 *
 * - "search results": from the keystroke (its input event) to its matches committed under the box;
 * - "search filtered": from the words written to the address (the typing paused) to the filter's
 *   answer to them committed: the whole way through the route and the store's search service,
 *   the home screen drawn again for them.
 *
 * @returns what starts the clock, for these words
 */
export function useAnswerMeasure(name: string, answered: string | undefined) {
  const pending = useRef<{ words: string; at: number } | null>(null);
  // In the commit itself (a passive effect would wait for the paint, and so time the display).
  useLayoutEffect(() => {
    const started = pending.current;
    if (answered === undefined || started === null || answered !== started.words) return;
    pending.current = null;
    if (typeof performance.measure === 'function') performance.measure(name, { start: started.at });
  }, [name, answered]);
  return useCallback((words: string | null, at = performance.now()) => {
    pending.current = words === null ? null : { words, at };
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
