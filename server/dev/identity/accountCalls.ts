/**
 * The signed-in account's calls the front answers itself or adjusts on their way to
 * cognito-local: GlobalSignOut, SignUp's password policy, UpdateUserAttributes and
 * DeleteUserAttributes, the e-mail verification code and the device calls. The calls proven by a
 * code or the current password are `accountCodes.ts`'s.
 */
import {
  cognitoError,
  jsonReply,
  parseObject,
  stringField,
  type CognitoReply,
  type ForwardedRequest,
} from './cognitoProtocol';
import type { ActionHandler } from './accountCodes';
import { DEVICE_ACTIONS } from './deviceTracking';
import type { FrontContext } from './frontContext';
import { passwordPolicyViolation } from './passwordPolicy';
import {
  attributeNames,
  deletedAttributeNames,
  maskedDestination,
  unwritableAttribute,
} from './userAttributes';

/** The account calls of one front, by action, as its table of actions holds them. */
export function createAccountCalls(context: FrontContext): Record<string, ActionHandler> {
  const { directory, passwordPolicy, devices, pass, tokenHolder } = context;

  /** A device call (ConfirmDevice, ListDevices…) for the access token's holder. */
  async function deviceCall(action: string, input: Record<string, unknown>) {
    const holder = await tokenHolder(stringField(input, 'AccessToken'));
    return typeof holder === 'string' ? devices.call(action, holder, input) : holder;
  }

  async function globalSignOut(input: Record<string, unknown>) {
    const holder = await tokenHolder(stringField(input, 'AccessToken'));
    if (typeof holder !== 'string') return holder;
    await directory.signOutEverywhere(holder);
    return jsonReply({});
  }

  /** Passes on a request whose `field` is a new password, if the pool's policy accepts it. */
  function withPasswordPolicy(field: string) {
    return async (request: ForwardedRequest, input: Record<string, unknown>) => {
      const password = stringField(input, field);
      const violation =
        password === undefined ? null : passwordPolicyViolation(password, passwordPolicy);
      return violation ? cognitoError('InvalidPasswordException', violation) : pass(request);
    };
  }

  /**
   * UpdateUserAttributes as a pool with auto-verified e-mail answers it: a new address is not
   * verified until its code is given back (VerifyUserAttribute), and the code is sent at once.
   * cognito-local keeps `email_verified` as it was and sends no code unless told both.
   */
  async function updateUserAttributes(
    request: ForwardedRequest,
    input: Record<string, unknown>,
  ): Promise<CognitoReply> {
    const attributes = Array.isArray(input.UserAttributes)
      ? (input.UserAttributes as unknown[])
      : [];
    const names = attributeNames(input);
    // The one way to verify an address is its code (VerifyUserAttribute).
    const unwritable = unwritableAttribute(names);
    if (unwritable) return unwritable;
    if (!names.includes('email')) return pass(request);
    const unverified = {
      ...input,
      UserAttributes: [...attributes, { Name: 'email_verified', Value: 'false' }],
    };
    const reply = await pass({ ...request, body: Buffer.from(JSON.stringify(unverified)) });
    if (reply.status !== 200) return reply;
    const email = attributes.find(
      (attribute) => stringField(attribute as Record<string, unknown>, 'Name') === 'email',
    );
    const sent = await emailCode(
      input.AccessToken,
      stringField(email as Record<string, unknown>, 'Value'),
    );
    const details = parseObject(sent.body)?.CodeDeliveryDetails;
    return sent.status === 200 ? jsonReply({ CodeDeliveryDetailsList: [details] }) : sent;
  }

  /**
   * Sends the account's e-mail address a verification code. cognito-local keeps the code, then
   * fails to deliver it for a pool without auto-verified attributes (the local pool has none, so
   * that the app's sign-up, which sends no e-mail, works); the local server's codes are printed at
   * start instead, so that failure is a code sent. Where it went is masked as Cognito masks it.
   */
  async function emailCode(accessToken: unknown, email?: string): Promise<CognitoReply> {
    const sent = await pass({
      action: 'GetUserAttributeVerificationCode',
      body: Buffer.from(JSON.stringify({ AccessToken: accessToken, AttributeName: 'email' })),
    });
    const undelivered = /no attribute matching desired auto verified/.test(String(sent.body));
    if (sent.status !== 200 && !undelivered) return sent;
    let destination = email;
    if (destination === undefined) {
      const user = parseObject(
        (
          await pass({
            action: 'GetUser',
            body: Buffer.from(JSON.stringify({ AccessToken: accessToken })),
          })
        ).body,
      );
      const attributes = Array.isArray(user?.UserAttributes)
        ? (user.UserAttributes as unknown[])
        : [];
      const found = attributes.find(
        (attribute) => stringField(attribute as Record<string, unknown>, 'Name') === 'email',
      );
      destination = stringField(found as Record<string, unknown>, 'Value');
    }
    return jsonReply({
      CodeDeliveryDetails: {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: destination === undefined ? '' : maskedDestination(destination),
      },
    });
  }

  return {
    GlobalSignOut: (_request, input) => globalSignOut(input),
    SignUp: withPasswordPolicy('Password'),
    UpdateUserAttributes: updateUserAttributes,
    DeleteUserAttributes: async (request, input) =>
      unwritableAttribute(deletedAttributeNames(input)) ?? pass(request),
    GetUserAttributeVerificationCode: (_request, input) => emailCode(input.AccessToken),
    ...Object.fromEntries(
      [...DEVICE_ACTIONS].map((action) => [
        action,
        (_request: ForwardedRequest, input: Record<string, unknown>) => deviceCall(action, input),
      ]),
    ),
  };
}
