import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type RefObject } from 'react';
import { BlurRegionList } from '@/features/editor/BlurRegionList';
import { BlurStage } from '@/features/editor/BlurStage';
import { useBlurRegions, useRegionDrawing } from '@/features/editor/useBlurRegions';
import { BLUR_REGIONS_MAX, type BlurRegion } from '@/lib/blurRegions';
import './BlurDialog.css';

interface Props {
  /** The photo's name in the form ("Photo 2"). */
  entry: string;
  /** Where its full-size copy is shown from; null while that is on its way. */
  src: string | null;
  /** Makes the blurred copy; rejects with an Error whose message is meant for the editor. */
  onApply: (regions: BlurRegion[]) => Promise<void>;
  onClose: () => void;
}

/** A region new from "Add a region": a fifth of the photo, in its middle. */
const ADDED: BlurRegion = { x: 0.4, y: 0.4, width: 0.2, height: 0.2 };

/**
 * Shows the dialog as a modal once mounted; when it goes, the control that opened it takes the
 * focus back (if it is still there: after a blur the form's notice takes it instead).
 */
function useShownAsModal(dialog: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    const opener = document.activeElement;
    // Where showModal is missing (older engines, jsdom) the dialog still opens, just not modal.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [dialog]);
}

/**
 * How many regions there are, as the dialog says it to the editor (and a screen reader); called
 * while it renders.
 */
function regionCount(count: number, full: boolean): string {
  if (count === 0) return t`No region yet.`;
  if (!full) return plural(count, { one: '# region to blur.', other: '# regions to blur.' });
  const max = BLUR_REGIONS_MAX;
  return plural(count, {
    one: `# region to blur (at most ${max}).`,
    other: `# regions to blur (at most ${max}).`,
  });
}

/**
 * Blurs parts of a visitor's photo before it is published (issue 31): the editor draws rectangles
 * across the photo with a mouse, a pen or a finger, or adds one and sets it in percent (the keyboard
 * way), sees each blurred in place, and makes a blurred copy that the form then uses instead.
 * The photo as sent is never changed: it stays private and is deleted with the submission's other
 * private files.
 */
export function BlurDialog({ entry, src, onApply, onClose }: Props) {
  const { t } = useLingui();
  const id = useId();
  const photo = entry.toLowerCase();
  const dialog = useRef<HTMLDialogElement>(null);
  useShownAsModal(dialog);
  const { regions, full, busy, problem, add, edit, remove, apply } = useBlurRegions(onApply);
  const drawing = useRegionDrawing({ canDraw: !busy && !full, onDrawn: add });

  return (
    <dialog
      ref={dialog}
      className="blur-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-how`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={`${id}-title`}>
        {t({
          message: `Blur part of ${photo}`,
          comment:
            'The blur button beside a photo of a submission, and the heading of its dialog; {photo} names the photo ("photo 2")',
        })}
      </h2>
      <p id={`${id}-how`} className="field__hint">
        {t`Drag across the photo to cover a face, a licence plate, a house number or anything else that should not be published; or add a region and set it below. The published photo, its thumbnail and its card are made from a blurred copy. The photo as sent is never published: it stays private and is deleted with this submission's other files.`}
      </p>
      <BlurStage
        entry={entry}
        src={src}
        regions={regions}
        drawn={drawing.drawn}
        full={full}
        stage={drawing.stage}
        handlers={drawing.handlers}
      />
      <BlurRegionList regions={regions} busy={busy} onEdit={edit} onRemove={remove} />
      <p className="field__hint" aria-live="polite">
        {regionCount(regions.length, full)}
      </p>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="confirm-dialog__actions">
        <button
          type="button"
          className="button-quiet"
          disabled={busy || full}
          onClick={() => add(ADDED)}
        >
          {t`Add a region`}
        </button>
        <button type="button" disabled={busy} onClick={() => void apply()}>
          {busy ? t`Blurring…` : t`Blur and use this copy`}
        </button>
        <button type="button" className="button-quiet" disabled={busy} onClick={onClose}>
          {t`Cancel`}
        </button>
      </div>
    </dialog>
  );
}
