import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { JournalEntry } from '@/features/editor/editorApi';
import { changedFields, draftOfNode, FIELD_LABELS } from '@/features/editor/itemDraft';
import { ShowOlder } from '@/features/editor/ShowOlder';
import { useEditorApi } from '@/features/editor/useEditorData';
import { usePagedList } from '@/features/editor/usePagedList';
import './editor.css';
import { editorTimeText } from '@/lib/editorTime';

const ACTIONS: Record<JournalEntry['action'], string> = {
  create: 'created',
  update: 'edited',
  delete: 'deleted',
  restore: 'restored',
};

function titleOf(entry: JournalEntry): string {
  const node = (entry.after ?? entry.before) as { title?: unknown } | null;
  return typeof node?.title === 'string' && node.title !== '' ? node.title : entry.nodeId;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** What an edit changed, in the form's words. */
function summary(entry: JournalEntry): string {
  if (entry.action !== 'update') return '';
  const fields = changedFields(
    draftOfNode(asRecord(entry.before)),
    draftOfNode(asRecord(entry.after)),
  );
  return fields.length === 0 ? 'no field changed' : fields.map((f) => FIELD_LABELS[f]).join(', ');
}

/**
 * Every change editors made, newest first: who, when, what, and the fields an edit touched. A
 * deleted item is restored from its delete entry.
 */
export function JournalPage() {
  const api = useEditorApi();
  const load = useCallback((before: string | null) => api.journal({ before }), [api]);
  const paged = usePagedList(load);
  const { list: entries, reload } = paged;
  // Entries are newest first, so an item's first entry is its latest: only that one says
  // whether the item is deleted now.
  const latest = useMemo(() => {
    const ids = new Set<number>();
    const seen = new Set<string>();
    for (const entry of entries.status === 'ready' ? entries.data : []) {
      if (!seen.has(entry.nodeId)) ids.add(entry.id);
      seen.add(entry.nodeId);
    }
    return ids;
  }, [entries]);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  async function restore(entry: JournalEntry) {
    setMessage(null);
    try {
      await api.restoreNode(entry.nodeId);
      setMessage({
        text: `Restored “${titleOf(entry)}”: it shows on the globe again.`,
        error: false,
      });
      reload();
    } catch (error) {
      setMessage({
        text: error instanceof Error ? error.message : 'Restoring failed.',
        error: true,
      });
    }
  }

  return (
    <div className="editor-page">
      <h1>Journal</h1>
      <p className="field__hint">
        Every change to the archive: who made it, when, and what it was.
      </p>
      {message && (
        <p
          className={message.error ? 'form-error' : 'form-notice'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {entries.status === 'loading' && <p role="status">Loading the journal…</p>}
      {entries.status === 'failed' && (
        <p className="form-error" role="alert">
          The journal could not be loaded: {entries.message}
        </p>
      )}
      {entries.status === 'ready' && entries.data.length === 0 && (
        <p>No change has been made yet.</p>
      )}
      {entries.status === 'ready' && entries.data.length > 0 && (
        <ol className="journal" aria-label="Changes, newest first">
          {entries.data.map((entry) => (
            <li key={entry.id} className={`journal__entry journal__entry--${entry.action}`}>
              <time dateTime={entry.at}>{editorTimeText(entry.at)}</time>
              <span>
                <strong>{entry.who}</strong> {ACTIONS[entry.action]}{' '}
                <Link to={`/editor/items/${encodeURIComponent(entry.nodeId)}`}>
                  “{titleOf(entry)}”
                </Link>
                {entry.action === 'update' && (
                  <span className="field__hint"> ({summary(entry)})</span>
                )}
                {/* Why, where the editor said: an item hidden for a removal request. */}
                {entry.reason && <span className="field__hint"> ({entry.reason})</span>}
              </span>
              {entry.action === 'delete' && latest.has(entry.id) && (
                <button type="button" className="button-quiet" onClick={() => void restore(entry)}>
                  Restore
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      <ShowOlder paged={paged} noun={['change', 'changes']} />
    </div>
  );
}
