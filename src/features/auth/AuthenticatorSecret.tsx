import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { AuthenticatorSetup } from '@/features/auth/cognitoAuth';

/**
 * An authenticator app's secret, as a QR code to scan and as text to type (in groups of four,
 * which the apps ignore). The QR encoder is loaded only when one is shown.
 */
export function AuthenticatorSecret({ setup }: { setup: AuthenticatorSetup }) {
  const { t } = useLingui();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(setup.otpauthUri, { margin: 1, width: 200 }))
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [setup.otpauthUri]);
  const secret = setup.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <>
      {qr && (
        <img className="auth-form__qr" src={qr} alt={t`QR code of the authenticator secret`} />
      )}
      <p>
        <Trans comment="The secret key an authenticator app is set up with, shown as text to type in">
          Secret: <code className="auth-form__secret">{secret}</code>
        </Trans>
      </p>
    </>
  );
}
