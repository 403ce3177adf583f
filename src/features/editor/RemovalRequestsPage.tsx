import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { RemovalRequest, RemovalStatus } from '@/features/editor/editorApi';
import { InboxNotice, InboxTabs, useInboxStatus } from '@/features/editor/InboxTabs';
import { ShowOlder } from '@/features/editor/ShowOlder';
import { useEditorApi, useLoaded } from '@/features/editor/useEditorData';
import { usePagedList } from '@/features/editor/usePagedList';
import { REMOVAL_REASON_WORDS } from '@/lib/removalSchema';
import './editor.css';
import { editorTimeText } from '@/lib/editorTime';
import { BackArrow } from '@/components/BackArrow';

const TABS: Record<RemovalStatus, MessageDescriptor> = {
  open: msg({
    message: 'Waiting',
    comment: 'A tab of the submissions (or removal requests) that wait for a decision',
  }),
  hidden: msg({
    message: 'Hidden',
    comment: 'A tab of the removal requests whose item is hidden',
  }),
  corrected: msg({
    message: 'Corrected',
    comment: 'A tab of the removal requests closed because the item was corrected',
  }),
  declined: msg({ message: 'Declined', comment: 'A tab of the removal requests declined' }),
};

/** Each tab's list, as a screen reader names it. */
const LISTS: Record<RemovalStatus, MessageDescriptor> = {
  open: msg`Waiting requests`,
  hidden: msg`Hidden requests`,
  corrected: msg`Corrected requests`,
  declined: msg`Declined requests`,
};

type Decision = 'hide' | 'corrected' | 'declined' | 'restore';

const DECISIONS: Record<
  Decision,
  { label: MessageDescriptor; done: MessageDescriptor; className: string }
> = {
  hide: {
    label: msg`Hide the item now`,
    done: msg`Hidden: the item left the globe, the list and the API at once. Restore it from here, the journal or the item.`,
    className: 'button-danger',
  },
  restore: {
    label: msg`Restore the item`,
    done: msg`Restored: the item is public again, and the request is waiting for your decision.`,
    className: 'button-quiet',
  },
  corrected: {
    label: msg({
      message: 'Mark corrected',
      comment: 'The button that closes a removal request because the item was corrected',
    }),
    done: msg`Marked corrected: the request is closed.`,
    className: 'button-quiet',
  },
  declined: {
    label: msg({ message: 'Decline', comment: 'The button that declines a removal request' }),
    done: msg`Declined: the request is closed, the item stays as it is.`,
    className: 'button-quiet',
  },
};

/**
 * Who decided and when, with the note: "by editor on 27 Nov 2026, 7:14 am: checked" (called while
 * the page renders).
 */
function decidedWords(entry: RemovalRequest): string {
  const who =
    entry.decidedBy ??
    t({ message: 'an editor', comment: 'Who decided, where the record does not say' });
  const when = entry.decidedAt ? editorTimeText(entry.decidedAt) : null;
  const decided =
    when === null
      ? t({
          message: `by ${who}`,
          comment:
            'Who decided on a removal request; the words follow "Item hidden" or "Closed: declined"',
        })
      : t({
          message: `by ${who} on ${when}`,
          comment:
            'Who decided on a removal request, and when; the words follow "Item hidden" or "Closed: declined"',
        });
  return entry.note ? `${decided}: ${entry.note}` : decided;
}

/**
 * Where a request stands, in words, and what can be done with it now (issue 47): it follows its
 * item, so a request whose hidden item was restored elsewhere says so and waits again.
 */
function requestStanding(entry: RemovalRequest): { words: string; decisions: Decision[] } {
  switch (entry.status) {
    case 'open':
      return { words: t`Waiting for a decision.`, decisions: ['hide', 'corrected', 'declined'] };
    case 'hidden': {
      const decided = decidedWords(entry);
      return entry.itemListed
        ? {
            words: t({
              message: `The item was hidden ${decided}, and has been restored since: it is public again. Waiting for a decision.`,
              comment: '{decided}: who hid it and when ("by editor on 27 Nov 2026, 7:14 am")',
            }),
            decisions: ['hide', 'corrected', 'declined'],
          }
        : {
            words: t({
              message: `Item hidden ${decided}. Restore it once it is corrected, or close the request.`,
              comment: '{decided}: who hid it and when ("by editor on 27 Nov 2026, 7:14 am")',
            }),
            decisions: ['restore', 'corrected', 'declined'],
          };
    }
    case 'corrected': {
      const decided = decidedWords(entry);
      return {
        words: t({
          message: `Closed: marked corrected ${decided}.`,
          comment: '{decided}: who closed it and when ("by editor on 27 Nov 2026, 7:14 am")',
        }),
        decisions: [],
      };
    }
    case 'declined': {
      const decided = decidedWords(entry);
      return {
        words: t({
          message: `Closed: declined ${decided}.`,
          comment: '{decided}: who declined it and when ("by editor on 27 Nov 2026, 7:14 am")',
        }),
        decisions: [],
      };
    }
  }
}

/** A request: the item, what is wrong, where it stands, and the decisions it allows now. */
function RequestCard({
  entry,
  onDecide,
  own = false,
}: {
  entry: RemovalRequest;
  onDecide: (entry: RemovalRequest, decision: Decision, note: string) => Promise<void>;
  /** On the request's own page (its heading is the page's). */
  own?: boolean;
}) {
  const { t, i18n } = useLingui();
  const [note, setNote] = useState('');
  const { request } = entry;
  const nodeId = request.node_id;
  const received = editorTimeText(entry.receivedAt);
  const email = request.email;
  const item = `/editor/items/${encodeURIComponent(request.node_id)}`;
  const standing = requestStanding(entry);
  const Heading = own ? 'h1' : 'h2';
  return (
    <article className="removal-request" aria-labelledby={`request-${entry.id}`}>
      <Heading className="submission__title" id={`request-${entry.id}`}>
        {REMOVAL_REASON_WORDS[request.reason]}:{' '}
        <Link to={item}>“{entry.title || request.node_id}”</Link>
      </Heading>
      <p className="inbox__meta">
        {entry.itemListed
          ? t({
              message: `Item ${nodeId} (public)`,
              comment: "A removal request's item, by its id, shown to visitors",
            })
          : t({
              message: `Item ${nodeId} (hidden)`,
              comment: "A removal request's item, by its id, hidden from visitors",
            })}{' '}
        ·{' '}
        <Trans comment="When a submission or a removal request arrived">
          received <time dateTime={entry.receivedAt}>{received}</time>
        </Trans>
        {' · '}
        {email
          ? t({
              message: `answer to ${email}`,
              comment: 'The address to answer a removal request at',
            })
          : t`no address given`}
        {!own && (
          <>
            {' · '}
            <Link
              to={`/editor/requests/${encodeURIComponent(entry.id)}`}
            >{t`Open the request`}</Link>
          </>
        )}
      </p>
      <p className="inbox__text">{request.message}</p>
      <p className="removal-request__standing">{standing.words}</p>
      {standing.decisions.length > 0 && (
        <form className="removal-request__decide" onSubmit={(event) => event.preventDefault()}>
          {standing.decisions.some((decision) => decision !== 'restore') && (
            <label>
              {t`Note (for the record, optional)`}{' '}
              <input
                value={note}
                maxLength={500}
                onChange={(event) => setNote(event.target.value)}
              />
            </label>
          )}
          {standing.decisions.map((decision) => (
            <button
              key={decision}
              type="button"
              className={DECISIONS[decision].className}
              onClick={() => void onDecide(entry, decision, note)}
            >
              {decision === 'hide' && entry.status === 'hidden'
                ? t`Hide the item again`
                : i18n._(DECISIONS[decision].label)}
            </button>
          ))}
        </form>
      )}
    </article>
  );
}

/** Makes a decision on a request; the message says what happened, or why it could not. */
function useDecide(onDone: () => void) {
  const { i18n } = useLingui();
  const api = useEditorApi();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  async function decide(entry: RemovalRequest, decision: Decision, note: string) {
    setMessage(null);
    try {
      if (decision === 'hide') await api.hideForRemoval(entry.id, note);
      else if (decision === 'restore') await api.restoreNode(entry.request.node_id);
      else await api.decideRemoval(entry.id, decision, note);
      setMessage({ text: i18n._(DECISIONS[decision].done), error: false });
      onDone();
    } catch (error) {
      setMessage({
        text: error instanceof Error ? error.message : t`The decision could not be saved.`,
        error: true,
      });
    }
  }
  return { message, decide };
}

/** `/editor/requests/:id`: one request's whole life, its decisions made here (issue 47). */
export function RemovalRequestPage() {
  const { t } = useLingui();
  const api = useEditorApi();
  const id = useParams().id ?? '';
  const load = useCallback(() => api.removalRequest(id), [api, id]);
  const [entry, reload] = useLoaded(load);
  const { message, decide } = useDecide(reload);
  return (
    <div className="editor-page">
      <Link to="/editor/requests">
        <BackArrow />
        {t`Removal requests`}
      </Link>
      <InboxNotice message={message} />
      {entry.status === 'loading' && <p role="status">{t`Loading the request…`}</p>}
      {entry.status === 'failed' && (
        <>
          <h1>{t`This request could not be opened`}</h1>
          <p className="form-error" role="alert">
            {entry.message}
          </p>
        </>
      )}
      {entry.status === 'ready' && <RequestCard entry={entry.data} onDecide={decide} own />}
    </div>
  );
}

/** Why the requests could not be read. */
function ListFailed({ message }: { message: string }) {
  const { t } = useLingui();
  return (
    <p className="form-error" role="alert">
      {t`Requests could not be loaded: ${message}`}
    </p>
  );
}

/**
 * Removal and correction requests from items' pages (issue 31): the item and what is wrong, to
 * hide at once (restorable), mark corrected once the item is changed, or decline; newest first.
 * Waiting holds the open ones and those whose hidden item was restored since; Hidden those whose
 * item is still hidden (Restore is there); Corrected and Declined are closed.
 */
export function RemovalRequestsPage() {
  const { t, i18n } = useLingui();
  const api = useEditorApi();
  const { status, choose } = useInboxStatus<RemovalStatus>(TABS, 'open');
  const load = useCallback(
    (before: string | null) => api.removalRequests(status, before),
    [api, status],
  );
  const paged = usePagedList(load);
  const { list, reload } = paged;
  const { message, decide } = useDecide(reload);

  return (
    <div className="editor-page">
      <h1>{t`Removal requests`}</h1>
      <InboxTabs
        label={t({
          message: 'Show requests',
          comment: 'The tabs that choose which removal requests are listed',
        })}
        tabs={TABS}
        status={status}
        onChoose={choose}
      />
      <InboxNotice message={message} />
      {list.status === 'loading' && <p role="status">{t`Loading requests…`}</p>}
      {list.status === 'failed' && <ListFailed message={list.message} />}
      {list.status === 'ready' && list.data.length === 0 && (
        <p>
          {status === 'open'
            ? t`No request is waiting.`
            : t({ message: 'None yet.', comment: 'An empty tab of submissions or requests' })}
        </p>
      )}
      {list.status === 'ready' && list.data.length > 0 && (
        <ol className="inbox" aria-label={i18n._(LISTS[status])}>
          {list.data.map((entry) => (
            <li key={entry.id} className="inbox__item">
              <RequestCard entry={entry} onDecide={decide} />
            </li>
          ))}
        </ol>
      )}
      <ShowOlder paged={paged} noun="requests" />
    </div>
  );
}
