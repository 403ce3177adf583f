import { createSlice } from '@reduxjs/toolkit';
import { EDITOR_GROUP } from '@/lib/constants';

/** A summary of the signed-in session: who, and in which groups (never the tokens themselves). */
export interface AuthState {
  status: 'signedOut' | 'signedIn';
  username: string | null;
  groups: string[];
}

const initialState: AuthState = { status: 'signedOut', username: null, groups: [] };

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {},
});

export const authReducer = authSlice.reducer;

/** Whether the session grants editor access (its access token lists the group "editor"). */
export const selectIsEditor = (state: { auth: AuthState }): boolean =>
  state.auth.status === 'signedIn' && state.auth.groups.includes(EDITOR_GROUP);
