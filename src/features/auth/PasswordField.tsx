import { useLingui } from '@lingui/react/macro';
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
  const { t, i18n } = useLingui();
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
          {visible
            ? t({ message: 'Hide', comment: 'A button that hides the password typed in its field' })
            : t({
                message: 'Show',
                comment: 'A button that shows the password typed in its field as plain text',
              })}
        </button>
      </div>
      {showRules && (
        <ul className="password-rules" id={`${id}-rules`} aria-label={t`Password rules`}>
          {PASSWORD_RULES.map((rule) => {
            const met = rule.test(value);
            return (
              <li key={rule.id} className={met ? 'password-rules__met' : undefined}>
                <span aria-hidden="true">{met ? '✓' : '·'}</span> {i18n._(rule.label)}
                <span className="visually-hidden">
                  {' '}
                  {met
                    ? t({
                        message: '(met)',
                        comment: 'Said by screen readers after a password rule the password meets',
                      })
                    : t({
                        message: '(not yet)',
                        comment:
                          'Said by screen readers after a password rule the password does not meet yet',
                      })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
