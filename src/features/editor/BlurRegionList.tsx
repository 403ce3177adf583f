import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { RegionSide } from '@/features/editor/useBlurRegions';
import { BLUR_REGION_MIN, type BlurRegion } from '@/lib/blurRegions';

const percent = (value: number) => Math.round(value * 1000) / 10;

/** One number of a region, in percent, as the list's inputs edit it. */
const SIDES: readonly (readonly [RegionSide, MessageDescriptor])[] = [
  [
    'x',
    msg({
      message: 'From the left',
      comment: "A blur region's left edge, in percent of the photo",
    }),
  ],
  [
    'y',
    msg({ message: 'From the top', comment: "A blur region's top edge, in percent of the photo" }),
  ],
  ['width', msg({ message: 'Width', comment: "A blur region's width, in percent of the photo" })],
  [
    'height',
    msg({ message: 'Height', comment: "A blur region's height, in percent of the photo" }),
  ],
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
  const { t, i18n } = useLingui();
  if (regions.length === 0) return null;
  return (
    <ol className="blur-dialog__regions" aria-label={t`Regions to blur`}>
      {regions.map((region, index) => {
        const number = index + 1;
        return (
          <li key={index}>
            <fieldset>
              <legend>
                {t({ message: `Region ${number}`, comment: 'A region of a photo to blur' })}
              </legend>
              {SIDES.map(([side, label]) => (
                <PercentInput
                  key={side}
                  label={i18n._(label)}
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
                aria-label={t`Remove region ${number}`}
                onClick={() => onRemove(index)}
              >
                {t({ message: 'Remove', comment: 'The button that removes a region to blur' })}
              </button>
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
}
