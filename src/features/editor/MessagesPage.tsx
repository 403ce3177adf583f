import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { ShowOlder } from '@/features/editor/ShowOlder';
import { useEditorApi } from '@/features/editor/useEditorData';
import { usePagedList } from '@/features/editor/usePagedList';
import './editor.css';
import { editorTimeText } from '@/lib/editorTime';

/** Messages sent with the contact form, newest first; every field shown as plain text. */
export function MessagesPage() {
  const { t } = useLingui();
  const api = useEditorApi();
  const load = useCallback((before: string | null) => api.messages(before), [api]);
  const paged = usePagedList(load);
  const messages = paged.list;
  const failure = messages.status === 'failed' ? messages.message : '';
  return (
    <div className="editor-page">
      <h1>
        {t({
          message: 'Messages',
          comment: "The heading of the editors' page of messages sent with the contact form",
        })}
      </h1>
      {messages.status === 'loading' && <p role="status">{t`Loading messages…`}</p>}
      {messages.status === 'failed' && (
        <p className="form-error" role="alert">
          {t`Messages could not be loaded: ${failure}`}
        </p>
      )}
      {messages.status === 'ready' && messages.data.length === 0 && <p>{t`No message yet.`}</p>}
      {messages.status === 'ready' && messages.data.length > 0 && (
        <ol className="inbox" aria-label={t`Messages, newest first`}>
          {messages.data.map(({ id, message, receivedAt }) => (
            <li key={id} className="inbox__item">
              <p className="inbox__meta">
                <strong>{message.name}</strong> · {message.email} ·{' '}
                <time dateTime={receivedAt}>{editorTimeText(receivedAt)}</time>
              </p>
              <p className="inbox__text">{message.message}</p>
            </li>
          ))}
        </ol>
      )}
      <ShowOlder paged={paged} noun="messages" />
    </div>
  );
}
