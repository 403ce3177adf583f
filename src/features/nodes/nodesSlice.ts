import {
  createAsyncThunk,
  createSlice,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import {
  ArchiveFormatError,
  describeProblem,
  normalizeArchiveSteps,
  type MediaNode,
} from '@/lib/nodeModel';
import { runInSlices, timeSlicer, yieldToBrowser } from '@/lib/steps';
import {
  loadError,
  NodesRequestError,
  type FetchArchive,
  type NodesLoadError,
} from '@/features/nodes/nodesApi';

export interface NodesState {
  /** Normalised nodes, in archive order; empty until loaded (SPEC §4). */
  items: MediaNode[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** The pending marker: the id of the request in flight, cleared when it ends. */
  pendingRequestId: string | null;
  /** Why the last load failed, for a message and a Retry (beyond the spec, which has none). */
  error: NodesLoadError | null;
  /** How many nodes of the last load were dropped or repaired. */
  problemCount: number;
}

/** What the nodes feature needs from the store's thunk extra argument. */
export interface NodesThunkExtra {
  fetchArchive: FetchArchive;
  /** Loads in flight, by name, so concurrent callers share one request. */
  inflight: Map<string, Promise<void>>;
}

interface NodesRootState {
  nodes: NodesState;
}

const initialState: NodesState = {
  items: [],
  status: 'idle',
  pendingRequestId: null,
  error: null,
  problemCount: 0,
};

/** How long a slice of the archive's read may hold the page's main thread, ms. */
const READ_SLICE_MS = 8;

const fetchNodes = createAsyncThunk.withTypes<{
  state: NodesRootState;
  extra: NodesThunkExtra;
  rejectValue: NodesLoadError;
}>()('nodes/fetch', async (_arg: undefined, { extra, signal, rejectWithValue }) => {
  try {
    const raw = await extra.fetchArchive(signal);
    // Read an item at a time, giving the browser its turn between slices, and once more before
    // the store takes the archive and the page draws it (issue 48).
    const { nodes, problems } = await runInSlices(
      normalizeArchiveSteps(raw),
      timeSlicer(READ_SLICE_MS, yieldToBrowser),
    );
    await yieldToBrowser();
    // One warning per node that was dropped or repaired, naming it; the rest load.
    for (const problem of problems) console.warn(describeProblem(problem));
    return { nodes, problemCount: problems.length };
  } catch (error) {
    if (error instanceof NodesRequestError) return rejectWithValue(error.detail);
    if (error instanceof ArchiveFormatError) {
      return rejectWithValue(loadError({ kind: 'invalid' }));
    }
    throw error;
  }
});

/**
 * Loads the archive once (SPEC §4): skipped when the list already has items, and concurrent
 * calls share the one pending request. Resolves when that request ends, however it ended.
 */
export function loadNodes(): ThunkAction<
  Promise<void>,
  NodesRootState,
  NodesThunkExtra,
  UnknownAction
> {
  return (dispatch, getState, extra) => {
    if (getState().nodes.items.length > 0) return Promise.resolve();
    const pending = extra.inflight.get('nodes');
    if (pending) return pending;
    const request = dispatch(fetchNodes())
      .then(() => undefined)
      .finally(() => extra.inflight.delete('nodes'));
    extra.inflight.set('nodes', request);
    return request;
  };
}

const nodesSlice = createSlice({
  name: 'nodes',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchNodes.pending, (state, action) => {
        state.status = 'loading';
        state.pendingRequestId = action.meta.requestId;
        state.error = null;
      })
      .addCase(fetchNodes.fulfilled, (state, action) => {
        state.items = action.payload.nodes;
        state.problemCount = action.payload.problemCount;
        state.status = 'loaded';
        state.pendingRequestId = null;
      })
      .addCase(fetchNodes.rejected, (state, action) => {
        state.status = 'failed';
        state.pendingRequestId = null;
        state.error =
          action.payload ??
          loadError({ kind: 'network', unexpected: true, message: action.error.message });
      });
  },
});

export const nodesReducer = nodesSlice.reducer;
