import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Loaded } from '@/features/editor/useEditorData';
import './editor.css';

/**
 * A form's page while what it edits and the archive's items load ("Loading…"), or when either
 * could not be read (`failed`, the heading, with the reason), each under the page's link back.
 */
export function OpeningState({
  back,
  loads,
  failed,
}: {
  back: ReactNode;
  loads: readonly Loaded<unknown>[];
  failed: string;
}) {
  const { t } = useLingui();
  const failure = loads.find((load) => load.status === 'failed');
  return (
    <div className="editor-page">
      {back}
      {failure === undefined ? (
        <p role="status">{t`Loading…`}</p>
      ) : (
        <>
          <h1>{failed}</h1>
          <p className="form-error" role="alert">
            {failure.message}
          </p>
        </>
      )}
    </div>
  );
}
