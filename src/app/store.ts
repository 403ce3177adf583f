import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer } from '@/features/auth/authSlice';
import { filterReducer } from '@/features/filter/filterSlice';
import { httpFetchArchive, type FetchArchive } from '@/features/nodes/nodesApi';
import { nodesReducer, type NodesThunkExtra } from '@/features/nodes/nodesSlice';

const rootReducer = combineReducers({
  nodes: nodesReducer,
  filter: filterReducer,
  auth: authReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** What thunks receive as their extra argument: the services the store talks to. */
export type ThunkExtra = NodesThunkExtra;

export interface StoreOptions {
  /** The nodes-service endpoint (SPEC §7). */
  nodesUrl?: string;
  /** Replaces the HTTP call, for tests. */
  fetchArchive?: FetchArchive;
  preloadedState?: Partial<RootState>;
}

/** A new store; the app makes one, each test makes its own. */
export function makeStore({
  nodesUrl = '/api/nodes',
  fetchArchive,
  preloadedState,
}: StoreOptions = {}) {
  const extra: ThunkExtra = {
    fetchArchive: fetchArchive ?? httpFetchArchive(nodesUrl),
    inflight: new Map(),
  };
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
