import { Trans } from '@lingui/react/macro';

/**
 * Says that the form holds what was typed on an earlier visit in this tab (so nobody is surprised
 * to find it filled in on a shared computer) and offers to start over.
 */
export function DraftNotice({ restored, onStartOver }: { restored: boolean; onStartOver(): void }) {
  if (!restored) return null;
  return (
    <div className="form-notice draft-notice">
      <p>
        <Trans>What you wrote earlier in this visit is still here.</Trans>
      </p>
      <button type="button" className="auth-form__secondary" onClick={onStartOver}>
        <Trans comment="A button that empties a form a visitor had started filling in">
          Start over
        </Trans>
      </button>
    </div>
  );
}
