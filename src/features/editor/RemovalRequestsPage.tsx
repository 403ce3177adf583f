import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { RemovalRequest, RemovalStatus } from '@/features/editor/editorApi';
import { InboxNotice, InboxTabs, useInboxStatus } from '@/features/editor/InboxTabs';
import { ShowOlder } from '@/features/editor/ShowOlder';
import { useEditorApi } from '@/features/editor/useEditorData';
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

const DECIDED: Record<Exclude<RemovalStatus, 'open'>, string> = {
  hidden: 'Item hidden',
  corrected: 'Marked corrected',
  declined: 'Declined',
};

type Decision = 'hide' | 'corrected' | 'declined';

const DECISIONS: Record<Decision, { label: string; done: string; className: string }> = {
  hide: {
    label: 'Hide the item now',
    done: 'Hidden: the item left the globe, the list and the API at once. Restore it from the journal or the item.',
    className: 'button-danger',
  },
  corrected: { label: 'Mark corrected', done: 'Marked corrected.', className: 'button-quiet' },
  declined: {
    label: 'Decline',
    done: 'Declined: the item stays as it is.',
    className: 'button-quiet',
  },
};

function RequestCard({
  entry,
  onDecide,
}: {
  entry: RemovalRequest;
  onDecide: (id: string, decision: Decision, note: string) => Promise<void>;
}) {
  const [note, setNote] = useState('');
  const { request } = entry;
  const item = `/editor/items/${encodeURIComponent(request.node_id)}`;
  return (
    <li className="inbox__item removal-request">
      <h2 className="submission__title">
        {REMOVAL_REASON_WORDS[request.reason]}:{' '}
        <Link to={item}>“{entry.title || request.node_id}”</Link>
      </h2>
      <p className="inbox__meta">
        Item {request.node_id} · received{' '}
        <time dateTime={entry.receivedAt}>{editorTimeText(entry.receivedAt)}</time>
        {request.email ? ` · answer to ${request.email}` : ' · no address given'}
      </p>
      <p className="inbox__text">{request.message}</p>
      {entry.status === 'open' ? (
        <form className="removal-request__decide" onSubmit={(event) => event.preventDefault()}>
          <label>
            Note (for the record, optional){' '}
            <input value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </label>
          {(Object.keys(DECISIONS) as Decision[]).map((decision) => (
            <button
              key={decision}
              type="button"
              className={DECISIONS[decision].className}
              onClick={() => void onDecide(entry.id, decision, note)}
            >
              {DECISIONS[decision].label}
            </button>
          ))}
        </form>
      ) : (
        <p className="inbox__meta">
          {DECIDED[entry.status]} by {entry.decidedBy ?? 'an editor'}
          {entry.decidedAt && ` on ${editorTimeText(entry.decidedAt)}`}
          {entry.note && `: ${entry.note}`}
        </p>
      )}
    </li>
  );
}

/**
 * Removal and correction requests from items' pages (issue 31): the item and what is wrong, to
 * hide at once (restorable), mark corrected once the item is changed, or decline; newest first.
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
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  async function decide(id: string, decision: Decision, note: string) {
    setMessage(null);
    try {
      if (decision === 'hide') await api.hideForRemoval(id, note);
      else await api.decideRemoval(id, decision, note);
      setMessage({ text: DECISIONS[decision].done, error: false });
      reload();
    } catch (error) {
      setMessage({
        text: error instanceof Error ? error.message : 'The decision could not be saved.',
        error: true,
      });
    }
  }

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
            <RequestCard key={entry.id} entry={entry} onDecide={decide} />
          ))}
        </ol>
      )}
      <ShowOlder paged={paged} noun={['request', 'requests']} />
    </div>
  );
}
