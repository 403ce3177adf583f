import { useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const id = useId();
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const position = { lat: Number(lat), lng: Number(lng) };
  const valid =
    lat.trim() !== '' &&
    lng.trim() !== '' &&
    Math.abs(position.lat) <= 90 &&
    Math.abs(position.lng) <= 180;
  // The row as the report names it ("Row 7"), with its title and id where it has them.
  const where = row.row;
  const name = `${where}${row.title ? `: ${row.title}` : ''}${row.id ? ` (${row.id})` : ''}`;
  return (
    <section className="import-report__place" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>
        {t({
          message: `Place ${name}`,
          comment:
            'A heading, "place" as a verb: give a place to a row of an import file that had none; {name} is the row ("Row 7: its title (its id)")',
        })}
      </h4>
      <PositionPicker
        label={t({
          message: `Globe: click to place ${where}`,
          comment: 'The map that places a row of an import file; {where} is the row ("Row 7")',
        })}
        value={valid ? position : null}
        onChange={(picked) => {
          setLat(picked.lat.toFixed(5));
          setLng(picked.lng.toFixed(5));
        }}
      />
      <div className="position-field__numbers">
        <div className="field">
          <label htmlFor={`${id}-lat`}>{t`Latitude`}</label>
          <input
            id={`${id}-lat`}
            inputMode="decimal"
            value={lat}
            onChange={(event) => setLat(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-lng`}>{t`Longitude`}</label>
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
          {t`Use this place`}
        </button>
        <button type="button" className="button-quiet" onClick={onCancel}>
          {t`Cancel`}
        </button>
      </div>
    </section>
  );
}
