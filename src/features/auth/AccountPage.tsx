import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useAuthAccess } from '@/features/auth/authAccess';
import { AuthPage, CodeField, useNewPassword } from '@/features/auth/AuthFields';
import { AuthErrorMessage } from '@/features/auth/AuthError';
import {
  ConfirmedAction,
  Part,
  submitted,
  useAction,
  type AccountPartProps,
} from '@/features/auth/accountParts';
import { AuthError, toAuthError } from '@/features/auth/authErrors';
import { DevicesPart } from '@/features/auth/DevicesPart';
import { TwoStepPart } from '@/features/auth/TwoStepPart';
import { selectAuth, signedOut } from '@/features/auth/authSlice';
import { useSessionChecked } from '@/features/auth/useSessionChecked';
import type { AccountDetails, AuthService } from '@/features/auth/cognitoAuth';
import { PasswordField } from '@/features/auth/PasswordField';
import { ROUTES } from '@/lib/routes';

/** The notice of a code sent to the e-mail address, and where it went (as the pool masks it). */
const sentTo = (destination: string | null): MessageDescriptor =>
  destination
    ? msg`A code is on its way to ${destination}. Enter it below to verify the address.`
    : msg`A code is on its way. Enter it below to verify the address.`;

/** The e-mail address: shown with whether it is verified, changed with the code sent to it. */
function EmailPart({ service, account, reload }: AccountPartProps) {
  const { t } = useLingui();
  const { pending, notice, error, run } = useAction();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  return (
    <Part title={t`E-mail address`} notice={notice} error={error}>
      <p>
        {account.email === null ? (
          t`No e-mail address yet. Add one to be able to reset a forgotten password.`
        ) : (
          <>
            <strong>{account.email}</strong>{' '}
            {account.emailVerified
              ? t({ message: '(verified)', comment: 'After the e-mail address: it is verified' })
              : t({
                  message: '(not verified yet)',
                  comment: 'After the e-mail address: it is not verified yet',
                })}
          </>
        )}
      </p>
      {account.email !== null && !account.emailVerified && (
        <form
          className="auth-form"
          aria-label={t`Verify your e-mail address`}
          onSubmit={submitted(() => {
            if (!pending)
              void run(async () => {
                await service.verifyEmail(code.trim());
                setCode('');
                await reload();
                return msg`Your e-mail address is verified.`;
              });
          })}
        >
          <CodeField value={code} onChange={setCode} />
          <button type="submit" className="auth-form__submit" disabled={pending}>
            {t({
              message: 'Verify',
              comment: 'The button that sends the code to verify the e-mail address',
            })}
          </button>
          <button
            type="button"
            className="auth-form__secondary"
            disabled={pending}
            onClick={() => void run(async () => sentTo(await service.sendEmailCode()))}
          >
            {t`Send a new code`}
          </button>
        </form>
      )}
      <form
        className="auth-form"
        aria-label={t`Change your e-mail address`}
        onSubmit={submitted(() => {
          if (!pending)
            void run(async () => {
              const destination = await service.changeEmail(email.trim());
              setEmail('');
              await reload();
              return sentTo(destination);
            });
        })}
      >
        <div className="field">
          <label htmlFor="account-email">{t`New e-mail address`}</label>
          <input
            id="account-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <button type="submit" className="auth-form__submit" disabled={pending}>
          {t`Change e-mail address`}
        </button>
      </form>
    </Part>
  );
}

/** ChangePassword: the current password, then a new one with the pool's rules. */
function PasswordPart({ service }: { service: AuthService }) {
  const { t } = useLingui();
  const { pending, notice, error, run } = useAction();
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword('newPassword');
  return (
    <Part title={t`Password`} notice={notice} error={error}>
      <form
        className="auth-form"
        aria-label={t`Change your password`}
        onSubmit={submitted(() => {
          if (!newPassword.accept() || pending) return;
          void run(async () => {
            try {
              await service.changePassword(current, newPassword.password);
            } catch (failure) {
              const reason = toAuthError(failure);
              // The pool's "Incorrect username or password." here means the current password
              // (said in the person's language by describeAuthError, by its code).
              if (reason.code === 'NotAuthorizedException' && /incorrect/i.test(reason.message)) {
                throw new AuthError('The current password is not right.', 'WrongCurrentPassword');
              }
              throw reason;
            }
            setCurrent('');
            newPassword.clear();
            return msg`Your password is changed.`;
          });
        })}
      >
        <PasswordField
          label={t`Current password`}
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
        />
        {newPassword.fields}
        <button type="submit" className="auth-form__submit" disabled={pending}>
          {t`Change password`}
        </button>
      </form>
    </Part>
  );
}

/** DeleteUser, behind a confirmation that says what goes and what stays. */
function DeletePart({
  service,
  username,
  signedOutHere,
}: {
  service: AuthService;
  username: string;
  signedOutHere: (notice: MessageDescriptor) => void;
}) {
  const { t } = useLingui();
  const { pending, notice, error, run } = useAction();
  return (
    <Part title={t`Delete account`} notice={notice} error={error}>
      <ConfirmedAction
        ask={t`Delete my account`}
        question={t`Delete your account?`}
        confirm={t`Delete it for good`}
        pendingLabel={t`Deleting…`}
        keep={t`Keep my account`}
        pending={pending}
        onConfirm={() =>
          void run(async () => {
            await service.deleteAccount();
            signedOutHere(msg`Your account is deleted.`);
            return null;
          })
        }
      >
        <p>
          <Trans>
            Delete the account <strong>{username}</strong>? Its sign-in, password and e-mail address
            are deleted for good, on every device. Media you submitted that the editors published
            stays in the archive, without your name.
          </Trans>
        </p>
      </ConfirmedAction>
    </Part>
  );
}

/**
 * /account, for a signed-in person: who they are and their e-mail address (GetUser), changing the
 * address with its code and the password (SPEC §7), two-step sign-in with an authenticator app,
 * remembered devices and signing out everywhere, and deleting the account.
 */
export function AccountPage() {
  const { t } = useLingui();
  const access = useAuthAccess();
  const auth = useAppSelector(selectAuth);
  const checked = useSessionChecked();
  const [service, setService] = useState<AuthService | null>(null);
  const [account, setAccount] = useState<AccountDetails | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  /** After this device is signed out from the page: to /signin with `notice`. */
  const signedOutHere = (notice: MessageDescriptor) => {
    void navigate(ROUTES.signin, { state: { notice } });
    dispatch(signedOut('person'));
  };

  const reload = useCallback(async () => {
    const loaded = await access.load();
    setService(loaded);
    setAccount(await loaded.account());
  }, [access]);

  useEffect(() => {
    if (!checked || auth.status !== 'signedIn') return;
    let live = true;
    access
      .load()
      .then(async (loaded) => {
        const details = await loaded.account();
        if (!live) return;
        setService(loaded);
        setAccount(details);
      })
      .catch((failure: unknown) => {
        if (live) setError(toAuthError(failure));
      });
    return () => {
      live = false;
    };
  }, [checked, auth.status, access]);

  const username = account?.username;

  if (checked && auth.status !== 'signedIn') {
    // Signed out by the person (here or in the header): the app is already taking them on.
    if (auth.byPerson) return null;
    return <Navigate to={ROUTES.signin} replace state={{ from: ROUTES.account }} />;
  }
  return (
    <AuthPage title={t`Your account`} enabled={access.enabled}>
      {!account || !service ? (
        error ? (
          <AuthErrorMessage error={error} />
        ) : (
          <p role="status">{t`Loading your account…`}</p>
        )
      ) : (
        <>
          <p>
            <Trans>
              Signed in as <strong>{username}</strong>.
            </Trans>
          </p>
          <EmailPart service={service} account={account} reload={reload} />
          <PasswordPart service={service} />
          <TwoStepPart service={service} account={account} reload={reload} />
          <DevicesPart service={service} signedOutHere={signedOutHere} />
          <DeletePart service={service} username={account.username} signedOutHere={signedOutHere} />
        </>
      )}
    </AuthPage>
  );
}
