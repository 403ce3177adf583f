import {
  cognitoError,
  jsonReply,
  parseObject,
  stringField,
  type CognitoReply,
  type ForwardedRequest,
} from './cognitoProtocol';
import type { IdentityDirectory } from './identityDirectory';
import type { PasswordPolicy } from './localPool';
import type { PasswordLockout } from './passwordLockout';
import { passwordPolicyViolation } from './passwordPolicy';
import { INCORRECT_CREDENTIALS } from './passwordVerifier';
import { maskedDestination, simulatedDestination } from './userAttributes';

/** Cognito's answer while an account may not try another code or current password. */
export const ATTEMPT_LIMIT_EXCEEDED = 'Attempt limit exceeded, please try after some time.';
/** Cognito's answer to a wrong (or unknown user's) confirmation or reset code. */
export const CODE_MISMATCH = 'Invalid verification code provided, please try again.';

/** What the account-code calls need from the SRP front. */
export interface AccountCodesOptions {
  directory: Pick<IdentityDirectory, 'findUser' | 'findClient' | 'newConfirmationCode'>;
  passwordPolicy: PasswordPolicy;
  /** The front's lockout: codes and current passwords count as passwords do. */
  lockout: PasswordLockout;
  /** Passes a call on to cognito-local. */
  pass(request: ForwardedRequest): Promise<CognitoReply>;
  /** The checked access token's holder, or Cognito's refusal. */
  tokenHolder(token: string | undefined): Promise<string | CognitoReply>;
  /** Keys the simulated destinations of unknown usernames (see `simulatedDestination`). */
  decoySecret: string;
}

/** A handler of one Cognito action, as the front's table holds them. */
export type ActionHandler = (
  request: ForwardedRequest,
  input: Record<string, unknown>,
) => Promise<CognitoReply>;

const errorTypeOf = (reply: CognitoReply) =>
  reply.status === 200 ? null : stringField(parseObject(reply.body), '__type');

const limitExceeded = () => cognitoError('LimitExceededException', ATTEMPT_LIMIT_EXCEEDED);
const codeMismatch = () => cognitoError('CodeMismatchException', CODE_MISMATCH);

/** Cognito's refusal of a new password (in `field`) the pool's policy does not allow. */
function policyRefusal(
  policy: PasswordPolicy,
  input: Record<string, unknown>,
  field: string,
): CognitoReply | null {
  const password = stringField(input, field);
  const violation = password === undefined ? null : passwordPolicyViolation(password, policy);
  return violation ? cognitoError('InvalidPasswordException', violation) : null;
}

/** The account a call is about: its own name, and whether the pool has it. */
interface NamedAccount {
  name: string;
  known: boolean;
}

/**
 * The account a username-naming call is about: its own name and whether the pool has it; or
 * Cognito's refusal of a call that names no username, or a client the pool does not have.
 */
async function accountOf(
  directory: AccountCodesOptions['directory'],
  input: Record<string, unknown>,
): Promise<NamedAccount | CognitoReply> {
  const clientId = stringField(input, 'ClientId') ?? '';
  const username = stringField(input, 'Username') ?? '';
  if (username === '') {
    return cognitoError('InvalidParameterException', 'Missing required parameter Username');
  }
  if (!(await directory.findClient(clientId))) {
    return cognitoError(
      'ResourceNotFoundException',
      `User pool client ${clientId} does not exist.`,
    );
  }
  const user = await directory.findUser(clientId, username);
  return { name: user?.username ?? username, known: user !== null };
}

const isReply = (value: object): value is CognitoReply => 'status' in value;

/** A code answered for `account`: counted when wrong; an unknown account's is always wrong. */
async function codeAnswered(
  { lockout, pass }: AccountCodesOptions,
  request: ForwardedRequest,
  account: NamedAccount,
): Promise<CognitoReply> {
  if (lockout.isLocked(account.name)) return limitExceeded();
  if (!account.known) {
    lockout.failed(account.name, false);
    return codeMismatch();
  }
  const reply = await pass(request);
  if (errorTypeOf(reply) === 'CodeMismatchException') {
    lockout.failed(account.name, true);
    return codeMismatch();
  }
  return reply;
}

/** A masked delivery answer for `destination`, or the simulated one of an unknown username. */
const delivered = (destination: string) =>
  jsonReply({
    CodeDeliveryDetails: {
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: destination,
    },
  });

/**
 * cognito-local's answer to a known account's ForgotPassword as Cognito gives it: the address
 * the code went to masked as Cognito masks it (cognito-local answers it whole), and an account
 * without an e-mail refused in Cognito's words (cognito-local calls it unsupported).
 */
function forgotPasswordReply(reply: CognitoReply): CognitoReply {
  if (reply.status === 200) {
    const answer = parseObject(reply.body);
    const details = answer?.CodeDeliveryDetails as Record<string, unknown> | undefined;
    const destination = stringField(details, 'Destination');
    if (!answer || !details || destination === undefined) return reply;
    return jsonReply({
      ...answer,
      CodeDeliveryDetails: { ...details, Destination: maskedDestination(destination) },
    });
  }
  if (!/ForgotPassword without email/.test(String(reply.body))) return reply;
  return cognitoError(
    'InvalidParameterException',
    'Cannot reset password for the user as there is no registered/verified email or phone_number',
  );
}

/** ChangePassword for the access token's holder: a wrong current password counts against them. */
async function changePassword(
  options: AccountCodesOptions,
  request: ForwardedRequest,
  input: Record<string, unknown>,
): Promise<CognitoReply> {
  const { lockout } = options;
  const holder = await options.tokenHolder(stringField(input, 'AccessToken'));
  if (typeof holder !== 'string') return holder;
  const refusal = policyRefusal(options.passwordPolicy, input, 'ProposedPassword');
  if (refusal) return refusal;
  if (lockout.isLocked(holder)) return limitExceeded();
  const reply = await options.pass(request);
  // A wrong current password, which Cognito answers as a wrong password at sign-in;
  // cognito-local calls it an invalid (new) password.
  const wrongCurrent =
    reply.status === 400 && stringField(parseObject(reply.body), 'message') === 'Invalid password';
  if (!wrongCurrent) return reply;
  lockout.failed(holder, true);
  return cognitoError('NotAuthorizedException', INCORRECT_CREDENTIALS);
}

/**
 * ResendConfirmationCode, which cognito-local does not offer: a new code for an unconfirmed
 * user, delivered as the first (printed), and where it went, masked as Cognito masks it.
 */
async function resendConfirmationCode(
  { directory }: AccountCodesOptions,
  input: Record<string, unknown>,
): Promise<CognitoReply> {
  const account = await accountOf(directory, input);
  if (isReply(account)) return account;
  const clientId = stringField(input, 'ClientId') ?? '';
  // Nobody by that name: answered as the accounts the app's sign-up makes (with no e-mail
  // address, their codes go to the console) are, so the answer says nothing of who exists.
  const sent = account.known
    ? await directory.newConfirmationCode(clientId, account.name)
    : { sentTo: null };
  if (sent === null) return jsonReply({ CodeDeliveryDetails: {} });
  if (sent === 'confirmed') {
    return cognitoError('InvalidParameterException', 'User is already confirmed.');
  }
  return sent.sentTo === null
    ? jsonReply({ CodeDeliveryDetails: {} })
    : delivered(maskedDestination(sent.sentTo));
}

/**
 * The calls in which a person proves something with a code or their current password, outside
 * sign-in: confirming a sign-up, resetting a password, verifying an e-mail address, changing the
 * password. Each is refused unheard while the account is locked out, and each wrong answer counts
 * against the account as a wrong password does, so a six-digit code cannot be guessed by trying
 * them all. The calls that name a username (ForgotPassword, ResendConfirmationCode,
 * ConfirmForgotPassword, ConfirmSignUp) answer an unknown one as Cognito's user-existence
 * protection does: a code "sent" (to a simulated address where a known account's would name its
 * own), or a wrong code.
 */
export function createAccountCodes(options: AccountCodesOptions): Record<string, ActionHandler> {
  const { directory, lockout, pass } = options;

  return {
    async ConfirmSignUp(request, input) {
      const account = await accountOf(directory, input);
      return isReply(account) ? account : codeAnswered(options, request, account);
    },

    async ConfirmForgotPassword(request, input) {
      const refusal = policyRefusal(options.passwordPolicy, input, 'Password');
      if (refusal) return refusal;
      const account = await accountOf(directory, input);
      if (isReply(account)) return account;
      const reply = await codeAnswered(options, request, account);
      // The owner proved the address and chose a new password: earlier failures are moot.
      if (reply.status === 200) lockout.succeeded(account.name);
      return reply;
    },

    async VerifyUserAttribute(request, input) {
      const holder = await options.tokenHolder(stringField(input, 'AccessToken'));
      if (typeof holder !== 'string') return holder;
      return codeAnswered(options, request, { name: holder, known: true });
    },

    ChangePassword: (request, input) => changePassword(options, request, input),

    /**
     * ForgotPassword: a known account's code goes to its e-mail, whose address is masked as
     * Cognito masks it (cognito-local answers it whole); one without an e-mail gets Cognito's
     * answer (cognito-local calls it unsupported).
     */
    async ForgotPassword(request, input) {
      const account = await accountOf(directory, input);
      if (isReply(account)) return account;
      if (!account.known) return delivered(simulatedDestination(options.decoySecret, account.name));
      return forgotPasswordReply(await pass(request));
    },

    ResendConfirmationCode: (_request, input) => resendConfirmationCode(options, input),
  };
}
