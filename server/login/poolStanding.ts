/**
 * Whether the user pool still honours an editor's access token, asked of the pool itself. A
 * token's signature only proves what was true when it was issued: an editor who signed out
 * everywhere, whose account was deleted or disabled, or who left the `editor` group would
 * otherwise keep editing until the token expires (an hour). The same two calls work on Cognito and
 * on the local identity server: `GetUser` with the token (refused once it is revoked or its user
 * is gone) and `AdminListGroupsForUser` (the groups now, not at issue time).
 */
import { createHash } from 'node:crypto';
import {
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createCognitoAdminClient } from './cognitoGroups';
import { TokenRejected } from './idToken';

/**
 * How long the pool's answer about a token is trusted: the longest a revoked editor can still act
 * (the bound is a minute; half of it leaves room for a slow pool).
 */
export const STANDING_CACHE_MS = 30_000;
/** Tokens whose answers are kept at once; past it the oldest go first. */
const MAX_CACHED_TOKENS = 1000;
/** Bounds on the token call, as on the admin one: a stalled pool must not hold an editor's save. */
const CONNECTION_TIMEOUT_MS = 2000;
const REQUEST_TIMEOUT_MS = 4000;

/** The pool could not be asked (unreachable, throttled, misconfigured): no answer either way. */
export class StandingUnknown extends Error {
  override name = 'StandingUnknown';
}

/** Asks the pool about a verified access token. */
export interface PoolStanding {
  /**
   * The groups `username` is in now, if the pool still honours `token`.
   *
   * @throws TokenRejected when it does not (signed out everywhere, deleted, disabled);
   * StandingUnknown when the pool cannot be asked.
   */
  groupsOf(token: string, username: string): Promise<string[]>;
}

/** Where the pool is, as the /login function's settings say. */
export interface PoolStandingOptions {
  region: string;
  userPoolId: string;
  /**
   * Where the token call goes: the pool's public API (`null`: AWS's regional endpoint). For the
   * local identity server, its front (which checks revocation; cognito-local alone would only
   * decode the token), known once the server listens: hence a function.
   */
  userEndpoint: string | (() => string) | null;
  /** Where the admin call goes (`null`: AWS's regional endpoint). */
  adminEndpoint: string | null;
  /** Credentials for the admin call; `null`: the environment's (on AWS, the function's role). */
  adminCredentials: { accessKeyId: string; secretAccessKey: string } | null;
  now?: () => number;
  /** How long an answer is kept (STANDING_CACHE_MS; tests shorten it). */
  cacheMs?: number;
}

/** Cognito's errors that mean "this token or user is no good", as opposed to "cannot answer". */
const REFUSALS = new Set(['NotAuthorizedException', 'UserNotFoundException']);

/**
 * Creates the check. Answers (good or refused) are kept for STANDING_CACHE_MS per token, and
 * concurrent requests with one token share one question, so a busy editor costs the pool two
 * calls every 30 seconds; a failure to ask is never kept.
 */
export function createPoolStanding(options: PoolStandingOptions): PoolStanding {
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? STANDING_CACHE_MS;
  const admin = createCognitoAdminClient({
    region: options.region,
    endpoint: options.adminEndpoint,
    credentials: options.adminCredentials,
  });
  let user: CognitoIdentityProviderClient | null = null;
  /** GetUser is a public call (no credentials): the client is made at first use. */
  const userClient = () =>
    (user ??= new CognitoIdentityProviderClient({
      region: options.region,
      ...(options.userEndpoint === null
        ? {}
        : {
            endpoint:
              typeof options.userEndpoint === 'string'
                ? options.userEndpoint
                : options.userEndpoint(),
          }),
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
      },
    }));
  const answers = new Map<string, { until: number; groups: Promise<string[]> }>();

  async function ask(token: string, username: string): Promise<string[]> {
    try {
      await userClient().send(new GetUserCommand({ AccessToken: token }));
      const listed = await admin.send(
        new AdminListGroupsForUserCommand({ UserPoolId: options.userPoolId, Username: username }),
      );
      return (listed.Groups ?? []).flatMap((group) =>
        group.GroupName === undefined ? [] : [group.GroupName],
      );
    } catch (error) {
      const name = (error as Error).name;
      if (REFUSALS.has(name)) {
        throw new TokenRejected(
          'This sign-in has ended (signed out everywhere, or the account was removed).',
        );
      }
      throw new StandingUnknown(
        `The user pool could not be asked about a sign-in: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }

  return {
    groupsOf(token, username) {
      const key = createHash('sha256').update(token).digest('base64url');
      const at = now();
      const kept = answers.get(key);
      if (kept !== undefined && kept.until > at) return kept.groups;
      answers.delete(key);
      for (const [oldKey, entry] of answers) {
        if (entry.until > at && answers.size < MAX_CACHED_TOKENS) break;
        answers.delete(oldKey);
      }
      const groups = ask(token, username);
      answers.set(key, { until: at + cacheMs, groups });
      // A failure to ask says nothing about the token: the next request asks again.
      groups.catch((error: unknown) => {
        if (error instanceof StandingUnknown && answers.get(key)?.groups === groups) {
          answers.delete(key);
        }
      });
      return groups;
    },
  };
}
