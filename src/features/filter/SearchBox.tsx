import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAnalytics, useAppDispatch } from '@/app/hooks';
import { searchWanted } from '@/features/filter/routeVisited';
import {
  useAnswerMeasure,
  useBoxMatches,
  useChoiceOnAnswer,
  useSearchReport,
  useSlashToFocus,
  useTypedWords,
  useWordsToAddress,
} from '@/features/filter/searchBoxHooks';
import { matchCountText, SearchMatches } from '@/features/filter/SearchMatches';
import { searchWords, type ArchiveFilter } from '@/lib/filter';
import { nodeRoute, type MediaNode } from '@/lib/nodeModel';
import { itemInFilterRoute } from '@/lib/routes';
import './SearchBox.css';

/** No words matched (no answer yet). */
const NO_TERMS: readonly string[] = [];

/**
 * The home screen's search (issue 30): words matched against titles, descriptions and categories,
 * forgiving typos and word endings. The words live in the URL (`?q=`), so a search is shared and
 * restored; the items they do not find fade on the globe and leave the list. The matches are
 * listed under the box (keyboard: arrows, Enter; Enter alone takes the first), and choosing one
 * flies the globe to it and opens it. `/` anywhere else on the page comes here.
 *
 * The box writes the words to the address once typing pauses, and shows what the store answers
 * them (issue 46): the route asks the store's search service (`routeVisited`), which loads and
 * builds the index when a visitor focuses the box or arrives with words, in slices that leave the
 * page free. Until the address has the typed words, the box lists the service's answer to each key
 * (`useBoxMatches`), so its matches follow every key and the globe and the list follow the pause.
 */
export function SearchBox({
  nodesById,
  filter,
}: {
  nodesById: ReadonlyMap<string, MediaNode>;
  /** The active filter, its words (`q`) among it. */
  filter: ArchiveFilter;
}) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const analytics = useAnalytics();
  const q = filter.q ?? null;
  const ids = { input: useId(), list: useId(), status: useId() };
  const input = useRef<HTMLInputElement>(null);
  useSlashToFocus(input);

  const { text, setText, words, wordsSent } = useTypedWords(q);
  const { found, shown, listed, filteredQ } = useBoxMatches(filter, nodesById, words);
  const measureKey = useAnswerMeasure('search results', found?.q);
  const measureFiltered = useAnswerMeasure('search filtered', filteredQ);
  const sent = useCallback(
    (sending: string | null) => {
      wordsSent(sending);
      measureFiltered(sending);
    },
    [wordsSent, measureFiltered],
  );
  const writeNow = useWordsToAddress(words, { q, range: filter.range }, sent);
  const reportNow = useSearchReport(q, analytics);

  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  // The match chosen by the arrow keys stays in sight in a list that scrolls (a phone's).
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${ids.list}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, ids.list]);
  const open = focused && !dismissed && words !== null && shown !== null;

  const choose = (node: MediaNode) => {
    reportNow(words);
    setDismissed(true);
    // The words go along, so that closing the item returns to the searched globe.
    void navigate(itemInFilterRoute(nodeRoute(node), { ...filter, q: words }));
  };
  const chooseOnAnswer = useChoiceOnAnswer(found, listed, choose);
  // The same handler for the matches at every key (they are drawn again only when they change).
  const chooseNow = useRef(choose);
  useEffect(() => {
    chooseNow.current = choose;
  });
  const onChoose = useCallback((node: MediaNode) => chooseNow.current(node), []);

  const edit = (value: string, at?: number) => {
    measureKey(searchWords(value), at);
    setText(value);
    setDismissed(false);
    setActive(-1);
    chooseOnAnswer(null);
  };

  /** Enter: the match the arrows chose, or the first; once the words are answered. */
  const enter = () => {
    if (words === null) return;
    if (found?.q === words) {
      const node = listed[active] ?? listed[0];
      if (node) choose(node);
      return;
    }
    writeNow();
    chooseOnAnswer(words);
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
      enter();
    } else if (event.key === 'Escape' && (open || text !== '')) {
      event.preventDefault();
      event.stopPropagation();
      // First the matches close, then the words go.
      if (open) {
        setDismissed(true);
        setActive(-1);
      } else edit('');
    }
  };

  const count = shown === null ? null : matchCountText(shown.length);
  const label = t({
    message: 'Search the archive',
    comment: "The home screen's search box: its label and the words shown in it while empty",
  });

  return (
    <div className="search-box" role="search">
      <label className="visually-hidden" htmlFor={ids.input}>
        {label}
      </label>
      <input
        ref={input}
        id={ids.input}
        type="search"
        className="search-box__input"
        placeholder={label}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={text}
        // A searchbox, as visitors expect to find it; its matches are a listbox it controls, the
        // one being chosen its active descendant (aria-expanded belongs to comboboxes only).
        aria-controls={ids.list}
        aria-activedescendant={open && listed[active] ? `${ids.list}-${active}` : undefined}
        aria-describedby={ids.status}
        onChange={(event) => edit(event.target.value, event.timeStamp)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setFocused(true);
          dispatch(searchWanted());
        }}
        onBlur={() => {
          setFocused(false);
          setActive(-1);
        }}
      />
      <p id={ids.status} className="visually-hidden" role="status">
        {words === null ? '' : (count ?? '')}
      </p>
      <SearchMatches
        listId={ids.list}
        open={open}
        count={count}
        total={shown === null ? null : shown.length}
        listed={listed}
        terms={found?.terms ?? NO_TERMS}
        active={active}
        onChoose={onChoose}
      />
    </div>
  );
}
