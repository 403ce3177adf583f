import { randomBytes } from 'node:crypto';
import { cognitoError, jsonReply, stringField, type CognitoReply } from './cognitoProtocol';
import { ExpiringMap } from './expiringMap';
import type { IdentityDirectory, IdentityUser } from './identityDirectory';
import { InvalidSrpAError, isPasswordClaimValid, startPasswordVerifier } from './srp';

/** Cognito's one answer to a wrong password and to an unknown user. */
export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';
/** Cognito's answer to a challenge response whose session is unknown or has lapsed. */
export const SESSION_EXPIRED = 'Invalid session for the user, session is expired.';

/** Random bytes in a secret block; Cognito's are longer, but the client only echoes them. */
const SECRET_BLOCK_BYTES = 96;

/** A password check started by InitiateAuth, kept under its SECRET_BLOCK until answered. */
interface PendingCheck {
  clientId: string;
  user: IdentityUser;
  key: Buffer;
}

/** Settings for `createPasswordVerifier`. */
export interface PasswordVerifierOptions {
  /** The user pool id; SRP hashes the part after the underscore. */
  poolId: string;
  directory: Pick<IdentityDirectory, 'findUser'>;
  /** How long a started check stays answerable. */
  ttlMs: number;
  now: () => number;
}

/**
 * The outcome of a PASSWORD_VERIFIER answer: the proven user, or Cognito's refusal and, when the
 * refusal is a wrong password, whose (the user the check was started for, whatever the answer
 * claims), so that lockouts count against the right account.
 */
export type VerifierOutcome =
  { user: IdentityUser } | { refusal: CognitoReply; wrongPasswordFor?: string };

/** USER_SRP_AUTH's PASSWORD_VERIFIER exchange, as Cognito runs it. */
export interface PasswordVerifier {
  /** Answers InitiateAuth's `AuthParameters` (USERNAME, SRP_A) with the challenge. */
  challenge(clientId: string, authParameters: unknown): Promise<CognitoReply>;
  /** Checks RespondToAuthChallenge's `ChallengeResponses` against the pending check. */
  verify(clientId: string, challengeResponses: unknown): VerifierOutcome;
}

/**
 * Creates the PASSWORD_VERIFIER exchange: the challenge (SALT, SRP_B, SECRET_BLOCK, USERNAME,
 * USER_ID_FOR_SRP, exactly Cognito's parameters) and the check of the client's signature. Each
 * check answers once and lapses after `ttlMs`.
 */
export function createPasswordVerifier(options: PasswordVerifierOptions): PasswordVerifier {
  const { directory } = options;
  const poolName = options.poolId.slice(options.poolId.indexOf('_') + 1);
  const pending = new ExpiringMap<PendingCheck>(options.ttlMs, options.now);

  return {
    async challenge(clientId, authParameters) {
      const username = stringField(authParameters, 'USERNAME');
      const srpA = stringField(authParameters, 'SRP_A');
      if (!username || !srpA) {
        const missing = username ? 'SRP_A' : 'USERNAME';
        return cognitoError('InvalidParameterException', `Missing required parameter ${missing}`);
      }
      const user = await directory.findUser(clientId, username);
      // One answer for an unknown user and a wrong password, as with PreventUserExistenceErrors.
      if (!user) return cognitoError('NotAuthorizedException', INCORRECT_CREDENTIALS);
      let started;
      try {
        started = startPasswordVerifier(poolName, user.username, user.password, srpA);
      } catch (error) {
        if (error instanceof InvalidSrpAError) {
          return cognitoError('InvalidParameterException', error.message);
        }
        throw error;
      }
      // Opaque to the client, which only echoes and signs it: here it is random and names the
      // pending check.
      const secretBlock = randomBytes(SECRET_BLOCK_BYTES).toString('base64');
      pending.set(secretBlock, { clientId, user, key: started.key });
      return jsonReply({
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeParameters: {
          SALT: started.salt,
          SECRET_BLOCK: secretBlock,
          SRP_B: started.srpB,
          USERNAME: user.username,
          USER_ID_FOR_SRP: user.username,
        },
      });
    },

    verify(clientId, responses) {
      const field = (name: string) => stringField(responses, name) ?? '';
      const missing = [
        'USERNAME',
        'PASSWORD_CLAIM_SECRET_BLOCK',
        'PASSWORD_CLAIM_SIGNATURE',
        'TIMESTAMP',
      ].find((name) => field(name) === '');
      if (missing) {
        const message = `Missing required parameter ${missing}`;
        return { refusal: cognitoError('InvalidParameterException', message) };
      }
      const secretBlock = field('PASSWORD_CLAIM_SECRET_BLOCK');
      const check = pending.take(secretBlock);
      if (!check || check.clientId !== clientId) {
        return { refusal: cognitoError('NotAuthorizedException', SESSION_EXPIRED) };
      }
      const { user } = check;
      const claim = { poolName, userId: user.username, secretBlock, timestamp: field('TIMESTAMP') };
      const signature = field('PASSWORD_CLAIM_SIGNATURE');
      if (
        field('USERNAME') !== user.username ||
        !isPasswordClaimValid(check.key, claim, signature)
      ) {
        return {
          refusal: cognitoError('NotAuthorizedException', INCORRECT_CREDENTIALS),
          wrongPasswordFor: user.username,
        };
      }
      if (!user.enabled) {
        return { refusal: cognitoError('NotAuthorizedException', 'User is disabled.') };
      }
      return { user };
    },
  };
}
