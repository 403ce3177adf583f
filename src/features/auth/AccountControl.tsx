import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useAuthAccess } from '@/features/auth/authAccess';
import { toAuthError } from '@/features/auth/authErrors';
import { selectAuth, selectIsEditor, signedOut } from '@/features/auth/authSlice';
import { ROUTES } from '@/lib/routes';
import './AccountControl.css';

/**
 * The header's account entry: Sign in, or who is signed in with Sign out (and Editor, except
 * inside the editor area, whose own navigation is beside it).
 */
export function AccountControl({ editorLink = true }: { editorLink?: boolean }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const auth = useAppSelector(selectAuth);
  const isEditor = useAppSelector(selectIsEditor);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  if (!access.enabled) return null;
  if (auth.status !== 'signedIn')
    return (
      <li>
        <NavLink to="/signin">
          {t({ message: 'Sign in', comment: 'The header link to the sign-in page' })}
        </NavLink>
      </li>
    );

  const signOut = async () => {
    setPending(true);
    let notice: string | null = null;
    try {
      await (await access.load()).signOut();
    } catch (error) {
      // Signed out here all the same; the person is told what could not be done (in words
      // loaded only then: they are the account pages', not the start's).
      const failure = toAuthError(error);
      notice = await import('@/features/auth/authErrorWords').then(
        (words) => words.describeAuthError(failure),
        () => failure.message,
      );
    } finally {
      setPending(false);
      if (notice === null) void navigate('/');
      else void navigate(ROUTES.signin, { state: { notice } });
      // Said to be the person's doing, so that a page for signed-in people (/account) leaves the
      // way to this navigation rather than sending them to /signin.
      dispatch(signedOut('person'));
    }
  };

  const username = auth.username ?? '';
  return (
    <>
      {isEditor && editorLink && (
        <li>
          <Link to="/editor">
            {t({
              message: 'Editor',
              comment: 'The header link to the editor area, where editors look after the archive',
            })}
          </Link>
        </li>
      )}
      <li className="account">
        <Link
          to="/account"
          className="account__name"
          aria-label={t({
            message: `${username} (your account)`,
            comment: 'The header link to the account page, named by the signed-in username',
          })}
          title={t`Your account (signed in as ${username})`}
        >
          {auth.username}
        </Link>
        <button
          type="button"
          className="account__sign-out"
          disabled={pending}
          onClick={() => void signOut()}
        >
          {t({ message: 'Sign out', comment: 'The header button that signs the person out' })}
        </button>
      </li>
    </>
  );
}
