/**
 * What the account pages' tests share: sessions, a stand-in for the sign-in service (the pool as
 * amazon-cognito-identity-js reaches it), and the access the app is given to it.
 */
import { afterEach, vi } from 'vitest';
import type { AuthAccess } from '@/features/auth/authAccess';
import type { AuthService, SessionSummary, SignInStep } from '@/features/auth/cognitoAuth';

/** A signed-in editor's session. */
export const editor: SessionSummary = {
  username: 'editor',
  groups: ['editor'],
  idToken: 'id-token',
  accessToken: 'access-token',
};

/** A signed-in visitor's session: no group. */
export const visitor: SessionSummary = {
  username: 'visitor',
  groups: [],
  idToken: 'id-token',
  accessToken: 'access-token',
};

/**
 * The sign-in service as the pages call it, every call a mock that answers as the pool would for
 * a visitor with a verified address; `overrides` replace the calls a test plays differently.
 */
export function fakeAuthService(overrides: Partial<AuthService> = {}): AuthService {
  return {
    signUp: vi.fn(async () => ({ confirmed: false, destination: null })),
    confirmSignUp: vi.fn(async () => {}),
    resendCode: vi.fn(async () => null),
    forgotPassword: vi.fn(async () => 'e***@e***'),
    confirmForgotPassword: vi.fn(async () => {}),
    account: vi.fn(async () => ({
      username: 'visitor',
      email: 'visitor@example.org',
      emailVerified: true,
      twoStep: false,
    })),
    changePassword: vi.fn(async () => {}),
    changeEmail: vi.fn(async () => 'n***@e***'),
    sendEmailCode: vi.fn(async () => 'n***@e***'),
    verifyEmail: vi.fn(async () => {}),
    signOutEverywhere: vi.fn(async () => {}),
    deleteAccount: vi.fn(async () => {}),
    setUpAuthenticator: vi.fn(async () => ({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/Globe%20Archive:visitor?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    })),
    confirmAuthenticator: vi.fn(async () => {}),
    turnOffTwoStep: vi.fn(async () => {}),
    devices: vi.fn(async () => []),
    forgetDevice: vi.fn(async () => {}),
    signIn: vi.fn(async () => ({ kind: 'signedIn', session: visitor }) as SignInStep),
    currentSession: vi.fn(async () => null),
    refresh: vi.fn(async () => null),
    signOut: vi.fn(async () => {}),
    ...overrides,
  };
}

/** Accounts switched on with `service`; `stored`: a user is kept on this device. */
export function authAccess(service: AuthService, stored = false): AuthAccess {
  return {
    enabled: true,
    load: async () => service,
    loginFunctionUrl: null,
    hasStoredUser: () => stored,
  };
}

/** An empty archive: the account pages need none. */
export const fetchArchive = async () => [];

/** After each test: no session kept on this device, no mock left over. */
export function clearSessionsAfterEach(): void {
  afterEach(() => {
    window.localStorage.clear();
    vi.restoreAllMocks();
  });
}
