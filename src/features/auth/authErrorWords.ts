import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { isSessionOver, type AuthError } from '@/features/auth/authErrors';
import { i18n } from '@/i18n/i18n';

/** What a person is told, by code; the pool's own message where it says more. */
const TRY_LATER = msg`Too many attempts. Wait a few minutes, then try again.`;
const NO_MATCH = msg`That username and password do not match. Check them and try again.`;
const WORDS: Record<string, MessageDescriptor> = {
  NetworkError: msg`The sign-in service cannot be reached. Check your connection and try again.`,
  NotAuthorizedException: NO_MATCH,
  UserNotFoundException: NO_MATCH,
  UserNotConfirmedException: msg`This account is not confirmed yet. Enter the code that was sent to you to confirm it.`,
  UsernameExistsException: msg`An account with this name already exists. Sign in instead.`,
  CodeMismatchException: msg`That code is not right. Check it and try again.`,
  ExpiredCodeException: msg`That code has expired. Ask for a new one.`,
  LimitExceededException: TRY_LATER,
  TooManyRequestsException: TRY_LATER,
  TooManyFailedAttemptsException: TRY_LATER,
  PasswordResetRequiredException: msg`Your password must be reset before you can sign in. Contact the editors.`,
  CodeDeliveryFailureException: msg`The code could not be sent. Try again in a moment.`,
  RevokeFailed: msg({
    message:
      'You are signed out on this device, but the sign-in service could not be reached to cancel the session itself. If someone else may have a copy of it, sign in and use “Sign out everywhere” on your account page.',
    comment:
      '“Sign out everywhere” is the name of a button on the account page: use the same words as that button',
  }),
  // The account page's own refusal of a wrong current password (the pool says "Incorrect
  // username or password.", which would read as the username being wrong).
  WrongCurrentPassword: msg`The current password is not right.`,
};

/** Cognito's NotAuthorizedException while a username is locked out after wrong passwords. */
const LOCKED_OUT = 'Password attempts exceeded';

/** Cognito's answers to a password reset the account cannot have. */
const NO_CODE_CHANNEL = /no registered\/verified email/i;
const CANNOT_RESET = /cannot be reset in the current state/i;

/** The error in words a person understands, in the active language. */
export function describeAuthError(error: AuthError): string {
  if (NO_CODE_CHANNEL.test(error.message))
    return t`This account has no verified e-mail address to send a code to. Ask the editors to reset your password.`;
  if (CANNOT_RESET.test(error.message))
    return t`The password of this account cannot be reset now. Ask the editors for help.`;
  if (isSessionOver(error))
    // A challenge's session lapsed, or took too many wrong codes: only a new sign-in helps.
    return t`This sign-in has expired or had too many wrong codes. Sign in again from the start.`;
  if (error.code === 'NotAuthorizedException' && error.message === LOCKED_OUT)
    // Not "do not match": the password may be right this time, and trying again at once fails.
    return t`Too many wrong passwords for this account. Wait a few minutes, then try again.`;
  if (error.code === 'InvalidPasswordException' || error.code === 'InvalidParameterException')
    // The pool says which rule was broken ("Password must have uppercase characters"), in its
    // own words, which pass through as they are.
    return (
      error.message.replace(/^[^:]*validation error[^:]*:\s*/i, '') ||
      t({
        message: 'Check what you typed.',
        comment: 'Shown when the sign-in service refused a form without saying why',
      })
    );
  const words = WORDS[error.code];
  if (words) return i18n._(words);
  // The pool's or the library's own message (SPEC §5) passes through word for word.
  return error.message || t`Something went wrong. Try again.`;
}
