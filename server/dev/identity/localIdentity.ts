import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { runCognitoLocal, type CognitoLocal } from './cognitoLocal';
import {
  bootstrapLocalPool,
  DEFAULT_CONFIRMATION_CODE,
  LOCAL_CLIENT_ID,
  LOCAL_POOL_ID,
  SEEDED_ACCOUNTS,
  type SeededAccount,
} from './localPool';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { AccessTokenError, type IdentityDirectory, type StoredDevice } from './identityDirectory';
import type { LocalAuthFlow } from '../../config/serverConfig';
import { loadInstallationSecrets } from './signingKey';
import { createSrpFront, type SrpFront } from './srpFront';
import type { IdentitySettings, MountedIdentity } from '../../login/identityPool';

/** Where the local identity server keeps its users by default, from the working directory. */
export type { IdentitySettings };

export const DEFAULT_IDENTITY_DIR = 'data/identity';

/** A running local identity server. */
export interface LocalIdentity extends MountedIdentity {
  /** The accounts it keeps ready, with their passwords. */
  accounts: readonly SeededAccount[];
  /** The SRP front: serve it where the app's Cognito endpoint points (`/identity/`). */
  handler: SrpFront;
}

/** Settings for `startLocalIdentity`; all optional. */
export interface LocalIdentityOptions {
  /**
   * The data folder, default `data/identity` (from the working directory). `null`: a fresh
   * temporary folder, removed by `stop()`, for a server that must leave nothing behind.
   */
  dir?: string | null;
  /** Default `123456`. */
  confirmationCode?: string;
  /** Default the editor and the visitor of `SEEDED_ACCOUNTS`. */
  accounts?: readonly SeededAccount[];
  /** Where cognito-local's errors and delivered codes are reported (stderr by default). */
  log?: (line: string) => void;
  /** Origins besides the app's own that may call the identity front (`APP_ORIGIN`, not `*`). */
  appOrigins?: readonly string[];
  /** Answer any `Host`: the server faces a network by choice (see `SrpFrontOptions.anyHost`). */
  anyHost?: boolean;
  /**
   * The app's sign-in flow, which the local client allows beside SRP and refresh (default
   * `USER_SRP_AUTH`): `USER_PASSWORD_AUTH`, or `CUSTOM_AUTH` (the password, then a sign-in code).
   */
  authFlow?: LocalAuthFlow;
}

/**
 * Where a user's devices are kept: a field of cognito-local's user record (which has none of its
 * own), so they are saved, and deleted, with the user.
 */
const DEVICES_FIELD = 'GlobeArchiveDevices';
/**
 * When the user last signed out everywhere, as the first second (a token's `iat`) whose tokens
 * still work: a field of the user record, like the devices.
 */
const SIGNED_OUT_FIELD = 'GlobeArchiveTokensValidFrom';
type WithDevices = User & { [DEVICES_FIELD]?: StoredDevice[]; [SIGNED_OUT_FIELD]?: number };

function directoryOf(
  local: CognitoLocal,
  issuer: string,
  keys: JWTVerifyGetKey,
  { confirmationCode, log }: { confirmationCode: string; log: (line: string) => void },
): IdentityDirectory {
  const { cognito, ctx } = local;
  return {
    async findClient(clientId) {
      const client = await cognito.getAppClient(ctx, clientId);
      return client ? { authFlows: client.ExplicitAuthFlows ?? [] } : null;
    },
    async findUser(clientId, username) {
      const pool = await cognito.getUserPoolForClientId(ctx, clientId);
      const user = await pool.getUserByUsername(ctx, username);
      return user
        ? { username: user.Username, password: user.Password, enabled: user.Enabled !== false }
        : null;
    },
    async verifyAccessToken(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, keys, { issuer, algorithms: ['RS256'] }));
      } catch (error) {
        if (error instanceof errors.JWTExpired)
          throw new AccessTokenError('Access Token has expired');
        if (!(error instanceof errors.JOSEError)) throw error;
        throw new AccessTokenError('Invalid Access Token');
      }
      if (payload.token_use !== 'access' || typeof payload.username !== 'string') {
        throw new AccessTokenError('Invalid Access Token');
      }
      // A signature proves who the token was issued to, not that the pool still honours it: as
      // on Cognito, a token dies with its account, and with every session at a sign-out
      // everywhere.
      const pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
      const user = (await pool.getUserByUsername(ctx, payload.username)) as WithDevices | null;
      const sub = user?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
      if (!user || sub !== payload.sub) throw new AccessTokenError('User does not exist.');
      if (user.Enabled === false) throw new AccessTokenError('User is disabled.');
      if ((payload.iat ?? 0) < (user[SIGNED_OUT_FIELD] ?? 0)) {
        throw new AccessTokenError('Access Token has been revoked');
      }
      return payload.username;
    },
    async keepRefreshToken(username, token) {
      const pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
      const user = await pool.getUserByUsername(ctx, username);
      if (user && !(user.RefreshTokens ?? []).includes(token)) {
        await pool.storeRefreshToken(ctx, token, user);
      }
    },
    async signOutEverywhere(username) {
      const pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
      const user = await pool.getUserByUsername(ctx, username);
      if (!user) return;
      // Tokens say when they were issued to the second: every token issued before the next
      // second starts is revoked, and the answer waits for that second, so a sign-in after it
      // gets tokens that work.
      const revokedBefore = Math.floor(Date.now() / 1000) + 1;
      await pool.saveUser(ctx, {
        ...user,
        RefreshTokens: [],
        [SIGNED_OUT_FIELD]: revokedBefore,
      } as User);
      await new Promise((resolve) => setTimeout(resolve, revokedBefore * 1000 - Date.now()));
    },
    async devicesOf(username) {
      const pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
      const user = (await pool.getUserByUsername(ctx, username)) as WithDevices | null;
      return [...(user?.[DEVICES_FIELD] ?? [])].sort(
        (a, b) => b.lastAuthenticatedMs - a.lastAuthenticatedMs,
      );
    },
    async saveDevices(username, devices) {
      const pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
      const user = await pool.getUserByUsername(ctx, username);
      if (user) await pool.saveUser(ctx, { ...user, [DEVICES_FIELD]: [...devices] } as User);
    },
    async authenticatorSecretOf(username) {
      const pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
      const token = (await pool.getUserByUsername(ctx, username))?.SoftwareTokenMfaConfiguration;
      return token?.Verified && token.Secret ? token.Secret : null;
    },
    async newConfirmationCode(clientId, username) {
      const pool = await cognito.getUserPoolForClientId(ctx, clientId);
      const user = await pool.getUserByUsername(ctx, username);
      if (!user) return null;
      if (user.UserStatus !== 'UNCONFIRMED') return 'confirmed';
      // The local server's codes are all the one it prints at start (IDENTITY_CONFIRMATION_CODE).
      await pool.saveUser(ctx, {
        ...user,
        ConfirmationCode: confirmationCode,
        UserLastModifiedDate: new Date(),
      });
      const email = user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? null;
      log(
        `Identity: code ${confirmationCode} for ${user.Username} (to ${email ?? 'the console'}): sign-up confirmation, sent again.`,
      );
      return { sentTo: email };
    },
    deliverSignInCode(username) {
      log(`Identity: code ${confirmationCode} for ${username}: sign-in (custom challenge).`);
      return confirmationCode;
    },
  };
}

/**
 * Starts a local Cognito for development and tests: cognito-local in this process on 127.0.0.1
 * and a free port, its data in `dir`, bootstrapped on every start (idempotently) with the pool
 * `local_GlobeArch`, the client `globearchivelocalclient`, the group `editor` and the seeded
 * accounts, plus the SRP front that the app's amazon-cognito-identity-js signs in through.
 * Tokens are signed with a key made for this folder on its first start (`loadInstallationSecrets`).
 * Never start it for a deployment: it keeps passwords in clear text and its accounts' passwords
 * are printed; `readConfig` refuses it on a non-loopback `HOST` unless told otherwise.
 */
export async function startLocalIdentity(
  options: LocalIdentityOptions = {},
): Promise<LocalIdentity> {
  const temporary = options.dir === null;
  const dir =
    options.dir === null
      ? mkdtempSync(join(tmpdir(), 'globe-identity-'))
      : resolve(options.dir ?? DEFAULT_IDENTITY_DIR);
  const confirmationCode = options.confirmationCode ?? DEFAULT_CONFIRMATION_CODE;
  const accounts = options.accounts ?? SEEDED_ACCOUNTS;
  const log = options.log ?? ((line: string) => console.error(line));

  let local: CognitoLocal | null = null;
  const stop = async () => {
    await local?.close();
    if (temporary) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const secrets = await loadInstallationSecrets(dir);
    local = await runCognitoLocal({ dataDir: dir, confirmationCode, log, secrets });
    const passwordPolicy = await bootstrapLocalPool(
      local.cognito,
      local.ctx,
      accounts,
      options.authFlow ?? 'USER_SRP_AUTH',
    );
    const issuer = `${local.url}/${LOCAL_POOL_ID}`;
    return {
      issuer,
      jwks: secrets.jwks,
      keys: secrets.keys,
      poolId: LOCAL_POOL_ID,
      clientId: LOCAL_CLIENT_ID,
      region: 'local',
      adminEndpoint: local.url,
      adminCredentials: { accessKeyId: secrets.adminKeyId, secretAccessKey: 'unchecked' },
      dir,
      confirmationCode,
      accounts,
      handler: createSrpFront({
        upstream: local.url,
        upstreamHeaders: local.frontHeaders,
        poolId: LOCAL_POOL_ID,
        issuer,
        jwks: secrets.jwks,
        passwordPolicy,
        directory: directoryOf(local, issuer, secrets.keys, { confirmationCode, log }),
        decoySecret: secrets.adminKeyId,
        ...(options.appOrigins ? { appOrigins: options.appOrigins } : {}),
        anyHost: options.anyHost ?? false,
      }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
