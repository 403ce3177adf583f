import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuthAccess } from '@/features/auth/authAccess';
import { AuthPage, CodeField, UsernameField } from '@/features/auth/AuthFields';
import { AuthErrorMessage } from '@/features/auth/AuthError';
import { toAuthError, type AuthError } from '@/features/auth/authErrors';

/**
 * /confirm: the code the pool sent after sign-up (SPEC §7 ConfirmSignUp, force alias creation
 * true), and a way to have it sent again.
 */
export function ConfirmPage() {
  const access = useAuthAccess();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const location = useLocation();
  const sentTo = (location.state as { destination?: string | null } | null)?.destination ?? null;
  const [username, setUsername] = useState(search.get('username') ?? '');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<'confirm' | 'resend' | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  const [notice, setNotice] = useState<string | null>(
    search.get('username')
      ? `We sent a confirmation code${sentTo ? ` to ${sentTo}` : ''}. Enter it below.`
      : null,
  );
  const name = username.trim();

  const act = async (kind: 'confirm' | 'resend') => {
    setPending(kind);
    setError(null);
    try {
      const service = await access.load();
      if (kind === 'confirm') {
        await service.confirmSignUp(name, code.trim());
        void navigate('/signin', {
          state: { username: name, notice: 'Your account is confirmed. Sign in.' },
        });
      } else {
        const destination = await service.resendCode(name);
        setNotice(`A new code is on its way${destination ? ` to ${destination}` : ''}.`);
      }
    } catch (failure) {
      setError(toAuthError(failure));
    } finally {
      setPending(null);
    }
  };

  return (
    <AuthPage title="Confirm your account" enabled={access.enabled}>
      {notice && (
        <p className="form-notice" role="status">
          {notice}
        </p>
      )}
      <form
        className="auth-form"
        aria-label="Confirm your account"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) void act('confirm');
        }}
      >
        <UsernameField value={username} onChange={setUsername} />
        <CodeField label="Confirmation code" value={code} onChange={setCode} />
        <button
          type="submit"
          className="auth-form__submit"
          disabled={pending !== null}
          aria-busy={pending === 'confirm'}
        >
          {pending === 'confirm' ? 'Confirming…' : 'Confirm'}
        </button>
        <button
          type="button"
          className="auth-form__secondary"
          disabled={pending !== null || name === ''}
          onClick={() => void act('resend')}
        >
          {pending === 'resend' ? 'Sending…' : 'Send a new code'}
        </button>
      </form>
      <AuthErrorMessage error={error} username={name} />
      <p className="auth-links">
        Confirmed already? <Link to="/signin">Sign in</Link>.
      </p>
    </AuthPage>
  );
}
