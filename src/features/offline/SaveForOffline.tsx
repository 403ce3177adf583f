import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { MediaNode } from '@/lib/nodeModel';
import {
  offlineUrls,
  planSave,
  removeSavedCopy,
  savedCount,
  savePlan,
  type SavePlan,
  type SaveResult,
} from '@/offline/savedCopy';
import './SaveForOffline.css';

/** Where saving stands. */
type Step =
  | { step: 'idle'; saved: number }
  | { step: 'counting'; done: number; total: number }
  | { step: 'planned'; plan: SavePlan; room: number | null }
  | { step: 'saving'; plan: SavePlan; done: number; bytes: number }
  | { step: 'done'; result: SaveResult; persisted: boolean }
  | { step: 'failed'; message: string };

/** What the browser says this site may still use, bytes; null where it does not say. */
async function roomLeft(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota) return null;
  return Math.max(0, estimate.quota - (estimate.usage ?? 0));
}

/** Asks the browser not to clear the saved copy when space runs low; whether it agreed. */
async function askToPersist(): Promise<boolean> {
  return (await navigator.storage?.persist?.().catch(() => false)) ?? false;
}

function countingText(done: number, total: number): string {
  return t`Counting what it needs: ${done} of ${total}…`;
}

function planText(plan: SavePlan, megabytes: (bytes: number) => string): string {
  if (plan.urls.length === 0) return t`Everything is saved already.`;
  const size = megabytes(plan.bytes);
  const count = plan.urls.length;
  return plural(count, {
    one: `# picture to save, ${size}.`,
    other: `# pictures to save, ${size}.`,
  });
}

function roomText(room: string): string {
  return t({
    message: `This browser has room for about ${room}.`,
    comment: "{room} is the space the browser lets the site use on the device: '3,100 MB'",
  });
}

function savingText(
  state: { plan: SavePlan; done: number; bytes: number },
  megabytes: (bytes: number) => string,
): string {
  const done = state.done;
  const total = state.plan.urls.length;
  const got = megabytes(state.bytes);
  const size = megabytes(state.plan.bytes);
  return t`Saving ${done} of ${total} (${got} of ${size})`;
}

function savedText(result: SaveResult, megabytes: (bytes: number) => string): string {
  const size = megabytes(result.bytes);
  const count = result.saved;
  return plural(count, {
    one: `Saved for offline: # picture (${size} this time).`,
    other: `Saved for offline: # pictures (${size} this time).`,
  });
}

function failedText(message: string): string {
  return t`The archive could not be saved: ${message}`;
}

function useMegabytes(): (bytes: number) => string {
  const { i18n } = useLingui();
  return (bytes) =>
    i18n.number(bytes / 1_000_000, {
      style: 'unit',
      unit: 'megabyte',
      maximumFractionDigits: bytes < 10_000_000 ? 1 : 0,
    });
}

/** The row with Cancel, under a step that can be stopped. */
function CancelRow({ onCancel }: { onCancel: () => void }) {
  const { t } = useLingui();
  return (
    <div className="save-offline__actions">
      <button type="button" className="button-quiet" onClick={onCancel}>
        {t`Cancel`}
      </button>
    </div>
  );
}

/** The save's steps, and what the buttons do. */
function useSaving(nodes: readonly MediaNode[], baseUrl: string) {
  const [state, setState] = useState<Step>({ step: 'idle', saved: 0 });
  const stop = useRef<AbortController | null>(null);

  useEffect(() => {
    void savedCount().then(
      (saved) => setState({ step: 'idle', saved }),
      () => undefined,
    );
    return () => stop.current?.abort();
  }, []);

  const restart = () => {
    const controller = new AbortController();
    stop.current = controller;
    return controller.signal;
  };
  const fail = (signal: AbortSignal, error: unknown) => {
    if (!signal.aborted) setState({ step: 'failed', message: String(error) });
  };

  async function count() {
    const signal = restart();
    const archiveUrl = new URL(`${baseUrl}/nodes`, window.location.href);
    const urls = offlineUrls(nodes, window.location.origin, archiveUrl);
    setState({ step: 'counting', done: 0, total: urls.length });
    try {
      const plan = await planSave(urls, signal, (done, total) =>
        setState({ step: 'counting', done, total }),
      );
      setState({ step: 'planned', plan, room: await roomLeft() });
    } catch (error) {
      fail(signal, error);
    }
  }

  async function save(plan: SavePlan) {
    const signal = restart();
    const persisted = await askToPersist();
    setState({ step: 'saving', plan, done: 0, bytes: 0 });
    try {
      const result = await savePlan(plan, signal, (done, bytes) =>
        setState({ step: 'saving', plan, done, bytes }),
      );
      setState({
        step: 'done',
        result: { ...result, saved: result.saved + plan.saved },
        persisted,
      });
    } catch (error) {
      fail(signal, error);
    }
  }

  return {
    state,
    count: () => void count(),
    save: (plan: SavePlan) => void save(plan),
    cancel: () => {
      stop.current?.abort();
      void savedCount().then((saved) => setState({ step: 'idle', saved }));
    },
    free: () => void removeSavedCopy().then(() => setState({ step: 'idle', saved: 0 })),
  };
}

/**
 * "Save the archive for offline" on /resources (issue 50): for a visitor who expects to lose the
 * network, every card face and gallery photo fetched now, with the size before it starts, the room
 * the browser gives, a real progress bar, a Cancel, a request for persistent storage, and the way
 * to free the space again. The page gives it the archive (`nodes`, once `loaded`).
 */
export function SaveForOffline({
  nodes,
  loaded,
  baseUrl,
}: {
  nodes: readonly MediaNode[];
  loaded: boolean;
  baseUrl: string;
}) {
  const { t } = useLingui();
  const megabytes = useMegabytes();
  const { state, count, save, cancel, free } = useSaving(nodes, baseUrl);
  const savedBefore = state.step === 'idle' ? state.saved : 0;
  const failed = state.step === 'done' ? state.result.failed : 0;
  if (typeof caches === 'undefined' || !('serviceWorker' in navigator)) return null;
  return (
    <section className="panel save-offline" aria-labelledby="save-offline-heading">
      <h2 id="save-offline-heading">{t`Save the archive for offline`}</h2>
      <p>
        {t`After a storm the network may come and go. Save every card and photo of the archive on this device, and the globe, its photos and the list work without a connection. Videos still need one.`}
      </p>
      {state.step === 'idle' && (
        <>
          {state.saved > 0 && (
            <p>
              {plural(savedBefore, {
                one: 'This device keeps # picture of the archive for offline.',
                other: 'This device keeps # pictures of the archive for offline.',
              })}
            </p>
          )}
          <div className="save-offline__actions">
            <button type="button" className="button-quiet" disabled={!loaded} onClick={count}>
              {state.saved > 0 ? t`Update the saved copy` : t`See how much space it needs`}
            </button>
            {state.saved > 0 && (
              <button type="button" className="button-quiet" onClick={free}>
                {t`Remove the saved copy`}
              </button>
            )}
          </div>
        </>
      )}
      {state.step === 'counting' && (
        <>
          <p role="status">{countingText(state.done, state.total)}</p>
          <CancelRow onCancel={cancel} />
        </>
      )}
      {state.step === 'planned' && (
        <>
          <p role="status">
            {planText(state.plan, megabytes)}{' '}
            {state.room !== null && roomText(megabytes(state.room))}
          </p>
          {state.room !== null && state.room < state.plan.bytes && (
            <p>{t`There is not enough room for all of it; some pictures will not be saved.`}</p>
          )}
          <div className="save-offline__actions">
            {state.plan.urls.length > 0 && (
              <button type="button" className="button-quiet" onClick={() => save(state.plan)}>
                {t`Save for offline`}
              </button>
            )}
            <button type="button" className="button-quiet" onClick={cancel}>
              {t`Cancel`}
            </button>
          </div>
        </>
      )}
      {state.step === 'saving' && (
        <>
          <label className="save-offline__progress">
            <span>{savingText(state, megabytes)}</span>
            <progress max={state.plan.urls.length} value={state.done} />
          </label>
          <CancelRow onCancel={cancel} />
        </>
      )}
      {state.step === 'done' && (
        <>
          <p role="status">
            {savedText(state.result, megabytes)}{' '}
            {state.persisted
              ? t`The browser keeps it until you remove it.`
              : t`The browser may remove it if the device runs short of space.`}
          </p>
          {state.result.failed > 0 && (
            <p>
              {plural(failed, {
                one: '# picture could not be fetched; update the saved copy later to try again.',
                other: '# pictures could not be fetched; update the saved copy later to try again.',
              })}
            </p>
          )}
          <div className="save-offline__actions">
            <button type="button" className="button-quiet" onClick={free}>
              {t`Remove the saved copy`}
            </button>
          </div>
        </>
      )}
      {state.step === 'failed' && <p role="alert">{failedText(state.message)}</p>}
    </section>
  );
}
