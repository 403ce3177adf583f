/**
 * The Cognito user pool the app signs people in with (SPEC §4-8): self sign-up confirmed by an
 * e-mailed code, SRP sign-in (the password never leaves the browser), optional authenticator-app
 * MFA, remembered devices on the user's say-so, and the `editor` group the /login function fills.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { EDITOR_GROUP } from '../src/lib/constants';
import type { DeploySettings } from './settings';

export interface Accounts {
  pool: cognito.UserPool;
  client: cognito.UserPoolClient;
}

export function createAccounts(scope: Construct, authFlow: DeploySettings['authFlow']): Accounts {
  const pool = new cognito.UserPool(scope, 'Accounts', {
    selfSignUpEnabled: true,
    // A username, which may be an e-mail address (the app's /signup takes either), as the local
    // pool: an e-mail alias would refuse usernames written like addresses.
    signInAliases: { username: true },
    // Usernames as the /login function compares them: exactly (EDITOR_ALLOWLIST's `alice` is
    // not `ALICE`), which is the pool's own default too.
    signInCaseSensitive: true,
    autoVerify: { email: true },
    keepOriginal: { email: true },
    standardAttributes: { email: { required: false, mutable: true } },
    passwordPolicy: {
      minLength: 8,
      requireLowercase: true,
      requireUppercase: true,
      requireDigits: true,
      requireSymbols: true,
      tempPasswordValidity: Duration.days(7),
    },
    mfa: cognito.Mfa.OPTIONAL,
    mfaSecondFactor: { otp: true, sms: false },
    deviceTracking: { challengeRequiredOnNewDevice: true, deviceOnlyRememberedOnUserPrompt: true },
    accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
    // Everything the app uses (SRP, TOTP, remembered devices) is in Lite, the cheapest plan.
    featurePlan: cognito.FeaturePlan.LITE,
    // People's accounts are the archive's data: a torn-down stack leaves the pool to be deleted
    // by hand, never by accident.
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const client = pool.addClient('App', {
    // A browser keeps no secret.
    generateSecret: false,
    // SRP, and the password over TLS only where the app is built to send it.
    authFlows: { userSrp: true, userPassword: authFlow === 'USER_PASSWORD_AUTH' },
    disableOAuth: true,
    // An unknown username is answered as a known one (sign-in, reset), so names cannot be probed.
    preventUserExistenceErrors: true,
    enableTokenRevocation: true,
    accessTokenValidity: Duration.hours(1),
    idTokenValidity: Duration.hours(1),
    refreshTokenValidity: Duration.days(30),
  });
  new cognito.CfnUserPoolGroup(scope, 'EditorGroup', {
    userPoolId: pool.userPoolId,
    groupName: EDITOR_GROUP,
    description: 'Editors of the archive: added by the /login function from EDITOR_ALLOWLIST.',
  });
  return { pool, client };
}
