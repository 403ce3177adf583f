/**
 * The user pool's group membership, as /login needs it: a port with one call, so the handler can
 * be tested without AWS and the real adapter stays a few lines of SDK.
 */
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { EDITOR_GROUP } from '@/lib/constants';

/** Adds users to the editor group. */
export interface EditorGroups {
  /**
   * Ensures `username` is in the group "editor". Adding a member again succeeds, so this is safe
   * to repeat; it rejects when the user pool refuses or cannot be reached.
   */
  ensureEditor(username: string): Promise<void>;
}

/** Where the user pool is. */
export interface CognitoGroupsOptions {
  region: string;
  userPoolId: string;
  /** Another Cognito API endpoint, such as a local identity emulator (`http://127.0.0.1:9229`). */
  endpoint?: string | null;
  /** Where to look for AWS credentials; `process.env` by default. */
  env?: NodeJS.ProcessEnv;
  /** Credentials to use instead of the environment's: the local identity server's admin key. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | null;
}

/** Bounds on one admin call: a stalled pool must answer the app before the function times out. */
const CONNECTION_TIMEOUT_MS = 2000;
const REQUEST_TIMEOUT_MS = 4000;
const MAX_ATTEMPTS = 2;

/** Environment variables through which the SDK's default chain would find credentials. */
const CREDENTIAL_VARIABLES = [
  'AWS_ACCESS_KEY_ID',
  'AWS_PROFILE',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
  'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
  'AWS_CONTAINER_CREDENTIALS_FULL_URI',
];

/**
 * An SDK client for the pool's admin calls, bounded so that a stalled pool answers in seconds:
 * the environment's credentials (on AWS, the function's role), or the given ones.
 */
export function createCognitoAdminClient(
  options: Omit<CognitoGroupsOptions, 'userPoolId'>,
): CognitoIdentityProviderClient {
  const env = options.env ?? process.env;
  const endpoint = options.endpoint ?? undefined;
  // A local emulator is given its installation's credentials; without any, the SDK's chain would
  // end by probing the EC2 metadata service, which on a laptop costs seconds and then fails.
  // A copy of the given credentials: the SDK writes its own bookkeeping into the object.
  const given = options.credentials ? { ...options.credentials } : undefined;
  const emulatorCredentials =
    given ??
    (endpoint !== undefined && !CREDENTIAL_VARIABLES.some((name) => env[name])
      ? { accessKeyId: 'local', secretAccessKey: 'local' }
      : undefined);
  return new CognitoIdentityProviderClient({
    region: options.region,
    endpoint,
    credentials: emulatorCredentials,
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: {
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
    },
  });
}

/**
 * The real port: `AdminAddUserToGroup` through the AWS SDK. On AWS the function's role supplies
 * the credentials and needs `cognito-idp:AdminAddUserToGroup` on the pool.
 */
export function createCognitoGroups(options: CognitoGroupsOptions): EditorGroups {
  const client = createCognitoAdminClient(options);
  return {
    async ensureEditor(username) {
      await client.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: options.userPoolId,
          Username: username,
          GroupName: EDITOR_GROUP,
        }),
      );
    },
  };
}
