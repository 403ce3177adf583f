import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAnalytics, useAppDispatch } from '@/app/hooks';
import { RecordedDate } from '@/components/RecordedDate';
import { searchAnswered } from '@/features/filter/filterSlice';
import type { ArchiveSearch, SearchHit, TextPart } from '@/lib/archiveSearch';
import { isFiltering, matchesFilter, searchWords, type ArchiveFilter } from '@/lib/filter';
import { nodeRoute, type MediaNode } from '@/lib/nodeModel';
import { itemInFilterRoute, searchWithWords, spanOfRange } from '@/lib/routes';

/** Matches listed under the box; the Archive items list holds them all. */
const LISTED = 20;
/** The address, and with it the globe and the list, follow the words once typing has paused this long. */
const ANSWER_AFTER_MS = 150;
/** Words are reported to analytics once the visitor has stopped typing this long. */
const REPORT_AFTER_MS = 1000;

type Highlighter = (text: string, terms: readonly string[]) => TextPart[];

/** The index and its highlighter, loaded with MiniSearch only once a visitor searches. */
interface Engine {
  search: ArchiveSearch;
  highlight: Highlighter;
  built: boolean;
}

function Marked({ parts }: { parts: TextPart[] }) {
  return parts.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text));
}

/** "12 items match", "1 item matches", "No item matches". */
export function matchCountText(count: number): string {
  if (count === 0) return 'No item matches';
  return count === 1 ? '1 item matches' : `${count.toLocaleString('en')} items match`;
}

/**
 * The home screen's search (issue 30): words matched against titles, descriptions and categories
 * as they are typed, forgiving typos and word endings. The words live in the URL (`?q=`), so a
 * search is shared and restored; the items they do not find fade on the globe and leave the list.
 * The matches are listed under the box (keyboard: arrows, Enter; Enter alone takes the first), and
 * choosing one flies the globe to it and opens it. `/` anywhere else on the page comes here.
 *
 * The index (`@/lib/archiveSearch`, with MiniSearch) loads and builds only when a visitor focuses
 * the box or arrives with words, in slices that leave the page free.
 */
export function SearchBox({
  nodes,
  nodesById,
  filter,
}: {
  /** Every item of the archive, to search. */
  nodes: readonly MediaNode[];
  nodesById: ReadonlyMap<string, MediaNode>;
  /** The active filter, its words (`q`) among it. */
  filter: ArchiveFilter;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const analytics = useAnalytics();
  const location = useLocation();
  const q = filter.q ?? null;
  // Where the words are written: the address as it is then, with the filter's range (a timeline
  // move the address has not caught up with yet is kept).
  const here = useRef({ location, range: filter.range ?? null });
  useEffect(() => {
    here.current = { location, range: filter.range ?? null };
  });
  const ids = { input: useId(), list: useId(), status: useId() };
  const input = useRef<HTMLInputElement>(null);

  // What is typed; the URL holds it trimmed. Words from outside (Back, a link) replace it; the
  // address catching up with keys typed since (its words sent and not yet all seen back) does not.
  const [text, setText] = useState(q ?? '');
  const [shownQ, setShownQ] = useState(q);
  const [sent, setSent] = useState<string[]>([]);
  if (q !== shownQ) {
    setShownQ(q);
    const ours = sent.includes(q ?? '');
    if (ours && sent.at(-1) === (q ?? '')) setSent([]);
    if (!ours && searchWords(text) !== q) setText(q ?? '');
  }
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  // The match chosen by the arrow keys stays in sight in a list that scrolls (a phone's).
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${ids.list}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, ids.list]);
  const [wanted, setWanted] = useState(q !== null);
  // Words that come later (Back to a search, a link) want the index too.
  if (q !== null && !wanted) setWanted(true);
  const [engine, setEngine] = useState<Engine | null>(null);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let search: ArchiveSearch | null = null;
    const began = performance.now();
    void import('@/lib/archiveSearch').then(({ createArchiveSearch, highlightParts }) => {
      if (!live) return;
      search = createArchiveSearch(nodes);
      const started = search;
      setEngine({ search: started, highlight: highlightParts, built: false });
      void started.ready.then(() => {
        if (live) setEngine({ search: started, highlight: highlightParts, built: true });
      });
      // "search index": loaded, built and its commonest words asked, for `npm run bench`.
      void started.warmed.then(() => {
        if (live && typeof performance.measure === 'function')
          performance.measure('search index', { start: began });
      });
    });
    return () => {
      live = false;
      search?.cancel();
    };
  }, [wanted, nodes]);

  // The matches follow what is typed at once; the address (and with it the globe and the list)
  // follows the words at its own pace.
  const words = searchWords(text);
  const hits: readonly SearchHit[] | null = useMemo(
    () => (words !== null && engine?.built ? engine.search.search(words) : null),
    [engine, words],
  );
  // When the keystroke that asked for these words happened (the event's time stamp).
  const typedAt = useRef<number | null>(null);
  // In the commit itself (a passive effect would wait for the paint, and so time the display).
  useLayoutEffect(() => {
    if (hits === null) return;
    // "search results": keystroke → its matches committed, for DevTools and `npm run bench`.
    const start = typedAt.current;
    typedAt.current = null;
    if (start !== null && typeof performance.measure === 'function')
      performance.measure('search results', { start });
  }, [hits]);
  // The address follows the words once typing pauses: while keys come quickly only the matches
  // under the box follow each one (a new address at every key would keep each key waiting on the
  // browser's history and on the whole home screen drawn again).
  useEffect(() => {
    if (words === q) return;
    const timer = setTimeout(() => {
      setSent((all) => [...all.slice(-19), words ?? '']);
      const { location: at, range } = here.current;
      const search = searchWithWords(at.search, words, range ? spanOfRange(range) : {});
      void navigate({ pathname: at.pathname, search }, { replace: true });
    }, ANSWER_AFTER_MS);
    return () => clearTimeout(timer);
  }, [words, q, navigate]);
  // The answer narrows the globe and the list once the filter holds the same words.
  useEffect(() => {
    if (hits !== null && q === words)
      dispatch(searchAnswered({ q, ids: hits.map((hit) => hit.id) }));
  }, [dispatch, hits, q, words]);

  // Analytics: the words once typing pauses, each new set of words once.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (q === null || q === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = q;
      analytics.search(q);
    }, REPORT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [q, analytics]);

  // `/` anywhere but in a field comes to the search.
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
  }, []);

  // Under the box, the matches the other filters (category, media, time) leave: what choosing
  // one opens among. The globe and the list narrow by every match, with those filters on top.
  const { category, type, range } = filter;
  const shown = useMemo(() => {
    const others: ArchiveFilter = { category, type, range: range ?? null };
    if (hits === null || !isFiltering(others)) return hits;
    return hits.filter((hit) => {
      const node = nodesById.get(hit.id);
      return node !== undefined && matchesFilter(node, others);
    });
  }, [hits, nodesById, category, type, range]);
  const listed = (shown ?? [])
    .slice(0, LISTED)
    .map((hit) => ({ hit, node: nodesById.get(hit.id) }))
    .filter((row): row is { hit: SearchHit; node: MediaNode } => row.node !== undefined);
  const open = focused && !dismissed && words !== null && hits !== null;

  const edit = (value: string) => {
    setText(value);
    setDismissed(false);
    setActive(-1);
  };

  const choose = (node: MediaNode) => {
    if (words !== null && reported.current !== words) {
      reported.current = words;
      analytics.search(words);
    }
    setDismissed(true);
    // The words go along, so that closing the item returns to the searched globe.
    void navigate(itemInFilterRoute(nodeRoute(node), { ...filter, q: words }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (listed.length === 0) return;
      event.preventDefault();
      setDismissed(false);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.max(-1, Math.min(listed.length - 1, i + step)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const row = listed[active] ?? listed[0];
      if (row) choose(row.node);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setDismissed(true);
        setActive(-1);
      } else if (text !== '') {
        event.preventDefault();
        event.stopPropagation();
        edit('');
      }
    }
  };

  const count = shown === null ? null : matchCountText(shown.length);
  const activeRow = open ? listed[active] : undefined;

  return (
    <div className="search-box" role="search">
      <label className="visually-hidden" htmlFor={ids.input}>
        Search the archive
      </label>
      <input
        ref={input}
        id={ids.input}
        type="search"
        className="search-box__input"
        placeholder="Search the archive"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={text}
        // A searchbox, as visitors expect to find it; its matches are a listbox it controls, the
        // one being chosen its active descendant (aria-expanded belongs to comboboxes only).
        aria-controls={ids.list}
        aria-activedescendant={activeRow ? `${ids.list}-${active}` : undefined}
        aria-describedby={ids.status}
        onChange={(event) => {
          typedAt.current = event.timeStamp;
          edit(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setFocused(true);
          setWanted(true);
        }}
        onBlur={() => {
          setFocused(false);
          setActive(-1);
        }}
      />
      <p id={ids.status} className="visually-hidden" role="status">
        {words === null ? '' : (count ?? '')}
      </p>
      <div className="search-box__results" hidden={!open}>
        <p className="search-box__count" aria-hidden="true">
          {count}
          {shown !== null && shown.length > listed.length
            ? ` · the first ${listed.length} here, all of them in the List`
            : ''}
        </p>
        <ul id={ids.list} role="listbox" aria-label="Matches" className="search-box__list">
          {open &&
            engine &&
            listed.map(({ hit, node }, i) => (
              <li
                key={node.video_id}
                id={`${ids.list}-${i}`}
                role="option"
                aria-selected={i === active}
                // Reached from the box by the arrow keys (its active descendant), never by Tab.
                tabIndex={-1}
                className="search-box__option"
                // Keeps the focus in the box, so the list stays until the choice is made.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(node)}
              >
                <span className="search-box__title">
                  <Marked parts={engine.highlight(node.title, hit.terms)} />
                </span>
                <span className="search-box__meta">
                  {node.type === 'video' ? 'Video' : 'Gallery'}
                  {node.date && (
                    <>
                      {' · '}
                      <RecordedDate date={node.date} short />
                    </>
                  )}
                  {node.categories.length > 0 &&
                    ` · ${node.categories.map((c) => c.name).join(', ')}`}
                </span>
              </li>
            ))}
        </ul>
      </div>
    </div>
  );
}
