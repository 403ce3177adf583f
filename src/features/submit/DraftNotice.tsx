/**
 * Says that the form holds what was typed on an earlier visit in this tab (so nobody is surprised
 * to find it filled in on a shared computer) and offers to start over.
 */
export function DraftNotice({ restored, onStartOver }: { restored: boolean; onStartOver(): void }) {
  if (!restored) return null;
  return (
    <div className="form-notice draft-notice">
      <p>What you wrote earlier in this visit is still here.</p>
      <button type="button" className="auth-form__secondary" onClick={onStartOver}>
        Start over
      </button>
    </div>
  );
}
