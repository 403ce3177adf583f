import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  ConfirmedAction,
  Part,
  submitted,
  useAction,
  type AccountPartProps,
} from '@/features/auth/accountParts';
import { AuthenticatorSecret } from '@/features/auth/AuthenticatorSecret';
import { CodeField } from '@/features/auth/AuthFields';
import type { AuthenticatorSetup } from '@/features/auth/cognitoAuth';

/**
 * Two-step sign-in with an authenticator app: turned on from a secret (shown as a QR code and as
 * text) and a code the app shows (AssociateSoftwareToken, VerifySoftwareToken, then the app made
 * the preferred second step); turned off behind a confirmation.
 */
export function TwoStepPart({ service, account, reload }: AccountPartProps) {
  const { t } = useLingui();
  const title = t({
    message: 'Two-step sign-in',
    comment: 'Signing in with a password, then a code from an authenticator app',
  });
  const { pending, notice, error, run } = useAction();
  const [setup, setSetup] = useState<AuthenticatorSetup | null>(null);
  const [code, setCode] = useState('');

  if (account.twoStep) {
    return (
      <Part title={title} notice={notice} error={error}>
        <p>
          <Trans comment="On: two-step sign-in is turned on">
            <strong>On.</strong> Signing in asks for a code from your authenticator app after your
            password, except on devices you chose to remember.
          </Trans>
        </p>
        <ConfirmedAction
          ask={t`Turn off two-step sign-in`}
          question={t`Turn off two-step sign-in?`}
          confirm={t({ message: 'Turn it off', comment: 'It: two-step sign-in' })}
          keep={t({ message: 'Keep it on', comment: 'It: two-step sign-in' })}
          pending={pending}
          onConfirm={() =>
            void run(async () => {
              await service.turnOffTwoStep();
              await reload();
              return msg`Two-step sign-in is off.`;
            })
          }
        >
          <p>
            {t({
              message: 'Without it, your password alone signs in to this account, on any device.',
              comment: 'It: two-step sign-in',
            })}
          </p>
        </ConfirmedAction>
      </Part>
    );
  }

  return (
    <Part title={title} notice={notice} error={error}>
      {setup === null ? (
        <>
          <p>
            <Trans comment="Off: two-step sign-in is turned off; it: two-step sign-in">
              <strong>Off.</strong> Turn it on to be asked, after your password, for a code from an
              authenticator app on your phone: a stolen password is then not enough to sign in.
            </Trans>
          </p>
          <button
            type="button"
            className="auth-form__secondary"
            disabled={pending}
            onClick={() =>
              void run(async () => {
                setSetup(await service.setUpAuthenticator());
                return null;
              })
            }
          >
            {t`Turn on two-step sign-in`}
          </button>
        </>
      ) : (
        <form
          className="auth-form"
          aria-label={t`Set up an authenticator app`}
          onSubmit={submitted(() => {
            if (!pending)
              void run(async () => {
                await service.confirmAuthenticator(code.trim());
                setSetup(null);
                setCode('');
                await reload();
                return msg`Two-step sign-in is on. Next time you sign in, have your authenticator app ready.`;
              });
          })}
        >
          <p>
            {t`Scan the QR code with your authenticator app, or type the secret into it; then enter the 6-digit code it shows.`}
          </p>
          <AuthenticatorSecret setup={setup} />
          <CodeField value={code} onChange={setCode} />
          <button type="submit" className="auth-form__submit" disabled={pending}>
            {t({ message: 'Verify and turn on', comment: 'Turn on: two-step sign-in' })}
          </button>
          <button
            type="button"
            className="auth-form__secondary"
            disabled={pending}
            onClick={() => {
              setSetup(null);
              setCode('');
            }}
          >
            {t`Cancel`}
          </button>
        </form>
      )}
    </Part>
  );
}
