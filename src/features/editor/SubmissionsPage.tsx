import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { RecordedDate } from '@/components/RecordedDate';
import type { Submission, SubmissionStatus } from '@/features/editor/editorApi';
import { InboxNotice, InboxTabs, useInboxStatus } from '@/features/editor/InboxTabs';
import { ShowOlder } from '@/features/editor/ShowOlder';
import { SubmissionRightsSummary } from '@/features/editor/SubmissionRightsSummary';
import { useEditorApi } from '@/features/editor/useEditorData';
import { usePagedList } from '@/features/editor/usePagedList';
import { useWaitingPhotos } from '@/features/editor/useWaitingPhotos';
import { safeUrl } from '@/lib/url';
import { youtubeThumbnailUrl } from '@/lib/youtube';
import { mediaCount } from '@/lib/capture';
import './editor.css';
import { editorTimeText } from '@/lib/editorTime';

const TABS: Record<SubmissionStatus, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  rejected: 'Rejected',
};

function SubmissionCard({
  entry,
  onReject,
}: {
  entry: Submission;
  onReject: (id: string, reason: string) => Promise<void>;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const { submission: s } = entry;
  // A visitor's photos are private until approved: the service shows them to editors only.
  const api = useEditorApi();
  const photoSrc = useWaitingPhotos(
    api,
    s.images.map((image) => image.thumbUrl),
  );
  return (
    <li className="inbox__item submission">
      <h2 className="submission__title">{s.title}</h2>
      <p className="inbox__meta">
        {s.kind === 'video' ? 'Video link' : mediaCount(s.images)} · received{' '}
        <time dateTime={entry.receivedAt}>{editorTimeText(entry.receivedAt)}</time>
        {s.name && ` · from ${s.name}`}
        {s.email && ` (${s.email})`}
      </p>
      <div className="submission__media">
        {s.kind === 'video' && s.youtube_id && (
          <a href={safeUrl(s.youtube_url) ?? undefined} target="_blank" rel="noreferrer">
            <img src={youtubeThumbnailUrl(s.youtube_id)} alt={`Video ${s.youtube_id} on YouTube`} />
          </a>
        )}
        {s.images.map((image, index) => {
          const src = photoSrc(image.thumbUrl);
          return src ? (
            <img key={index} src={src} alt={`Photo ${index + 1}`} loading="lazy" />
          ) : (
            <span
              key={index}
              className="submission__placeholder"
              role="img"
              aria-label={`Photo ${index + 1}`}
            >
              Photo {index + 1}
            </span>
          );
        })}
      </div>
      {s.description && <p className="inbox__text">{s.description}</p>}
      <p className="inbox__meta">
        {s.categories.length > 0 ? `Categories: ${s.categories.join(', ')}` : 'No categories'} ·{' '}
        {s.place
          ? `Place: ${s.place.lat}, ${s.place.lng}`
          : s.place_text
            ? `Place: ${s.place_text}`
            : 'No place given'}
        {s.place && s.place_text && ` (${s.place_text})`} ·{' '}
        {s.date ? (
          <>
            Recorded <RecordedDate date={s.date} />
          </>
        ) : (
          'No date given'
        )}
      </p>
      <SubmissionRightsSummary submission={s} />
      {entry.status === 'pending' ? (
        <div className="submission__actions">
          <Link className="button-link" to={`/editor/submissions/${encodeURIComponent(entry.id)}`}>
            Review and approve
          </Link>
          {!rejecting ? (
            <button type="button" className="button-quiet" onClick={() => setRejecting(true)}>
              Reject
            </button>
          ) : (
            <form
              className="submission__reject"
              onSubmit={(event) => {
                event.preventDefault();
                void onReject(entry.id, reason);
              }}
            >
              <label>
                Reason (for the record, optional){' '}
                <input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
              </label>
              <button type="submit" className="button-danger">
                Reject submission
              </button>
              <button type="button" className="button-quiet" onClick={() => setRejecting(false)}>
                Cancel
              </button>
            </form>
          )}
        </div>
      ) : (
        <p className="inbox__meta">
          {entry.status === 'approved' ? 'Approved' : 'Rejected'} by{' '}
          {entry.decidedBy ?? 'an editor'}
          {entry.decidedAt && ` on ${editorTimeText(entry.decidedAt)}`}
          {entry.reason && `: ${entry.reason}`}
          {entry.nodeId && (
            <>
              {' '}
              · <Link to={`/editor/items/${encodeURIComponent(entry.nodeId)}`}>open the item</Link>
            </>
          )}
        </p>
      )}
    </li>
  );
}

/** The moderation queue: what visitors sent, to approve (as an item, edited first) or reject. */
export function SubmissionsPage() {
  const api = useEditorApi();
  const { status, choose } = useInboxStatus<SubmissionStatus>(TABS, 'pending');
  const load = useCallback(
    (before: string | null) => api.submissions(status, before),
    [api, status],
  );
  const paged = usePagedList(load);
  const { list, reload } = paged;
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  async function reject(id: string, reason: string) {
    setMessage(null);
    try {
      await api.reject(id, reason);
      setMessage({ text: 'Rejected: it will not be published.', error: false });
      reload();
    } catch (error) {
      setMessage({
        text: error instanceof Error ? error.message : 'Rejecting failed.',
        error: true,
      });
    }
  }

  return (
    <div className="editor-page">
      <h1>Submissions</h1>
      <InboxTabs label="Show submissions" tabs={TABS} status={status} onChoose={choose} />
      <InboxNotice message={message} />
      {list.status === 'loading' && <p role="status">Loading submissions…</p>}
      {list.status === 'failed' && (
        <p className="form-error" role="alert">
          Submissions could not be loaded: {list.message}
        </p>
      )}
      {list.status === 'ready' && list.data.length === 0 && (
        <p>{status === 'pending' ? 'Nothing is waiting for review.' : 'None yet.'}</p>
      )}
      {list.status === 'ready' && list.data.length > 0 && (
        <ol className="inbox" aria-label={`${TABS[status]} submissions`}>
          {list.data.map((entry) => (
            <SubmissionCard key={entry.id} entry={entry} onReject={reject} />
          ))}
        </ol>
      )}
      <ShowOlder paged={paged} noun={['submission', 'submissions']} />
    </div>
  );
}
