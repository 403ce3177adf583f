import { createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import { searchWords, type FilterState } from '@/lib/filter';
import { parseMediaType } from '@/lib/mediaType';
import { rangeText } from '@/lib/timeRange';

/** The route's filter parts as read from the URL, before validation. */
export interface RouteFilter {
  category?: string | null;
  type?: string | null;
  /** `?q=`: the search's words. */
  q?: string | null;
  /** `?from=` and `?to=`: the timeline's range. */
  from?: string | null;
  to?: string | null;
}

const initialState: FilterState = {
  category: null,
  type: null,
  q: null,
  ids: null,
  from: null,
  to: null,
};

/** The filter without a search's answer. */
function withoutFound({ found: _found, ...rest }: FilterState): FilterState {
  return rest;
}

/** A search's answer as the route's action brings it: the items best first, the words matched. */
export interface RouteAnswer {
  ids: string[];
  terms: string[];
}

/** The filter mirroring the route (`state` itself where the route's parts are as they were). */
function mirrorRoute(state: FilterState, route: RouteFilter): FilterState {
  const category = route.category?.trim() || null;
  const type = parseMediaType(route.type);
  const q = searchWords(route.q);
  const from = rangeText(route.from);
  const to = rangeText(route.to);
  if (
    state.category === category &&
    state.type === type &&
    state.q === q &&
    state.from === from &&
    state.to === to
  )
    return state;
  // New words keep the last answer on show until theirs comes (no flash of every item
  // between two keystrokes); no words, no answer.
  if (q === null) return { category, type, q, ids: null, from, to };
  const kept = { category, type, q, ids: state.ids, from, to };
  return state.found ? { ...kept, found: state.found } : kept;
}

/**
 * `filter` (the draft `state`, or what the reducer made of it) with `answer` to its words `q`;
 * `state` as it was where that answer is already the one it holds (another visit with the same
 * words). The draft's own arrays are stand-ins: the answer is compared with the state before.
 */
function withAnswer(
  state: FilterState,
  filter: FilterState,
  q: string,
  { ids, terms }: RouteAnswer,
): FilterState {
  const before = filter === state ? original(state) : undefined;
  if (before?.ids === ids && before.found?.q === q) return state;
  return { ...filter, ids, found: { q, terms } };
}

const filterSlice = createSlice({
  name: 'filter',
  initialState,
  reducers: {
    /**
     * The route changed; the filter mirrors it (only the timeline's moving handles run ahead of
     * it, `rangeMoved`, until the address catches up). With `answer`, its words' answer came with
     * it (the search service had it at once): the globe and the list change once.
     */
    routeChanged(state, action: PayloadAction<RouteFilter & { answer?: RouteAnswer }>) {
      const filter = mirrorRoute(state, action.payload);
      const { answer } = action.payload;
      if (answer === undefined || filter.q === null) return filter;
      return withAnswer(state, filter, filter.q, answer);
    },
    /**
     * The timeline's handles moved the range: the globe and the list follow at once, and the
     * address catches up when the handles rest (`routeChanged` then finds the same range).
     */
    rangeMoved(state, action: PayloadAction<{ from?: string | null; to?: string | null }>) {
      const from = rangeText(action.payload.from);
      const to = rangeText(action.payload.to);
      if (state.from === from && state.to === to) return state;
      return { ...state, from, to };
    },
    /**
     * The search answered these words (an answer to words no longer asked is dropped), with the
     * index's words they matched (`terms`, for marking them in the matches). Dispatched by the
     * route's `routeVisited`, once the search service has the answer.
     */
    searchAnswered(
      state,
      action: PayloadAction<{ q: string | null; ids: string[] | null; terms?: string[] }>,
    ) {
      const { q, ids, terms = [] } = action.payload;
      if (q !== state.q) return state;
      if (q === null || ids === null) return { ...withoutFound(state), ids: null };
      return withAnswer(state, state, q, { ids, terms });
    },
  },
});

export const { routeChanged, rangeMoved, searchAnswered } = filterSlice.actions;
export const filterReducer = filterSlice.reducer;
