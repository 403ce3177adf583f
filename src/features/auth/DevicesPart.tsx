import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Part, useAction } from '@/features/auth/accountParts';
import { AuthErrorMessage } from '@/features/auth/AuthError';
import { toAuthError, type AuthError } from '@/features/auth/authErrors';
import type { AccountDevice, AuthService } from '@/features/auth/cognitoAuth';
import { deviceName } from '@/features/auth/deviceName';
import { activeLanguage, formatLocale } from '@/i18n/i18n';

/**
 * A device's last sign-in, on the person's own clock (it is their device, not the archive's
 * story). English keeps the browser's own way of writing dates, as it always has; Spanish and
 * Bosnian are written in their language's way.
 */
const LAST_USE_STYLE = { dateStyle: 'medium', timeStyle: 'short' } as const;
const englishLastUse = new Intl.DateTimeFormat(undefined, LAST_USE_STYLE);
const lastUseFormats = new Map<string, Intl.DateTimeFormat>();

function lastUse(date: Date): string {
  const language = activeLanguage();
  if (language === 'en' || language === 'pseudo') return englishLastUse.format(date);
  const locale = formatLocale();
  let format = lastUseFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, LAST_USE_STYLE);
    lastUseFormats.set(locale, format);
  }
  return format.format(date);
}

/**
 * Devices: those remembered to skip the second sign-in step (ListDevices), each with Forget
 * (ForgetDevice), and Sign out everywhere (GlobalSignOut), which ends every session, this one's
 * too.
 */
export function DevicesPart({
  service,
  signedOutHere,
}: {
  service: AuthService;
  signedOutHere: (notice: MessageDescriptor) => void;
}) {
  const { t } = useLingui();
  const { pending, notice, error, run } = useAction();
  const [devices, setDevices] = useState<AccountDevice[] | null>(null);
  const [loadError, setLoadError] = useState<AuthError | null>(null);

  useEffect(() => {
    let live = true;
    service
      .devices()
      .then((found) => live && setDevices(found.filter((device) => device.remembered)))
      .catch((failure: unknown) => live && setLoadError(toAuthError(failure)));
    return () => {
      live = false;
    };
  }, [service]);

  return (
    <Part
      title={t({
        message: 'Devices',
        comment: 'The heading of the devices the account signed in on',
      })}
      notice={notice}
      error={error}
    >
      <h3>{t`Remembered devices`}</h3>
      {devices === null ? (
        loadError ? (
          <AuthErrorMessage error={loadError} />
        ) : (
          <p role="status">{t`Loading your devices…`}</p>
        )
      ) : devices.length === 0 ? (
        <p>
          {t({
            message:
              'None. When two-step sign-in asks for a code, tick “Remember this device” to skip the code on that device next time.',
            comment:
              'No remembered devices. “Remember this device” is the start of the checkbox beside the sign-in code: use the same words',
          })}
        </p>
      ) : (
        <ul className="device-list">
          {devices.map((device) => {
            const name = deviceName(device.name);
            const label = device.current
              ? t({
                  message: `${name} (this device)`,
                  comment: 'A remembered device that is the one in use now ("Firefox on Windows")',
                })
              : name;
            const when = device.lastSignIn && lastUse(device.lastSignIn);
            return (
              <li key={device.key} className="device-list__item">
                <span>
                  <strong>{label}</strong>
                  {when && (
                    <span className="device-list__when">
                      {t({
                        message: `Last sign-in ${when}`,
                        comment: 'When a remembered device last signed in: a date and a time',
                      })}
                    </span>
                  )}
                </span>
                <button
                  type="button"
                  className="auth-form__secondary"
                  disabled={pending}
                  aria-label={t({
                    message: `Forget ${label}`,
                    comment: 'The button that forgets a remembered device, named by the device',
                  })}
                  onClick={() =>
                    void run(async () => {
                      await service.forgetDevice(device.key);
                      setDevices((shown) => shown?.filter((each) => each.key !== device.key) ?? []);
                      return msg`${label} is forgotten: it asks for the code again at its next sign-in.`;
                    })
                  }
                >
                  {t({ message: 'Forget', comment: 'The button that forgets a remembered device' })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <h3>{t`Sign out everywhere`}</h3>
      <p>
        {t`Signed in on a computer you no longer have, or one you shared? Sign out everywhere ends every session of this account, this one too; each device must sign in again.`}
      </p>
      <button
        type="button"
        className="auth-form__secondary"
        disabled={pending}
        onClick={() =>
          void run(async () => {
            await service.signOutEverywhere();
            signedOutHere(msg`You are signed out on every device.`);
            return null;
          })
        }
      >
        {t`Sign out everywhere`}
      </button>
    </Part>
  );
}
