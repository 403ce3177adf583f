import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONWebKeySet } from 'jose';
import { isLoopbackHost } from '../../config/serverConfig';
import { createCorsPolicy } from '../../app/cors';
import {
  cognitoError,
  forward,
  isCognitoJson,
  jsonReply,
  parseObject,
  parseTarget,
  readBody,
  sendReply,
  stringField,
  type CognitoReply,
  type ForwardedRequest,
} from './cognitoProtocol';
import { createAccountCodes } from './accountCodes';
import { createDeviceTracking, DEVICE_ACTIONS } from './deviceTracking';
import { ChallengeSessions } from './challengeSessions';
import { ExpiringMap } from './expiringMap';
import { AccessTokenError, type IdentityDirectory } from './identityDirectory';
import type { PasswordPolicy } from './localPool';
import { createPasswordLockout, PASSWORD_ATTEMPTS_EXCEEDED } from './passwordLockout';
import { passwordPolicyViolation } from './passwordPolicy';
import { createPasswordVerifier, INCORRECT_CREDENTIALS, SESSION_EXPIRED } from './passwordVerifier';
import {
  attributeNames,
  deletedAttributeNames,
  maskedDestination,
  unwritableAttribute,
} from './userAttributes';

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

/**
 * The front's HTTP handler. `path` is the request's path below the front's mount point (`/` for
 * the API, `/{poolId}/.well-known/jwks.json` for the keys); it defaults to the request's URL.
 */
export type SrpFront = (req: IncomingMessage, res: ServerResponse, path?: string) => Promise<void>;

const SESSION_TTL_MS = 3 * 60_000;
/** The app's requests are a few hundred bytes; anything near this is not one of them. */
const MAX_BODY_BYTES = 256 * 1024;
/** What Cognito allows a client whose ExplicitAuthFlows were never set. */
const DEFAULT_AUTH_FLOWS = ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_CUSTOM_AUTH'];
/** The flows InitiateAuth takes; the ADMIN_ ones are AdminInitiateAuth's, for IAM callers only. */
const AUTH_FLOWS = [
  'USER_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'CUSTOM_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'USER_AUTH',
];
/** The headers a browser may send cross-origin: what amazon-cognito-identity-js sends. */
const REQUEST_HEADERS = 'Content-Type, X-Amz-Target, X-Amz-User-Agent, Cache-Control';
/**
 * Actions that act on the signed-in user named by an `AccessToken`. cognito-local only decodes
 * that token, so the front checks its signature, issuer and expiry before passing any of them on.
 */
const ACCESS_TOKEN_ACTIONS = new Set([
  'ChangePassword',
  'ConfirmDevice',
  'DeleteUser',
  'DeleteUserAttributes',
  'ForgetDevice',
  'GetDevice',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'ListDevices',
  'SetUserMFAPreference',
  'SetUserSettings',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
]);
/** Actions that take an `AccessToken` or, during an MFA set-up challenge, its `Session`. */
const TOKEN_OR_SESSION_ACTIONS = new Set(['AssociateSoftwareToken', 'VerifySoftwareToken']);

/**
 * What the local pool's custom challenge asks (CUSTOM_AUTH): after the password, the sign-in code
 * the identity server printed, as a pool's CreateAuthChallenge function would e-mail one. The
 * app shows `prompt` as it is.
 */
export const CUSTOM_CHALLENGE_PROMPT =
  'Enter the sign-in code we sent you. (The local identity server prints it in its log.)';
/** Answers a custom challenge takes before the sign-in must start again, as a typical pool's. */
const CUSTOM_ANSWER_TRIES = 3;

/** A custom challenge issued after the password, kept under its Session until answered. */
interface PendingCustom {
  clientId: string;
  username: string;
  code: string;
  triesLeft: number;
  deviceKey: string | undefined;
}

function allowsFlow(authFlows: readonly string[], flow: string): boolean {
  const allowed = authFlows.length > 0 ? authFlows : DEFAULT_AUTH_FLOWS;
  const name = flow === 'REFRESH_TOKEN' ? 'REFRESH_TOKEN_AUTH' : flow;
  // The legacy names (USER_PASSWORD_AUTH without ALLOW_) still count.
  return allowed.includes(`ALLOW_${name}`) || allowed.includes(name);
}

function internalInitiateAuth(body: unknown): ForwardedRequest {
  return { action: 'InitiateAuth', body: Buffer.from(JSON.stringify(body)) };
}

/** The host name of a `Host` header (`[::1]:5173` → `[::1]`), or null when it is none. */
function hostNameOf(host: string | undefined): string | null {
  if (host === undefined || host === '') return null;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/** Whether a browser's `Origin` is the front's own site (the app served beside it). */
function isSameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** The `__type` of a Cognito error answer, or null for any other answer. */
function errorTypeOf(reply: CognitoReply): string | null {
  return reply.status === 200 ? null : (stringField(parseObject(reply.body), '__type') ?? null);
}

/**
 * Creates the SRP front: an HTTP handler that speaks Cognito's JSON protocol in front of
 * cognito-local, adding what cognito-local lacks and the app needs: USER_SRP_AUTH (the default
 * sign-in of amazon-cognito-identity-js), GlobalSignOut, the pool's password policy, the client's
 * allowed auth flows, challenge sessions, checked access tokens, wrong-password lockouts and the
 * pool's keys. Only the calls a browser may make on Cognito (`parseTarget`) are answered; the
 * rest are refused as Cognito refuses them, and nothing else on cognito-local is reachable.
 * Local development only: it checks passwords against the clear ones cognito-local stores.
 */
export function createSrpFront(options: SrpFrontOptions): SrpFront {
  const { upstream, directory, passwordPolicy, poolId } = options;
  const now = options.now ?? Date.now;
  const ttl = options.sessionTtlMs ?? SESSION_TTL_MS;
  const verifier = createPasswordVerifier({ poolId, directory, ttlMs: ttl, now });
  const challenges = new ChallengeSessions(ttl, now);
  /** SRP password checks started by a CUSTOM_AUTH sign-in, by their SECRET_BLOCK. */
  const customPasswordChecks = new ExpiringMap<true>(ttl, now);
  const customChallenges = new ExpiringMap<PendingCustom>(ttl, now);
  const lockout = createPasswordLockout({ now });
  const cors = createCorsPolicy(
    (options.appOrigins ?? []).filter((origin) => origin !== '*'),
    { methods: 'POST, OPTIONS', requestHeaders: REQUEST_HEADERS },
  );
  const appHosts = new Set(
    (options.appOrigins ?? []).filter((origin) => origin !== '*').map((o) => new URL(o).hostname),
  );
  /** Whether the request names a host this front answers for (see `anyHost`). */
  function isOwnHost(host: string | undefined): boolean {
    if (options.anyHost) return true;
    const name = hostNameOf(host);
    return name !== null && (isLoopbackHost(name) || appHosts.has(name));
  }
  const keysPath = `/${poolId}/.well-known/jwks.json`;
  const configurationPath = `/${poolId}/.well-known/openid-configuration`;

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

  /**
   * Answers a PASSWORD_VERIFIER. Once the password is proven, cognito-local's own password flow
   * issues the tokens (or the next challenge), so they are exactly what it would give.
   */
  async function verifyPassword(clientId: string, input: Record<string, unknown>) {
    const claimed = stringField(input.ChallengeResponses, 'USERNAME') ?? '';
    if (lockout.isLocked(claimed)) return attemptsExceeded();
    const deviceKey = stringField(input.ChallengeResponses, 'DEVICE_KEY');
    // Before the answer is used up: the client drops an unknown device and sends it again.
    const unknownDevice = await devices.unknownDevice(clientId, claimed, deviceKey);
    if (unknownDevice) return unknownDevice;
    const outcome = verifier.verify(clientId, input.ChallengeResponses);
    if ('refusal' in outcome) {
      if (outcome.wrongPasswordFor !== undefined) lockout.failed(outcome.wrongPasswordFor, true);
      return outcome.refusal;
    }
    if (lockout.isLocked(outcome.user.username)) return attemptsExceeded();
    const block = stringField(input.ChallengeResponses, 'PASSWORD_CLAIM_SECRET_BLOCK') ?? '';
    if (customPasswordChecks.take(block)) {
      return customChallenge({
        clientId,
        username: outcome.user.username,
        code: directory.deliverSignInCode(outcome.user.username),
        triesLeft: CUSTOM_ANSWER_TRIES,
        deviceKey,
      });
    }
    return signIn(clientId, outcome.user, input.ClientMetadata, deviceKey);
  }

  /**
   * Issues the tokens of a user whose sign-in is proven: cognito-local's own password flow, so
   * they are exactly what it would give (or its next challenge); then the device is looked at.
   */
  async function signIn(
    clientId: string,
    user: { username: string; password: string },
    clientMetadata: unknown,
    deviceKey: string | undefined,
  ) {
    const reply = await pass(
      internalInitiateAuth({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: user.username, PASSWORD: user.password },
        ClientMetadata: clientMetadata,
      }),
      clientId,
    );
    return settled(
      await devices.afterAnswer(reply, { clientId, username: user.username, deviceKey }),
      user.username,
    );
  }

  /** A custom challenge (a fresh Session each time), as a pool's DefineAuthChallenge asks it. */
  function customChallenge(pending: PendingCustom): CognitoReply {
    const session = randomBytes(48).toString('base64');
    customChallenges.set(session, pending);
    return jsonReply({
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: session,
      ChallengeParameters: { USERNAME: pending.username, prompt: CUSTOM_CHALLENGE_PROMPT },
    });
  }

  /**
   * The answer to a custom challenge: the code signs in; a wrong one is asked again with a new
   * Session, up to CUSTOM_ANSWER_TRIES in all, then the sign-in must start again. Wrong codes
   * count against the account as wrong passwords do.
   */
  async function customAnswer(clientId: string, input: Record<string, unknown>) {
    const pending = customChallenges.take(stringField(input, 'Session') ?? '');
    const username = stringField(input.ChallengeResponses, 'USERNAME');
    if (!pending || pending.clientId !== clientId || pending.username !== username) {
      return cognitoError('NotAuthorizedException', SESSION_EXPIRED);
    }
    if (lockout.isLocked(pending.username)) return attemptsExceeded();
    const answer = (stringField(input.ChallengeResponses, 'ANSWER') ?? '').trim();
    if (answer !== pending.code) {
      lockout.failed(pending.username, true);
      if (pending.triesLeft <= 1)
        return cognitoError('NotAuthorizedException', INCORRECT_CREDENTIALS);
      return customChallenge({ ...pending, triesLeft: pending.triesLeft - 1 });
    }
    const user = await directory.findUser(clientId, pending.username);
    if (!user?.enabled) return cognitoError('NotAuthorizedException', INCORRECT_CREDENTIALS);
    return signIn(clientId, user, input.ClientMetadata, pending.deviceKey);
  }

  /** USER_SRP_AUTH's first step: refused while the username is locked out. */
  async function startSrp(clientId: string, input: Record<string, unknown>) {
    const username = stringField(input.AuthParameters, 'USERNAME') ?? '';
    if (username !== '' && lockout.isLocked(username)) return attemptsExceeded();
    const reply = await verifier.challenge(clientId, input.AuthParameters);
    // An unknown user is refused here; counted like a wrong password, so that a lockout says
    // nothing about which usernames exist.
    if (
      username !== '' &&
      stringField(parseObject(reply.body), 'message') === INCORRECT_CREDENTIALS
    )
      lockout.failed(username, false);
    return reply;
  }

  /**
   * CUSTOM_AUTH as the local pool defines it: the password first (SRP, as the app's library sends
   * it with CHALLENGE_NAME SRP_A), then a custom challenge. A sign-in without a password is
   * refused: this pool has no password-less flow.
   */
  async function startCustom(clientId: string, input: Record<string, unknown>) {
    if (stringField(input.AuthParameters, 'CHALLENGE_NAME') !== 'SRP_A') {
      return cognitoError(
        'NotAuthorizedException',
        'This pool asks for the password before its custom challenge: send SRP_A with CHALLENGE_NAME SRP_A.',
      );
    }
    const reply = await startSrp(clientId, input);
    const block = stringField(parseObject(reply.body)?.ChallengeParameters, 'SECRET_BLOCK');
    if (reply.status === 200 && block !== undefined) customPasswordChecks.set(block, true);
    return reply;
  }

  /**
   * USER_PASSWORD_AUTH, which cognito-local checks: the lockout is counted around it, and the
   * device it names is checked before and looked at after.
   */
  async function plainPassword(
    request: ForwardedRequest,
    input: Record<string, unknown>,
    clientId: string,
    username: string,
  ) {
    if (lockout.isLocked(username)) return attemptsExceeded();
    const deviceKey = stringField(input.AuthParameters, 'DEVICE_KEY');
    const unknownDevice = await devices.unknownDevice(clientId, username, deviceKey);
    if (unknownDevice) return unknownDevice;
    const reply = await pass(request, clientId);
    const error = errorTypeOf(reply);
    const user = await directory.findUser(clientId, username);
    if (error === 'NotAuthorizedException' || error === 'UserNotFoundException') {
      lockout.failed(user?.username ?? username, user !== null);
    }
    return user && error === null
      ? settled(
          await devices.afterAnswer(reply, { clientId, username: user.username, deviceKey }),
          user.username,
        )
      : reply;
  }

  async function initiateAuth(request: ForwardedRequest, input: Record<string, unknown>) {
    const clientId = stringField(input, 'ClientId') ?? '';
    const flow = stringField(input, 'AuthFlow') ?? '';
    if (!AUTH_FLOWS.includes(flow)) {
      return cognitoError(
        'InvalidParameterException',
        `1 validation error detected: Value '${flow}' at 'authFlow' failed to satisfy constraint: ` +
          `Member must satisfy enum value set: [${AUTH_FLOWS.join(', ')}]`,
      );
    }
    const client = await directory.findClient(clientId);
    if (!client) {
      return cognitoError(
        'ResourceNotFoundException',
        `User pool client ${clientId} does not exist.`,
      );
    }
    if (!allowsFlow(client.authFlows, flow)) {
      return cognitoError('InvalidParameterException', `${flow} flow not enabled for this client`);
    }
    if (flow === 'USER_SRP_AUTH') return startSrp(clientId, input);
    if (flow === 'CUSTOM_AUTH') return startCustom(clientId, input);
    const username = stringField(input.AuthParameters, 'USERNAME');
    if (flow === 'USER_PASSWORD_AUTH' && username !== undefined) {
      return plainPassword(request, input, clientId, username);
    }
    return pass(request, clientId);
  }

  async function respondToAuthChallenge(request: ForwardedRequest, input: Record<string, unknown>) {
    const clientId = stringField(input, 'ClientId') ?? '';
    const challengeName = stringField(input, 'ChallengeName');
    if (challengeName === 'PASSWORD_VERIFIER') return verifyPassword(clientId, input);
    if (challengeName === 'CUSTOM_CHALLENGE') return customAnswer(clientId, input);
    const username = stringField(input.ChallengeResponses, 'USERNAME') ?? '';
    if (challengeName === 'DEVICE_SRP_AUTH' || challengeName === 'DEVICE_PASSWORD_VERIFIER') {
      return settled(await devices.respond(challengeName, clientId, input), username);
    }
    // cognito-local answers any challenge for any user without a session: the answer must be to
    // the challenge issued under it, for that client and user.
    const session = stringField(input, 'Session') ?? '';
    const issued = challenges.answerable(session, {
      clientId,
      username,
      name: challengeName ?? '',
    });
    if (issued === undefined) return cognitoError('NotAuthorizedException', SESSION_EXPIRED);
    const holder = issued.username ?? username;
    if (lockout.isLocked(holder)) return attemptsExceeded();
    if (challengeName === 'NEW_PASSWORD_REQUIRED') {
      const violation = passwordPolicyViolation(
        stringField(input.ChallengeResponses, 'NEW_PASSWORD') ?? '',
        passwordPolicy,
      );
      if (violation) return cognitoError('InvalidPasswordException', violation);
    }
    const reply = await keptTokens(await pass(request, clientId), holder);
    if (reply.status === 200) {
      challenges.finish(session);
    } else if (errorTypeOf(reply) === 'CodeMismatchException') {
      // A mistyped code may be corrected with the same session, as on Cognito, a few times; each
      // counts against the account like a wrong password.
      lockout.failed(holder, true);
      challenges.answeredWrongly(session);
    }
    return settled(
      await devices.afterAnswer(reply, {
        clientId,
        username: holder,
        deviceKey: stringField(input.ChallengeResponses, 'DEVICE_KEY'),
      }),
      holder,
    );
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

  /** A device call (ConfirmDevice, ListDevices…) for the access token's holder. */
  async function deviceCall(action: string, input: Record<string, unknown>) {
    const holder = await tokenHolder(stringField(input, 'AccessToken'));
    return typeof holder === 'string' ? devices.call(action, holder, input) : holder;
  }

  async function globalSignOut(input: Record<string, unknown>) {
    const holder = await tokenHolder(stringField(input, 'AccessToken'));
    if (typeof holder !== 'string') return holder;
    await directory.signOutEverywhere(holder);
    return jsonReply({});
  }

  /** Passes on a request whose `field` is a new password, if the pool's policy accepts it. */
  function withPasswordPolicy(field: string) {
    return async (request: ForwardedRequest, input: Record<string, unknown>) => {
      const password = stringField(input, field);
      const violation =
        password === undefined ? null : passwordPolicyViolation(password, passwordPolicy);
      return violation ? cognitoError('InvalidPasswordException', violation) : pass(request);
    };
  }

  /**
   * UpdateUserAttributes as a pool with auto-verified e-mail answers it: a new address is not
   * verified until its code is given back (VerifyUserAttribute), and the code is sent at once.
   * cognito-local keeps `email_verified` as it was and sends no code unless told both.
   */
  async function updateUserAttributes(
    request: ForwardedRequest,
    input: Record<string, unknown>,
  ): Promise<CognitoReply> {
    const attributes = Array.isArray(input.UserAttributes)
      ? (input.UserAttributes as unknown[])
      : [];
    const names = attributeNames(input);
    // The one way to verify an address is its code (VerifyUserAttribute).
    const unwritable = unwritableAttribute(names);
    if (unwritable) return unwritable;
    if (!names.includes('email')) return pass(request);
    const unverified = {
      ...input,
      UserAttributes: [...attributes, { Name: 'email_verified', Value: 'false' }],
    };
    const reply = await pass({ ...request, body: Buffer.from(JSON.stringify(unverified)) });
    if (reply.status !== 200) return reply;
    const email = attributes.find(
      (attribute) => stringField(attribute as Record<string, unknown>, 'Name') === 'email',
    );
    const sent = await emailCode(
      input.AccessToken,
      stringField(email as Record<string, unknown>, 'Value'),
    );
    const details = parseObject(sent.body)?.CodeDeliveryDetails;
    return sent.status === 200 ? jsonReply({ CodeDeliveryDetailsList: [details] }) : sent;
  }

  /**
   * Sends the account's e-mail address a verification code. cognito-local keeps the code, then
   * fails to deliver it for a pool without auto-verified attributes (the local pool has none, so
   * that the app's sign-up, which sends no e-mail, works); the local server's codes are printed at
   * start instead, so that failure is a code sent. Where it went is masked as Cognito masks it.
   */
  async function emailCode(accessToken: unknown, email?: string): Promise<CognitoReply> {
    const sent = await pass({
      action: 'GetUserAttributeVerificationCode',
      body: Buffer.from(JSON.stringify({ AccessToken: accessToken, AttributeName: 'email' })),
    });
    const undelivered = /no attribute matching desired auto verified/.test(String(sent.body));
    if (sent.status !== 200 && !undelivered) return sent;
    let destination = email;
    if (destination === undefined) {
      const user = parseObject(
        (
          await pass({
            action: 'GetUser',
            body: Buffer.from(JSON.stringify({ AccessToken: accessToken })),
          })
        ).body,
      );
      const attributes = Array.isArray(user?.UserAttributes)
        ? (user.UserAttributes as unknown[])
        : [];
      const found = attributes.find(
        (attribute) => stringField(attribute as Record<string, unknown>, 'Name') === 'email',
      );
      destination = stringField(found as Record<string, unknown>, 'Value');
    }
    return jsonReply({
      CodeDeliveryDetails: {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: destination === undefined ? '' : maskedDestination(destination),
      },
    });
  }

  const actions: Record<
    string,
    (request: ForwardedRequest, input: Record<string, unknown>) => Promise<CognitoReply>
  > = {
    InitiateAuth: initiateAuth,
    RespondToAuthChallenge: respondToAuthChallenge,
    GlobalSignOut: (_request, input) => globalSignOut(input),
    SignUp: withPasswordPolicy('Password'),
    ...createAccountCodes({
      directory,
      passwordPolicy,
      lockout,
      pass: (request) => pass(request),
      tokenHolder,
      decoySecret: options.decoySecret ?? randomBytes(32).toString('base64url'),
    }),
    UpdateUserAttributes: updateUserAttributes,
    DeleteUserAttributes: async (request, input) =>
      unwritableAttribute(deletedAttributeNames(input)) ?? pass(request),
    GetUserAttributeVerificationCode: (_request, input) => emailCode(input.AccessToken),
    ...Object.fromEntries(
      [...DEVICE_ACTIONS].map((action) => [
        action,
        (_request: ForwardedRequest, input: Record<string, unknown>) => deviceCall(action, input),
      ]),
    ),
  };

  /** Checks what every call of `action` must hold before it is looked at further. */
  async function precondition(
    action: string,
    input: Record<string, unknown>,
  ): Promise<CognitoReply | null> {
    const token = stringField(input, 'AccessToken');
    const tokenOrSession =
      TOKEN_OR_SESSION_ACTIONS.has(action) && token === undefined && 'Session' in input;
    if (tokenOrSession) {
      const session = stringField(input, 'Session') ?? '';
      // Only an authenticator's set-up takes a session in place of a token.
      return challenges.peek(session)?.name === 'MFA_SETUP'
        ? null
        : cognitoError('NotAuthorizedException', SESSION_EXPIRED);
    }
    if (
      ACCESS_TOKEN_ACTIONS.has(action) ||
      TOKEN_OR_SESSION_ACTIONS.has(action) ||
      input.AccessToken !== undefined
    ) {
      const holder = await tokenHolder(token);
      if (typeof holder !== 'string') return holder;
    }
    return null;
  }

  async function answerCall(req: IncomingMessage): Promise<CognitoReply> {
    if (!isCognitoJson(req.headers['content-type'])) {
      return cognitoError(
        'SerializationException',
        'Send the request as application/x-amz-json-1.1.',
        415,
      );
    }
    const target = parseTarget(req.headers['x-amz-target']);
    if (target.kind === 'iam') {
      return cognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token');
    }
    if (target.kind === 'unknown') {
      return cognitoError(
        'UnknownOperationException',
        'The action or operation requested is invalid. Verify that the action is typed correctly.',
      );
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body === null) {
      return cognitoError('SerializationException', 'The request body is too large.', 413);
    }
    const input = parseObject(body);
    if (!input) {
      return cognitoError('SerializationException', 'The request body is not a JSON object.');
    }
    const refusal = await precondition(target.action, input);
    if (refusal) return refusal;
    const request: ForwardedRequest = { action: target.action, body };
    const handler = actions[target.action];
    return handler ? handler(request, input) : pass(request);
  }

  /** The pool's keys and OpenID configuration, made from this installation's key. */
  function wellKnown(pathname: string): CognitoReply | null {
    const document =
      pathname === keysPath
        ? options.jwks
        : pathname === configurationPath
          ? {
              issuer: options.issuer,
              jwks_uri: `${options.issuer}/.well-known/jwks.json`,
              id_token_signing_alg_values_supported: ['RS256'],
            }
          : null;
    if (document === null) return null;
    const reply = jsonReply(document);
    reply.headers['Content-Type'] = 'application/json';
    return reply;
  }

  return async (req, res, path = req.url ?? '/') => {
    if (!isOwnHost(req.headers.host)) {
      const message = 'The identity server answers only on this machine, by its own name.';
      sendReply(res, cognitoError('AccessDeniedException', message, 421));
      return;
    }
    const origin = req.headers.origin;
    const foreign = origin !== undefined && !isSameOrigin(origin, req.headers.host);
    const grant = foreign ? cors.headers(origin) : {};
    const vary = cors.vary();
    const corsHeaders = { ...grant, ...(vary ? { Vary: vary } : {}) };
    if (foreign && !('Access-Control-Allow-Origin' in grant)) {
      // Browsers would not let the page read the answer anyway; refusing unread keeps a page on
      // another site from even making a sign-up or a sign-in attempt happen.
      sendReply(
        res,
        cognitoError('AccessDeniedException', 'This origin may not call the identity server.', 403),
        corsHeaders,
      );
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors.preflight(origin), ...(vary ? { Vary: vary } : {}) });
      res.end();
      return;
    }
    const pathname = path.split('?')[0] ?? '/';
    if (req.method === 'GET' || req.method === 'HEAD') {
      const document = wellKnown(pathname);
      sendReply(
        res,
        document ?? cognitoError('ResourceNotFoundException', 'Not found.', 404),
        corsHeaders,
      );
      return;
    }
    if (req.method !== 'POST' || pathname !== '/') {
      sendReply(
        res,
        cognitoError('UnknownOperationException', 'Only POST / is answered.', 404),
        corsHeaders,
      );
      return;
    }
    sendReply(res, await answerCall(req), corsHeaders);
  };
}
