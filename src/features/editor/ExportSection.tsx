import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { EditorApi } from '@/features/editor/editorApi';

/** Hands a file to the browser to save, as a link clicked for the editor. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The import page's export: the whole archive as JSON (with the journal if asked) or CSV. */
export function ExportSection({ api }: { api: EditorApi }) {
  const { t } = useLingui();
  const id = useId();
  const [journal, setJournal] = useState(false);
  const [busy, setBusy] = useState<'json' | 'csv' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function download(format: 'json' | 'csv') {
    setBusy(format);
    setProblem(null);
    try {
      const { blob, fileName } = await api.exportArchive(format, journal);
      saveFile(blob, fileName);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t`The export could not be made.`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby={`${id}-export`} className="import-page__section">
      <h2 id={`${id}-export`}>
        {t({
          message: 'Export',
          comment: 'The heading of the section that exports the archive to a file (a noun)',
        })}
      </h2>
      <p>
        {t`The whole archive: as JSON with every field (an archive file, importable as it is), or as CSV with the import's columns, so that a spreadsheet can be edited and imported back.`}
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={journal}
          onChange={(event) => setJournal(event.target.checked)}
        />{' '}
        {t`With the journal (JSON only): every change, who made it and when`}
      </label>
      <div className="confirm-dialog__actions">
        <button type="button" disabled={busy !== null} onClick={() => void download('json')}>
          {busy === 'json' ? t`Preparing…` : t`Download JSON`}
        </button>
        <button type="button" disabled={busy !== null} onClick={() => void download('csv')}>
          {busy === 'csv' ? t`Preparing…` : t`Download CSV`}
        </button>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <p className="field__hint">
        <Trans comment="“Resources” is the name of the public page the link opens">
          The public&apos;s open data, the published items with their credits and licences, is
          linked from <Link to="/resources">Resources</Link>.
        </Trans>
      </p>
    </section>
  );
}
