/** A user as the SRP front needs one: who they are and the password cognito-local stores. */
export interface IdentityUser {
  username: string;
  password: string;
  enabled: boolean;
}

/**
 * A device a user signed in on (Cognito's device tracking): its keys, the SRP verifier and salt it
 * registered with ConfirmDevice (base64, as sent), its name (the browser's user agent) and whether
 * the person chose to remember it, which lets it stand in for the second sign-in step.
 */
export interface StoredDevice {
  key: string;
  groupKey: string;
  name: string;
  verifier: string;
  salt: string;
  remembered: boolean;
  createdMs: number;
  modifiedMs: number;
  lastAuthenticatedMs: number;
}

/** Thrown by `IdentityDirectory.verifyAccessToken` with Cognito's message for the token. */
export class AccessTokenError extends Error {
  override name = 'AccessTokenError';
}

/**
 * What the SRP front reads from, and does to, the user pool behind it: an interface, so the front
 * depends on what it needs rather than on cognito-local's services.
 */
export interface IdentityDirectory {
  /** The app client's allowed auth flows, or null when the pool has no such client. */
  findClient(clientId: string): Promise<{ authFlows: readonly string[] } | null>;
  /** The user a client signs in as (by username or sub), or null. */
  findUser(clientId: string, username: string): Promise<IdentityUser | null>;
  /** The username an access token was issued to. @throws AccessTokenError */
  verifyAccessToken(token: string): Promise<string>;
  /**
   * Keeps a refresh token issued to the user so that it works: cognito-local keeps those of
   * InitiateAuth, not those of a sign-in finished by RespondToAuthChallenge.
   */
  keepRefreshToken(username: string, token: string): Promise<void>;
  /** Ends every session of the user: their refresh tokens stop working. */
  signOutEverywhere(username: string): Promise<void>;
  /** The user's devices, newest sign-in first; none for an unknown user. */
  devicesOf(username: string): Promise<StoredDevice[]>;
  /** Replaces the user's devices (kept with the user, so deleting the user deletes them). */
  saveDevices(username: string, devices: readonly StoredDevice[]): Promise<void>;
  /** The secret of the user's verified authenticator app, or null when it has none. */
  authenticatorSecretOf(username: string): Promise<string | null>;
  /**
   * Gives an unconfirmed user a new sign-up code and delivers it as the first was (ResendConfirmationCode):
   * where it went (the account's e-mail address, or null when it has none), `confirmed` for a
   * user who needs none, or null when the client has no such user.
   */
  newConfirmationCode(
    clientId: string,
    username: string,
  ): Promise<{ sentTo: string | null } | 'confirmed' | null>;
  /** Delivers a sign-in code for a custom challenge (CUSTOM_AUTH), as sign-up codes are. */
  deliverSignInCode(username: string): string;
}
