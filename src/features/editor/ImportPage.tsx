import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router';
import { DryRunReport } from '@/features/editor/DryRunReport';
import { ExportSection } from '@/features/editor/ExportSection';
import { useEditorApi } from '@/features/editor/useEditorData';
import { useImportPlan } from '@/features/editor/useImportPlan';
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  type ImportResult,
  type RepairedRow,
} from '@/lib/archiveImport';
import './editor.css';

/** What the import takes, said above its file input. */
function ImportHelp() {
  const { i18n } = useLingui();
  const megabytes = IMPORT_MAX_FILE_BYTES / 1024 / 1024;
  const rows = i18n.number(IMPORT_MAX_ROWS);
  return (
    <p>
      <Trans comment="The import's help: the names in code are the CSV columns and stay as they are; “Pick a place” is a button of the dry run's report">
        A CSV file with a header row naming the item&apos;s fields (<code>video_id</code>,{' '}
        <code>title</code>, <code>youtube_url</code> — a link or the video&apos;s id —,{' '}
        <code>lat</code>, <code>lng</code>, <code>categories</code> and <code>links</code> separated
        by <code>;</code>, <code>description</code>, <code>date</code>, <code>credit</code>,{' '}
        <code>license</code>, <code>images</code>), as the CSV export writes it; or a JSON archive
        file. Nothing changes until you have read the dry run and confirmed it. A row whose id the
        archive has replaces that item. A row without a place can be placed in the dry run (
        <strong>Pick a place</strong>). Rows are numbered as a spreadsheet numbers them. At most{' '}
        {megabytes} MB and {rows} rows a file.
      </Trans>
    </p>
  );
}

/** What an import did, in one sentence (called while the page renders). */
function importedWords(result: ImportResult, repairedCount: number, number: (n: number) => string) {
  const name = result.name;
  const created = result.created;
  const updated = result.updated;
  const unchanged = number(result.unchanged);
  const refusedCount = result.refused;
  if (repairedCount === 0) {
    return t`Imported from ${name}: ${plural(created, { one: '# item added', other: '# items added' })}, ${plural(updated, { one: '# item changed', other: '# items changed' })} (${unchanged} unchanged, ${plural(refusedCount, { one: '# refused', other: '# refused' })}).`;
  }
  return t`Imported from ${name}: ${plural(created, { one: '# item added', other: '# items added' })}, ${plural(updated, { one: '# item changed', other: '# items changed' })} (${unchanged} unchanged, ${plural(refusedCount, { one: '# refused', other: '# refused' })}, ${plural(repairedCount, { one: '# row repaired', other: '# rows repaired' })}).`;
}

/** What an import did, what it repaired on the way in, and the way to the journal. */
function ImportDone({ result, repaired }: { result: ImportResult; repaired: RepairedRow[] }) {
  const { t, i18n } = useLingui();
  return (
    <div className="form-notice" role="status">
      <p>
        {importedWords(result, repaired.length, (n) => i18n.number(n))}{' '}
        <Trans>
          The <Link to="/editor/journal">journal</Link> records each one;{' '}
          <Link to="/editor">all items</Link>.
        </Trans>
      </p>
      {repaired.length > 0 && (
        <>
          <p>{t`Repaired on the way in (check these items):`}</p>
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

/** That a file is being read by a dry run. */
function Reading({ name }: { name: string }) {
  const { t } = useLingui();
  return <p role="status">{t`Reading ${name}…`}</p>;
}

/**
 * `/editor/import`: an archive file in (CSV or JSON: a dry run reports every row, then the editor
 * confirms, and the import is one step, journaled) and out (JSON and CSV exports).
 */
export function ImportPage() {
  const { t } = useLingui();
  const api = useEditorApi();
  const id = useId();
  const plan = useImportPlan(api);
  const { state, problem } = plan;
  return (
    <div className="editor-page import-page">
      <h1>{t`Import and export`}</h1>
      <section aria-labelledby={`${id}-import`} className="import-page__section">
        <h2 id={`${id}-import`}>
          {t({
            message: 'Import',
            comment: 'The heading of the section that imports an archive file (a noun)',
          })}
        </h2>
        <ImportHelp />
        <div className="field">
          <label htmlFor={`${id}-file`}>{t`Archive file (CSV or JSON)`}</label>
          <input
            key={plan.inputKey}
            id={`${id}-file`}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            disabled={state.step === 'reading' || state.step === 'importing'}
            onChange={(event) => void plan.choose(event)}
          />
        </div>
        {state.step === 'reading' && <Reading name={state.file.name} />}
        {problem && (
          <div className="form-error" role="alert">
            <p>{problem.message}</p>
            {problem.rerun && (state.step === 'report' || state.step === 'importing') && (
              <button type="button" onClick={() => void plan.dryRun(state.file)}>
                {t`Run the dry run again`}
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
