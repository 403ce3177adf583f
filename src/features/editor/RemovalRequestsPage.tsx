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

const TABS: Record<RemovalStatus, string> = {
  open: 'Waiting',
  hidden: 'Hidden',
  corrected: 'Corrected',
  declined: 'Declined',
};

type Decision = 'hide' | 'corrected' | 'declined' | 'restore';

const DECISIONS: Record<Decision, { label: string; done: string; className: string }> = {
  hide: {
    label: 'Hide the item now',
    done: 'Hidden: the item left the globe, the list and the API at once. Restore it from here, the journal or the item.',
    className: 'button-danger',
  },
  restore: {
    label: 'Restore the item',
    done: 'Restored: the item is public again, and the request is waiting for your decision.',
    className: 'button-quiet',
  },
  corrected: {
    label: 'Mark corrected',
    done: 'Marked corrected: the request is closed.',
    className: 'button-quiet',
  },
  declined: {
    label: 'Decline',
    done: 'Declined: the request is closed, the item stays as it is.',
    className: 'button-quiet',
  },
};

/** Who decided and when, with the note: "by editor on 27 Nov 2026, 7:14 am: checked". */
function decidedWords(entry: RemovalRequest): string {
  const when = entry.decidedAt ? ` on ${editorTimeText(entry.decidedAt)}` : '';
  return `by ${entry.decidedBy ?? 'an editor'}${when}${entry.note ? `: ${entry.note}` : ''}`;
}

/**
 * Where a request stands, in words, and what can be done with it now (issue 47): it follows its
 * item, so a request whose hidden item was restored elsewhere says so and waits again.
 */
function requestStanding(entry: RemovalRequest): { words: string; decisions: Decision[] } {
  switch (entry.status) {
    case 'open':
      return { words: 'Waiting for a decision.', decisions: ['hide', 'corrected', 'declined'] };
    case 'hidden':
      return entry.itemListed
        ? {
            words: `The item was hidden ${decidedWords(entry)}, and has been restored since: it is public again. Waiting for a decision.`,
            decisions: ['hide', 'corrected', 'declined'],
          }
        : {
            words: `Item hidden ${decidedWords(entry)}. Restore it once it is corrected, or close the request.`,
            decisions: ['restore', 'corrected', 'declined'],
          };
    case 'corrected':
      return { words: `Closed: marked corrected ${decidedWords(entry)}.`, decisions: [] };
    case 'declined':
      return { words: `Closed: declined ${decidedWords(entry)}.`, decisions: [] };
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
  const [note, setNote] = useState('');
  const { request } = entry;
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
        Item {request.node_id} ({entry.itemListed ? 'public' : 'hidden'}) · received{' '}
        <time dateTime={entry.receivedAt}>{editorTimeText(entry.receivedAt)}</time>
        {request.email ? ` · answer to ${request.email}` : ' · no address given'}
        {!own && (
          <>
            {' · '}
            <Link to={`/editor/requests/${encodeURIComponent(entry.id)}`}>Open the request</Link>
          </>
        )}
      </p>
      <p className="inbox__text">{request.message}</p>
      <p className="removal-request__standing">{standing.words}</p>
      {standing.decisions.length > 0 && (
        <form className="removal-request__decide" onSubmit={(event) => event.preventDefault()}>
          {standing.decisions.some((decision) => decision !== 'restore') && (
            <label>
              Note (for the record, optional){' '}
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
                ? 'Hide the item again'
                : DECISIONS[decision].label}
            </button>
          ))}
        </form>
      )}
    </article>
  );
}

/** Makes a decision on a request; the message says what happened, or why it could not. */
function useDecide(onDone: () => void) {
  const api = useEditorApi();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  async function decide(entry: RemovalRequest, decision: Decision, note: string) {
    setMessage(null);
    try {
      if (decision === 'hide') await api.hideForRemoval(entry.id, note);
      else if (decision === 'restore') await api.restoreNode(entry.request.node_id);
      else await api.decideRemoval(entry.id, decision, note);
      setMessage({ text: DECISIONS[decision].done, error: false });
      onDone();
    } catch (error) {
      setMessage({
        text: error instanceof Error ? error.message : 'The decision could not be saved.',
        error: true,
      });
    }
  }
  return { message, decide };
}

/** `/editor/requests/:id`: one request's whole life, its decisions made here (issue 47). */
export function RemovalRequestPage() {
  const api = useEditorApi();
  const id = useParams().id ?? '';
  const load = useCallback(() => api.removalRequest(id), [api, id]);
  const [entry, reload] = useLoaded(load);
  const { message, decide } = useDecide(reload);
  return (
    <div className="editor-page">
      <Link to="/editor/requests">← Removal requests</Link>
      <InboxNotice message={message} />
      {entry.status === 'loading' && <p role="status">Loading the request…</p>}
      {entry.status === 'failed' && (
        <>
          <h1>This request could not be opened</h1>
          <p className="form-error" role="alert">
            {entry.message}
          </p>
        </>
      )}
      {entry.status === 'ready' && <RequestCard entry={entry.data} onDecide={decide} own />}
    </div>
  );
}

/**
 * Removal and correction requests from items' pages (issue 31): the item and what is wrong, to
 * hide at once (restorable), mark corrected once the item is changed, or decline; newest first.
 * Waiting holds the open ones and those whose hidden item was restored since; Hidden those whose
 * item is still hidden (Restore is there); Corrected and Declined are closed.
 */
export function RemovalRequestsPage() {
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
      <h1>Removal requests</h1>
      <InboxTabs label="Show requests" tabs={TABS} status={status} onChoose={choose} />
      <InboxNotice message={message} />
      {list.status === 'loading' && <p role="status">Loading requests…</p>}
      {list.status === 'failed' && (
        <p className="form-error" role="alert">
          Requests could not be loaded: {list.message}
        </p>
      )}
      {list.status === 'ready' && list.data.length === 0 && (
        <p>{status === 'open' ? 'No request is waiting.' : 'None yet.'}</p>
      )}
      {list.status === 'ready' && list.data.length > 0 && (
        <ol className="inbox" aria-label={`${TABS[status]} requests`}>
          {list.data.map((entry) => (
            <li key={entry.id} className="inbox__item">
              <RequestCard entry={entry} onDecide={decide} />
            </li>
          ))}
        </ol>
      )}
      <ShowOlder paged={paged} noun={['request', 'requests']} />
    </div>
  );
}
