import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { AuthError } from '@/features/auth/authErrors';
import { describeAuthError } from '@/features/auth/authErrorWords';

/** A failed step in words, announced to screen readers, with the way on where there is one. */
export function AuthErrorMessage({
  error,
  username,
}: {
  error: AuthError | null;
  username?: string;
}) {
  // Read in the active language, again whenever the visitor switches.
  const { t } = useLingui();
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {describeAuthError(error)}
      {error.code === 'UserNotConfirmedException' && (
        <>
          {' '}
          <Link to={`/confirm${username ? `?username=${encodeURIComponent(username)}` : ''}`}>
            {t`Confirm your account`}
          </Link>
        </>
      )}
      {error.code === 'UsernameExistsException' && (
        <>
          {' '}
          <Link to="/signin">{t`Sign in`}</Link>
        </>
      )}
    </p>
  );
}
