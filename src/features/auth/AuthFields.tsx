import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  return (
    <div className={enabled ? 'page page--auth' : 'page'}>
      <h1>{title}</h1>
      {enabled ? children : <p>{t`Accounts are not available on this copy of the archive.`}</p>}
    </div>
  );
}

/**
 * A one-time code field: the 6 digits the pool sent (sign-up, a password reset) or an SMS or
 * authenticator app shows; anything but digits is dropped as it is typed or pasted.
 */
export function CodeField({
  label,
  value,
  onChange,
}: {
  /** The field's label; "Code" unless given. */
  label?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        {label ??
          t({
            message: 'Code',
            comment: 'The label of the field for a one-time code (sent by e-mail, SMS or an app)',
          })}
      </label>
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
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t`Username or email`}</label>
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

/** Which password a form asks for: the account's first one, or a new one for an account. */
export type NewPasswordKind = 'password' | 'newPassword';

/** The words of each kind of new password: its label, its repeat's, and its unmet rules'. */
const NEW_PASSWORD_WORDS: Record<
  NewPasswordKind,
  { label: MessageDescriptor; again: MessageDescriptor; unmet: MessageDescriptor }
> = {
  password: {
    label: msg`Password`,
    again: msg({
      message: 'Password, again',
      comment: 'The label of the field where a new password is typed a second time',
    }),
    unmet: msg`The password does not meet every rule yet.`,
  },
  newPassword: {
    label: msg`New password`,
    again: msg({
      message: 'New password, again',
      comment: 'The label of the field where the new password is typed a second time',
    }),
    unmet: msg`The new password does not meet every rule yet.`,
  },
};

/**
 * A new password and its repeat, with the pool's rules ticked as it is typed, and what is still
 * wrong once the person has tried to submit (`tried`).
 */
export function NewPasswordFields({
  kind,
  password,
  again,
  onPassword,
  onAgain,
  unmet,
  tried,
}: {
  kind: NewPasswordKind;
  password: string;
  again: string;
  onPassword: (value: string) => void;
  onAgain: (value: string) => void;
  unmet: readonly string[];
  tried: boolean;
}) {
  const { t, i18n } = useLingui();
  const words = NEW_PASSWORD_WORDS[kind];
  const mismatch = again !== '' && again !== password;
  return (
    <>
      <PasswordField
        label={i18n._(words.label)}
        value={password}
        onChange={onPassword}
        autoComplete="new-password"
        showRules
        invalid={tried && unmet.length > 0}
      />
      <PasswordField
        label={i18n._(words.again)}
        value={again}
        onChange={onAgain}
        autoComplete="new-password"
        invalid={mismatch}
      />
      {(mismatch || (tried && again !== password)) && (
        <p className="field__error" role="alert">
          {t`The two passwords are not the same.`}
        </p>
      )}
      {tried && unmet.length > 0 && (
        <p className="field__error" role="alert">
          {i18n._(words.unmet)}
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
export function useNewPassword(kind: NewPasswordKind) {
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
        kind={kind}
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
