import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { PositionPicker } from '@/components/PositionPicker';
import type { EditorApi, ImportFile } from '@/features/editor/editorApi';
import { useEditorApi } from '@/features/editor/useEditorData';
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  REPORT_VALUE_MAX,
  type ImportReport,
  type ImportReportRow,
  type ImportResult,
  type RowPlace,
} from '@/lib/archiveImport';
import { ServiceError } from '@/lib/serviceApi';

/** Rows listed per group of the report; the counts say how many more there are. */
const ROWS_SHOWN = 300;

type Step =
  | { step: 'idle' }
  | { step: 'reading'; file: ImportFile }
  | { step: 'report'; file: ImportFile; report: ImportReport }
  | { step: 'importing'; file: ImportFile; report: ImportReport }
  | { step: 'done'; result: ImportResult };

const GROUPS: { action: ImportReportRow['action']; title: string; open: boolean }[] = [
  { action: 'refused', title: 'Refused', open: true },
  { action: 'update', title: 'To change', open: true },
  { action: 'create', title: 'To add', open: false },
  { action: 'unchanged', title: 'Unchanged', open: false },
];

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Reasons as one sentence, as the archive file's warnings write them: "a; b." */
const sentence = (reasons: readonly string[]) =>
  `${reasons.map((reason) => reason.replace(/\.$/, '')).join('; ')}.`;

const shortText = (text: string) =>
  text.length > REPORT_VALUE_MAX ? `${text.slice(0, REPORT_VALUE_MAX - 1)}…` : text;

/** The file as the service takes it: its text, and its format by its name or type. */
async function readFile(chosen: File): Promise<ImportFile> {
  const json = /\.json$/i.test(chosen.name) || chosen.type === 'application/json';
  return { name: chosen.name, format: json ? 'json' : 'csv', text: await chosen.text() };
}

/** What a row of the report can ask of the page: a place picked for it. */
interface RowActions {
  places: Readonly<Record<string, RowPlace>>;
  onPlace: (row: { row: string; id: string | null }) => void;
}

function RowDetails({ row, places, onPlace }: { row: ImportReportRow } & RowActions) {
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
          {row.title}
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
  places,
  onPlace,
}: {
  rows: readonly ImportReportRow[];
  title: string;
  open: boolean;
} & RowActions) {
  if (rows.length === 0) return null;
  const shown = rows.slice(0, ROWS_SHOWN);
  return (
    <details className="import-report__group" open={open}>
      <summary>
        {title} ({rows.length.toLocaleString('en')})
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
              <td>{row.id ?? '(no id)'}</td>
              <td>
                <RowDetails row={row} places={places} onPlace={onPlace} />
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

/** A place picked for a row that had none: on the globe, or typed. */
function PlaceRow({
  row,
  onUse,
  onCancel,
}: {
  row: { row: string; id: string | null };
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

function ExportSection({ api }: { api: EditorApi }) {
  const id = useId();
  const [journal, setJournal] = useState(false);
  const [busy, setBusy] = useState<'json' | 'csv' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function download(format: 'json' | 'csv') {
    setBusy(format);
    setProblem(null);
    try {
      const { blob, fileName } = await api.exportArchive(format, journal);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has the file once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The export could not be made.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby={`${id}-export`} className="import-page__section">
      <h2 id={`${id}-export`}>Export</h2>
      <p>
        The whole archive: as JSON with every field (an archive file, importable as it is), or as
        CSV with the import&apos;s columns, so that a spreadsheet can be edited and imported back.
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={journal}
          onChange={(event) => setJournal(event.target.checked)}
        />{' '}
        With the journal (JSON only): every change, who made it and when
      </label>
      <div className="confirm-dialog__actions">
        <button type="button" disabled={busy !== null} onClick={() => void download('json')}>
          {busy === 'json' ? 'Preparing…' : 'Download JSON'}
        </button>
        <button type="button" disabled={busy !== null} onClick={() => void download('csv')}>
          {busy === 'csv' ? 'Preparing…' : 'Download CSV'}
        </button>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <p className="field__hint">
        The public&apos;s open data, the published items with their credits and licences, is linked
        from <Link to="/resources">Resources</Link>.
      </p>
    </section>
  );
}

/**
 * `/editor/import`: an archive file in (CSV or JSON: a dry run reports every row, then the editor
 * confirms, and the import is one step, journaled) and out (JSON and CSV exports).
 */
export function ImportPage() {
  const api = useEditorApi();
  const id = useId();
  const [state, setState] = useState<Step>({ step: 'idle' });
  const [problem, setProblem] = useState<{ message: string; rerun: boolean } | null>(null);
  const [inputKey, setInputKey] = useState(0);
  // Places picked for rows that had none, by row; sent with the dry run and the import.
  const [places, setPlaces] = useState<Record<string, RowPlace>>({});
  const [placing, setPlacing] = useState<{ row: string; id: string | null } | null>(null);

  async function dryRun(file: ImportFile, picked: Record<string, RowPlace> = places) {
    setState({ step: 'reading', file });
    setProblem(null);
    setPlacing(null);
    try {
      setState({ step: 'report', file, report: await api.importDryRun(file, picked) });
    } catch (error) {
      setState({ step: 'idle' });
      setProblem({
        message: error instanceof Error ? error.message : 'The file could not be read.',
        rerun: false,
      });
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_FILE_BYTES) {
      setProblem({
        message: `${chosen.name} is too large to import: at most ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString('en')} rows. Import it in parts.`,
        rerun: false,
      });
      return;
    }
    setPlaces({});
    await dryRun(await readFile(chosen), {});
  }

  async function confirm(file: ImportFile, report: ImportReport) {
    setState({ step: 'importing', file, report });
    setProblem(null);
    try {
      const result = await api.importArchive(file, report.expected, places);
      setState({ step: 'done', result });
      setPlaces({});
      setInputKey((key) => key + 1);
    } catch (error) {
      setState({ step: 'report', file, report });
      setProblem({
        message: error instanceof Error ? error.message : 'The import failed.',
        rerun: error instanceof ServiceError && error.status === 409,
      });
    }
  }

  function reset() {
    setState({ step: 'idle' });
    setProblem(null);
    setPlaces({});
    setPlacing(null);
    setInputKey((key) => key + 1);
  }

  const report = state.step === 'report' || state.step === 'importing' ? state.report : null;
  const toWrite = report ? report.counts.create + report.counts.update : 0;
  return (
    <div className="editor-page import-page">
      <h1>Import and export</h1>
      <section aria-labelledby={`${id}-import`} className="import-page__section">
        <h2 id={`${id}-import`}>Import</h2>
        <p>
          A CSV file with a header row naming the item&apos;s fields (<code>video_id</code>,{' '}
          <code>title</code>, <code>youtube_url</code> — a link or the video&apos;s id —,{' '}
          <code>lat</code>, <code>lng</code>, <code>categories</code> and <code>links</code>{' '}
          separated by <code>;</code>, <code>description</code>, <code>date</code>,{' '}
          <code>credit</code>, <code>license</code>, <code>images</code>), as the CSV export writes
          it; or a JSON archive file. Nothing changes until you have read the dry run and confirmed
          it. A row whose id the archive has replaces that item. A row without a place can be placed
          in the dry run (<strong>Pick a place</strong>). Rows are numbered as a spreadsheet numbers
          them. At most {IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB and{' '}
          {IMPORT_MAX_ROWS.toLocaleString('en')} rows a file.
        </p>
        <div className="field">
          <label htmlFor={`${id}-file`}>Archive file (CSV or JSON)</label>
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            disabled={state.step === 'reading' || state.step === 'importing'}
            onChange={(event) => void choose(event)}
          />
        </div>
        {state.step === 'reading' && <p role="status">Reading {state.file.name}…</p>}
        {problem && (
          <div className="form-error" role="alert">
            <p>{problem.message}</p>
            {problem.rerun && (state.step === 'report' || state.step === 'importing') && (
              <button type="button" onClick={() => void dryRun(state.file)}>
                Run the dry run again
              </button>
            )}
          </div>
        )}
        {state.step === 'done' && (
          <p className="form-notice" role="status">
            Imported from {state.result.name}: {plural(state.result.created, 'item', 'items')}{' '}
            added, {plural(state.result.updated, 'item', 'items')} changed (
            {state.result.unchanged.toLocaleString('en')} unchanged,{' '}
            {state.result.refused.toLocaleString('en')} refused). The{' '}
            <Link to="/editor/journal">journal</Link> records each one;{' '}
            <Link to="/editor">all items</Link>.
          </p>
        )}
        {report && (state.step === 'report' || state.step === 'importing') && (
          <section className="import-report" aria-labelledby={`${id}-report`}>
            <h3 id={`${id}-report`}>Dry run of {report.name}</h3>
            <p role="status">
              {plural(report.rows.length, 'row', 'rows')}:{' '}
              {report.counts.create.toLocaleString('en')} to add,{' '}
              {report.counts.update.toLocaleString('en')} to change,{' '}
              {report.counts.unchanged.toLocaleString('en')} unchanged,{' '}
              {report.counts.refused.toLocaleString('en')} refused. Nothing is imported until you
              confirm.
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
                onCancel={() => setPlacing(null)}
                onUse={(place) => {
                  const picked = { ...places, [placing.row]: place };
                  setPlaces(picked);
                  void dryRun(state.file, picked);
                }}
              />
            )}
            {GROUPS.map((group) => (
              <ReportGroup
                key={group.action}
                title={group.title}
                open={group.open}
                rows={report.rows.filter((row) => row.action === group.action)}
                places={places}
                onPlace={setPlacing}
              />
            ))}
            <div className="confirm-dialog__actions">
              <button
                type="button"
                disabled={toWrite === 0 || state.step === 'importing'}
                onClick={() => void confirm(state.file, report)}
              >
                {state.step === 'importing'
                  ? 'Importing…'
                  : toWrite === 0
                    ? 'Nothing to import'
                    : `Import ${plural(toWrite, 'item', 'items')}`}
              </button>
              <button
                type="button"
                className="button-quiet"
                disabled={state.step === 'importing'}
                onClick={reset}
              >
                Cancel
              </button>
            </div>
          </section>
        )}
      </section>
      <ExportSection api={api} />
    </div>
  );
}
