import { EDITOR_GROUP } from '@/lib/constants';

/** When a session's two tokens expire, in seconds since the epoch (their `exp` claims). */
export interface TokenExpiries {
  idTokenExpiresAt: number;
  accessTokenExpiresAt: number;
}

/**
 * SPEC §4: a session is valid while the current time minus the clock drift is before both token
 * expiries. `clockDrift` is this device's clock minus the identity server's, in seconds (the
 * library measures it as now minus the tokens' issued-at when they arrive), so `now − drift` is
 * the server's time.
 */
export function isSessionValid(
  { idTokenExpiresAt, accessTokenExpiresAt }: TokenExpiries,
  nowSeconds: number,
  clockDrift: number,
): boolean {
  const adjusted = nowSeconds - clockDrift;
  return adjusted < idTokenExpiresAt && adjusted < accessTokenExpiresAt;
}

/** The groups an access token's payload lists (`cognito:groups`), strings only. */
export function groupsOf(payload: Readonly<Record<string, unknown>>): string[] {
  const groups = payload['cognito:groups'];
  return Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [];
}

/** SPEC §6: the group "editor" grants editor access. */
export function grantsEditor(groups: readonly string[]): boolean {
  return groups.includes(EDITOR_GROUP);
}
