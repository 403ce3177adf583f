import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';
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
  const { t } = useLingui();
  return (
    <>
      {deleted && (
        <div className="form-notice item-editor__deleted" role="status">
          <p>{t`This item is deleted: it is not on the public globe.`}</p>
          <button type="button" onClick={onRestore} disabled={busy !== null}>
            {t`Restore item`}
          </button>
        </div>
      )}
      {notice && (
        <p className="form-notice item-editor__status" role="status" tabIndex={-1}>
          {notice} {viewRoute !== null && <Link to={viewRoute}>{t`View it on the globe`}</Link>}
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

/** What the save button says: what it does in this mode, or that it is saving (called at render). */
function saveLabel(mode: EditorMode, busy: ItemBusy): string {
  if (busy === 'saving') return t`Saving…`;
  if (mode.kind === 'approve') return t`Approve and publish`;
  return mode.kind === 'create' ? t`Create item` : t`Save changes`;
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
  const { t } = useLingui();
  return (
    <div className="item-editor__actions">
      <button type="submit" disabled={busy !== null || (!dirty && mode.kind === 'edit')}>
        {saveLabel(mode, busy)}
      </button>
      {dirty && <span className="field__hint">{t`Unsaved changes`}</span>}
      {canDelete && (
        <button type="button" className="button-danger" disabled={busy !== null} onClick={onDelete}>
          {t`Delete item`}
        </button>
      )}
    </div>
  );
}

/**
 * Asks before deleting an item or a story, saying what a deletion does and how it is undone (the
 * `question`). It takes the focus to its safe answer, Keep it, as it opens (which brings it into
 * sight where it opened below the fold); Escape keeps the record too.
 */
export function DeleteQuestion({
  question,
  busy,
  onDelete,
  onKeep,
}: {
  question: ReactNode;
  /** What the form is doing (`deleting`: this question's answer), or null. */
  busy: string | null;
  onDelete: () => void;
  onKeep: () => void;
}) {
  const { t } = useLingui();
  const keep = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      className="form-error"
      role="alertdialog"
      aria-labelledby={questionId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onKeep();
      }}
    >
      <p id={questionId}>{question}</p>
      <button type="button" className="button-danger" disabled={busy !== null} onClick={onDelete}>
        {busy === 'deleting' ? t`Deleting…` : t`Yes, delete it`}
      </button>{' '}
      <button ref={keep} type="button" className="button-quiet" onClick={onKeep}>
        {t({
          message: 'Keep it',
          comment: 'The answer that keeps an item or a story rather than deleting it',
        })}
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
  const { t } = useLingui();
  const photo = entry.toLowerCase();
  return (
    <button
      type="button"
      className="button-quiet"
      aria-label={t({
        message: `Blur part of ${photo}`,
        comment:
          'The blur button beside a photo of a submission, and the heading of its dialog; {photo} names the photo ("photo 2")',
      })}
      disabled={disabled}
      onClick={onClick}
    >
      {t({
        message: 'Blur…',
        comment:
          'The button beside a photo of a submission that opens the dialog to blur parts of it',
      })}
    </button>
  );
}
