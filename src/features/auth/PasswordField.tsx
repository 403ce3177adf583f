import { useId, useState } from 'react';
import { PASSWORD_RULES } from '@/lib/passwordRules';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** Show the pool's rules, each ticked as it is met (for a new password). */
  showRules?: boolean;
  invalid?: boolean;
}

/** A password input with a Show/Hide toggle and, for new passwords, the pool's rules. */
export function PasswordField({ label, value, onChange, autoComplete, showRules, invalid }: Props) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__with-button">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          required
          aria-invalid={invalid || undefined}
          aria-describedby={showRules ? `${id}-rules` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {showRules && (
        <ul className="password-rules" id={`${id}-rules`} aria-label="Password rules">
          {PASSWORD_RULES.map((rule) => {
            const met = rule.test(value);
            return (
              <li key={rule.id} className={met ? 'password-rules__met' : undefined}>
                <span aria-hidden="true">{met ? '✓' : '·'}</span> {rule.label}
                <span className="visually-hidden">{met ? ' (met)' : ' (not yet)'}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
