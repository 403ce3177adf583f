/**
 * The `website` field people never see and bots fill in: off-screen rather than `display: none`
 * (which some bots skip), out of the tab order, the accessibility tree and autofill, and without
 * a label, so nothing invites a person to type in it.
 */
export function HoneypotField({
  value,
  onChange,
}: {
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div className="form-trap" aria-hidden="true">
      <input
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
