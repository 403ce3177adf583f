import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { NO_FILTER, type ArchiveFilter } from '@/lib/filter';
import { parseMediaType } from '@/lib/mediaType';

/** The route's filter parts as read from the URL, before validation. */
export interface RouteFilter {
  category?: string | null;
  type?: string | null;
}

const filterSlice = createSlice({
  name: 'filter',
  initialState: NO_FILTER as ArchiveFilter,
  reducers: {
    /** The route changed; the filter mirrors it (nothing else writes the filter). */
    routeChanged(state, action: PayloadAction<RouteFilter>) {
      const category = action.payload.category?.trim() || null;
      const type = parseMediaType(action.payload.type);
      if (state.category === category && state.type === type) return state;
      return { category, type };
    },
  },
});

export const { routeChanged } = filterSlice.actions;
export const filterReducer = filterSlice.reducer;
