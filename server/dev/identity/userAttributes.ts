import { createHmac } from 'node:crypto';
import { cognitoError, stringField, type CognitoReply } from './cognitoProtocol';

/**
 * The standard attributes a signed-in user may write on their own account, as an app client's
 * default write attributes on Cognito. Not among them: `sub` (the account's identity) and
 * `email_verified` / `phone_number_verified`, which only a code sent to the address (or an
 * administrator) may set. cognito-local writes whatever it is given, so without this a user could
 * call their own e-mail verified and, with `EDITOR_ALLOWLIST=@domain`, become an editor.
 */
const WRITABLE_ATTRIBUTES = new Set([
  'address',
  'birthdate',
  'email',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
]);

/** Cognito's answer to a write of an attribute the client may not write. */
export const UNAUTHORIZED_ATTRIBUTE = 'A client attempted to write unauthorized attribute';

/**
 * Cognito's refusal when `names` (the attributes an UpdateUserAttributes or DeleteUserAttributes
 * call names) includes one the user may not write, or one that is not a name at all; null when
 * every one may be written.
 */
export function unwritableAttribute(names: readonly (string | undefined)[]): CognitoReply | null {
  return names.every((name) => name !== undefined && WRITABLE_ATTRIBUTES.has(name))
    ? null
    : cognitoError('NotAuthorizedException', UNAUTHORIZED_ATTRIBUTE);
}

/** The attribute names of UpdateUserAttributes' `UserAttributes` (undefined for a malformed one). */
export function attributeNames(input: Record<string, unknown>): (string | undefined)[] {
  const attributes = Array.isArray(input.UserAttributes) ? (input.UserAttributes as unknown[]) : [];
  return attributes.map((attribute) => stringField(attribute, 'Name'));
}

/** DeleteUserAttributes' `UserAttributeNames` (undefined for an entry that is not a string). */
export function deletedAttributeNames(input: Record<string, unknown>): (string | undefined)[] {
  const names = Array.isArray(input.UserAttributeNames)
    ? (input.UserAttributeNames as unknown[])
    : [];
  return names.map((name) => (typeof name === 'string' ? name : undefined));
}

/** Masks an address as Cognito does where it says where a code went: `f***@e***`. */
export const maskedDestination = (destination: string) =>
  destination.replace(/^(.)[^@]*@(.).*$/su, '$1***@$2***');

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Where a code "went" for a username the pool does not have, as Cognito's user-existence
 * protection answers ForgotPassword and ResendConfirmationCode for one: a masked e-mail address
 * like a real one, the same every time for the same name (keyed with an installation secret, so
 * it cannot be told from a real address by asking twice, nor computed from outside).
 */
export function simulatedDestination(secret: string, username: string): string {
  const digest = createHmac('sha256', secret).update(`code destination\0${username}`).digest();
  const letter = (byte: number) => LETTERS[byte % LETTERS.length] ?? 'a';
  return `${letter(digest[0] ?? 0)}***@${letter(digest[1] ?? 0)}***`;
}
