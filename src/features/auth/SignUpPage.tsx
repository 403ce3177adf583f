import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuthAccess } from '@/features/auth/authAccess';
import { AuthErrorMessage } from '@/features/auth/AuthError';
import { toAuthError, type AuthError } from '@/features/auth/authErrors';
import { PasswordField } from '@/features/auth/PasswordField';
import { unmetPasswordRules } from '@/lib/passwordRules';

/** The name people sign up with: letters, digits and `. _ - @ +`, as a pool accepts usernames. */
const USERNAME = /^[\p{L}\p{M}\p{N}._@+-]{1,128}$/u;

/**
 * /signup: a username (an email address works) and a password that meets the pool's rules, shown
 * and ticked as they type. The pool then sends a confirmation code (SPEC §7 SignUp, with an empty
 * attribute list).
 */
export function SignUpPage() {
  const access = useAuthAccess();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthError | null>(null);
  const userId = useId();

  const name = username.trim();
  const badName = name !== '' && !USERNAME.test(name);
  const unmet = unmetPasswordRules(password);
  const mismatch = again !== '' && again !== password;

  const submit = async () => {
    setTried(true);
    if (badName || name === '' || unmet.length > 0 || password !== again) return;
    setPending(true);
    setError(null);
    try {
      const result = await (await access.load()).signUp(name, password);
      void navigate(
        result.confirmed ? '/signin' : `/confirm?username=${encodeURIComponent(name)}`,
        {
          state: result.confirmed
            ? { username: name, notice: 'Your account is ready. Sign in.' }
            : { destination: result.destination },
        },
      );
    } catch (failure) {
      setError(toAuthError(failure));
    } finally {
      setPending(false);
    }
  };

  if (!access.enabled)
    return (
      <div className="page">
        <h1>Create an account</h1>
        <p>Accounts are not available on this copy of the archive.</p>
      </div>
    );

  return (
    <div className="page page--auth">
      <h1>Create an account</h1>
      <p>Accounts are for the archive&apos;s editors and contributors.</p>
      <form
        className="auth-form"
        aria-label="Create an account"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) void submit();
        }}
      >
        <div className="field">
          <label htmlFor={userId}>Username or email</label>
          <input
            id={userId}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            aria-invalid={badName || (tried && name === '') || undefined}
            aria-describedby={`${userId}-hint`}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <p className="field__hint" id={`${userId}-hint`}>
            Letters, numbers and . _ - @ +, without spaces.
          </p>
          {(badName || (tried && name === '')) && (
            <p className="field__error" role="alert">
              {name === '' ? 'Choose a username.' : 'Use only letters, numbers and . _ - @ +.'}
            </p>
          )}
        </div>
        <PasswordField
          label="Password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          showRules
          invalid={tried && unmet.length > 0}
        />
        <PasswordField
          label="Password, again"
          value={again}
          onChange={setAgain}
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
            The password does not meet every rule yet.
          </p>
        )}
        <button type="submit" className="auth-form__submit" disabled={pending} aria-busy={pending}>
          {pending ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <AuthErrorMessage error={error} username={name} />
      <p className="auth-links">
        Already have an account? <Link to="/signin">Sign in</Link>.
      </p>
    </div>
  );
}
