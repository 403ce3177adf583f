import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthAccess } from '@/features/auth/authAccess';
import { toAuthError } from '@/features/auth/authErrors';
import type { SessionSummary } from '@/features/auth/cognitoAuth';
import { grantsEditor } from '@/lib/session';

/** A summary of the signed-in session: who, and in which groups (never the tokens themselves). */
export interface AuthState {
  /** `unknown` until the stored session has been looked at. */
  status: 'unknown' | 'signedOut' | 'signedIn';
  username: string | null;
  groups: string[];
  /**
   * Whether the person signed out themselves (Sign out, Sign out everywhere, Delete): the app is
   * already taking them somewhere, so a signed-in page's guard must not send them to /signin.
   */
  byPerson: boolean;
}

const initialState: AuthState = {
  status: 'unknown',
  username: null,
  groups: [],
  byPerson: false,
};

/** What auth thunks receive: how to reach the identity provider. */
export interface AuthThunkExtra {
  auth: AuthAccess;
}

const signedInState = (session: SessionSummary): AuthState => ({
  status: 'signedIn',
  username: session.username,
  groups: session.groups,
  byPerson: false,
});

/**
 * Loads the stored session (SPEC §2 guard, §4 sessions): valid as it is, refreshed with the
 * refresh token when expired, or none. The identity library loads only when a user is stored.
 */
export const sessionChecked = createAsyncThunk<
  SessionSummary | null,
  undefined,
  { extra: AuthThunkExtra }
>('auth/sessionChecked', async (_, { extra }) => {
  if (!extra.auth.enabled || !extra.auth.hasStoredUser()) return null;
  try {
    return await (await extra.auth.load()).currentSession();
  } catch (error) {
    // Unreachable provider: treated as signed out for now; the stored tokens stay for later.
    console.warn('The session could not be checked:', toAuthError(error).message);
    return null;
  }
});

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn: (_, action: PayloadAction<SessionSummary>) => signedInState(action.payload),
    /** `'person'` when the person signed out themselves; otherwise the session ended. */
    signedOut: (_, action: PayloadAction<'person' | undefined>) => ({
      status: 'signedOut' as const,
      username: null,
      groups: [],
      byPerson: action.payload === 'person',
    }),
  },
  extraReducers: (builder) => {
    builder.addCase(sessionChecked.fulfilled, (_, action) =>
      action.payload ? signedInState(action.payload) : { ...initialState, status: 'signedOut' },
    );
  },
});

export const { signedIn, signedOut } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };

export const selectAuth = (state: WithAuth): AuthState => state.auth;

/** Whether the session grants editor access (its access token lists the group "editor"). */
export const selectIsEditor = (state: WithAuth): boolean =>
  state.auth.status === 'signedIn' && grantsEditor(state.auth.groups);
