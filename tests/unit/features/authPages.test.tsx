// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthAccess } from '@/features/auth/authAccess';
import { AuthError } from '@/features/auth/authErrors';
import type { AuthService, SessionSummary, SignInStep } from '@/features/auth/cognitoAuth';
import { renderApp } from '../support/renderWithProviders';

const editor: SessionSummary = {
  username: 'editor',
  groups: ['editor'],
  idToken: 'id-token',
  accessToken: 'access-token',
};
const visitor: SessionSummary = {
  username: 'visitor',
  groups: [],
  idToken: 'id-token',
  accessToken: 'access-token',
};

function fakeService(overrides: Partial<AuthService> = {}): AuthService {
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

function access(service: AuthService, stored = false): AuthAccess {
  return {
    enabled: true,
    load: async () => service,
    loginFunctionUrl: null,
    hasStoredUser: () => stored,
  };
}

const fetchArchive = async () => [];

async function signInWith(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Username or email'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('/signin', () => {
  it('signs in, refreshes so a new group shows, and goes home with the account in the header', async () => {
    const service = fakeService({
      signIn: vi.fn(async () => ({ kind: 'signedIn', session: visitor }) as SignInStep),
      refresh: vi.fn(async () => editor),
    });
    const { router, store } = renderApp('/signin', { fetchArchive, auth: access(service) });
    await signInWith('editor', 'Editor-Local-2025!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(service.signIn).toHaveBeenCalledWith('editor', 'Editor-Local-2025!');
    expect(store.getState().auth).toEqual({
      status: 'signedIn',
      username: 'editor',
      groups: ['editor'],
      byPerson: false,
    });
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editor' }).getAttribute('href')).toBe('/editor');
  });

  it('says clearly when the password is wrong, and keeps what was typed', async () => {
    const service = fakeService({
      signIn: vi.fn(async () =>
        Promise.reject(new AuthError('Incorrect username or password.', 'NotAuthorizedException')),
      ),
    });
    renderApp('/signin', { fetchArchive, auth: access(service) });
    await signInWith('editor', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That username and password do not match. Check them and try again.',
    );
    expect((screen.getByLabelText('Username or email') as HTMLInputElement).value).toBe('editor');
  });

  it('completes a new-password challenge, checking the rules and the repeat first', async () => {
    const complete = vi.fn(async () => ({ kind: 'signedIn', session: visitor }) as SignInStep);
    const service = fakeService({
      signIn: vi.fn(async () => ({ kind: 'newPasswordRequired', complete }) as SignInStep),
    });
    const { router } = renderApp('/signin', { fetchArchive, auth: access(service) });
    await signInWith('newcomer', 'Temp-Pass-1');
    const form = await screen.findByRole('form', { name: 'Choose a new password' });
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('New password, again'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(form.textContent).toContain('The new password does not meet every rule yet.');
    expect(complete).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('New password, again'));
    await userEvent.type(screen.getByLabelText('New password'), 'Brand-New-2025!');
    await userEvent.type(screen.getByLabelText('New password, again'), 'Brand-New-2025!');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(complete).toHaveBeenCalledWith('Brand-New-2025!');
  });

  it('asks for an MFA code and lets the person choose a method', async () => {
    const submit = vi.fn(async () => ({ kind: 'signedIn', session: visitor }) as SignInStep);
    const choose = vi.fn(
      async () =>
        ({ kind: 'mfaCode', method: 'SMS_MFA', destination: '+*******1234', submit }) as SignInStep,
    );
    const service = fakeService({
      signIn: vi.fn().mockResolvedValueOnce({
        kind: 'selectMfa',
        options: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'],
        choose,
      }),
    });
    const { router } = renderApp('/signin', { fetchArchive, auth: access(service) });
    await signInWith('mfa', 'Some-Pass-1!');
    await userEvent.click(await screen.findByLabelText('A code by text message'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(choose).toHaveBeenCalledWith('SMS_MFA');
    expect(await screen.findByText(/sent by text message to \+\*{7}1234/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Code'), '12a3456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(submit).toHaveBeenCalledWith('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes back to the password, saying why, when the pool ends the code step’s session', async () => {
    const submit = vi.fn(async () => {
      throw new AuthError(
        'Invalid session for the user, session is expired.',
        'NotAuthorizedException',
      );
    });
    const service = fakeService({
      signIn: vi.fn().mockResolvedValue({
        kind: 'mfaCode',
        method: 'SOFTWARE_TOKEN_MFA',
        destination: null,
        submit,
      } satisfies SignInStep),
    });
    renderApp('/signin', { fetchArchive, auth: access(service) });
    await signInWith('twostep', 'Some-Pass-1!');
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in has expired or had too many wrong codes. Sign in again from the start.',
    );
    // Not the password's "do not match", and the password form is back to start again.
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Enter your sign-in code' })).toBeNull();
  });

  it('shows a custom challenge’s prompt as text, sends the answer, and says when it is asked again', async () => {
    const hostile = '<img src=x onerror=alert(1)> Which street did the tornado cross first?';
    const again = {
      kind: 'customChallenge',
      parameters: { prompt: hostile },
      answer: vi.fn(async () => ({ kind: 'signedIn', session: visitor }) as SignInStep),
    } as const;
    const first = {
      kind: 'customChallenge',
      parameters: { prompt: hostile, USERNAME: 'custom' },
      answer: vi.fn(async () => again as SignInStep),
    } as const;
    const service = fakeService({ signIn: vi.fn(async () => first as SignInStep) });
    const { router } = renderApp('/signin', { fetchArchive, auth: access(service) });
    await signInWith('custom', 'Some-Pass-1!');
    const form = await screen.findByRole('form', { name: 'Answer the sign-in question' });
    // The pool's words, as text: nothing in them is markup.
    expect(form.textContent).toContain(hostile);
    expect(form.querySelector('img')).toBeNull();
    await userEvent.type(screen.getByLabelText('Your answer'), ' Clayton Road ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(first.answer).toHaveBeenCalledWith('Clayton Road');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That answer was not accepted. Check it and try again.',
    );
    // Asked again with an empty field.
    expect((screen.getByLabelText('Your answer') as HTMLInputElement).value).toBe('');
    await userEvent.type(screen.getByLabelText('Your answer'), 'Big Bend');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(again.answer).toHaveBeenCalledWith('Big Bend');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks for the password before signing in, unless the pool takes the plain-password flow', async () => {
    const signIn = vi.fn(async () =>
      Promise.reject(new AuthError('PASSWORD parameter is required', 'Error')),
    );
    renderApp('/signin', { fetchArchive, auth: access(fakeService({ signIn })) });
    await userEvent.type(await screen.findByLabelText('Username or email'), 'editor');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your password.');
    expect(signIn).not.toHaveBeenCalled();
  });

  it("answers an empty password in SPEC §5's words in the plain-password flow", async () => {
    const signIn = vi.fn(async () =>
      Promise.reject(new AuthError('PASSWORD parameter is required', 'Error')),
    );
    const auth = { ...access(fakeService({ signIn })), authFlow: 'USER_PASSWORD_AUTH' };
    renderApp('/signin', { fetchArchive, auth });
    await userEvent.type(await screen.findByLabelText('Username or email'), 'editor');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('PASSWORD parameter is required');
    expect(signIn).toHaveBeenCalledWith('editor', '');
  });
});

describe('/signin with two-step sign-in', () => {
  it('remembers this device only when the person ticks it at the code step', async () => {
    for (const tick of [true, false]) {
      const rememberDevice = vi.fn(async () => {});
      const submit = vi.fn(
        async () => ({ kind: 'signedIn', session: visitor, rememberDevice }) as SignInStep,
      );
      const service = fakeService({
        signIn: vi.fn(
          async () =>
            ({
              kind: 'mfaCode',
              method: 'SOFTWARE_TOKEN_MFA',
              destination: null,
              submit,
            }) as SignInStep,
        ),
      });
      const { router, unmount } = renderApp('/signin', { fetchArchive, auth: access(service) });
      await signInWith('guarded', 'Some-Pass-1!');
      expect(
        await screen.findByText('Enter the 6-digit code from your authenticator app.'),
      ).toBeTruthy();
      await userEvent.type(screen.getByLabelText('Code'), '123456');
      if (tick) await userEvent.click(screen.getByLabelText(/^Remember this device/));
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(rememberDevice).toHaveBeenCalledTimes(tick ? 1 : 0);
      unmount();
    }
  });
});

describe('/signup and /confirm', () => {
  it('signs up with the rules shown, then confirms with the code and offers sign-in', async () => {
    const service = fakeService({
      signUp: vi.fn(async () => ({ confirmed: false, destination: 'n***@example.org' })),
    });
    const { router } = renderApp('/signup', { fetchArchive, auth: access(service) });
    await userEvent.type(await screen.findByLabelText('Username or email'), 'newcomer');
    await userEvent.type(screen.getByLabelText('Password'), 'weak');
    expect(screen.getByRole('list', { name: 'Password rules' }).textContent).toContain('(not yet)');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(service.signUp).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'Newcomer-2025!');
    await userEvent.type(screen.getByLabelText('Password, again'), 'Newcomer-2025!');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirm'));
    expect(service.signUp).toHaveBeenCalledWith('newcomer', 'Newcomer-2025!');
    expect(
      await screen.findByText('We sent a confirmation code to n***@example.org. Enter it below.'),
    ).toBeTruthy();

    await userEvent.type(await screen.findByLabelText('Confirmation code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(service.confirmSignUp).toHaveBeenCalledWith('newcomer', '123456');
    expect(await screen.findByText('Your account is confirmed. Sign in.')).toBeTruthy();
    expect((screen.getByLabelText('Username or email') as HTMLInputElement).value).toBe('newcomer');
  });

  it('sends a new code on request, and says when a code is wrong', async () => {
    const service = fakeService({
      resendCode: vi.fn(async () => 'n***@example.org'),
      confirmSignUp: vi.fn(async () =>
        Promise.reject(new AuthError('Invalid code provided.', 'CodeMismatchException')),
      ),
    });
    renderApp('/confirm?username=newcomer', { fetchArchive, auth: access(service) });
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way to n***@example.org.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Confirmation code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right. Check it and try again.',
    );
  });
});

describe('/forgot-password', () => {
  const newPassword = async (password: string, again = password) => {
    await userEvent.type(screen.getByLabelText('New password'), password);
    await userEvent.type(screen.getByLabelText('New password, again'), again);
  };

  it('is reached from /signin with the username typed, sends a code, sets the new password with the rules, then offers sign-in', async () => {
    const service = fakeService();
    const { router } = renderApp('/signin', { fetchArchive, auth: access(service) });
    await userEvent.type(await screen.findByLabelText('Username or email'), 'visitor');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    const send = await screen.findByRole('button', { name: 'Send a code' });
    expect((screen.getByLabelText('Username or email') as HTMLInputElement).value).toBe('visitor');
    await userEvent.click(send);
    expect(service.forgotPassword).toHaveBeenCalledWith('visitor');
    expect((await screen.findByRole('status')).textContent).toBe(
      'If "visitor" has an account, a code is on its way to e***@e***. Enter it below with a new password.',
    );
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await newPassword('weak');
    expect(screen.getByRole('list', { name: 'Password rules' }).textContent).toContain('(not yet)');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(service.confirmForgotPassword).not.toHaveBeenCalled();
    expect(screen.getByText('The new password does not meet every rule yet.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('New password, again'));
    await newPassword('Renewed-Pass-2025!');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(service.confirmForgotPassword).toHaveBeenCalledWith(
      'visitor',
      '123456',
      'Renewed-Pass-2025!',
    );
    expect(
      await screen.findByText('Your password is changed. Sign in with the new one.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Username or email') as HTMLInputElement).value).toBe('visitor');
  });

  it('answers an unknown username as a known one, and its code as a wrong code', async () => {
    const unknown = new AuthError(
      'Username/client id combination not found.',
      'UserNotFoundException',
    );
    const service = fakeService({
      forgotPassword: vi.fn(async () => Promise.reject(unknown)),
      confirmForgotPassword: vi.fn(async () => Promise.reject(unknown)),
    });
    renderApp('/forgot-password?username=nobody', { fetchArchive, auth: access(service) });
    await userEvent.click(await screen.findByRole('button', { name: 'Send a code' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If "nobody" has an account with an e-mail address, a code is on its way to it. Enter it below with a new password.',
    );
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await newPassword('Renewed-Pass-2025!');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right. Check it and try again.',
    );
  });

  it.each([
    [
      'a wrong code',
      new AuthError(
        'Invalid verification code provided, please try again.',
        'CodeMismatchException',
      ),
      'That code is not right. Check it and try again.',
    ],
    [
      'an expired code',
      new AuthError('Invalid code provided, please request a code again.', 'ExpiredCodeException'),
      'That code has expired. Ask for a new one.',
    ],
    [
      'too many tries',
      new AuthError(
        'Attempt limit exceeded, please try after some time.',
        'LimitExceededException',
      ),
      'Too many attempts. Wait a few minutes, then try again.',
    ],
    [
      'a password the pool refuses',
      new AuthError(
        'Password does not conform to policy: Password must have symbol characters',
        'InvalidPasswordException',
      ),
      'Password does not conform to policy: Password must have symbol characters',
    ],
  ])('says clearly when the reset fails with %s', async (_name, failure, words) => {
    const service = fakeService({
      confirmForgotPassword: vi.fn(async () => Promise.reject(failure)),
    });
    renderApp('/forgot-password?username=visitor', { fetchArchive, auth: access(service) });
    await userEvent.click(await screen.findByRole('button', { name: 'Send a code' }));
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await newPassword('Renewed-Pass-2025!');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(words);
  });

  it.each([
    [
      'an account with no e-mail',
      new AuthError(
        'Cannot reset password for the user as there is no registered/verified email or phone_number',
        'InvalidParameterException',
      ),
      'This account has no verified e-mail address to send a code to. Ask the editors to reset your password.',
    ],
    [
      'too many codes asked for',
      new AuthError(
        'Attempt limit exceeded, please try after some time.',
        'LimitExceededException',
      ),
      'Too many attempts. Wait a few minutes, then try again.',
    ],
    [
      'no network',
      new AuthError('Network error', 'NetworkError'),
      'The sign-in service cannot be reached. Check your connection and try again.',
    ],
  ])('says clearly when no code can be sent: %s', async (_name, failure, words) => {
    const service = fakeService({ forgotPassword: vi.fn(async () => Promise.reject(failure)) });
    renderApp('/forgot-password?username=visitor', { fetchArchive, auth: access(service) });
    await userEvent.click(await screen.findByRole('button', { name: 'Send a code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(words);
    expect(screen.getByRole('button', { name: 'Send a code' })).toBeTruthy();
  });
});

describe('/account', () => {
  const signedIn = (overrides: Partial<AuthService> = {}) =>
    fakeService({ currentSession: vi.fn(async () => visitor), ...overrides });

  it('sends a visitor who is not signed in to /signin', async () => {
    const { router } = renderApp('/account', { fetchArchive, auth: access(fakeService()) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('shows the account, linked from the header, and changes the password with the rules checked first', async () => {
    const service = signedIn({
      changePassword: vi
        .fn<AuthService['changePassword']>()
        .mockRejectedValueOnce(
          new AuthError('Incorrect username or password.', 'NotAuthorizedException'),
        )
        .mockResolvedValue(undefined),
    });
    renderApp('/account', { fetchArchive, auth: access(service, true) });
    expect(await screen.findByText('visitor@example.org')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'visitor (your account)' });
    expect(link.getAttribute('href')).toBe('/account');
    expect(screen.getByText('(verified)')).toBeTruthy();
    const part = within(screen.getByRole('region', { name: 'Password' }));
    await userEvent.type(part.getByLabelText('Current password'), 'Visitor-Local-2025!');
    await userEvent.type(part.getByLabelText('New password'), 'weak');
    await userEvent.type(part.getByLabelText('New password, again'), 'weak');
    await userEvent.click(part.getByRole('button', { name: 'Change password' }));
    expect(service.changePassword).not.toHaveBeenCalled();
    await userEvent.clear(part.getByLabelText('New password'));
    await userEvent.clear(part.getByLabelText('New password, again'));
    await userEvent.type(part.getByLabelText('New password'), 'Renewed-Pass-2025!');
    await userEvent.type(part.getByLabelText('New password, again'), 'Renewed-Pass-2025!');
    await userEvent.click(part.getByRole('button', { name: 'Change password' }));
    expect((await part.findByRole('alert')).textContent).toBe('The current password is not right.');
    await userEvent.click(part.getByRole('button', { name: 'Change password' }));
    expect((await part.findByRole('status')).textContent).toBe('Your password is changed.');
    expect(service.changePassword).toHaveBeenLastCalledWith(
      'Visitor-Local-2025!',
      'Renewed-Pass-2025!',
    );
  });

  it('changes the e-mail address, then verifies it with the code it was sent', async () => {
    let verified = true;
    let email = 'visitor@example.org';
    const service = signedIn({
      account: vi.fn(async () => ({
        username: 'visitor',
        email,
        emailVerified: verified,
        twoStep: false,
      })),
      changeEmail: vi.fn(async (next: string) => {
        email = next;
        verified = false;
        return 'n***@e***';
      }),
      verifyEmail: vi.fn(async (code: string) => {
        if (code !== '123456')
          throw new AuthError('Invalid verification code provided.', 'CodeMismatchException');
        verified = true;
      }),
    });
    renderApp('/account', { fetchArchive, auth: access(service, true) });
    const part = within(await screen.findByRole('region', { name: 'E-mail address' }));
    await userEvent.type(part.getByLabelText('New e-mail address'), 'new@example.org');
    await userEvent.click(part.getByRole('button', { name: 'Change e-mail address' }));
    expect((await part.findByRole('status')).textContent).toBe(
      'A code is on its way to n***@e***. Enter it below to verify the address.',
    );
    expect(part.getByText('(not verified yet)')).toBeTruthy();
    await userEvent.type(part.getByLabelText('Code'), '000000');
    await userEvent.click(part.getByRole('button', { name: 'Verify' }));
    expect((await part.findByRole('alert')).textContent).toBe(
      'That code is not right. Check it and try again.',
    );
    await userEvent.clear(part.getByLabelText('Code'));
    await userEvent.type(part.getByLabelText('Code'), '123456');
    await userEvent.click(part.getByRole('button', { name: 'Verify' }));
    expect((await part.findByRole('status')).textContent).toBe('Your e-mail address is verified.');
    expect(part.getByText('new@example.org')).toBeTruthy();
    expect(part.getByText('(verified)')).toBeTruthy();
  });

  it('deletes the account only after a confirmation that says what goes and what stays', async () => {
    const service = signedIn();
    const { router, store } = renderApp('/account', { fetchArchive, auth: access(service, true) });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const confirm = within(screen.getByRole('group', { name: 'Delete your account?' }));
    expect(confirm.getByText(/stays in the archive, without your name/)).toBeTruthy();
    await userEvent.click(confirm.getByRole('button', { name: 'Keep my account' }));
    expect(service.deleteAccount).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete it for good' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(service.deleteAccount).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.status).toBe('signedOut');
    expect(await screen.findByText('Your account is deleted.')).toBeTruthy();
  });

  it('signs out everywhere, then says so on /signin', async () => {
    const service = signedIn();
    const { router, store } = renderApp('/account', { fetchArchive, auth: access(service, true) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(service.signOutEverywhere).toHaveBeenCalled();
    expect(store.getState().auth.status).toBe('signedOut');
    expect(await screen.findByText('You are signed out on every device.')).toBeTruthy();
  });
});

describe('/account: two-step sign-in and devices', () => {
  const signedIn = (overrides: Partial<AuthService> = {}) =>
    fakeService({ currentSession: vi.fn(async () => visitor), ...overrides });

  it('turns two-step sign-in on with the secret and a code, and off behind a confirmation', async () => {
    let on = false;
    const service = signedIn({
      account: vi.fn(async () => ({
        username: 'visitor',
        email: null,
        emailVerified: false,
        twoStep: on,
      })),
      confirmAuthenticator: vi.fn(async (code: string) => {
        if (code !== '654321')
          throw new AuthError('Incorrect confirmation code', 'CodeMismatchException');
        on = true;
      }),
      turnOffTwoStep: vi.fn(async () => {
        on = false;
      }),
    });
    renderApp('/account', { fetchArchive, auth: access(service, true) });
    const part = within(await screen.findByRole('region', { name: 'Two-step sign-in' }));
    expect(part.getByText('Off.')).toBeTruthy();
    await userEvent.click(part.getByRole('button', { name: 'Turn on two-step sign-in' }));
    // The secret in groups of four, easy to type into an app.
    expect(await part.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    await userEvent.type(part.getByLabelText('Code'), '111111');
    await userEvent.click(part.getByRole('button', { name: 'Verify and turn on' }));
    expect((await part.findByRole('alert')).textContent).toBe(
      'That code is not right. Check it and try again.',
    );
    await userEvent.clear(part.getByLabelText('Code'));
    await userEvent.type(part.getByLabelText('Code'), '654321');
    await userEvent.click(part.getByRole('button', { name: 'Verify and turn on' }));
    expect(await part.findByText(/^Two-step sign-in is on\./)).toBeTruthy();
    expect(part.getByText('On.')).toBeTruthy();

    await userEvent.click(part.getByRole('button', { name: 'Turn off two-step sign-in' }));
    const confirm = within(part.getByRole('group', { name: 'Turn off two-step sign-in?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Keep it on' }));
    expect(service.turnOffTwoStep).not.toHaveBeenCalled();
    await userEvent.click(part.getByRole('button', { name: 'Turn off two-step sign-in' }));
    await userEvent.click(part.getByRole('button', { name: 'Turn it off' }));
    expect(await part.findByText('Two-step sign-in is off.')).toBeTruthy();
    expect(part.getByText('Off.')).toBeTruthy();
  });

  it('lists the remembered devices by readable names and forgets one', async () => {
    const service = signedIn({
      devices: vi.fn(async () => [
        {
          key: 'local_a',
          name: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
          lastSignIn: new Date('2026-11-20T10:00:00Z'),
          remembered: true,
          current: true,
        },
        {
          key: 'local_b',
          name: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
          lastSignIn: null,
          remembered: true,
          current: false,
        },
        {
          key: 'local_c',
          name: '<img src=x>',
          lastSignIn: null,
          remembered: false,
          current: false,
        },
      ]),
    });
    renderApp('/account', { fetchArchive, auth: access(service, true) });
    const part = within(await screen.findByRole('region', { name: 'Devices' }));
    expect(await part.findByText('Chrome on Linux (this device)')).toBeTruthy();
    expect(part.getByText('Safari on iPhone')).toBeTruthy();
    // Only remembered devices are listed; a device's name is never shown raw.
    expect(part.queryByText(/img/)).toBeNull();
    expect(part.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(part.getByRole('button', { name: 'Forget Safari on iPhone' }));
    expect(service.forgetDevice).toHaveBeenCalledWith('local_b');
    expect(
      await part.findByText(
        'Safari on iPhone is forgotten: it asks for the code again at its next sign-in.',
      ),
    ).toBeTruthy();
    expect(part.getAllByRole('listitem')).toHaveLength(1);
  });
});

describe('the editor guard and sign-out', () => {
  it('loads the stored session first: an editor gets in, nothing of the editor shows before', async () => {
    let resolve: (s: SessionSummary | null) => void = () => {};
    const service = fakeService({
      currentSession: vi.fn(() => new Promise<SessionSummary | null>((r) => (resolve = r))),
    });
    const { router } = renderApp('/editor', { fetchArchive, auth: access(service, true) });
    expect(await screen.findByText('Checking your access…')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Editor' })).toBeNull();
    resolve(editor);
    expect(await screen.findByRole('navigation', { name: 'Editor' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Items' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/editor');
  });

  it('sends a signed-in non-editor home from /editor/anything', async () => {
    const service = fakeService({ currentSession: vi.fn(async () => visitor) });
    const { router } = renderApp('/editor/anything', { fetchArchive, auth: access(service, true) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('navigation', { name: 'Editor' })).toBeNull();
  });

  it('says so on /signin when sign-out could not cancel the session with the pool', async () => {
    const service = fakeService({
      currentSession: vi.fn(async () => visitor),
      signOut: vi.fn(async () => {
        throw new AuthError(
          'Signed out here; the refresh token could not be revoked.',
          'RevokeFailed',
        );
      }),
    });
    const { router, store } = renderApp('/account', { fetchArchive, auth: access(service, true) });
    await screen.findByRole('region', { name: 'Devices' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(store.getState().auth.status).toBe('signedOut');
    expect(
      await screen.findByText(
        /^You are signed out on this device, but the sign-in service could not be reached/,
      ),
    ).toBeTruthy();
  });

  it('sign-out from /account goes home, not to /signin', async () => {
    const service = fakeService({ currentSession: vi.fn(async () => visitor) });
    const { router } = renderApp('/account', { fetchArchive, auth: access(service, true) });
    await screen.findByRole('region', { name: 'Devices' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sign-out clears the session and the header', async () => {
    const service = fakeService({ currentSession: vi.fn(async () => editor) });
    const { store } = renderApp('/statement', { fetchArchive, auth: access(service, true) });
    await store.dispatch((await import('@/features/auth/authSlice')).sessionChecked());
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(store.getState().auth.status).toBe('signedOut'));
    expect(service.signOut).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});
