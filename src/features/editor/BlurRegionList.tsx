import { useState } from 'react';
import type { RegionSide } from '@/features/editor/useBlurRegions';
import { BLUR_REGION_MIN, type BlurRegion } from '@/lib/blurRegions';

const percent = (value: number) => Math.round(value * 1000) / 10;

/** One number of a region, in percent, as the list's inputs edit it. */
const SIDES: readonly (readonly [RegionSide, string])[] = [
  ['x', 'From the left'],
  ['y', 'From the top'],
  ['width', 'Width'],
  ['height', 'Height'],
];

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

/** The regions as a list, each set in percent (the keyboard way to place one) or removed. */
export function BlurRegionList({
  regions,
  busy,
  onEdit,
  onRemove,
}: {
  regions: readonly BlurRegion[];
  /** The copy is being made: nothing can change. */
  busy: boolean;
  onEdit: (index: number, side: RegionSide, percent: number) => void;
  onRemove: (index: number) => void;
}) {
  if (regions.length === 0) return null;
  return (
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
                onChange={(value) => onEdit(index, side, value)}
              />
            ))}
            <button
              type="button"
              className="button-quiet"
              disabled={busy}
              aria-label={`Remove region ${index + 1}`}
              onClick={() => onRemove(index)}
            >
              Remove
            </button>
          </fieldset>
        </li>
      ))}
    </ol>
  );
}
