import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { NodeCapture } from '@/lib/capture';
import type { NodeImageInput } from '@/lib/nodeSchema';
import { countText } from '@/lib/numbers';
import { CAPTURE_FILE_ACCEPT, CAPTURE_MAX_BYTES, captureFormatsWords } from '@/lib/uploadLimits';
import './CaptureAdder.css';

interface Props {
  /** Sends the capture file; rejects with an Error whose message is meant for the person. */
  uploadCapture: (file: File) => Promise<NodeCapture>;
  /** Sends the poster as a photo (the list's own photo upload). */
  upload: (file: File) => Promise<NodeImageInput>;
  /** The capture is in: its poster's URLs with the capture. */
  onAdded: (image: NodeImageInput) => void;
  /** Another entry would be over the list's limit. */
  full: boolean;
  /** The upload (or the drawing) in progress, for the form to wait on: true while one runs. */
  onBusy?: (busy: boolean) => void;
}

type Step = 'capture' | 'drawing' | 'poster';

const STEP_TEXT: Record<Step, MessageDescriptor> = {
  capture: msg`Uploading the 3D capture…`,
  drawing: msg({
    message: 'Drawing its poster from the model…',
    comment: 'A picture of a 3D capture, drawn in the browser to stand for it in the list',
  }),
  poster: msg({
    message: 'Uploading the poster…',
    comment: 'The picture that stands for a 3D capture in the list',
  }),
};

/** The capture a person already sent, kept so a retry with a poster does not send it again. */
interface Sent {
  file: File;
  capture: NodeCapture;
}

/**
 * Adds a 3D capture to a gallery or a submission: the capture file (a .glb model or a .ply,
 * .splat or .spz splat) and, optionally, a poster picture. The service checks the capture by its
 * content; without a poster, one is drawn from the model in this browser (the viewer's lazy
 * chunk, fetched only then) and sent as a photo. The entry is the poster with its capture.
 */
export function CaptureAdder({ uploadCapture, upload, onAdded, full, onBusy }: Props) {
  const { t: say, i18n } = useLingui();
  const id = useId();
  const captureInput = useRef<HTMLInputElement>(null);
  const posterInput = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sent = useRef<Sent | null>(null);

  async function add(event?: FormEvent) {
    event?.preventDefault();
    const file = captureInput.current?.files?.[0];
    const poster = posterInput.current?.files?.[0];
    if (!file) {
      setProblem(t`Choose a 3D capture file first.`);
      return;
    }
    setProblem(null);
    onBusy?.(true);
    try {
      let capture = sent.current?.file === file ? sent.current.capture : null;
      if (capture === null) {
        setStep('capture');
        capture = await uploadCapture(file);
        sent.current = { file, capture };
      }
      let posterFile = poster;
      if (posterFile === undefined) {
        setStep('drawing');
        posterFile = await drawPoster(file, capture);
      }
      setStep('poster');
      const image = await upload(posterFile);
      onAdded({ ...image, capture });
      sent.current = null;
      if (captureInput.current) captureInput.current.value = '';
      if (posterInput.current) posterInput.current.value = '';
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : t`The upload failed.`);
    } finally {
      setStep(null);
      onBusy?.(false);
    }
  }

  const busy = step !== null;
  const formats = captureFormatsWords();
  const size = countText(CAPTURE_MAX_BYTES / 1024 / 1024);
  return (
    <fieldset className="capture-adder" aria-describedby={`${id}-hint`}>
      <legend>{say`Add a 3D capture`}</legend>
      <p className="field__hint" id={`${id}-hint`}>
        {say({
          message: `A walk-around model or splat of a place: ${formats}, up to ${size} MB. Add a poster picture for it, or one is drawn from the model.`,
          comment:
            '{formats} is "a .glb model or a .ply, .splat or .spz splat"; a splat is a 3D scan made of points; the poster is the picture that stands for the capture',
        })}
      </p>
      <div className="capture-adder__fields">
        <label className="field">
          <span className="field__label">{say`3D capture file`}</span>
          <input
            ref={captureInput}
            type="file"
            name="capture"
            accept={CAPTURE_FILE_ACCEPT}
            disabled={busy || full}
            onChange={() => setProblem(null)}
          />
        </label>
        <label className="field">
          <span className="field__label">
            {say({
              message: 'Poster picture (optional)',
              comment: 'The picture that stands for a 3D capture in the list',
            })}
          </span>
          <input
            ref={posterInput}
            type="file"
            name="capture-poster"
            accept="image/*"
            disabled={busy || full}
          />
        </label>
        <button
          type="button"
          className="button-quiet"
          disabled={busy || full}
          onClick={() => void add()}
        >
          {say`Add the 3D capture`}
        </button>
      </div>
      <p className="field__hint" aria-live="polite">
        {step !== null
          ? i18n._(STEP_TEXT[step])
          : full
            ? say({
                message: 'The list is full.',
                comment: 'No more photos or 3D captures can be added',
              })
            : ''}
      </p>
      {problem !== null && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/** The poster drawn from the model; a failure says what the person can do instead. */
async function drawPoster(file: File, capture: NodeCapture): Promise<File> {
  try {
    const { renderCapturePoster } = await import('@/capture/renderCapturePoster');
    return await renderCapturePoster(file, capture.format);
  } catch (failure) {
    console.warn('The poster could not be drawn:', failure);
    throw new Error(
      t`This browser could not draw a poster from the 3D capture. Choose a poster picture and add it again: the capture is kept.`,
      { cause: failure },
    );
  }
}
