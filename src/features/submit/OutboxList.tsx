import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useServiceAccess } from '@/app/hooks';
import { CURRENT_TERMS } from '@/lib/terms';
import { termsLanguageRead } from '@/features/submit/submitDraft';
import {
  agreeAgain,
  listOutbox,
  outboxAvailable,
  outboxMayHold,
  removeFromOutbox,
  sendOutbox,
  subscribeOutbox,
  type OutboxEntry,
} from '@/offline/outbox';
import { useOnline } from '@/offline/useOnline';
import './OutboxList.css';

/** The outbox's entries, read again whenever it changes (in this tab or another). */
function useOutbox(): readonly OutboxEntry[] {
  const [entries, setEntries] = useState<readonly OutboxEntry[]>([]);
  useEffect(() => {
    if (!outboxAvailable()) return;
    let live = true;
    const read = () =>
      void listOutbox().then(
        (list) => live && setEntries(list),
        () => undefined,
      );
    // IndexedDB is opened only when there is something in it, or once something is kept.
    if (outboxMayHold()) read();
    const unsubscribe = subscribeOutbox(read);
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  return entries;
}

function StateOf({ entry }: { entry: OutboxEntry }) {
  const { t, i18n } = useLingui();
  switch (entry.state) {
    case 'sent': {
      const reference = entry.reference ?? '';
      return reference === '' ? (
        <span>{t`Sent.`}</span>
      ) : (
        <span>
          <Trans comment="{reference} is the archive service's reference for what was sent">
            Sent. Your reference: {reference}.
          </Trans>
        </span>
      );
    }
    case 'sending':
      return <span>{t`Sending…`}</span>;
    case 'refused':
      return (
        <span>
          {t`The archive refused it:`} <q>{entry.problem}</q>
        </span>
      );
    case 'termsChanged':
      return (
        <span>{t`The terms changed while this waited. Read them again before it is sent.`}</span>
      );
    default: {
      if (entry.triedAt === null) return <span>{t`Waiting for a connection.`}</span>;
      const when = i18n.date(entry.triedAt, { timeStyle: 'short' });
      return <span>{t`Waiting for a connection (last tried at ${when}).`}</span>;
    }
  }
}

/**
 * "Waiting to be sent" (issue 50): what this device keeps for the archive, each with its state,
 * and what the visitor can do with it: send it now, read changed terms and agree again, or give
 * it up; a sent one shows its reference for a week.
 */
export function OutboxList() {
  const { t, i18n } = useLingui();
  const { baseUrl } = useServiceAccess();
  const online = useOnline();
  const entries = useOutbox();
  if (entries.length === 0) return null;
  const send = () => void sendOutbox({ baseUrl, termsVersion: CURRENT_TERMS.version });
  const waiting = entries.some((entry) => entry.state === 'waiting');
  return (
    <section className="outbox" aria-labelledby="outbox-heading" id="outbox">
      <h2 id="outbox-heading">{t`Waiting to be sent`}</h2>
      <ul className="outbox__list">
        {entries.map((entry) => (
          <li key={entry.id} className={`outbox__entry outbox__entry--${entry.state}`}>
            <p className="outbox__what">
              <strong>{entry.summary}</strong>{' '}
              <span className="outbox__when">
                {i18n.date(entry.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </span>
            </p>
            <p className="outbox__state" role="status">
              <StateOf entry={entry} />
            </p>
            <div className="outbox__actions">
              {entry.state === 'termsChanged' && (
                <>
                  <Link to="/terms" target="_blank">
                    {t`Read the terms`}
                  </Link>
                  <button
                    type="button"
                    className="button-quiet"
                    onClick={() =>
                      void agreeAgain(entry.id, CURRENT_TERMS.version, termsLanguageRead()).then(
                        send,
                      )
                    }
                  >
                    {t`I agree: send it`}
                  </button>
                </>
              )}
              {entry.state !== 'sending' && (
                <button
                  type="button"
                  className="button-quiet"
                  onClick={() => void removeFromOutbox(entry.id)}
                >
                  {entry.state === 'sent' ? t`Clear` : t`Don't send`}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {waiting && online && (
        <button type="button" className="button-quiet outbox__send" onClick={send}>
          {t`Send now`}
        </button>
      )}
    </section>
  );
}
