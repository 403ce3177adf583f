/**
 * The identity pool as production code sees it: the settings a service that checks the pool's
 * tokens or manages its users needs (the /login function), the same for a real Cognito pool and
 * for the development stand-in, and the stand-in as the Node server mounts it. The stand-in
 * itself lives in server/dev/identity/ and is loaded only when `IDENTITY=local`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONWebKeySet, JWTVerifyGetKey } from 'jose';

/**
 * What a service that checks the pool's tokens or manages its users needs (the /login function):
 * the same shape for the local server and for a real Cognito pool.
 */
export interface IdentitySettings {
  /** The tokens' `iss`: `http://127.0.0.1:{port}/local_GlobeArch` locally. */
  issuer: string;
  /**
   * The pool's public keys (made for this installation), which the front serves at
   * `/identity/{poolId}/.well-known/jwks.json`.
   */
  jwks: JSONWebKeySet;
  /** A key lookup over `jwks` for jose's `jwtVerify`: in-process, no fetch. */
  keys: JWTVerifyGetKey;
  poolId: string;
  /** The app client; the id token's `aud` and the access token's `client_id`. */
  clientId: string;
  /** The region to give an AWS SDK client (`local` for the local server). */
  region: string;
  /**
   * Where IAM-only calls go (AdminAddUserToGroup…): cognito-local's own URL on 127.0.0.1, which
   * answers only calls signed with `adminCredentials` and never a web page.
   */
  adminEndpoint: string;
  /**
   * Credentials for `adminEndpoint`: the access key id is this installation's secret (kept in its
   * folder); the emulator checks no signatures, so the secret key is a placeholder.
   */
  adminCredentials: { accessKeyId: string; secretAccessKey: string };
}

/** An account the development identity server keeps ready (printed at start-up). */
export interface ReadyAccount {
  username: string;
  password: string;
  email: string;
  groups: readonly string[];
}

/** A development identity server, as the Node server serves it at `/identity/` and stops it. */
export interface MountedIdentity extends IdentitySettings {
  /** Its data folder (absolute). */
  dir: string;
  /** The code that confirms every sign-up (and every forgotten-password reset). */
  confirmationCode: string;
  /** The accounts it keeps ready, with their passwords. */
  accounts: readonly ReadyAccount[];
  /** The front that answers the app's Cognito calls: serve it at `/identity/` (`path` below it). */
  handler: (req: IncomingMessage, res: ServerResponse, path?: string) => Promise<void>;
  /** Stops it; a temporary folder is removed. */
  stop(): Promise<void>;
}
