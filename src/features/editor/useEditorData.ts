import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useServiceAccess } from '@/app/hooks';
import { createEditorApi, type EditorApi } from '@/features/editor/editorApi';
import { normalizeArchive, type MediaNode } from '@/lib/nodeModel';

/** The editor's API for this app's service. */
export function useEditorApi(): EditorApi {
  const access = useServiceAccess();
  return useMemo(() => createEditorApi(access), [access]);
}

/** Something loaded for a page: its data, its failure, and how to load it again. */
export type Loaded<T> =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: T };

/**
 * Runs `load` on mount and whenever `reload` is called (after a write), keeping the last failure
 * readable. `load` must be stable (a `useCallback`).
 */
export function useLoaded<T>(load: () => Promise<T>): [Loaded<T>, () => void] {
  // Each result remembers which `load` made it: when the route changes the loader, the old
  // result is not shown (or used to start a form) for the new one.
  const [state, setState] = useState<{ from: () => Promise<T>; loaded: Loaded<T> } | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ from: load, loaded: { status: 'ready', data } }),
      (error: unknown) =>
        live &&
        setState({
          from: load,
          loaded: {
            status: 'failed',
            message: error instanceof Error ? error.message : t`Loading failed.`,
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [load, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return [state !== null && state.from === load ? state.loaded : { status: 'loading' }, reload];
}

/** The archive's items as visitors see them (normalised), for lists and pickers. */
export function useArchiveItems(): [Loaded<MediaNode[]>, () => void] {
  const api = useEditorApi();
  const load = useCallback(async () => normalizeArchive(await api.listNodes()).nodes, [api]);
  return useLoaded(load);
}
