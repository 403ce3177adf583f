import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { PlaceRow } from '@/features/editor/PlaceRow';
import type { PlacedRow, ReportStep } from '@/features/editor/useImportPlan';
import {
  repairedRows,
  REPORT_VALUE_MAX,
  type ImportReportRow,
  type RowPlace,
} from '@/lib/archiveImport';

/** Rows listed per group of the report; the counts say how many more there are. */
const ROWS_SHOWN = 300;

const GROUPS: { action: ImportReportRow['action']; title: MessageDescriptor; open: boolean }[] = [
  {
    action: 'refused',
    title: msg({ message: 'Refused', comment: "A group of an import's dry run: rows it refuses" }),
    open: true,
  },
  {
    action: 'update',
    title: msg({
      message: 'To change',
      comment: "A group of an import's dry run: rows that change an item",
    }),
    open: true,
  },
  {
    action: 'create',
    title: msg({ message: 'To add', comment: "A group of an import's dry run: rows of new items" }),
    open: false,
  },
  {
    action: 'unchanged',
    title: msg({
      message: 'Unchanged',
      comment: "A group of an import's dry run: rows the archive already holds as they are",
    }),
    open: false,
  },
];

/** Reasons as one sentence, as the archive file's warnings write them: "a; b." */
const sentence = (reasons: readonly string[]) =>
  `${reasons.map((reason) => reason.replace(/\.$/, '')).join('; ')}.`;

const shortText = (text: string) =>
  text.length > REPORT_VALUE_MAX ? `${text.slice(0, REPORT_VALUE_MAX - 1)}…` : text;

/** A row's item as the editor knows it: by its title, with its id after it. */
function ItemName({ row }: { row: ImportReportRow }) {
  const { t } = useLingui();
  const title = 'title' in row && row.title ? row.title : null;
  if (title === null) return <>{row.id ?? t`(no title, no id)`}</>;
  return (
    <>
      {title}
      {row.id !== null && <span className="import-report__id"> ({row.id})</span>}
    </>
  );
}

/** What happens to a repaired row, and what was repaired (called while the report renders). */
function repairedWords(action: 'create' | 'update' | 'unchanged', notes: string): string {
  switch (action) {
    case 'create':
      return t({
        message: `Added, repaired: ${notes}`,
        comment: "An import's row of a new item, and what the import repaired in it",
      });
    case 'update':
      return t({
        message: `Changed, repaired: ${notes}`,
        comment: "An import's row that changes an item, and what the import repaired in it",
      });
    case 'unchanged':
      return t({
        message: `Unchanged, repaired: ${notes}`,
        comment: "An import's row the archive holds as it is, and what the import repaired in it",
      });
  }
}

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
  const { t } = useLingui();
  if (repairs && row.action !== 'refused')
    return <>{repairedWords(row.action, sentence(row.notes))}</>;
  const empty = t({ message: '(empty)', comment: 'A text field with nothing in it' });
  switch (row.action) {
    case 'refused': {
      const where = row.row;
      return (
        <>
          {sentence(row.reasons)}
          {row.needsPlace && (
            <>
              {' '}
              <button
                type="button"
                className="button-quiet"
                aria-label={t({
                  message: `Pick a place for ${where}`,
                  comment:
                    'The button that places a row of an import file; {where} is the row ("Row 7")',
                })}
                onClick={() => onPlace(row)}
              >
                {t`Pick a place`}
              </button>
            </>
          )}
        </>
      );
    }
    case 'update': {
      const notes = sentence(row.notes);
      return (
        <ul className="import-report__changes">
          {row.changes.map((change) => (
            <li key={change.field}>
              <strong>{change.field}</strong>: <del>{shortText(change.before) || empty}</del>
              {' → '}
              <ins>{shortText(change.after) || empty}</ins>
            </li>
          ))}
          {row.notes.length > 0 && <li>{t`Repaired: ${notes}`}</li>}
        </ul>
      );
    }
    case 'create': {
      const place = Object.hasOwn(places, row.row) ? places[row.row] : undefined;
      const notes = sentence(row.notes);
      const lat = place?.lat.toFixed(4);
      const lng = place?.lng.toFixed(4);
      return (
        <>
          {t({ message: 'New item', comment: 'A new item, made by an import or in the editor' })}
          {place && <> {t`(placed here at ${lat}, ${lng})`}</>}
          {row.notes.length > 0 && (
            <>
              {' '}
              {t({
                message: `(repaired: ${notes})`,
                comment: 'What an import repaired in a row of a new item',
              })}
            </>
          )}
        </>
      );
    }
    default:
      return <>{t`No difference.`}</>;
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
  const { t, i18n } = useLingui();
  if (rows.length === 0) return null;
  const shown = rows.slice(0, ROWS_SHOWN);
  const more = rows.length - shown.length;
  const listed = ROWS_SHOWN;
  return (
    <details className="import-report__group" open={open}>
      <summary>
        {title} ({i18n.number(rows.length)})
      </summary>
      <table>
        <thead>
          <tr>
            <th scope="col">
              {t({ message: 'Row', comment: "A column of an import's report: the file's row" })}
            </th>
            <th scope="col">
              {t({ message: 'Item', comment: "A column of an import's report: the row's item" })}
            </th>
            <th scope="col">
              {t({
                message: 'What happens',
                comment: "A column of an import's report: what the import does with the row",
              })}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.row}>
              <td>
                {row.row}
                {row.line !== undefined && Number(/\d+/.exec(row.row)?.[0]) !== row.line && (
                  <LineOf line={row.line} />
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
      {more > 0 && (
        <p className="field__hint">
          {t`The first ${listed} are listed; ${plural(more, { one: '# more', other: '# more' })}.`}
        </p>
      )}
    </details>
  );
}

/** Where a row of a CSV file starts, where that is not its row's number (a cell with line breaks). */
function LineOf({ line }: { line: number }) {
  const { t } = useLingui();
  return (
    <span className="import-report__line">
      , {t({ message: `line ${line}`, comment: 'The line of an import file a row starts on' })}
    </span>
  );
}

/**
 * The confirm button's words: what the import would write, or that it is writing (called while
 * the report renders).
 */
function importLabel(importing: boolean, toWrite: number): string {
  if (importing) return t`Importing…`;
  return toWrite === 0
    ? t`Nothing to import`
    : plural(toWrite, { one: 'Import # item', other: 'Import # items' });
}

/** The dry run's counts, in one sentence (called while the report renders). */
function countsWords(
  rowCount: number,
  counts: { create: string; update: string; unchanged: string; refusedCount: number },
  repairedCount: number,
): string {
  const { create, update, unchanged, refusedCount } = counts;
  if (repairedCount === 0) {
    return t`${plural(rowCount, { one: '# row', other: '# rows' })}: ${create} to add, ${update} to change, ${unchanged} unchanged, ${plural(refusedCount, { one: '# refused', other: '# refused' })}. Nothing is imported until you confirm.`;
  }
  return t`${plural(rowCount, { one: '# row', other: '# rows' })}: ${create} to add, ${update} to change, ${unchanged} unchanged, ${plural(refusedCount, { one: '# refused', other: '# refused' })}, ${plural(repairedCount, { one: '# row repaired', other: '# rows repaired' })} (listed first). Nothing is imported until you confirm.`;
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
  const { t, i18n } = useLingui();
  const id = useId();
  const { report } = step;
  const importing = step.step === 'importing';
  const toWrite = report.counts.create + report.counts.update;
  const repaired = repairedRows(report.rows);
  const name = report.name;
  return (
    <section className="import-report" aria-labelledby={`${id}-report`}>
      <h3 id={`${id}-report`}>{t`Dry run of ${name}`}</h3>
      <p role="status">
        {countsWords(
          report.rows.length,
          {
            create: i18n.number(report.counts.create),
            update: i18n.number(report.counts.update),
            unchanged: i18n.number(report.counts.unchanged),
            refusedCount: report.counts.refused,
          },
          repaired.length,
        )}
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
        title={t`Repaired on the way in`}
        open
        repairs
        rows={repaired}
        places={places}
        onPlace={onPlacing}
      />
      {GROUPS.map((group) => (
        <ReportGroup
          key={group.action}
          title={i18n._(group.title)}
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
          {t`Cancel`}
        </button>
      </div>
    </section>
  );
}
