import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector, useServiceAccess } from '@/app/hooks';
import { CURRENT_TERMS } from '@/lib/terms';
import { refreshNodes } from '@/features/nodes/nodesSlice';
import { whenIdle } from '@/lib/steps';
import { offlineWorkerMayStart } from '@/offline/offlineStart';
import { outboxAvailable, outboxMayHold, sendOutbox } from '@/offline/outbox';
import { startOfflineWorker } from '@/offline/serviceWorkerClient';
import { useOnline } from '@/offline/useOnline';
import './OfflineNotices.css';

/** How long the page waits at most for an idle moment to register the worker, ms. */
const REGISTER_IDLE_WAIT_MS = 5000;

/**
 * Registers the service worker once the first view is shown, and offers a release it has
 * installed ("A new version is ready: Reload"), applied only when the visitor chooses.
 */
function useOfflineWorker(): (() => void) | null {
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => {
    let stopped = false;
    let worker: ReturnType<typeof startOfflineWorker> = null;
    void offlineWorkerMayStart
      .then(() => whenIdle(REGISTER_IDLE_WAIT_MS))
      .then(() => {
        if (stopped) return;
        worker = startOfflineWorker((next) => setApply(() => next));
      });
    return () => {
      stopped = true;
      worker?.stop();
    };
  }, []);
  return apply;
}

/** The list is asked for again when the network comes back, or the page is looked at again. */
function useRefreshWhenBack(fromDevice: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const refresh = () => void dispatch(refreshNodes());
    const seen = () => {
      if (document.visibilityState === 'visible' && fromDevice) refresh();
    };
    window.addEventListener('online', refresh);
    document.addEventListener('visibilitychange', seen);
    return () => {
      window.removeEventListener('online', refresh);
      document.removeEventListener('visibilitychange', seen);
    };
  }, [dispatch, fromDevice]);
}

/**
 * The outbox is sent when a page of the archive opens and whenever the network comes back
 * (besides Background Sync, which the worker answers with no page open).
 */
function useOutboxSending(): void {
  const { baseUrl } = useServiceAccess();
  useEffect(() => {
    const send = () => {
      if (!navigator.onLine || !outboxAvailable() || !outboxMayHold()) return;
      void sendOutbox({ baseUrl, termsVersion: CURRENT_TERMS.version }).catch(() => undefined);
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [baseUrl]);
}

/**
 * The quiet line under the header (issue 50): the archive is offline, and as of when (the list
 * shown is the device's last copy), gone when the network and a fresh list are back; and a new
 * release's offer. In the header, so the home screen's tools move down for it rather than under it.
 */
export function OfflineNotices() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const origin = useAppSelector((state) => state.nodes.origin);
  const fromDevice = origin?.fromDevice ?? false;
  const apply = useOfflineWorker();
  useRefreshWhenBack(fromDevice);
  useOutboxSending();
  const asOf =
    origin?.asOf == null ? null : i18n.date(origin.asOf, { dateStyle: 'long', timeStyle: 'short' });
  let offline: string | null = null;
  if (!online) {
    // A page without the archive's list (the forms, the about page) has no "as of" to say.
    offline =
      origin === null
        ? t`You're offline.`
        : asOf === null
          ? t`You're offline. The archive is shown as it was on your last visit.`
          : t({
              message: `You're offline. The archive is shown as it was on ${asOf}.`,
              comment: '{asOf} is a date and time: "1 December 2026 at 14:05"',
            });
  } else if (fromDevice) {
    offline =
      asOf === null
        ? t`The archive cannot be reached right now. It is shown as it was on your last visit.`
        : t({
            message: `The archive cannot be reached right now. It is shown as it was on ${asOf}.`,
            comment: '{asOf} is a date and time: "1 December 2026 at 14:05"',
          });
  }
  return (
    <>
      <p className="offline-notice" role="status" hidden={offline === null}>
        {offline}
      </p>
      {apply !== null && (
        <p className="offline-notice offline-notice--update" role="status">
          {t`A new version is ready.`}{' '}
          <button type="button" className="button-quiet" onClick={apply}>
            {t({ message: 'Reload', comment: 'Loads the new version of the site that is ready' })}
          </button>
        </p>
      )}
    </>
  );
}
