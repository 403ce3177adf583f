import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useEditorApi } from '@/features/editor/useEditorData';
import './PreservationPackage.css';

/** Where the download stands. */
type Step =
  { step: 'idle' } | { step: 'asking' } | { step: 'started' } | { step: 'failed'; message: string };

/** Lets the browser follow `url` itself, so that the file streams to disk (never into memory). */
function followDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * /resources for editors (issue 52): the preservation package, the published archive as a BagIt
 * bag in one tar file, streamed by the service while it is made.
 */
export function PreservationPackage() {
  const { t } = useLingui();
  const api = useEditorApi();
  const [state, setState] = useState<Step>({ step: 'idle' });

  async function download() {
    setState({ step: 'asking' });
    try {
      followDownload(await api.packageLink());
      setState({ step: 'started' });
    } catch (error) {
      setState({
        step: 'failed',
        message: error instanceof Error ? error.message : t`The package could not be made.`,
      });
    }
  }

  return (
    <section className="panel preservation-package" aria-labelledby="preservation-package-heading">
      <h2 id="preservation-package-heading">
        {t({
          message: 'Preservation package',
          comment:
            "For editors, on /resources: the heading of the download of the whole archive in the Library of Congress's BagIt format",
        })}
      </h2>
      <p>
        {t`For editors: the whole published archive as a BagIt bag, the format libraries and archives use to hand a collection over and check it byte by byte. It holds the items and stories as JSON and CSV, their history of changes, every photo the archive keeps, and the licences and terms, each file with its SHA-256 checksum.`}
      </p>
      <p className="field__hint">
        {t`It comes as one tar file, made while it downloads, so a large archive takes a while. Once unpacked, check it with npm run verify:bag and the folder's name.`}
      </p>
      <div className="confirm-dialog__actions">
        <button
          type="button"
          className="button-quiet"
          disabled={state.step === 'asking'}
          onClick={() => void download()}
        >
          {state.step === 'asking' ? t`Preparing…` : t`Download the package`}
        </button>
      </div>
      {state.step === 'started' && (
        <p role="status">{t`The download has started; your browser shows how far it is.`}</p>
      )}
      {state.step === 'failed' && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
    </section>
  );
}
