import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Blocker } from 'react-router';
import './editor.css';

/**
 * Asks before leaving a form with unsaved changes; Stay is the default and takes focus. `lost`
 * says what would be lost (an item's changes unless told).
 */
export function LeaveDialog({ blocker, lost }: { blocker: Blocker; lost?: string }) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const open = blocker.state === 'blocked';
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Where showModal is missing (older engines, jsdom) the dialog still opens, just not modal.
    if (open && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    if (!open && element.open) {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby="leave-title"
      onCancel={(event) => {
        event.preventDefault();
        blocker.reset?.();
      }}
    >
      <h2 id="leave-title">{t`Leave without saving?`}</h2>
      <p>{lost ?? t`Your changes to this item are not saved and will be lost.`}</p>
      <div className="confirm-dialog__actions">
        <button type="button" autoFocus onClick={() => blocker.reset?.()}>
          {t`Stay and keep editing`}
        </button>
        <button type="button" className="button-danger" onClick={() => blocker.proceed?.()}>
          {t`Leave and lose changes`}
        </button>
      </div>
    </dialog>
  );
}
