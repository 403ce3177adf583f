import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

const TABS: Record<SubmissionStatus, MessageDescriptor> = {
  pending: msg({
    message: 'Waiting',
    comment: 'A tab of the submissions (or removal requests) that wait for a decision',
  }),
  approved: msg({ message: 'Approved', comment: 'A tab of the approved submissions' }),
  rejected: msg({ message: 'Rejected', comment: 'A tab of the rejected submissions' }),
};

/** Each tab's list, as a screen reader names it. */
const LISTS: Record<SubmissionStatus, MessageDescriptor> = {
  pending: msg`Waiting submissions`,
  approved: msg`Approved submissions`,
  rejected: msg`Rejected submissions`,
};

/** Who decided on a submission and when: "Approved by editor on 27 Nov 2026, 7:14 am". */
function decisionWords(entry: Submission): string {
  const who =
    entry.decidedBy ??
    t({ message: 'an editor', comment: 'Who decided, where the record does not say' });
  if (entry.decidedAt) {
    const when = editorTimeText(entry.decidedAt);
    return entry.status === 'approved'
      ? t`Approved by ${who} on ${when}`
      : t`Rejected by ${who} on ${when}`;
  }
  return entry.status === 'approved' ? t`Approved by ${who}` : t`Rejected by ${who}`;
}

/** Where the sender said the media was made: a point, their words, or both. */
function placeWords(s: Submission['submission']): string {
  const place = s.place ? `${s.place.lat}, ${s.place.lng}` : s.place_text;
  if (!place) return t`No place given`;
  const words = t({
    message: `Place: ${place}`,
    comment: 'Where a submission was made: a point or words',
  });
  return s.place && s.place_text ? `${words} (${s.place_text})` : words;
}

function SubmissionCard({
  entry,
  onReject,
}: {
  entry: Submission;
  onReject: (id: string, reason: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const { submission: s } = entry;
  // A visitor's photos are private until approved: the service shows them to editors only.
  const api = useEditorApi();
  const photoSrc = useWaitingPhotos(
    api,
    s.images.map((image) => image.thumbUrl),
  );
  const received = editorTimeText(entry.receivedAt);
  const sender = s.name;
  const youtubeId = s.youtube_id;
  const categories = s.categories.join(', ');
  return (
    <li className="inbox__item submission">
      <h2 className="submission__title">{s.title}</h2>
      <p className="inbox__meta">
        {s.kind === 'video'
          ? t({ message: 'Video link', comment: 'A submission that sends a YouTube link' })
          : mediaCount(s.images)}{' '}
        ·{' '}
        <Trans comment="When a submission or a removal request arrived">
          received <time dateTime={entry.receivedAt}>{received}</time>
        </Trans>
        {sender && (
          <>
            {' · '}
            {t({ message: `from ${sender}`, comment: 'Who sent a submission: their name' })}
          </>
        )}
        {s.email && ` (${s.email})`}
      </p>
      <div className="submission__media">
        {s.kind === 'video' && youtubeId && (
          <a href={safeUrl(s.youtube_url) ?? undefined} target="_blank" rel="noreferrer">
            <img src={youtubeThumbnailUrl(youtubeId)} alt={t`Video ${youtubeId} on YouTube`} />
          </a>
        )}
        {s.images.map((image, index) => {
          const src = photoSrc(image.thumbUrl);
          const number = index + 1;
          const name = t({
            message: `Photo ${number}`,
            comment: 'A photo of a submission, by its place in it',
          });
          return src ? (
            <img key={index} src={src} alt={name} loading="lazy" />
          ) : (
            <span key={index} className="submission__placeholder" role="img" aria-label={name}>
              {name}
            </span>
          );
        })}
      </div>
      {s.description && <p className="inbox__text">{s.description}</p>}
      <p className="inbox__meta">
        {s.categories.length > 0 ? t`Categories: ${categories}` : t`No categories`} ·{' '}
        {placeWords(s)} ·{' '}
        {s.date ? (
          <Trans comment="When a submission's media was recorded, as its sender said">
            Recorded <RecordedDate date={s.date} />
          </Trans>
        ) : (
          t`No date given`
        )}
      </p>
      <SubmissionRightsSummary submission={s} />
      {entry.status === 'pending' ? (
        <div className="submission__actions">
          <Link className="button-link" to={`/editor/submissions/${encodeURIComponent(entry.id)}`}>
            {t`Review and approve`}
          </Link>
          {!rejecting ? (
            <button type="button" className="button-quiet" onClick={() => setRejecting(true)}>
              {t({ message: 'Reject', comment: 'The button that starts rejecting a submission' })}
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
                {t`Reason (for the record, optional)`}{' '}
                <input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
              </label>
              <button type="submit" className="button-danger">
                {t`Reject submission`}
              </button>
              <button type="button" className="button-quiet" onClick={() => setRejecting(false)}>
                {t`Cancel`}
              </button>
            </form>
          )}
        </div>
      ) : (
        <p className="inbox__meta">
          {decisionWords(entry)}
          {entry.reason && `: ${entry.reason}`}
          {entry.nodeId && (
            <>
              {' '}
              ·{' '}
              <Link to={`/editor/items/${encodeURIComponent(entry.nodeId)}`}>
                {t`open the item`}
              </Link>
            </>
          )}
        </p>
      )}
    </li>
  );
}

/** Why the submissions could not be read. */
function ListFailed({ message }: { message: string }) {
  const { t } = useLingui();
  return (
    <p className="form-error" role="alert">
      {t`Submissions could not be loaded: ${message}`}
    </p>
  );
}

/** The moderation queue: what visitors sent, to approve (as an item, edited first) or reject. */
export function SubmissionsPage() {
  const { t, i18n } = useLingui();
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
      setMessage({ text: t`Rejected: it will not be published.`, error: false });
      reload();
    } catch (error) {
      setMessage({
        text: error instanceof Error ? error.message : t`Rejecting failed.`,
        error: true,
      });
    }
  }

  return (
    <div className="editor-page">
      <h1>
        {t({
          message: 'Submissions',
          comment: "The editors' link to the media visitors sent, to review",
        })}
      </h1>
      <InboxTabs
        label={t({
          message: 'Show submissions',
          comment: 'The tabs that choose which submissions are listed',
        })}
        tabs={TABS}
        status={status}
        onChoose={choose}
      />
      <InboxNotice message={message} />
      {list.status === 'loading' && <p role="status">{t`Loading submissions…`}</p>}
      {list.status === 'failed' && <ListFailed message={list.message} />}
      {list.status === 'ready' && list.data.length === 0 && (
        <p>
          {status === 'pending'
            ? t`Nothing is waiting for review.`
            : t({ message: 'None yet.', comment: 'An empty tab of submissions or requests' })}
        </p>
      )}
      {list.status === 'ready' && list.data.length > 0 && (
        <ol className="inbox" aria-label={i18n._(LISTS[status])}>
          {list.data.map((entry) => (
            <SubmissionCard key={entry.id} entry={entry} onReject={reject} />
          ))}
        </ol>
      )}
      <ShowOlder paged={paged} noun="submissions" />
    </div>
  );
}
