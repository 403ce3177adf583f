// The identity service's types: the pool's settings, sessions, sign-in steps and the calls.

/** The user pool the app signs in to (SPEC §3 Session; §7 identity provider). */
export interface PoolSettings {
  userPoolId: string;
  clientId: string;
  /** Another identity endpoint than AWS's regional one (the local identity server). */
  endpoint: string | null;
  /**
   * USER_SRP_AUTH (the library's default, and real pools'), USER_PASSWORD_AUTH or CUSTOM_AUTH (the
   * password by SRP, then the pool's custom challenge); anything else is refused by the library
   * with 'Authentication flow type is invalid.' (SPEC §5).
   */
  authFlow?: string;
  /** Where the library keeps tokens (SPEC §3 local storage keys); the browser's by default. */
  storage?: Storage;
}

/**
 * What the app reads of a session: who, their groups, the ID token for the /login call and the
 * access token the nodes-service checks on editors' writes. Tokens never enter the store.
 */
export interface SessionSummary {
  username: string;
  groups: string[];
  idToken: string;
  accessToken: string;
}

/** Where a sign-in stands: done, or a challenge the pool asks the person to answer. */
export type SignInStep =
  | {
      kind: 'signedIn';
      session: SessionSummary;
      /**
       * Marks this device remembered (UpdateDeviceStatus), so that it skips the second step next
       * time; present when the pool tracks this device.
       */
      rememberDevice?: () => Promise<void>;
    }
  | { kind: 'newPasswordRequired'; complete(newPassword: string): Promise<SignInStep> }
  | {
      kind: 'mfaCode';
      /** SMS_MFA (a text message) or SOFTWARE_TOKEN_MFA (an authenticator app). */
      method: 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';
      /** Where an SMS went, as the pool masks it (`+*******1234`). */
      destination: string | null;
      submit(code: string): Promise<SignInStep>;
    }
  | { kind: 'selectMfa'; options: string[]; choose(option: string): Promise<SignInStep> }
  | {
      kind: 'mfaSetup';
      /** The authenticator secret, to type in or scan. */
      secret: string;
      /** `otpauth://` URI for a QR code. */
      otpauthUri: string;
      verify(code: string): Promise<SignInStep>;
    }
  | {
      kind: 'customChallenge';
      parameters: Record<string, string>;
      answer(text: string): Promise<SignInStep>;
    };

/** The identity operations the app uses, as promises; failures reject with an AuthError. */
export interface AuthService {
  signUp(
    username: string,
    password: string,
  ): Promise<{ confirmed: boolean; destination: string | null }>;
  confirmSignUp(username: string, code: string): Promise<void>;
  resendCode(username: string): Promise<string | null>;
  /**
   * Sends a code to reset a forgotten password (SPEC §7 ForgotPassword); where it went, as the
   * pool masks it (`e***@e***`).
   */
  forgotPassword(username: string): Promise<string | null>;
  /** Sets a new password with that code (SPEC §7 ConfirmForgotPassword). */
  confirmForgotPassword(username: string, code: string, password: string): Promise<void>;
  signIn(username: string, password: string): Promise<SignInStep>;
  /** The stored session, refreshed if expired; `null` when nobody is signed in. */
  currentSession(): Promise<SessionSummary | null>;
  /** Refreshes now with the refresh token (after /login, so a new group shows at once). */
  refresh(): Promise<SessionSummary | null>;
  /**
   * Signs out this device and revokes its refresh token (RevokeToken, retried up to 5 s). This
   * device is signed out either way; a revoke that gives up rejects with code `RevokeFailed`.
   */
  signOut(): Promise<void>;
  /** The signed-in person's account as the pool keeps it (SPEC §7 GetUser). */
  account(): Promise<AccountDetails>;
  /** SPEC §7 ChangePassword: the current password, then the new one. */
  changePassword(current: string, next: string): Promise<void>;
  /**
   * A new e-mail address (UpdateUserAttributes); the pool sends it a code, and where it went is
   * answered (null when it sent none).
   */
  changeEmail(email: string): Promise<string | null>;
  /** Sends the e-mail address a new code (GetUserAttributeVerificationCode). */
  sendEmailCode(): Promise<string | null>;
  /** The code the e-mail address was sent (VerifyUserAttribute). */
  verifyEmail(code: string): Promise<void>;
  /** Ends every session of the account on every device (GlobalSignOut), this one included. */
  signOutEverywhere(): Promise<void>;
  /** Deletes the account for good (DeleteUser); this device is signed out. */
  deleteAccount(): Promise<void>;
  /**
   * Starts turning on two-step sign-in (AssociateSoftwareToken): the secret for the person's
   * authenticator app.
   */
  setUpAuthenticator(): Promise<AuthenticatorSetup>;
  /**
   * Finishes it with a code the app shows (VerifySoftwareToken), and makes the app the preferred
   * second step (SetUserMFAPreference).
   */
  confirmAuthenticator(code: string): Promise<void>;
  /** Turns two-step sign-in off (SetUserMFAPreference). */
  turnOffTwoStep(): Promise<void>;
  /**
   * The devices the pool tracks for the account (ListDevices), remembered or not, in the pool's
   * order (most recently used first).
   */
  devices(): Promise<AccountDevice[]>;
  /** Forgets a device (ForgetDevice); this device's stored key goes too when it is the one. */
  forgetDevice(key: string): Promise<void>;
}

/** An authenticator app's secret, to type in, or to scan as an `otpauth://` QR code. */
export interface AuthenticatorSetup {
  secret: string;
  otpauthUri: string;
}

/** A device the pool tracks for the account. */
export interface AccountDevice {
  key: string;
  /** What the device called itself when it was registered: its browser's user agent. */
  name: string;
  /** Its last sign-in, or null when the pool does not say. */
  lastSignIn: Date | null;
  /** Whether it skips the second sign-in step. */
  remembered: boolean;
  /** Whether it is the device this page runs on. */
  current: boolean;
}

/** What the account page shows. */
export interface AccountDetails {
  username: string;
  email: string | null;
  emailVerified: boolean;
  /** Whether sign-in asks for a code from an authenticator app. */
  twoStep: boolean;
}
