import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

const filterSlice = createSlice({
  name: 'filter',
  initialState,
  reducers: {
    /**
     * The route changed; the filter mirrors it (only the timeline's moving handles run ahead of
     * it, `rangeMoved`, until the address catches up).
     */
    routeChanged(state, action: PayloadAction<RouteFilter>) {
      const category = action.payload.category?.trim() || null;
      const type = parseMediaType(action.payload.type);
      const q = searchWords(action.payload.q);
      const from = rangeText(action.payload.from);
      const to = rangeText(action.payload.to);
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
      return { category, type, q, ids: q === null ? null : state.ids, from, to };
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
    /** The search answered these words (an answer to words no longer asked is dropped). */
    searchAnswered(state, action: PayloadAction<{ q: string | null; ids: string[] | null }>) {
      const { q, ids } = action.payload;
      if (q !== state.q) return state;
      return { ...state, ids: q === null ? null : ids };
    },
  },
});

export const { routeChanged, rangeMoved, searchAnswered } = filterSlice.actions;
export const filterReducer = filterSlice.reducer;
