import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FieldSet, TextField } from '@/components/FormFields';
import { PositionPicker } from '@/components/PositionPicker';
import { formatLocale } from '@/i18n/i18n';
import { farFromStLouis } from '@/lib/archiveArea';
import { countText } from '@/lib/numbers';
import { SUBMISSION_PLACE_TEXT_MAX } from '@/lib/submissionSchema';

type Place = { lat: number; lng: number } | null;

/** Degrees to four places, in the active language's digits ("38.6270" in English). */
const degrees = (value: number) =>
  new Intl.NumberFormat(formatLocale(), {
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
    useGrouping: false,
  }).format(Math.abs(value));

const COMPASS = {
  north: msg({ message: 'N', comment: 'North: the letter after a latitude, as in "38.6270° N"' }),
  south: msg({ message: 'S', comment: 'South: the letter after a latitude, as in "38.6270° S"' }),
  east: msg({ message: 'E', comment: 'East: the letter after a longitude, as in "90.1994° E"' }),
  west: msg({ message: 'W', comment: 'West: the letter after a longitude, as in "90.1994° W"' }),
};

/** "38.6270° N, 90.1994° W", with the compass letters of the active language. */
const coordinates = ({ lat, lng }: { lat: number; lng: number }, i18n: I18n) =>
  `${degrees(lat)}° ${i18n._(lat < 0 ? COMPASS.south : COMPASS.north)}, ${degrees(lng)}° ${i18n._(lng < 0 ? COMPASS.west : COMPASS.east)}`;

/** A distance as a person would say it (`kmText`'s rounding): to 10 km past 1,000, else 5 or 1. */
const roundedKm = (km: number) => {
  const step = km >= 1000 ? 10 : km >= 100 ? 5 : 1;
  return countText(Math.round(km / step) * step);
};

/**
 * A point far from St. Louis, asked about once: "Is this right?", with a way to keep it and a way
 * to clear it (issue 47: a tap on a phone saved a point in the Gulf of Mexico). Null when the
 * point is near, or was kept.
 */
function FarQuestion({ place, onClear }: { place: Place; onClear(): void }) {
  const [kept, setKept] = useState<Place>(null);
  const km = place === null ? null : farFromStLouis(place);
  if (place === null || km === null || (kept?.lat === place.lat && kept.lng === place.lng))
    return null;
  const distance = roundedKm(km);
  return (
    <div className="place-fields__far" role="group" aria-labelledby="place-far-question">
      <p id="place-far-question">
        <Trans comment="Asked when the point picked on the globe is far from St. Louis; {distance} is a number of kilometres, such as 1,520">
          <strong>Is this right?</strong> This point is about {distance} km from St. Louis, where
          the storm struck.
        </Trans>
      </p>
      <div className="place-fields__far-actions">
        <button type="button" onClick={() => setKept(place)}>
          <Trans>Yes, it was recorded there</Trans>
        </button>
        <button type="button" className="button-quiet" onClick={onClear}>
          <Trans comment="Clears the point picked on the globe">No, clear it</Trans>
        </button>
      </div>
    </div>
  );
}

/**
 * Where it was recorded, both optional: a point picked on the globe (which places the item there
 * once approved), or words for the editors when a point is hard to pick or should stay vague.
 */
export function PlaceFields({
  place,
  placeText,
  onPlace,
  onPlaceText,
  errors,
}: {
  place: Place;
  placeText: string;
  onPlace(place: Place): void;
  onPlaceText(text: string): void;
  errors: Readonly<Record<string, string>>;
}) {
  const { t, i18n } = useLingui();
  const picked = place === null ? null : coordinates(place, i18n);
  return (
    <FieldSet
      legend={t`Where was it recorded? (optional)`}
      hint={t`A street corner or a neighbourhood is enough. Please do not point to a private home without its owners' agreement.`}
      error={errors.place}
      className="place-fields"
    >
      <PositionPicker
        className="place-fields__picker"
        label={t({
          message: 'Pick the place on the globe',
          comment: "The globe's name for screen readers on /submit",
        })}
        hint={t`Click the globe where you recorded; drag to turn it, scroll to zoom.`}
        touchHint={t({
          message:
            'Tap the map where you recorded. To turn or zoom the globe, tap Move the map first.',
          comment: '"Move the map" is the name of a button on the globe: use its translation',
        })}
        fallback={t`The globe needs WebGL, which this browser lacks; describe the place below instead.`}
        value={place}
        onChange={onPlace}
      />
      <div className="place-fields__picked">
        <p className="field__hint" aria-live="polite">
          {picked === null
            ? t`No place picked.`
            : t({
                message: `Picked: ${picked}`,
                comment: 'The point picked on the globe; {picked} is "38.6270° N, 90.1994° W"',
              })}
        </p>
        {/* Always there (disabled when empty), so clearing does not pull the focus out from under it. */}
        <button
          type="button"
          className="auth-form__secondary"
          disabled={place === null}
          onClick={() => onPlace(null)}
        >
          {t({ message: 'Clear place', comment: 'Clears the point picked on the globe' })}
        </button>
      </div>
      <FarQuestion place={place} onClear={() => onPlace(null)} />
      <TextField
        label={t`Or describe the place`}
        name="place_text"
        maxLength={SUBMISSION_PLACE_TEXT_MAX}
        value={placeText}
        onChange={onPlaceText}
        error={errors.place_text}
      />
    </FieldSet>
  );
}
