import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { ensureEditorGroup, useAuthAccess } from '@/features/auth/authAccess';
import { toAuthError } from '@/features/auth/authErrors';
import { signedIn } from '@/features/auth/authSlice';
import type { SessionSummary } from '@/features/auth/cognitoAuth';

/**
 * What follows every successful sign-in (SPEC §6): the /login call that ensures the editor group
 * (a failure is only logged), a refresh so a group granted just now shows at once, then the page
 * the person came from.
 */
export function useFinishSignIn(returnTo: string) {
  const access = useAuthAccess();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    async (session: SessionSummary) => {
      await ensureEditorGroup(access.loginFunctionUrl, session.idToken);
      let latest = session;
      try {
        latest = (await (await access.load()).refresh()) ?? session;
      } catch (error) {
        console.warn(
          'The session could not be refreshed after sign-in:',
          toAuthError(error).message,
        );
      }
      dispatch(signedIn(latest));
      void navigate(returnTo, { replace: true });
    },
    [access, dispatch, navigate, returnTo],
  );
}
