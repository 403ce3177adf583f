import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuthAccess } from '@/features/auth/authAccess';
import { AuthErrorMessage } from '@/features/auth/AuthError';
import { toAuthError, type AuthError } from '@/features/auth/authErrors';
import { AuthPage, UsernameField, useNewPassword } from '@/features/auth/AuthFields';

/** The name people sign up with: letters, digits and `. _ - @ +`, as a pool accepts usernames. */
const USERNAME = /^[\p{L}\p{M}\p{N}._@+-]{1,128}$/u;

/**
 * /signup: a username (an email address works) and a password that meets the pool's rules, shown
 * and ticked as they type. The pool then sends a confirmation code (SPEC §7 SignUp, with an empty
 * attribute list).
 */
export function SignUpPage() {
  const { t } = useLingui();
  const access = useAuthAccess();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const newPassword = useNewPassword('password');
  const { password, tried } = newPassword;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthError | null>(null);

  const name = username.trim();
  const badName = name !== '' && !USERNAME.test(name);

  const submit = async () => {
    const passwordReady = newPassword.accept();
    if (badName || name === '' || !passwordReady) return;
    setPending(true);
    setError(null);
    try {
      const result = await (await access.load()).signUp(name, password);
      void navigate(
        result.confirmed ? '/signin' : `/confirm?username=${encodeURIComponent(name)}`,
        {
          state: result.confirmed
            ? { username: name, notice: msg`Your account is ready. Sign in.` }
            : { destination: result.destination },
        },
      );
    } catch (failure) {
      setError(toAuthError(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthPage title={t`Create an account`} enabled={access.enabled}>
      <p>{t`Accounts are for the archive's editors and contributors.`}</p>
      <form
        className="auth-form"
        aria-label={t`Create an account`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) void submit();
        }}
      >
        <UsernameField
          value={username}
          onChange={setUsername}
          invalid={badName || (tried && name === '')}
          hint={t`Letters, numbers and . _ - @ +, without spaces.`}
          error={
            badName || (tried && name === '')
              ? name === ''
                ? t`Choose a username.`
                : t`Use only letters, numbers and . _ - @ +.`
              : null
          }
        />
        {newPassword.fields}
        <button type="submit" className="auth-form__submit" disabled={pending} aria-busy={pending}>
          {pending ? t`Creating your account…` : t`Create account`}
        </button>
      </form>
      <AuthErrorMessage error={error} username={name} />
      <p className="auth-links">
        <Trans>
          Already have an account? <Link to="/signin">Sign in</Link>.
        </Trans>
      </p>
    </AuthPage>
  );
}
