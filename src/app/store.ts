import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { noAuth, type AuthAccess } from '@/features/auth/authAccess';
import { authReducer, type AuthThunkExtra } from '@/features/auth/authSlice';
import { filterReducer } from '@/features/filter/filterSlice';
import type { FilterThunkExtra } from '@/features/filter/routeVisited';
import { createSearchService, type SearchService } from '@/features/filter/searchService';
import { httpFetchArchive, type FetchArchive } from '@/features/nodes/nodesApi';
import { nodesReducer, type NodesThunkExtra } from '@/features/nodes/nodesSlice';
import { clearSessionCaches } from '@/offline/sessionCaches';

const rootReducer = combineReducers({
  nodes: nodesReducer,
  filter: filterReducer,
  auth: authReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** What thunks receive as their extra argument: the services the store talks to. */
export type ThunkExtra = NodesThunkExtra & AuthThunkExtra & FilterThunkExtra;

export interface StoreOptions {
  /** The nodes-service endpoint (SPEC §7). */
  nodesUrl?: string;
  /** Replaces the HTTP call, for tests. */
  fetchArchive?: FetchArchive;
  /** The identity provider (accounts off by default, for tests). */
  auth?: AuthAccess;
  /** The archive's full-text index (the real one, loaded when first wanted, by default). */
  search?: SearchService;
  preloadedState?: Partial<RootState>;
}

/**
 * When a signed-in editor signs out (or the session ends), the caches of what the session's pages
 * fetched are emptied (issue 50): the next person at this device finds none of it offline.
 */
const clearCachesAtSignOut: Middleware<object, RootState> = (api) => (next) => (action) => {
  const before = api.getState().auth.status;
  const result = next(action);
  if (before === 'signedIn' && api.getState().auth.status !== 'signedIn') {
    void clearSessionCaches().catch(() => undefined);
  }
  return result;
};

/** A new store; the app makes one, each test makes its own. */
export function makeStore({
  nodesUrl = '/api/nodes',
  fetchArchive,
  auth = noAuth,
  search = createSearchService(),
  preloadedState,
}: StoreOptions = {}) {
  const extra: ThunkExtra = {
    fetchArchive: fetchArchive ?? httpFetchArchive(nodesUrl),
    inflight: new Map(),
    auth,
    search,
  };
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(clearCachesAtSignOut),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
