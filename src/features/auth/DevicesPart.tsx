import { useEffect, useState } from 'react';
import { Part, useAction } from '@/features/auth/accountParts';
import { AuthErrorMessage } from '@/features/auth/AuthError';
import { toAuthError, type AuthError } from '@/features/auth/authErrors';
import type { AccountDevice, AuthService } from '@/features/auth/cognitoAuth';
import { deviceName } from '@/features/auth/deviceName';

const lastUse = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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
  signedOutHere: (notice: string) => void;
}) {
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
    <Part title="Devices" notice={notice} error={error}>
      <h3>Remembered devices</h3>
      {devices === null ? (
        loadError ? (
          <AuthErrorMessage error={loadError} />
        ) : (
          <p role="status">Loading your devices…</p>
        )
      ) : devices.length === 0 ? (
        <p>
          None. When two-step sign-in asks for a code, tick “Remember this device” to skip the code
          on that device next time.
        </p>
      ) : (
        <ul className="device-list">
          {devices.map((device) => {
            const name = deviceName(device.name);
            const label = device.current ? `${name} (this device)` : name;
            return (
              <li key={device.key} className="device-list__item">
                <span>
                  <strong>{label}</strong>
                  {device.lastSignIn && (
                    <span className="device-list__when">
                      Last sign-in {lastUse.format(device.lastSignIn)}
                    </span>
                  )}
                </span>
                <button
                  type="button"
                  className="auth-form__secondary"
                  disabled={pending}
                  aria-label={`Forget ${label}`}
                  onClick={() =>
                    void run(async () => {
                      await service.forgetDevice(device.key);
                      setDevices((shown) => shown?.filter((each) => each.key !== device.key) ?? []);
                      return `${label} is forgotten: it asks for the code again at its next sign-in.`;
                    })
                  }
                >
                  Forget
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <h3>Sign out everywhere</h3>
      <p>
        Signed in on a computer you no longer have, or one you shared? Sign out everywhere ends
        every session of this account, this one too; each device must sign in again.
      </p>
      <button
        type="button"
        className="auth-form__secondary"
        disabled={pending}
        onClick={() =>
          void run(async () => {
            await service.signOutEverywhere();
            signedOutHere('You are signed out on every device.');
            return null;
          })
        }
      >
        Sign out everywhere
      </button>
    </Part>
  );
}
