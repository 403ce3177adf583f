import { useState } from 'react';
import { FieldSet, TextField } from '@/components/FormFields';
import { PositionPicker } from '@/components/PositionPicker';
import { farFromStLouis, kmText } from '@/lib/archiveArea';
import { SUBMISSION_PLACE_TEXT_MAX } from '@/lib/submissionSchema';

type Place = { lat: number; lng: number } | null;

const coordinates = ({ lat, lng }: { lat: number; lng: number }) =>
  `${Math.abs(lat).toFixed(4)}° ${lat < 0 ? 'S' : 'N'}, ${Math.abs(lng).toFixed(4)}° ${lng < 0 ? 'W' : 'E'}`;

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
  return (
    <div className="place-fields__far" role="group" aria-labelledby="place-far-question">
      <p id="place-far-question">
        <strong>Is this right?</strong> This point is {kmText(km)} from St. Louis, where the storm
        struck.
      </p>
      <div className="place-fields__far-actions">
        <button type="button" onClick={() => setKept(place)}>
          Yes, it was recorded there
        </button>
        <button type="button" className="button-quiet" onClick={onClear}>
          No, clear it
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
  return (
    <FieldSet
      legend="Where was it recorded? (optional)"
      hint="A street corner or a neighbourhood is enough. Please do not point to a private home without its owners' agreement."
      error={errors.place}
      className="place-fields"
    >
      <PositionPicker
        className="place-fields__picker"
        label="Pick the place on the globe"
        hint="Click the globe where you recorded; drag to turn it, scroll to zoom."
        touchHint="Tap the map where you recorded. To turn or zoom the globe, tap Move the map first."
        fallback="The globe needs WebGL, which this browser lacks; describe the place below instead."
        value={place}
        onChange={onPlace}
      />
      <div className="place-fields__picked">
        <p className="field__hint" aria-live="polite">
          {place === null ? 'No place picked.' : `Picked: ${coordinates(place)}`}
        </p>
        {/* Always there (disabled when empty), so clearing does not pull the focus out from under it. */}
        <button
          type="button"
          className="auth-form__secondary"
          disabled={place === null}
          onClick={() => onPlace(null)}
        >
          Clear place
        </button>
      </div>
      <FarQuestion place={place} onClear={() => onPlace(null)} />
      <TextField
        label="Or describe the place"
        name="place_text"
        maxLength={SUBMISSION_PLACE_TEXT_MAX}
        value={placeText}
        onChange={onPlaceText}
        error={errors.place_text}
      />
    </FieldSet>
  );
}
