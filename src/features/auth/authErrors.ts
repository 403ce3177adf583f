/**
 * An identity error as the app handles it: the message, and the code and name taken from the
 * response's type (`NotAuthorizedException`, …). SPEC §8: a network failure is "Network error"
 * with code NetworkError; the library's own messages (SPEC §5) pass through word for word.
 */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly code: string,
    name: string = code,
  ) {
    super(message);
    this.name = name;
  }
}

/** Any failure of the identity library (or a thrown string) as an AuthError. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof Error) {
    const { code, name } = error as Error & { code?: unknown };
    if (error.message === 'Network error' || code === 'NetworkError')
      return new AuthError('Network error', 'NetworkError');
    if (typeof code === 'string' && code !== '')
      return new AuthError(error.message, code, name !== 'Error' ? name : code);
    return new AuthError(error.message, 'Error');
  }
  return new AuthError(String(error), 'Error');
}

/** What a person is told, by code; the pool's own message where it says more. */
const WORDS: Record<string, string> = {
  NetworkError: 'The sign-in service cannot be reached. Check your connection and try again.',
  NotAuthorizedException: 'That username and password do not match. Check them and try again.',
  UserNotFoundException: 'That username and password do not match. Check them and try again.',
  UserNotConfirmedException:
    'This account is not confirmed yet. Enter the code that was sent to you to confirm it.',
  UsernameExistsException: 'An account with this name already exists. Sign in instead.',
  CodeMismatchException: 'That code is not right. Check it and try again.',
  ExpiredCodeException: 'That code has expired. Ask for a new one.',
  LimitExceededException: 'Too many attempts. Wait a few minutes, then try again.',
  TooManyRequestsException: 'Too many attempts. Wait a few minutes, then try again.',
  TooManyFailedAttemptsException: 'Too many attempts. Wait a few minutes, then try again.',
  PasswordResetRequiredException:
    'Your password must be reset before you can sign in. Contact the editors.',
  CodeDeliveryFailureException: 'The code could not be sent. Try again in a moment.',
  RevokeFailed:
    'You are signed out on this device, but the sign-in service could not be reached to cancel the session itself. If someone else may have a copy of it, sign in and use “Sign out everywhere” on your account page.',
};

/** Cognito's NotAuthorizedException while a username is locked out after wrong passwords. */
const LOCKED_OUT = 'Password attempts exceeded';

/** Cognito's NotAuthorizedException for a challenge session that is over. */
const SESSION_OVER = /^Invalid session for the user/;

/** Cognito's answers to a password reset the account cannot have. */
const NO_CODE_CHANNEL = /no registered\/verified email/i;
const CANNOT_RESET = /cannot be reset in the current state/i;

/** Whether the pool ended a sign-in's challenge session: it must start again from the password. */
export function isSessionOver(error: AuthError): boolean {
  return error.code === 'NotAuthorizedException' && SESSION_OVER.test(error.message);
}

/** The error in words a person understands. */
export function describeAuthError(error: AuthError): string {
  if (NO_CODE_CHANNEL.test(error.message))
    return 'This account has no verified e-mail address to send a code to. Ask the editors to reset your password.';
  if (CANNOT_RESET.test(error.message))
    return 'The password of this account cannot be reset now. Ask the editors for help.';
  if (isSessionOver(error))
    // A challenge's session lapsed, or took too many wrong codes: only a new sign-in helps.
    return 'This sign-in has expired or had too many wrong codes. Sign in again from the start.';
  if (error.code === 'NotAuthorizedException' && error.message === LOCKED_OUT)
    // Not "do not match": the password may be right this time, and trying again at once fails.
    return 'Too many wrong passwords for this account. Wait a few minutes, then try again.';
  if (error.code === 'InvalidPasswordException' || error.code === 'InvalidParameterException')
    // The pool says which rule was broken ("Password must have uppercase characters").
    return error.message.replace(/^[^:]*validation error[^:]*:\s*/i, '') || 'Check what you typed.';
  return WORDS[error.code] ?? (error.message || 'Something went wrong. Try again.');
}
