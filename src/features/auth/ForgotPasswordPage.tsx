import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuthAccess } from '@/features/auth/authAccess';
import { AuthPage, CodeField, UsernameField, useNewPassword } from '@/features/auth/AuthFields';
import { AuthErrorMessage } from '@/features/auth/AuthError';
import { AuthError, toAuthError } from '@/features/auth/authErrors';
import { i18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

/**
 * The answer to "send a code" for any username: nobody learns from it whether an account exists.
 * In the active language: call it where it is shown.
 */
export function codeSentNotice(username: string, destination: string | null): string {
  return destination
    ? i18n._(
        msg({
          message: `If "${username}" has an account, a code is on its way to ${destination}. Enter it below with a new password.`,
          comment:
            'The destination is an e-mail address as the sign-in service masks it (e***@e***)',
        }),
      )
    : i18n._(
        msg`If "${username}" has an account with an e-mail address, a code is on its way to it. Enter it below with a new password.`,
      );
}

/**
 * A failure of the reset in the words of this page. An unknown username is said as a wrong code
 * is (SPEC §7 ConfirmForgotPassword answers UserNotFoundException), so usernames cannot be probed.
 */
function resetError(error: AuthError): AuthError {
  if (error.code === 'UserNotFoundException') {
    return new AuthError('Invalid verification code provided.', 'CodeMismatchException');
  }
  return error;
}

/**
 * /forgot-password: a code sent to the account's e-mail (SPEC §7 ForgotPassword), then a new
 * password with that code and the pool's rules ticked as it is typed (ConfirmForgotPassword); then
 * the person signs in with it.
 */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const access = useAuthAccess();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [username, setUsername] = useState(search.get('username') ?? '');
  const [step, setStep] = useState<'ask' | 'reset'>('ask');
  const [code, setCode] = useState('');
  const newPassword = useNewPassword('newPassword');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthError | null>(null);
  /** The code sent: to whom and where, said at render (in the language of the moment). */
  const [sent, setSent] = useState<{ username: string; destination: string | null } | null>(null);
  const name = username.trim();

  const sendCode = async () => {
    setPending(true);
    setError(null);
    try {
      const service = await access.load();
      let destination: string | null = null;
      try {
        destination = await service.forgotPassword(name);
      } catch (failure) {
        // An unknown username is answered as a known one is.
        if (toAuthError(failure).code !== 'UserNotFoundException') throw failure;
      }
      setSent({ username: name, destination });
      setStep('reset');
    } catch (failure) {
      setError(toAuthError(failure));
    } finally {
      setPending(false);
    }
  };

  const reset = async () => {
    if (!newPassword.accept()) return;
    setPending(true);
    setError(null);
    try {
      const service = await access.load();
      await service.confirmForgotPassword(name, code.trim(), newPassword.password);
      void navigate(ROUTES.signin, {
        state: {
          username: name,
          notice: msg`Your password is changed. Sign in with the new one.`,
        },
      });
    } catch (failure) {
      setError(resetError(toAuthError(failure)));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthPage title={t`Reset your password`} enabled={access.enabled}>
      {sent && (
        <p className="form-notice" role="status">
          {codeSentNotice(sent.username, sent.destination)}
        </p>
      )}
      {step === 'ask' ? (
        <form
          className="auth-form"
          aria-label={t`Send a reset code`}
          onSubmit={(event) => {
            event.preventDefault();
            if (!pending) void sendCode();
          }}
        >
          <p>{t`Enter your username. We will send a code to your account's e-mail address.`}</p>
          <UsernameField value={username} onChange={setUsername} />
          <button
            type="submit"
            className="auth-form__submit"
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? t`Sending…` : t`Send a code`}
          </button>
        </form>
      ) : (
        <form
          className="auth-form"
          aria-label={t`Choose a new password`}
          onSubmit={(event) => {
            event.preventDefault();
            if (!pending) void reset();
          }}
        >
          <CodeField value={code} onChange={setCode} />
          {newPassword.fields}
          <button
            type="submit"
            className="auth-form__submit"
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? t`Please wait…` : t`Set the new password`}
          </button>
          <button
            type="button"
            className="auth-form__secondary"
            disabled={pending}
            onClick={() => void sendCode()}
          >
            {t`Send a new code`}
          </button>
        </form>
      )}
      <AuthErrorMessage error={error} username={name} />
      <p className="auth-links">
        <Trans comment="It: the password the person had forgotten">
          Remembered it? <Link to={ROUTES.signin}>Sign in</Link>.
        </Trans>
      </p>
    </AuthPage>
  );
}
