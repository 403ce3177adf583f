import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { BLUR_REGION_MIN, BLUR_REGIONS_MAX, clampRegion, type BlurRegion } from '@/lib/blurRegions';

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

/** The point of a pointer event within the photo, as fractions of its size. */
function pointIn(stage: HTMLElement, event: ReactPointerEvent): { x: number; y: number } {
  const box = stage.getBoundingClientRect();
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return {
    x: clamp((event.clientX - box.left) / Math.max(1, box.width)),
    y: clamp((event.clientY - box.top) / Math.max(1, box.height)),
  };
}

/** The rectangle between two corners. */
function between(a: { x: number; y: number }, b: { x: number; y: number }): BlurRegion {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

const percent = (value: number) => Math.round(value * 1000) / 10;

/** One number of a region, in percent, as the list's inputs edit it. */
const SIDES = [
  ['x', 'From the left'],
  ['y', 'From the top'],
  ['width', 'Width'],
  ['height', 'Height'],
] as const;

/**
 * One side of a region in percent. What is typed stays as typed while the input has focus (a
 * cleared field, a half-typed number), and each number it reads as is applied at once; on leaving,
 * it shows the region's value, as clamped into the photo.
 */
function PercentInput({
  label,
  value,
  min,
  disabled,
  onChange,
}: {
  label: string;
  /** A fraction of the photo (0 to 1). */
  value: number;
  min: number;
  disabled: boolean;
  onChange: (percent: number) => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <label className="blur-dialog__number">
      <span>{label} (%)</span>
      <input
        type="number"
        min={min}
        max={100}
        step={1}
        value={typed ?? String(percent(value))}
        disabled={disabled}
        onFocus={() => setTyped(String(percent(value)))}
        onBlur={() => setTyped(null)}
        onChange={(event) => {
          setTyped(event.target.value);
          const read = event.target.valueAsNumber;
          if (Number.isFinite(read)) onChange(read);
        }}
      />
    </label>
  );
}

/**
 * Blurs parts of a visitor's photo before it is published (issue 31): the editor draws rectangles
 * across the photo with a mouse, a pen or a finger, or adds one and sets it in percent (the keyboard
 * way), sees each blurred in place, and makes a blurred copy that the form then uses instead.
 * The photo as sent is never changed: it stays private and is deleted with the submission's other
 * private files.
 */
export function BlurDialog({ entry, src, onApply, onClose }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [regions, setRegions] = useState<BlurRegion[]>([]);
  const [drawing, setDrawing] = useState<{
    from: { x: number; y: number };
    region: BlurRegion;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const full = regions.length >= BLUR_REGIONS_MAX;

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    // The control that opened it takes the focus back when it goes (if it is still there: after a
    // blur the form's notice takes it instead).
    const opener = document.activeElement;
    // Where showModal is missing (older engines, jsdom) the dialog still opens, just not modal.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  function add(region: BlurRegion) {
    if (full) return;
    setProblem(null);
    setRegions((list) => [...list, clampRegion(region)]);
  }

  function start(event: ReactPointerEvent<HTMLDivElement>) {
    if (!stage.current || event.button !== 0 || busy || full) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const from = pointIn(stage.current, event);
    setDrawing({ from, region: between(from, from) });
  }

  function move(event: ReactPointerEvent<HTMLDivElement>) {
    if (!stage.current || drawing === null) return;
    setDrawing({ ...drawing, region: between(drawing.from, pointIn(stage.current, event)) });
  }

  function end() {
    if (drawing === null) return;
    const { region } = drawing;
    setDrawing(null);
    // A click, or a slip of the pointer, draws nothing.
    if (region.width >= BLUR_REGION_MIN && region.height >= BLUR_REGION_MIN) add(region);
  }

  function edit(index: number, side: (typeof SIDES)[number][0], value: number) {
    setRegions((list) =>
      list.map((region, i) =>
        i === index ? clampRegion({ ...region, [side]: value / 100 }) : region,
      ),
    );
  }

  async function apply() {
    if (regions.length === 0) {
      setProblem('Draw at least one region to blur.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onApply(regions);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The photo could not be blurred.');
      setBusy(false);
    }
  }

  const shown = drawing ? [...regions, drawing.region] : regions;
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
      <h2 id={`${id}-title`}>Blur part of {entry.toLowerCase()}</h2>
      <p id={`${id}-how`} className="field__hint">
        Drag across the photo to cover a face, a licence plate, a house number or anything else that
        should not be published; or add a region and set it below. The published photo, its
        thumbnail and its card are made from a blurred copy. The photo as sent is never published:
        it stays private and is deleted with this submission&apos;s other files.
      </p>
      <div
        ref={stage}
        className={`blur-dialog__stage${full ? '' : ' blur-dialog__stage--drawing'}`}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={() => setDrawing(null)}
      >
        {src ? (
          <img src={src} alt={`${entry}, full size`} draggable={false} />
        ) : (
          <span className="image-list__placeholder" role="img" aria-label={entry}>
            Loading the photo…
          </span>
        )}
        {shown.map((region, index) => (
          <span
            // Regions are only ever added at the end or removed, so the index names one.
            key={index}
            className="blur-dialog__region"
            aria-hidden="true"
            style={{
              left: `${region.x * 100}%`,
              top: `${region.y * 100}%`,
              width: `${region.width * 100}%`,
              height: `${region.height * 100}%`,
            }}
          >
            {index < regions.length ? index + 1 : ''}
          </span>
        ))}
      </div>
      {regions.length > 0 && (
        <ol className="blur-dialog__regions" aria-label="Regions to blur">
          {regions.map((region, index) => (
            <li key={index}>
              <fieldset>
                <legend>Region {index + 1}</legend>
                {SIDES.map(([side, label]) => (
                  <PercentInput
                    key={side}
                    label={label}
                    value={region[side]}
                    min={side === 'width' || side === 'height' ? BLUR_REGION_MIN * 100 : 0}
                    disabled={busy}
                    onChange={(value) => edit(index, side, value)}
                  />
                ))}
                <button
                  type="button"
                  className="button-quiet"
                  disabled={busy}
                  aria-label={`Remove region ${index + 1}`}
                  onClick={() => setRegions((list) => list.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      <p className="field__hint" aria-live="polite">
        {regions.length === 0
          ? 'No region yet.'
          : `${regions.length === 1 ? '1 region' : `${regions.length} regions`} to blur${full ? ` (at most ${BLUR_REGIONS_MAX})` : ''}.`}
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
          Add a region
        </button>
        <button type="button" disabled={busy} onClick={() => void apply()}>
          {busy ? 'Blurring…' : 'Blur and use this copy'}
        </button>
        <button type="button" className="button-quiet" disabled={busy} onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
