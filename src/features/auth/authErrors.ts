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

/** Cognito's NotAuthorizedException for a challenge session that is over. */
const SESSION_OVER = /^Invalid session for the user/;

/** Whether the pool ended a sign-in's challenge session: it must start again from the password. */
export function isSessionOver(error: AuthError): boolean {
  return error.code === 'NotAuthorizedException' && SESSION_OVER.test(error.message);
}
