import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  actionOf,
  cognitoError,
  forward,
  jsonReply,
  parseObject,
  readBody,
  requiresIamCredentials,
  sendReply,
  stringField,
  type CognitoReply,
  type ForwardedRequest,
} from './cognitoProtocol';
import { ExpiringMap } from './expiringMap';
import { AccessTokenError, type IdentityDirectory } from './identityDirectory';
import type { PasswordPolicy } from './localPool';
import { passwordPolicyViolation } from './passwordPolicy';
import { createPasswordVerifier, SESSION_EXPIRED } from './passwordVerifier';

/** Settings for `createSrpFront`. */
export interface SrpFrontOptions {
  /** cognito-local's base URL, which answers everything the front does not. */
  upstream: string;
  /** The user pool id; SRP hashes the part after the underscore. */
  poolId: string;
  /** The pool's password policy, checked on every new password (cognito-local checks none). */
  passwordPolicy: PasswordPolicy;
  directory: IdentityDirectory;
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
const CHECKED_AUTH_FLOWS = new Set([
  'USER_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'CUSTOM_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'USER_AUTH',
]);

/** A challenge cognito-local issued, kept under its Session until answered. */
interface PendingChallenge {
  clientId: string;
  username: string | undefined;
}

function allowsFlow(authFlows: readonly string[], flow: string): boolean {
  const allowed = authFlows.length > 0 ? authFlows : DEFAULT_AUTH_FLOWS;
  const name = flow === 'REFRESH_TOKEN' ? 'REFRESH_TOKEN_AUTH' : flow;
  // The legacy names (USER_PASSWORD_AUTH without ALLOW_) still count.
  return allowed.includes(`ALLOW_${name}`) || allowed.includes(name);
}

function internalInitiateAuth(body: unknown): ForwardedRequest {
  return {
    method: 'POST',
    path: '/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: Buffer.from(JSON.stringify(body)),
  };
}

/**
 * Creates the SRP front: an HTTP handler that speaks Cognito's JSON protocol in front of
 * cognito-local, adding what cognito-local lacks and the app needs: USER_SRP_AUTH (the default
 * sign-in of amazon-cognito-identity-js), GlobalSignOut, the pool's password policy, the client's
 * allowed auth flows and challenge sessions. Every other request goes to cognito-local and its
 * answer comes back unchanged; IAM-only actions are refused as Cognito refuses them to a browser.
 * Local development only: it checks passwords against the clear ones cognito-local stores.
 */
export function createSrpFront(options: SrpFrontOptions): SrpFront {
  const { upstream, directory, passwordPolicy } = options;
  const now = options.now ?? Date.now;
  const ttl = options.sessionTtlMs ?? SESSION_TTL_MS;
  const verifier = createPasswordVerifier({ poolId: options.poolId, directory, ttlMs: ttl, now });
  const challenges = new ExpiringMap<PendingChallenge>(ttl, now);

  /** Passes a request on and remembers any challenge session in the answer. */
  async function pass(request: ForwardedRequest, clientId = ''): Promise<CognitoReply> {
    const reply = await forward(upstream, request);
    if (reply.status === 200) {
      const answer = parseObject(reply.body);
      const session = stringField(answer, 'Session');
      if (session !== undefined && stringField(answer, 'ChallengeName') !== undefined) {
        const parameters = answer?.ChallengeParameters;
        challenges.set(session, {
          clientId,
          username:
            stringField(parameters, 'USER_ID_FOR_SRP') ?? stringField(parameters, 'USERNAME'),
        });
      }
    }
    return reply;
  }

  /**
   * Answers a PASSWORD_VERIFIER. Once the password is proven, cognito-local's own password flow
   * issues the tokens (or the next challenge), so they are exactly what it would give.
   */
  async function verifyPassword(clientId: string, input: Record<string, unknown>) {
    const outcome = verifier.verify(clientId, input.ChallengeResponses);
    if ('refusal' in outcome) return outcome.refusal;
    return pass(
      internalInitiateAuth({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: outcome.user.username, PASSWORD: outcome.user.password },
        ClientMetadata: input.ClientMetadata,
      }),
      clientId,
    );
  }

  async function initiateAuth(request: ForwardedRequest, input: Record<string, unknown>) {
    const clientId = stringField(input, 'ClientId') ?? '';
    const client = await directory.findClient(clientId);
    if (!client) {
      return cognitoError(
        'ResourceNotFoundException',
        `User pool client ${clientId} does not exist.`,
      );
    }
    const flow = stringField(input, 'AuthFlow') ?? '';
    if (CHECKED_AUTH_FLOWS.has(flow) && !allowsFlow(client.authFlows, flow)) {
      return cognitoError('InvalidParameterException', `${flow} flow not enabled for this client`);
    }
    return flow === 'USER_SRP_AUTH'
      ? verifier.challenge(clientId, input.AuthParameters)
      : pass(request, clientId);
  }

  async function respondToAuthChallenge(request: ForwardedRequest, input: Record<string, unknown>) {
    const clientId = stringField(input, 'ClientId') ?? '';
    const challengeName = stringField(input, 'ChallengeName');
    if (challengeName === 'PASSWORD_VERIFIER') return verifyPassword(clientId, input);
    // cognito-local answers any challenge for any user without a session: check the one issued.
    const session = stringField(input, 'Session') ?? '';
    const pending = challenges.get(session);
    const username = stringField(input.ChallengeResponses, 'USERNAME');
    if (!pending || pending.clientId !== clientId || pending.username !== username) {
      return cognitoError('NotAuthorizedException', SESSION_EXPIRED);
    }
    if (challengeName === 'NEW_PASSWORD_REQUIRED') {
      const violation = passwordPolicyViolation(
        stringField(input.ChallengeResponses, 'NEW_PASSWORD') ?? '',
        passwordPolicy,
      );
      if (violation) return cognitoError('InvalidPasswordException', violation);
    }
    const reply = await pass(request, clientId);
    // A refused answer may be corrected and sent again with the same session, as on Cognito.
    if (reply.status === 200) challenges.delete(session);
    return reply;
  }

  async function globalSignOut(input: Record<string, unknown>) {
    const token = stringField(input, 'AccessToken');
    if (!token)
      return cognitoError('InvalidParameterException', 'Missing required parameter AccessToken');
    let username: string;
    try {
      username = await directory.verifyAccessToken(token);
    } catch (error) {
      if (error instanceof AccessTokenError)
        return cognitoError('NotAuthorizedException', error.message);
      throw error;
    }
    await directory.signOutEverywhere(username);
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

  const actions: Record<
    string,
    (request: ForwardedRequest, input: Record<string, unknown>) => Promise<CognitoReply>
  > = {
    InitiateAuth: initiateAuth,
    RespondToAuthChallenge: respondToAuthChallenge,
    GlobalSignOut: (_request, input) => globalSignOut(input),
    SignUp: withPasswordPolicy('Password'),
    ChangePassword: withPasswordPolicy('ProposedPassword'),
    ConfirmForgotPassword: withPasswordPolicy('Password'),
  };

  async function answer(action: string, request: ForwardedRequest): Promise<CognitoReply> {
    if (requiresIamCredentials(action)) {
      return cognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token');
    }
    const handler = actions[action];
    if (!handler) return pass(request);
    const input = parseObject(request.body);
    if (!input)
      return cognitoError('SerializationException', 'The request body is not a JSON object.');
    return handler(request, input);
  }

  return async (req, res, path = req.url ?? '/') => {
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body === null) {
      sendReply(res, cognitoError('SerializationException', 'The request body is too large.', 413));
      return;
    }
    const request: ForwardedRequest = {
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body,
    };
    const action = actionOf(req.headers['x-amz-target']);
    sendReply(
      res,
      request.method === 'POST' && action ? await answer(action, request) : await pass(request),
    );
  };
}
