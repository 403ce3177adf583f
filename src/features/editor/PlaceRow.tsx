import { useId, useState } from 'react';
import { PositionPicker } from '@/components/PositionPicker';
import type { PlacedRow } from '@/features/editor/useImportPlan';
import type { RowPlace } from '@/lib/archiveImport';

/** A place picked for a row that had none: on the globe, or typed. */
export function PlaceRow({
  row,
  onUse,
  onCancel,
}: {
  row: PlacedRow;
  onUse: (place: RowPlace) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const position = { lat: Number(lat), lng: Number(lng) };
  const valid =
    lat.trim() !== '' &&
    lng.trim() !== '' &&
    Math.abs(position.lat) <= 90 &&
    Math.abs(position.lng) <= 180;
  return (
    <section className="import-report__place" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>
        Place {row.row}
        {row.title ? `: ${row.title}` : ''}
        {row.id ? ` (${row.id})` : ''}
      </h4>
      <PositionPicker
        label={`Globe: click to place ${row.row}`}
        value={valid ? position : null}
        onChange={(picked) => {
          setLat(picked.lat.toFixed(5));
          setLng(picked.lng.toFixed(5));
        }}
      />
      <div className="position-field__numbers">
        <div className="field">
          <label htmlFor={`${id}-lat`}>Latitude</label>
          <input
            id={`${id}-lat`}
            inputMode="decimal"
            value={lat}
            onChange={(event) => setLat(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-lng`}>Longitude</label>
          <input
            id={`${id}-lng`}
            inputMode="decimal"
            value={lng}
            onChange={(event) => setLng(event.target.value)}
          />
        </div>
      </div>
      <div className="confirm-dialog__actions">
        <button type="button" disabled={!valid} onClick={() => onUse(position)}>
          Use this place
        </button>
        <button type="button" className="button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
