import { randomUUID } from 'node:crypto';
import type { AppClient } from 'cognito-local/lib/services/appClient';
import type { CognitoService } from 'cognito-local/lib/services/cognitoService';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import type { LocalAuthFlow } from '../../config/serverConfig';

/**
 * The local user pool's id. Fixed: the browser build bakes it in (`LOCAL_IDENTITY` in
 * src/lib/config.ts), so it must be the same on every start and on every machine.
 */
export const LOCAL_POOL_ID = 'local_GlobeArch';
/** The local app client's id; fixed for the same reason as the pool's. */
export const LOCAL_CLIENT_ID = 'globearchivelocalclient';
/** The group that grants editor access (SPEC §6). */
export const EDITOR_GROUP = 'editor';
/** The code every sign-up (and forgotten password) is confirmed with, unless configured. */
export const DEFAULT_CONFIRMATION_CODE = '123456';

/** An account the local identity server keeps ready, for development and tests. */
export interface SeededAccount {
  username: string;
  password: string;
  email: string;
  groups: readonly string[];
}

/** The seeded accounts: one editor, one visitor. Their passwords are printed at start-up. */
export const SEEDED_ACCOUNTS: readonly SeededAccount[] = [
  {
    username: 'editor',
    password: 'Editor-Local-2025!',
    email: 'editor@globe-archive.local',
    groups: [EDITOR_GROUP],
  },
  {
    username: 'visitor',
    password: 'Visitor-Local-2025!',
    email: 'visitor@globe-archive.local',
    groups: [],
  },
];

/** Cognito's password policy, as a pool stores it. */
export interface PasswordPolicy {
  MinimumLength?: number;
  RequireUppercase?: boolean;
  RequireLowercase?: boolean;
  RequireNumbers?: boolean;
  RequireSymbols?: boolean;
}

/** Cognito's default policy, which the archive's pools keep. */
export const DEFAULT_PASSWORD_POLICY: Required<PasswordPolicy> = {
  MinimumLength: 8,
  RequireUppercase: true,
  RequireLowercase: true,
  RequireNumbers: true,
  RequireSymbols: true,
};

/**
 * Two-step sign-in is each person's choice (an authenticator app, turned on from /account), and a
 * device is remembered only when the person asks; a remembered device skips the second step.
 */
const MFA_SETTINGS = {
  MfaConfiguration: 'OPTIONAL',
  DeviceConfiguration: {
    ChallengeRequiredOnNewDevice: false,
    DeviceOnlyRememberedOnUserPrompt: true,
  },
} as const;

async function ensurePool(cognito: CognitoService, ctx: Context): Promise<UserPoolService> {
  const existing = await cognito.listUserPools(ctx);
  const found = existing.find((pool) => pool.Id === LOCAL_POOL_ID);
  if (found && found.MfaConfiguration !== MFA_SETTINGS.MfaConfiguration) {
    // A folder made before two-step sign-in was offered.
    const pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
    await pool.updateOptions(ctx, {
      ...pool.options,
      ...MFA_SETTINGS,
      LastModifiedDate: new Date(),
    });
  }
  if (!found) {
    const now = new Date();
    await cognito.createUserPool(ctx, {
      Id: LOCAL_POOL_ID,
      Name: 'globe-archive-local',
      Arn: `arn:aws:cognito-idp:local:local:userpool/${LOCAL_POOL_ID}`,
      UsernameAttributes: [],
      Policies: {
        PasswordPolicy: { ...DEFAULT_PASSWORD_POLICY, TemporaryPasswordValidityDays: 7 },
      },
      ...MFA_SETTINGS,
      CreationDate: now,
      LastModifiedDate: now,
    });
  }
  return cognito.getUserPool(ctx, LOCAL_POOL_ID);
}

/** The client's flows: SRP and refresh, and the app's own flow when it is another. */
export function localAuthFlows(appFlow: LocalAuthFlow): string[] {
  const flows = ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'];
  return appFlow === 'USER_SRP_AUTH' ? flows : [...flows, `ALLOW_${appFlow}`];
}

async function ensureClient(
  cognito: CognitoService,
  pool: UserPoolService,
  ctx: Context,
  appFlow: LocalAuthFlow,
) {
  const flows = localAuthFlows(appFlow);
  const existing = await cognito.getAppClient(ctx, LOCAL_CLIENT_ID);
  if (existing) {
    // A folder made for a build with another flow: the client follows the app's flow now.
    const same =
      (existing.ExplicitAuthFlows ?? []).length === flows.length &&
      flows.every((flow) => existing.ExplicitAuthFlows?.includes(flow));
    if (!same) {
      await pool.saveAppClient(ctx, {
        ...existing,
        ExplicitAuthFlows: flows,
        LastModifiedDate: new Date(),
      });
    }
    return;
  }
  const now = new Date();
  const client: AppClient = {
    ClientId: LOCAL_CLIENT_ID,
    ClientName: 'globe-archive-web',
    UserPoolId: LOCAL_POOL_ID,
    CreationDate: now,
    LastModifiedDate: now,
    // A public browser client (no secret) with SRP sign-in and refresh, and the app's own flow;
    // the front refuses other flows, as Cognito does for a client that does not allow them.
    ExplicitAuthFlows: flows,
    PreventUserExistenceErrors: 'ENABLED',
    EnableTokenRevocation: true,
    // Cognito's default lifetimes, so the app's refresh path runs as it will in production.
    AccessTokenValidity: 60,
    IdTokenValidity: 60,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  };
  await pool.saveAppClient(ctx, client);
}

async function ensureGroup(pool: UserPoolService, ctx: Context, name: string) {
  // Not getGroupByGroupName: it throws on a pool that has never had a group.
  const existing = (await pool.listGroups(ctx)).find((group) => group.GroupName === name);
  if (existing) return existing;
  const now = new Date();
  const group = { GroupName: name, CreationDate: now, LastModifiedDate: now, members: [] };
  await pool.saveGroup(ctx, group);
  return group;
}

/**
 * Restores a seeded account to what the start-up output promises: present, confirmed, enabled,
 * with its printed password and its groups. Anything else about it (refresh tokens, attributes
 * added since) is kept.
 */
async function ensureAccount(pool: UserPoolService, ctx: Context, account: SeededAccount) {
  const now = new Date();
  const existing = await pool.getUserByUsername(ctx, account.username);
  let user: User;
  if (
    existing &&
    existing.Password === account.password &&
    existing.UserStatus === 'CONFIRMED' &&
    existing.Enabled
  ) {
    user = existing;
  } else {
    user = {
      ...(existing ?? {
        Username: account.username,
        Attributes: [
          { Name: 'sub', Value: randomUUID() },
          { Name: 'email', Value: account.email },
          { Name: 'email_verified', Value: 'true' },
        ],
        UserCreateDate: now,
        RefreshTokens: [],
      }),
      Password: account.password,
      UserStatus: 'CONFIRMED',
      Enabled: true,
      UserLastModifiedDate: now,
    };
    await pool.saveUser(ctx, user);
  }
  for (const name of account.groups) {
    await pool.addUserToGroup(ctx, await ensureGroup(pool, ctx, name), user);
  }
}

/**
 * Makes the local pool ready, idempotently: the pool `local_GlobeArch` (usernames, not emails,
 * Cognito's default password policy, optional two-step sign-in, devices remembered on request), the app client `globearchivelocalclient`, the group
 * `editor` and the seeded accounts. Run on every start; on an existing folder it only repairs
 * what is missing or changed, and keeps every other user.
 *
 * @returns the pool's password policy, which the SRP front enforces (cognito-local does not).
 */
export async function bootstrapLocalPool(
  cognito: CognitoService,
  ctx: Context,
  accounts: readonly SeededAccount[] = SEEDED_ACCOUNTS,
  appFlow: LocalAuthFlow = 'USER_SRP_AUTH',
): Promise<PasswordPolicy> {
  const pool = await ensurePool(cognito, ctx);
  await ensureClient(cognito, pool, ctx, appFlow);
  await ensureGroup(pool, ctx, EDITOR_GROUP);
  for (const account of accounts) await ensureAccount(pool, ctx, account);
  return pool.options.Policies?.PasswordPolicy ?? DEFAULT_PASSWORD_POLICY;
}
