import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { EditorMode, ItemBusy } from '@/features/editor/useItemForm';

/**
 * The form's top: that the item is deleted (with Restore), what was just done (with a link to the
 * item on the globe, `viewRoute`, when there is one), and what stops the form (`alert`).
 */
export function ItemEditorNotices({
  deleted,
  notice,
  viewRoute,
  alert,
  busy,
  onRestore,
}: {
  deleted: boolean;
  notice: string | null;
  viewRoute: string | null;
  alert: string | null;
  busy: ItemBusy;
  onRestore: () => void;
}) {
  return (
    <>
      {deleted && (
        <div className="form-notice item-editor__deleted" role="status">
          <p>This item is deleted: it is not on the public globe.</p>
          <button type="button" onClick={onRestore} disabled={busy !== null}>
            Restore item
          </button>
        </div>
      )}
      {notice && (
        <p className="form-notice item-editor__status" role="status" tabIndex={-1}>
          {notice} {viewRoute !== null && <Link to={viewRoute}>View it on the globe</Link>}
        </p>
      )}
      {alert && (
        <p className="form-error" role="alert" tabIndex={-1}>
          {alert}
        </p>
      )}
    </>
  );
}

/** What the save button says: what it does in this mode, or that it is saving. */
function saveLabel(mode: EditorMode, busy: ItemBusy): string {
  if (busy === 'saving') return 'Saving…';
  if (mode.kind === 'approve') return 'Approve and publish';
  return mode.kind === 'create' ? 'Create item' : 'Save changes';
}

/** The form's buttons: save (once there is something to save), and delete for a saved item. */
export function ItemEditorActions({
  mode,
  busy,
  dirty,
  canDelete,
  onDelete,
}: {
  mode: EditorMode;
  busy: ItemBusy;
  dirty: boolean;
  /** A saved item, not deleted, whose deletion is not being asked about already. */
  canDelete: boolean;
  onDelete: () => void;
}) {
  return (
    <div className="item-editor__actions">
      <button type="submit" disabled={busy !== null || (!dirty && mode.kind === 'edit')}>
        {saveLabel(mode, busy)}
      </button>
      {dirty && <span className="field__hint">Unsaved changes</span>}
      {canDelete && (
        <button type="button" className="button-danger" disabled={busy !== null} onClick={onDelete}>
          Delete item
        </button>
      )}
    </div>
  );
}

/**
 * Asks before deleting the item, saying what a deletion does and how it is undone. It takes the
 * focus to its safe answer, Keep it, as it opens (which brings it into sight where it opened below
 * the fold); Escape keeps the item too.
 */
export function DeleteQuestion({
  title,
  busy,
  onDelete,
  onKeep,
}: {
  title: string;
  busy: ItemBusy;
  onDelete: () => void;
  onKeep: () => void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      className="form-error"
      role="alertdialog"
      aria-labelledby="delete-question"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onKeep();
      }}
    >
      <p id="delete-question">
        Delete “{title}”? It leaves the public globe at once; you can restore it here or from the
        journal.
      </p>
      <button type="button" className="button-danger" disabled={busy !== null} onClick={onDelete}>
        {busy === 'deleting' ? 'Deleting…' : 'Yes, delete it'}
      </button>{' '}
      <button ref={keep} type="button" className="button-quiet" onClick={onKeep}>
        Keep it
      </button>
    </div>
  );
}

/** The button beside a review's photo that opens the blur dialog for it. */
export function BlurButton({
  entry,
  disabled,
  onClick,
}: {
  entry: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button-quiet"
      aria-label={`Blur part of ${entry.toLowerCase()}`}
      disabled={disabled}
      onClick={onClick}
    >
      Blur…
    </button>
  );
}
