import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import type { EditorApi, ImportFile } from '@/features/editor/editorApi';
import { useEditorApi } from '@/features/editor/useEditorData';
import type { ImportReport, ImportReportRow, ImportResult } from '@/lib/archiveImport';
import { ServiceError } from '@/lib/serviceApi';

/** The largest file sent (the service's limit). */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** Rows listed per group of the report; the counts say how many more there are. */
const ROWS_SHOWN = 300;

/** Longest text shown of a value a change replaces. */
const VALUE_SHOWN = 160;

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
  text.length > VALUE_SHOWN ? `${text.slice(0, VALUE_SHOWN - 1)}…` : text;

/** The file as the service takes it: its text, and its format by its name or type. */
async function readFile(chosen: File): Promise<ImportFile> {
  const json = /\.json$/i.test(chosen.name) || chosen.type === 'application/json';
  return { name: chosen.name, format: json ? 'json' : 'csv', text: await chosen.text() };
}

function RowDetails({ row }: { row: ImportReportRow }) {
  switch (row.action) {
    case 'refused':
      return <>{sentence(row.reasons)}</>;
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
    case 'create':
      return (
        <>
          {row.title}
          {row.notes.length > 0 && <> (repaired: {sentence(row.notes)})</>}
        </>
      );
    default:
      return <>No difference.</>;
  }
}

function ReportGroup({
  rows,
  title,
  open,
}: {
  rows: readonly ImportReportRow[];
  title: string;
  open: boolean;
}) {
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
              <td>{row.row}</td>
              <td>{row.id ?? '(no id)'}</td>
              <td>
                <RowDetails row={row} />
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

  async function dryRun(file: ImportFile) {
    setState({ step: 'reading', file });
    setProblem(null);
    try {
      setState({ step: 'report', file, report: await api.importDryRun(file) });
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
    if (chosen.size > MAX_FILE_BYTES) {
      setProblem({
        message: `${chosen.name} is too large: at most ${MAX_FILE_BYTES / 1024 / 1024} MB.`,
        rerun: false,
      });
      return;
    }
    await dryRun(await readFile(chosen));
  }

  async function confirm(file: ImportFile, report: ImportReport) {
    setState({ step: 'importing', file, report });
    setProblem(null);
    try {
      const result = await api.importArchive(file, report.expected);
      setState({ step: 'done', result });
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
          it. A row whose id the archive has replaces that item.
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
            {GROUPS.map((group) => (
              <ReportGroup
                key={group.action}
                title={group.title}
                open={group.open}
                rows={report.rows.filter((row) => row.action === group.action)}
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
