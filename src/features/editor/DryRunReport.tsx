import { useId } from 'react';
import { PlaceRow } from '@/features/editor/PlaceRow';
import type { PlacedRow, ReportStep } from '@/features/editor/useImportPlan';
import { countText } from '@/lib/numbers';
import {
  repairedRows,
  REPORT_VALUE_MAX,
  type ImportReportRow,
  type RowPlace,
} from '@/lib/archiveImport';

/** Rows listed per group of the report; the counts say how many more there are. */
const ROWS_SHOWN = 300;

const GROUPS: { action: ImportReportRow['action']; title: string; open: boolean }[] = [
  { action: 'refused', title: 'Refused', open: true },
  { action: 'update', title: 'To change', open: true },
  { action: 'create', title: 'To add', open: false },
  { action: 'unchanged', title: 'Unchanged', open: false },
];

/** A count and its noun, as the import page writes it ("1 item", "1,200 rows"). */
export const plural = (n: number, one: string, many: string) =>
  `${countText(n)} ${n === 1 ? one : many}`;

/** Reasons as one sentence, as the archive file's warnings write them: "a; b." */
const sentence = (reasons: readonly string[]) =>
  `${reasons.map((reason) => reason.replace(/\.$/, '')).join('; ')}.`;

const shortText = (text: string) =>
  text.length > REPORT_VALUE_MAX ? `${text.slice(0, REPORT_VALUE_MAX - 1)}…` : text;

/** A row's item as the editor knows it: by its title, with its id after it. */
function ItemName({ row }: { row: ImportReportRow }) {
  const title = 'title' in row && row.title ? row.title : null;
  if (title === null) return <>{row.id ?? '(no title, no id)'}</>;
  return (
    <>
      {title}
      {row.id !== null && <span className="import-report__id"> ({row.id})</span>}
    </>
  );
}

/** What happens to a repaired row, and what was repaired. */
const REPAIRED_ACTION = { create: 'Added', update: 'Changed', unchanged: 'Unchanged' } as const;

/** What a row of the report can ask of the page: a place picked for it. */
interface RowActions {
  places: Readonly<Record<string, RowPlace>>;
  onPlace: (row: PlacedRow) => void;
}

function RowDetails({
  row,
  places,
  onPlace,
  repairs,
}: { row: ImportReportRow; repairs?: boolean } & RowActions) {
  if (repairs && row.action !== 'refused')
    return (
      <>
        {REPAIRED_ACTION[row.action]}, repaired: {sentence(row.notes)}
      </>
    );
  switch (row.action) {
    case 'refused':
      return (
        <>
          {sentence(row.reasons)}
          {row.needsPlace && (
            <>
              {' '}
              <button
                type="button"
                className="button-quiet"
                aria-label={`Pick a place for ${row.row}`}
                onClick={() => onPlace(row)}
              >
                Pick a place
              </button>
            </>
          )}
        </>
      );
    case 'update':
      return (
        <ul className="import-report__changes">
          {row.changes.map((change) => (
            <li key={change.field}>
              <strong>{change.field}</strong>: <del>{shortText(change.before) || '(empty)'}</del>
              {' → '}
              <ins>{shortText(change.after) || '(empty)'}</ins>
            </li>
          ))}
          {row.notes.length > 0 && <li>Repaired: {sentence(row.notes)}</li>}
        </ul>
      );
    case 'create': {
      const place = Object.hasOwn(places, row.row) ? places[row.row] : undefined;
      return (
        <>
          New item
          {place && (
            <>
              {' '}
              (placed here at {place.lat.toFixed(4)}, {place.lng.toFixed(4)})
            </>
          )}
          {row.notes.length > 0 && <> (repaired: {sentence(row.notes)})</>}
        </>
      );
    }
    default:
      return <>No difference.</>;
  }
}

function ReportGroup({
  rows,
  title,
  open,
  repairs,
  places,
  onPlace,
}: {
  rows: readonly ImportReportRow[];
  title: string;
  open: boolean;
  /** The group of repaired rows: what was repaired in each. */
  repairs?: boolean;
} & RowActions) {
  if (rows.length === 0) return null;
  const shown = rows.slice(0, ROWS_SHOWN);
  return (
    <details className="import-report__group" open={open}>
      <summary>
        {title} ({countText(rows.length)})
      </summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Item</th>
            <th scope="col">What happens</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.row}>
              <td>
                {row.row}
                {row.line !== undefined && Number(/\d+/.exec(row.row)?.[0]) !== row.line && (
                  <span className="import-report__line">, line {row.line}</span>
                )}
              </td>
              <td>
                <ItemName row={row} />
              </td>
              <td>
                <RowDetails row={row} places={places} onPlace={onPlace} repairs={repairs} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > shown.length && (
        <p className="field__hint">
          The first {ROWS_SHOWN} are listed; {plural(rows.length - shown.length, 'more', 'more')}.
        </p>
      )}
    </details>
  );
}

/** The confirm button's words: what the import would write, or that it is writing. */
function importLabel(importing: boolean, toWrite: number): string {
  if (importing) return 'Importing…';
  return toWrite === 0 ? 'Nothing to import' : `Import ${plural(toWrite, 'item', 'items')}`;
}

interface Props {
  step: ReportStep;
  places: Readonly<Record<string, RowPlace>>;
  /** The row being given a place, if any. */
  placing: PlacedRow | null;
  onPlacing: (row: PlacedRow | null) => void;
  /** The place picked for the row being placed. */
  onPlaced: (row: string, place: RowPlace) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A dry run's report: its counts and notes, the rows by what would happen to each (a place picked
 * for a row that had none), and the buttons that import it or start over.
 */
export function DryRunReport({
  step,
  places,
  placing,
  onPlacing,
  onPlaced,
  onConfirm,
  onCancel,
}: Props) {
  const id = useId();
  const { report } = step;
  const importing = step.step === 'importing';
  const toWrite = report.counts.create + report.counts.update;
  const repaired = repairedRows(report.rows);
  return (
    <section className="import-report" aria-labelledby={`${id}-report`}>
      <h3 id={`${id}-report`}>Dry run of {report.name}</h3>
      <p role="status">
        {plural(report.rows.length, 'row', 'rows')}: {countText(report.counts.create)} to add,{' '}
        {countText(report.counts.update)} to change, {countText(report.counts.unchanged)} unchanged,{' '}
        {countText(report.counts.refused)} refused
        {repaired.length > 0 &&
          `, ${plural(repaired.length, 'row', 'rows')} repaired (listed first)`}
        . Nothing is imported until you confirm.
      </p>
      {report.notes.length > 0 && (
        <ul>
          {report.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {placing && (
        <PlaceRow
          key={placing.row}
          row={placing}
          onCancel={() => onPlacing(null)}
          onUse={(place) => onPlaced(placing.row, place)}
        />
      )}
      <ReportGroup
        title="Repaired on the way in"
        open
        repairs
        rows={repaired}
        places={places}
        onPlace={onPlacing}
      />
      {GROUPS.map((group) => (
        <ReportGroup
          key={group.action}
          title={group.title}
          open={group.open}
          rows={report.rows.filter((row) => row.action === group.action)}
          places={places}
          onPlace={onPlacing}
        />
      ))}
      <div className="confirm-dialog__actions">
        <button type="button" disabled={toWrite === 0 || importing} onClick={onConfirm}>
          {importLabel(importing, toWrite)}
        </button>
        <button type="button" className="button-quiet" disabled={importing} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
