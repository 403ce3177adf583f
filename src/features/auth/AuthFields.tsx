import { useId, useState, type ReactNode } from 'react';
import { unmetPasswordRules } from '@/lib/passwordRules';
import { PasswordField } from '@/features/auth/PasswordField';
import './auth.css';

/** An account page's frame: its heading, or the plain word that accounts are off here. */
export function AuthPage({
  title,
  enabled,
  children,
}: {
  title: string;
  enabled: boolean;
  children: ReactNode;
}) {
  return (
    <div className={enabled ? 'page page--auth' : 'page'}>
      <h1>{title}</h1>
      {enabled ? children : <p>Accounts are not available on this copy of the archive.</p>}
    </div>
  );
}

/**
 * A one-time code field: the 6 digits the pool sent (sign-up, a password reset) or an SMS or
 * authenticator app shows; anything but digits is dropped as it is typed or pasted.
 */
export function CodeField({
  label = 'Code',
  value,
  onChange,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      />
    </div>
  );
}

/** The username field of every account form (an email address works as a username). */
export function UsernameField({
  value,
  onChange,
  invalid,
  hint,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  hint?: string;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Username or email</label>
      <input
        id={id}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A new password and its repeat, with the pool's rules ticked as it is typed, and what is still
 * wrong once the person has tried to submit (`tried`).
 */
export function NewPasswordFields({
  label,
  password,
  again,
  onPassword,
  onAgain,
  unmet,
  tried,
}: {
  label: string;
  password: string;
  again: string;
  onPassword: (value: string) => void;
  onAgain: (value: string) => void;
  unmet: readonly string[];
  tried: boolean;
}) {
  const mismatch = again !== '' && again !== password;
  return (
    <>
      <PasswordField
        label={label}
        value={password}
        onChange={onPassword}
        autoComplete="new-password"
        showRules
        invalid={tried && unmet.length > 0}
      />
      <PasswordField
        label={`${label}, again`}
        value={again}
        onChange={onAgain}
        autoComplete="new-password"
        invalid={mismatch}
      />
      {(mismatch || (tried && again !== password)) && (
        <p className="field__error" role="alert">
          The two passwords are not the same.
        </p>
      )}
      {tried && unmet.length > 0 && (
        <p className="field__error" role="alert">
          The {label.toLowerCase()} does not meet every rule yet.
        </p>
      )}
    </>
  );
}

/**
 * A new password and its repeat as one form keeps them: the fields (`NewPasswordFields`), whether
 * the person has tried to submit, `accept()` to call on submit (true when every rule is met and
 * the repeat matches) and `clear()` once the password is used.
 */
export function useNewPassword(label: string) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const unmet = unmetPasswordRules(password);
  return {
    password,
    tried,
    accept: () => {
      setTried(true);
      return unmet.length === 0 && password === again;
    },
    clear: () => {
      setPassword('');
      setAgain('');
      setTried(false);
    },
    fields: (
      <NewPasswordFields
        label={label}
        password={password}
        again={again}
        onPassword={setPassword}
        onAgain={setAgain}
        unmet={unmet}
        tried={tried}
      />
    ),
  };
}
