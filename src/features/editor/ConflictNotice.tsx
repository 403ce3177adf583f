import { changedFields, FIELD_LABELS, type ItemDraft } from '@/features/editor/itemDraft';
import './editor.css';

/** What a 409 carries: the item as it is now. */
export interface Conflict {
  current: ItemDraft;
  version: number;
  deleted: boolean;
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : `${value.length} entries`;
  const text = String(value ?? '');
  return text === '' ? '(empty)' : text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * Someone saved this item after it was opened here. Says what they changed (against the version
 * this form started from) and lets the editor keep theirs over it or take the new version.
 */
export function ConflictNotice({
  conflict,
  base,
  onOverwrite,
  onTakeTheirs,
}: {
  conflict: Conflict;
  /** The item as this form loaded it. */
  base: ItemDraft;
  onOverwrite: () => void;
  onTakeTheirs: () => void;
}) {
  if (conflict.deleted) {
    return (
      <div className="form-error conflict" role="alert" tabIndex={-1}>
        <p>
          <strong>This item was deleted by another editor since you opened it.</strong> Your changes
          are still in the form; restore the item from the journal to save them.
        </p>
      </div>
    );
  }
  const fields = changedFields(base, conflict.current);
  return (
    <div className="form-error conflict" role="alert" tabIndex={-1}>
      <p>
        <strong>Another editor saved this item since you opened it</strong> (now version{' '}
        {conflict.version}). What they changed:
      </p>
      {fields.length === 0 ? (
        <p>No field differs from what you started with.</p>
      ) : (
        <dl className="conflict__fields">
          {fields.map((field) => (
            <div key={field}>
              <dt>{FIELD_LABELS[field]}</dt>
              <dd>
                now “{shown(conflict.current[field])}” (was “{shown(base[field])}”)
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="conflict__actions">
        <button type="button" onClick={onOverwrite}>
          Save mine over theirs
        </button>
        <button type="button" className="button-quiet" onClick={onTakeTheirs}>
          Discard mine and load theirs
        </button>
      </div>
    </div>
  );
}
