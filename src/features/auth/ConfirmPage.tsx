import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const access = useAuthAccess();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const location = useLocation();
  const sentTo = (location.state as { destination?: string | null } | null)?.destination ?? null;
  const [username, setUsername] = useState(search.get('username') ?? '');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<'confirm' | 'resend' | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  /**
   * Which code the notice tells of (the first, or one sent again) and where it went, as the pool
   * masks it; its words are said at render, in the language of the moment.
   */
  const [sent, setSent] = useState<{ again: boolean; to: string | null } | null>(
    search.get('username') ? { again: false, to: sentTo } : null,
  );
  const name = username.trim();
  const destination = sent?.to;
  const notice =
    sent === null
      ? null
      : sent.again
        ? destination
          ? t`A new code is on its way to ${destination}.`
          : t`A new code is on its way.`
        : destination
          ? t`We sent a confirmation code to ${destination}. Enter it below.`
          : t`We sent a confirmation code. Enter it below.`;

  const act = async (kind: 'confirm' | 'resend') => {
    setPending(kind);
    setError(null);
    try {
      const service = await access.load();
      if (kind === 'confirm') {
        await service.confirmSignUp(name, code.trim());
        void navigate('/signin', {
          state: { username: name, notice: msg`Your account is confirmed. Sign in.` },
        });
      } else {
        setSent({ again: true, to: await service.resendCode(name) });
      }
    } catch (failure) {
      setError(toAuthError(failure));
    } finally {
      setPending(null);
    }
  };

  return (
    <AuthPage title={t`Confirm your account`} enabled={access.enabled}>
      {notice && (
        <p className="form-notice" role="status">
          {notice}
        </p>
      )}
      <form
        className="auth-form"
        aria-label={t`Confirm your account`}
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) void act('confirm');
        }}
      >
        <UsernameField value={username} onChange={setUsername} />
        <CodeField label={t`Confirmation code`} value={code} onChange={setCode} />
        <button
          type="submit"
          className="auth-form__submit"
          disabled={pending !== null}
          aria-busy={pending === 'confirm'}
        >
          {pending === 'confirm'
            ? t`Confirming…`
            : t({ message: 'Confirm', comment: 'The button that sends the confirmation code' })}
        </button>
        <button
          type="button"
          className="auth-form__secondary"
          disabled={pending !== null || name === ''}
          onClick={() => void act('resend')}
        >
          {pending === 'resend' ? t`Sending…` : t`Send a new code`}
        </button>
      </form>
      <AuthErrorMessage error={error} username={name} />
      <p className="auth-links">
        <Trans>
          Confirmed already? <Link to="/signin">Sign in</Link>.
        </Trans>
      </p>
    </AuthPage>
  );
}
