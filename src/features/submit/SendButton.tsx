import { useLingui } from '@lingui/react/macro';

/** A community form's send button: "Sending…" and unusable while the form is on its way. */
export function SendButton({ sending, label }: { sending: boolean; label: string }) {
  const { t } = useLingui();
  return (
    <button type="submit" className="auth-form__submit" disabled={sending} aria-busy={sending}>
      {sending ? t({ message: 'Sending…', comment: 'A form on its way to the archive' }) : label}
    </button>
  );
}
