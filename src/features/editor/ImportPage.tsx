import { useId } from 'react';
import { Link } from 'react-router';
import { DryRunReport, plural } from '@/features/editor/DryRunReport';
import { ExportSection } from '@/features/editor/ExportSection';
import { useEditorApi } from '@/features/editor/useEditorData';
import { useImportPlan } from '@/features/editor/useImportPlan';
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  type ImportResult,
  type RepairedRow,
} from '@/lib/archiveImport';
import { countText } from '@/lib/numbers';
import './editor.css';

/** What the import takes, said above its file input. */
function ImportHelp() {
  return (
    <p>
      A CSV file with a header row naming the item&apos;s fields (<code>video_id</code>,{' '}
      <code>title</code>, <code>youtube_url</code> — a link or the video&apos;s id —,{' '}
      <code>lat</code>, <code>lng</code>, <code>categories</code> and <code>links</code> separated
      by <code>;</code>, <code>description</code>, <code>date</code>, <code>credit</code>,{' '}
      <code>license</code>, <code>images</code>), as the CSV export writes it; or a JSON archive
      file. Nothing changes until you have read the dry run and confirmed it. A row whose id the
      archive has replaces that item. A row without a place can be placed in the dry run (
      <strong>Pick a place</strong>). Rows are numbered as a spreadsheet numbers them. At most{' '}
      {IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB and {countText(IMPORT_MAX_ROWS)} rows a file.
    </p>
  );
}

/** What an import did, what it repaired on the way in, and the way to the journal. */
function ImportDone({ result, repaired }: { result: ImportResult; repaired: RepairedRow[] }) {
  return (
    <div className="form-notice" role="status">
      <p>
        Imported from {result.name}: {plural(result.created, 'item', 'items')} added,{' '}
        {plural(result.updated, 'item', 'items')} changed ({countText(result.unchanged)} unchanged,{' '}
        {countText(result.refused)} refused
        {repaired.length > 0 && `, ${plural(repaired.length, 'row', 'rows')} repaired`}). The{' '}
        <Link to="/editor/journal">journal</Link> records each one;{' '}
        <Link to="/editor">all items</Link>.
      </p>
      {repaired.length > 0 && (
        <>
          <p>Repaired on the way in (check these items):</p>
          <ul className="import-done__repaired">
            {repaired.map((row) => (
              <li key={row.row}>
                {row.row}, {row.title} ({row.id}): {row.notes.join('; ')}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * `/editor/import`: an archive file in (CSV or JSON: a dry run reports every row, then the editor
 * confirms, and the import is one step, journaled) and out (JSON and CSV exports).
 */
export function ImportPage() {
  const api = useEditorApi();
  const id = useId();
  const plan = useImportPlan(api);
  const { state, problem } = plan;
  return (
    <div className="editor-page import-page">
      <h1>Import and export</h1>
      <section aria-labelledby={`${id}-import`} className="import-page__section">
        <h2 id={`${id}-import`}>Import</h2>
        <ImportHelp />
        <div className="field">
          <label htmlFor={`${id}-file`}>Archive file (CSV or JSON)</label>
          <input
            key={plan.inputKey}
            id={`${id}-file`}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            disabled={state.step === 'reading' || state.step === 'importing'}
            onChange={(event) => void plan.choose(event)}
          />
        </div>
        {state.step === 'reading' && <p role="status">Reading {state.file.name}…</p>}
        {problem && (
          <div className="form-error" role="alert">
            <p>{problem.message}</p>
            {problem.rerun && (state.step === 'report' || state.step === 'importing') && (
              <button type="button" onClick={() => void plan.dryRun(state.file)}>
                Run the dry run again
              </button>
            )}
          </div>
        )}
        {state.step === 'done' && <ImportDone result={state.result} repaired={state.repaired} />}
        {(state.step === 'report' || state.step === 'importing') && (
          <DryRunReport
            step={state}
            places={plan.places}
            placing={plan.placing}
            onPlacing={plan.setPlacing}
            onPlaced={(row, place) => plan.place(state.file, row, place)}
            onConfirm={() => void plan.confirm(state.file, state.report)}
            onCancel={plan.reset}
          />
        )}
      </section>
      <ExportSection api={api} />
    </div>
  );
}
