import { i18n } from '@/i18n/i18n';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { JournalEntry } from '@/features/editor/editorApi';
import { changedFields, draftOfNode, FIELD_LABELS } from '@/features/editor/itemDraft';
import { ShowOlder } from '@/features/editor/ShowOlder';
import { useEditorApi } from '@/features/editor/useEditorData';
import { usePagedList } from '@/features/editor/usePagedList';
import './editor.css';
import { editorTimeText } from '@/lib/editorTime';

/** Who did what to which item: "editor edited “Clayton the morning after”". */
function JournalLine({ entry, item }: { entry: JournalEntry; item: ReactNode }) {
  const who = entry.who;
  switch (entry.action) {
    case 'create':
      return (
        <Trans comment="A journal entry: who created an item; {item} is its title, quoted">
          <strong>{who}</strong> created {item}
        </Trans>
      );
    case 'update':
      return (
        <Trans comment="A journal entry: who edited an item; {item} is its title, quoted">
          <strong>{who}</strong> edited {item}
        </Trans>
      );
    case 'delete':
      return (
        <Trans comment="A journal entry: who deleted an item; {item} is its title, quoted">
          <strong>{who}</strong> deleted {item}
        </Trans>
      );
    case 'restore':
      return (
        <Trans comment="A journal entry: who restored a deleted item; {item} is its title, quoted">
          <strong>{who}</strong> restored {item}
        </Trans>
      );
  }
}

function titleOf(entry: JournalEntry): string {
  const node = (entry.after ?? entry.before) as { title?: unknown } | null;
  return typeof node?.title === 'string' && node.title !== '' ? node.title : entry.nodeId;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** What an edit changed, in the form's words (called while the journal renders). */
function summary(entry: JournalEntry): string {
  if (entry.action !== 'update') return '';
  const fields = changedFields(
    draftOfNode(asRecord(entry.before)),
    draftOfNode(asRecord(entry.after)),
  );
  return fields.length === 0
    ? t({ message: 'no field changed', comment: 'A journal entry of an edit that changed nothing' })
    : fields.map((f) => i18n._(FIELD_LABELS[f])).join(', ');
}

/** Why the journal could not be read. */
function JournalFailed({ message }: { message: string }) {
  const { t } = useLingui();
  return (
    <p className="form-error" role="alert">
      {t`The journal could not be loaded: ${message}`}
    </p>
  );
}

/**
 * Every change editors made, newest first: who, when, what, and the fields an edit touched. A
 * deleted item is restored from its delete entry.
 */
export function JournalPage() {
  const { t } = useLingui();
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
      const title = titleOf(entry);
      setMessage({
        text: t`Restored “${title}”: it shows on the globe again.`,
        error: false,
      });
      reload();
    } catch (error) {
      setMessage({
        text: error instanceof Error ? error.message : t`Restoring failed.`,
        error: true,
      });
    }
  }

  return (
    <div className="editor-page">
      <h1>
        {t({
          message: 'Journal',
          comment: "The editors' link to the record of every change made to the archive",
        })}
      </h1>
      <p className="field__hint">{t`Every change to the archive: who made it, when, and what it was.`}</p>
      {message && (
        <p
          className={message.error ? 'form-error' : 'form-notice'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {entries.status === 'loading' && <p role="status">{t`Loading the journal…`}</p>}
      {entries.status === 'failed' && <JournalFailed message={entries.message} />}
      {entries.status === 'ready' && entries.data.length === 0 && (
        <p>{t`No change has been made yet.`}</p>
      )}
      {entries.status === 'ready' && entries.data.length > 0 && (
        <ol className="journal" aria-label={t`Changes, newest first`}>
          {entries.data.map((entry) => (
            <li key={entry.id} className={`journal__entry journal__entry--${entry.action}`}>
              <time dateTime={entry.at}>{editorTimeText(entry.at)}</time>
              <span>
                <JournalLine
                  entry={entry}
                  item={
                    <Link to={`/editor/items/${encodeURIComponent(entry.nodeId)}`}>
                      “{titleOf(entry)}”
                    </Link>
                  }
                />
                {entry.action === 'update' && (
                  <span className="field__hint"> ({summary(entry)})</span>
                )}
                {/*
                  Why, where the editor said: an item hidden for a removal request, an import. The
                  service writes it into the journal in English, with the editor's own note.
                */}
                {entry.reason && (
                  <span className="field__hint">
                    {' ('}
                    <span lang="en">{entry.reason}</span>)
                  </span>
                )}
              </span>
              {entry.action === 'delete' && latest.has(entry.id) && (
                <button type="button" className="button-quiet" onClick={() => void restore(entry)}>
                  {t({
                    message: 'Restore',
                    comment: 'The button beside a journal entry of a deletion: restores the item',
                  })}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      <ShowOlder paged={paged} noun="changes" />
    </div>
  );
}
