import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuthAccess } from '@/features/auth/authAccess';
import { AuthPage, UsernameField } from '@/features/auth/AuthFields';
import { AuthErrorMessage } from '@/features/auth/AuthError';
import { isSessionOver, toAuthError, type AuthError } from '@/features/auth/authErrors';
import {
  CustomChallengeForm,
  MfaCodeForm,
  MfaSetupForm,
  NewPasswordForm,
  SelectMfaForm,
} from '@/features/auth/ChallengeForms';
import type { SignInStep } from '@/features/auth/cognitoAuth';
import { PasswordField } from '@/features/auth/PasswordField';
import { useFinishSignIn } from '@/features/auth/useFinishSignIn';

/** Where to go after signing in: the page that sent the person here, if it is one of ours. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/**
 * The notice another page sent the person here with: words already said (a string), or a message
 * (a descriptor, from `msg`), read in the active language.
 */
function noticeOf(state: unknown): string | MessageDescriptor | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  if (typeof notice === 'string') return notice;
  if (notice && typeof notice === 'object' && typeof (notice as { id?: unknown }).id === 'string')
    return notice as MessageDescriptor;
  return null;
}

/**
 * /signin: username and password (the configured flow: SRP by default, the plain password, or a
 * custom challenge after the password), then whatever challenge the pool asks for (SPEC §4): a
 * new password, an SMS or authenticator code, a choice of method, authenticator setup, or the
 * pool's custom challenge. An empty password goes to the library in the plain-password flow,
 * which refuses it in SPEC §5's words ('PASSWORD parameter is required').
 */
export function SignInPage() {
  const { t, i18n } = useLingui();
  const access = useAuthAccess();
  const location = useLocation();
  const finish = useFinishSignIn(returnPath(location.state));
  const sentNotice = noticeOf(location.state);
  const notice = typeof sentNotice === 'string' || !sentNotice ? sentNotice : i18n._(sentNotice);
  const [username, setUsername] = useState(
    () => (location.state as { username?: string } | null)?.username ?? '',
  );
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [step, setStep] = useState<SignInStep | null>(null);
  /** The pool asked its custom challenge again: the last answer was not accepted. */
  const [retry, setRetry] = useState(false);
  /** Counts the steps, so that a challenge asked again starts with an empty field. */
  const [stepNumber, setStepNumber] = useState(0);
  const [pending, setPending] = useState(false);
  /** The field left empty on submit, said at render (in the language of the moment). */
  const [missing, setMissing] = useState<'username' | 'password' | null>(null);
  const [error, setError] = useState<AuthError | null>(null);

  const run = async (attempt: () => Promise<SignInStep>) => {
    setPending(true);
    setError(null);
    try {
      const next = await attempt();
      if (next.kind === 'signedIn') {
        if (remember && next.rememberDevice) {
          try {
            await next.rememberDevice();
          } catch (failure) {
            // Signed in all the same; the next sign-in asks for the code again.
            console.warn('This device could not be remembered:', toAuthError(failure).message);
          }
        }
        await finish(next.session);
      } else {
        setRetry(next.kind === 'customChallenge' && step?.kind === 'customChallenge');
        setStep(next);
        setStepNumber((n) => n + 1);
      }
    } catch (failure) {
      const refused = toAuthError(failure);
      // A challenge's session that is over (lapsed, or too many wrong codes) cannot be answered
      // again: back to the password, with the reason.
      if (isSessionOver(refused)) setStep(null);
      setError(refused);
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthPage title={t`Sign in`} enabled={access.enabled}>
      {notice && step === null && (
        <p className="form-notice" role="status">
          {notice}
        </p>
      )}
      {step === null ? (
        <form
          className="auth-form"
          aria-label={t`Sign in`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (pending) return;
            const empty =
              username.trim() === ''
                ? 'username'
                : password === '' && access.authFlow !== 'USER_PASSWORD_AUTH'
                  ? 'password'
                  : null;
            setMissing(empty);
            if (empty === null)
              void run(async () => (await access.load()).signIn(username.trim(), password));
          }}
        >
          <UsernameField value={username} onChange={setUsername} />
          <PasswordField
            label={t`Password`}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
          />
          {missing && (
            <p className="form-error" role="alert">
              {missing === 'username' ? t`Enter your username or email.` : t`Enter your password.`}
            </p>
          )}
          <button
            type="submit"
            className="auth-form__submit"
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? t`Signing in…` : t`Sign in`}
          </button>
        </form>
      ) : step.kind === 'newPasswordRequired' ? (
        <NewPasswordForm step={step} pending={pending} onAnswer={(next) => void run(next)} />
      ) : step.kind === 'mfaCode' ? (
        <MfaCodeForm
          step={step}
          pending={pending}
          onAnswer={(next) => void run(next)}
          remember={remember}
          onRememberChange={setRemember}
        />
      ) : step.kind === 'selectMfa' ? (
        <SelectMfaForm step={step} pending={pending} onAnswer={(next) => void run(next)} />
      ) : step.kind === 'mfaSetup' ? (
        <MfaSetupForm step={step} pending={pending} onAnswer={(next) => void run(next)} />
      ) : step.kind === 'customChallenge' ? (
        <CustomChallengeForm
          key={stepNumber}
          step={step}
          pending={pending}
          retry={retry}
          onAnswer={(next) => void run(next)}
        />
      ) : null}
      <AuthErrorMessage error={error} username={username.trim()} />
      {step === null && (
        <>
          <p className="auth-links">
            <Link
              to={`/forgot-password${username.trim() ? `?username=${encodeURIComponent(username.trim())}` : ''}`}
            >
              {t`Forgot your password?`}
            </Link>
          </p>
          <p className="auth-links">
            <Trans>
              New here? <Link to="/signup">Create an account</Link>. Have a code?{' '}
              <Link to="/confirm">Confirm your account</Link>.
            </Trans>
          </p>
        </>
      )}
    </AuthPage>
  );
}
