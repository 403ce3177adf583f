/**
 * What the SRP front's parts share (`srpFront.ts` composes them): its settings, the state one
 * front keeps between requests (challenge sessions, the password lockout, device tracking, the
 * password verifier) and the steps every call may take (passing a call on to cognito-local,
 * keeping a sign-in's refresh token, checking an access token).
 */
import type { JSONWebKeySet } from 'jose';
import {
  cognitoError,
  forward,
  parseObject,
  stringField,
  type CognitoReply,
  type ForwardedRequest,
} from './cognitoProtocol';
import { ChallengeSessions } from './challengeSessions';
import { createDeviceTracking, type DeviceTracking } from './deviceTracking';
import { AccessTokenError, type IdentityDirectory } from './identityDirectory';
import type { PasswordPolicy } from './localPool';
import {
  createPasswordLockout,
  PASSWORD_ATTEMPTS_EXCEEDED,
  type PasswordLockout,
} from './passwordLockout';
import { createPasswordVerifier, type PasswordVerifier } from './passwordVerifier';

/** Settings for `createSrpFront`. */
export interface SrpFrontOptions {
  /** cognito-local's base URL, which answers the calls the front passes on. */
  upstream: string;
  /** Headers that admit the front's requests upstream (`CognitoLocal.frontHeaders`). */
  upstreamHeaders?: Readonly<Record<string, string>>;
  /** The user pool id; SRP hashes the part after the underscore. */
  poolId: string;
  /** The pool's issuer (`iss`), for its OpenID configuration. */
  issuer: string;
  /** The pool's public keys, served at `/{poolId}/.well-known/jwks.json`. */
  jwks: JSONWebKeySet;
  /** The pool's password policy, checked on every new password (cognito-local checks none). */
  passwordPolicy: PasswordPolicy;
  directory: IdentityDirectory;
  /**
   * Origins other than the front's own that may call it from a browser (`APP_ORIGIN`); `*` is
   * ignored here: the public nodes list may be open to every site, accounts never are.
   */
  appOrigins?: readonly string[];
  /**
   * Answer whatever `Host` a request names: only when the server faces a network by choice
   * (`IDENTITY_ON_NETWORK=allow`). Otherwise only loopback names and the hosts of `appOrigins`
   * are answered, so a DNS-rebinding page (a site whose name now resolves to 127.0.0.1, and so is
   * "same-origin") is refused.
   */
  anyHost?: boolean;
  /**
   * Keys the code destinations made up for usernames the pool does not have (an installation
   * secret, so they are the same across restarts); random for this front when absent.
   */
  decoySecret?: string;
  /** How long a started sign-in stays answerable; Cognito's default is 3 minutes. */
  sessionTtlMs?: number;
  now?: () => number;
}

const SESSION_TTL_MS = 3 * 60_000;

/** The `__type` of a Cognito error answer, or null for any other answer. */
export function errorTypeOf(reply: CognitoReply): string | null {
  return reply.status === 200 ? null : (stringField(parseObject(reply.body), '__type') ?? null);
}

/** One SRP front's settings, state and shared steps, made once by `createSrpFront`. */
export interface FrontContext {
  directory: IdentityDirectory;
  passwordPolicy: PasswordPolicy;
  now: () => number;
  /** How long a started sign-in stays answerable. */
  ttl: number;
  verifier: PasswordVerifier;
  challenges: ChallengeSessions;
  lockout: PasswordLockout;
  devices: DeviceTracking;
  /** Passes a request on and remembers any challenge session in the answer. */
  pass(request: ForwardedRequest, clientId?: string): Promise<CognitoReply>;
  /** Keeps the refresh token of a sign-in finished by answering a challenge, as Cognito does. */
  keptTokens(reply: CognitoReply, username: string | undefined): Promise<CognitoReply>;
  /** A sign-in step's answer, seen by the lockout: tokens start the account's count afresh. */
  settled(reply: CognitoReply, username: string | undefined): CognitoReply;
  /** Cognito's refusal while the account is locked out. */
  attemptsExceeded(): CognitoReply;
  /** The username of a checked access token, or Cognito's refusal. */
  tokenHolder(token: string | undefined): Promise<string | CognitoReply>;
}

/** Creates the state and shared steps of one SRP front. */
export function createFrontContext(options: SrpFrontOptions): FrontContext {
  const { upstream, directory, passwordPolicy, poolId } = options;
  const now = options.now ?? Date.now;
  const ttl = options.sessionTtlMs ?? SESSION_TTL_MS;
  const verifier = createPasswordVerifier({ poolId, directory, ttlMs: ttl, now });
  const challenges = new ChallengeSessions(ttl, now);
  const lockout = createPasswordLockout({ now });

  /** Passes a request on and remembers any challenge session in the answer. */
  async function pass(request: ForwardedRequest, clientId = ''): Promise<CognitoReply> {
    const reply = await forward(upstream, request, options.upstreamHeaders);
    if (reply.status === 200) {
      const answer = parseObject(reply.body);
      const session = stringField(answer, 'Session');
      const name = stringField(answer, 'ChallengeName');
      if (session !== undefined && name !== undefined) {
        const parameters = answer?.ChallengeParameters;
        challenges.issued(session, {
          clientId,
          username:
            stringField(parameters, 'USER_ID_FOR_SRP') ?? stringField(parameters, 'USERNAME'),
          name,
        });
      }
    }
    return reply;
  }

  /**
   * A sign-in finished by answering a challenge (a new password, a code): its refresh token is
   * kept, as Cognito keeps it, so that the session can be refreshed. cognito-local does not.
   */
  async function keptTokens(reply: CognitoReply, username: string | undefined) {
    if (reply.status !== 200 || username === undefined) return reply;
    const result = parseObject(reply.body)?.AuthenticationResult;
    const token = stringField(result, 'RefreshToken');
    if (token !== undefined) await directory.keepRefreshToken(username, token);
    return reply;
  }

  const devices = createDeviceTracking({
    directory,
    region: poolId.slice(0, Math.max(poolId.indexOf('_'), 0)) || 'local',
    ttlMs: ttl,
    now,
    async answerUpstream(body, clientId) {
      const session = stringField(body, 'Session') ?? '';
      const holder = challenges.peek(session)?.username;
      const reply = await pass(
        { action: 'RespondToAuthChallenge', body: Buffer.from(JSON.stringify(body)) },
        clientId,
      );
      if (reply.status === 200) challenges.finish(session);
      return keptTokens(reply, holder);
    },
  });

  const attemptsExceeded = () => cognitoError('NotAuthorizedException', PASSWORD_ATTEMPTS_EXCEEDED);

  /**
   * A sign-in step's answer, seen by the lockout: tokens mean every proof was given, so the
   * account's count starts afresh. A right password alone does not: the count of wrong codes
   * at the next step must survive a fresh sign-in.
   */
  function settled(reply: CognitoReply, username: string | undefined): CognitoReply {
    if (username !== undefined && reply.status === 200) {
      if (parseObject(reply.body)?.AuthenticationResult) lockout.succeeded(username);
    }
    return reply;
  }

  /** The username of a checked access token, or Cognito's refusal. */
  async function tokenHolder(token: string | undefined): Promise<string | CognitoReply> {
    if (!token) {
      return cognitoError('InvalidParameterException', 'Missing required parameter AccessToken');
    }
    try {
      return await directory.verifyAccessToken(token);
    } catch (error) {
      if (error instanceof AccessTokenError) {
        return cognitoError('NotAuthorizedException', error.message);
      }
      throw error;
    }
  }

  return {
    directory,
    passwordPolicy,
    now,
    ttl,
    verifier,
    challenges,
    lockout,
    devices,
    pass,
    keptTokens,
    settled,
    attemptsExceeded,
    tokenHolder,
  };
}
