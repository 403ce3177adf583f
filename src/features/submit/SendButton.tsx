/** A community form's send button: "Sending…" and unusable while the form is on its way. */
export function SendButton({ sending, label }: { sending: boolean; label: string }) {
  return (
    <button type="submit" className="auth-form__submit" disabled={sending} aria-busy={sending}>
      {sending ? 'Sending…' : label}
    </button>
  );
}
