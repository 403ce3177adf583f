/**
 * The route's one action on the filter (ARCHITECTURE §1: the route is the filter's writer): it
 * mirrors the address into the filter slice and has the store's search service answer its words,
 * whether or not a search box is on the screen. A keystroke reaches the faded cards by one path:
 * the box writes the words to the address, the route dispatches this, the index answers, and the
 * globe, the list and the box show what the store holds. While keys come quickly the box lists
 * the service's answer to each (`typedWordsAnswer`), a read that writes nothing.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { routeChanged, searchAnswered, type RouteFilter } from '@/features/filter/filterSlice';
import type { SearchAnswer, SearchService } from '@/features/filter/searchService';
import type { SearchableItem } from '@/lib/archiveSearch';
import { searchWords, type FilterState } from '@/lib/filter';

/** What the filter's actions need from the store's thunk extra argument. */
export interface FilterThunkExtra {
  search: SearchService;
}

/** What they read of the store: the filter, and the archive's items to search. */
interface FilterRootState {
  filter: FilterState;
  nodes: { items: readonly SearchableItem[] };
}

type FilterThunk<R> = ThunkAction<R, FilterRootState, FilterThunkExtra, UnknownAction>;

/**
 * The visitor is at an address (or the archive arrived under it): the filter mirrors its parts,
 * and its words (`?q=`) are answered once the index over the archive is built, an answer to words
 * no longer asked by then being dropped. Resolves when the answer is in the store, or not needed.
 */
export function routeVisited(route: RouteFilter): FilterThunk<Promise<void>> {
  return (dispatch, getState, { search }) => {
    // With the index built, the words come with their answer: one change of the filter, so
    // the globe, the list and the box are drawn once for them.
    const q = searchWords(route.q);
    const { items } = getState().nodes;
    const answer = q !== null && items.length > 0 ? search.built(items) : null;
    if (q !== null && answer !== null) {
      dispatch(routeChanged({ ...route, answer: answer(q) }));
      return Promise.resolve();
    }
    dispatch(routeChanged(route));
    return dispatch(routeWordsAnswered());
  };
}

/**
 * The filter's words answered over the archive as the store holds it: by `routeVisited`, and
 * again by the route once the archive arrived under words that were waiting for it. With the
 * index built the answer is stored at once, in the same turn as the route's words: the globe,
 * the list and the box then change once, together.
 */
export function routeWordsAnswered(): FilterThunk<Promise<void>> {
  return async (dispatch, getState, { search }) => {
    const { q } = getState().filter;
    const { items } = getState().nodes;
    if (q === null || items.length === 0) return;
    const answer = search.built(items) ?? (await search.whenBuilt(items));
    // Words asked since have their own answer coming: this one is not worked out.
    if (answer === null || getState().filter.q !== q) return;
    const { ids, terms } = answer(q);
    dispatch(searchAnswered({ q, ids, terms }));
  };
}

/**
 * The store's search service's answer to words being typed, before the address has them: what the
 * box lists under itself at each key while the filter (and with it the globe, the list and the
 * timeline) waits for the typing to pause. The same kept answer the route stores for these words
 * once the address carries them. Null while the index is not built (the route's answer comes then).
 */
export function typedWordsAnswer(q: string): FilterThunk<SearchAnswer | null> {
  return (_dispatch, getState, { search }) => {
    const { items } = getState().nodes;
    return items.length > 0 ? (search.built(items)?.(q) ?? null) : null;
  };
}

/**
 * A visitor reached for the search (focused the box): the index starts loading and building now,
 * so that the first words typed are answered the sooner.
 */
export function searchWanted(): FilterThunk<void> {
  return (_dispatch, getState, { search }) => {
    const { items } = getState().nodes;
    if (items.length > 0) search.prepare(items);
  };
}
