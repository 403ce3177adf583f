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
  archiveOrigin,
  loadError,
  NodesRequestError,
  type ArchiveOrigin,
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
  /**
   * Where the list shown came from (issue 50): the network, or the device's last copy when the
   * network could not be had, and as of when; null until loaded.
   */
  origin: ArchiveOrigin | null;
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
  origin: null,
};

/** How long a slice of the archive's read may hold the page's main thread, ms. */
const READ_SLICE_MS = 8;

/** A load: the first, or a refresh of a list already shown (which keeps it until the new one is read). */
interface FetchNodesArg {
  refresh: boolean;
}

const fetchNodes = createAsyncThunk.withTypes<{
  state: NodesRootState;
  extra: NodesThunkExtra;
  rejectValue: NodesLoadError;
}>()('nodes/fetch', async (_arg: FetchNodesArg, { extra, signal, rejectWithValue }) => {
  try {
    const raw = await extra.fetchArchive(signal);
    const origin = archiveOrigin(raw);
    // Read an item at a time, giving the browser its turn between slices, and once more before
    // the store takes the archive and the page draws it (issue 48).
    const { nodes, problems } = await runInSlices(
      normalizeArchiveSteps(raw),
      timeSlicer(READ_SLICE_MS, yieldToBrowser),
    );
    await yieldToBrowser();
    // One warning per node that was dropped or repaired, naming it; the rest load.
    for (const problem of problems) console.warn(describeProblem(problem));
    return { nodes, problemCount: problems.length, origin };
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
    return inFlight(extra, dispatch(fetchNodes({ refresh: false })));
  };
}

/** Keeps a load as the one in flight until it ends, however it ends. */
function inFlight(extra: NodesThunkExtra, load: Promise<unknown>): Promise<void> {
  const request = load.then(() => undefined).finally(() => extra.inflight.delete('nodes'));
  extra.inflight.set('nodes', request);
  return request;
}

/**
 * Asks the archive again for a list already shown (issue 50: the network is back after the
 * device's copy was shown): the list shown stays until the new one is read, and stays if the
 * network fails again. Nothing happens while another load is in flight, or before the first.
 */
export function refreshNodes(): ThunkAction<
  Promise<void>,
  NodesRootState,
  NodesThunkExtra,
  UnknownAction
> {
  return (dispatch, getState, extra) => {
    if (getState().nodes.status !== 'loaded' || extra.inflight.has('nodes')) {
      return Promise.resolve();
    }
    return inFlight(extra, dispatch(fetchNodes({ refresh: true })));
  };
}

const nodesSlice = createSlice({
  name: 'nodes',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchNodes.pending, (state, action) => {
        if (action.meta.arg.refresh) return;
        state.status = 'loading';
        state.pendingRequestId = action.meta.requestId;
        state.error = null;
      })
      .addCase(fetchNodes.fulfilled, (state, action) => {
        state.items = action.payload.nodes;
        state.problemCount = action.payload.problemCount;
        state.origin = action.payload.origin;
        state.status = 'loaded';
        state.pendingRequestId = null;
      })
      .addCase(fetchNodes.rejected, (state, action) => {
        // A refresh that fails leaves the list shown as it was.
        if (action.meta.arg.refresh) return;
        state.status = 'failed';
        state.pendingRequestId = null;
        state.error =
          action.payload ??
          loadError({ kind: 'network', unexpected: true, message: action.error.message });
      });
  },
});

export const nodesReducer = nodesSlice.reducer;
