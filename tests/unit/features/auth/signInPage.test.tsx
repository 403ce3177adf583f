// @vitest-environment jsdom
/**
 * /signin: the password, then whatever step the pool asks for next (a new password, a code, a
 * custom question), each refusal in plain words; and a device remembered only when ticked.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthError } from '@/features/auth/authErrors';
import type { SignInStep } from '@/features/auth/cognitoAuth';
import {
  authAccess,
  clearSessionsAfterEach,
  editor,
  fakeAuthService,
  fetchArchive,
  visitor,
} from '../../support/fakeAuth';
import { renderApp } from '../../support/renderWithProviders';

async function signInWith(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Username or email'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

clearSessionsAfterEach();

describe('/signin', () => {
  it('signs in, refreshes so a new group shows, and goes home with the account in the header', async () => {
    const service = fakeAuthService({
      signIn: vi.fn(async () => ({ kind: 'signedIn', session: visitor }) as SignInStep),
      refresh: vi.fn(async () => editor),
    });
    const { router, store } = renderApp('/signin', { fetchArchive, auth: authAccess(service) });
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
    const service = fakeAuthService({
      signIn: vi.fn(async () =>
        Promise.reject(new AuthError('Incorrect username or password.', 'NotAuthorizedException')),
      ),
    });
    renderApp('/signin', { fetchArchive, auth: authAccess(service) });
    await signInWith('editor', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That username and password do not match. Check them and try again.',
    );
    expect((screen.getByLabelText('Username or email') as HTMLInputElement).value).toBe('editor');
  });

  it('completes a new-password challenge, checking the rules and the repeat first', async () => {
    const complete = vi.fn(async () => ({ kind: 'signedIn', session: visitor }) as SignInStep);
    const service = fakeAuthService({
      signIn: vi.fn(async () => ({ kind: 'newPasswordRequired', complete }) as SignInStep),
    });
    const { router } = renderApp('/signin', { fetchArchive, auth: authAccess(service) });
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
    const service = fakeAuthService({
      signIn: vi.fn().mockResolvedValueOnce({
        kind: 'selectMfa',
        options: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'],
        choose,
      }),
    });
    const { router } = renderApp('/signin', { fetchArchive, auth: authAccess(service) });
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
    const service = fakeAuthService({
      signIn: vi.fn().mockResolvedValue({
        kind: 'mfaCode',
        method: 'SOFTWARE_TOKEN_MFA',
        destination: null,
        submit,
      } satisfies SignInStep),
    });
    renderApp('/signin', { fetchArchive, auth: authAccess(service) });
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
    const service = fakeAuthService({ signIn: vi.fn(async () => first as SignInStep) });
    const { router } = renderApp('/signin', { fetchArchive, auth: authAccess(service) });
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
    renderApp('/signin', { fetchArchive, auth: authAccess(fakeAuthService({ signIn })) });
    await userEvent.type(await screen.findByLabelText('Username or email'), 'editor');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your password.');
    expect(signIn).not.toHaveBeenCalled();
  });

  it("answers an empty password in SPEC §5's words in the plain-password flow", async () => {
    const signIn = vi.fn(async () =>
      Promise.reject(new AuthError('PASSWORD parameter is required', 'Error')),
    );
    const auth = { ...authAccess(fakeAuthService({ signIn })), authFlow: 'USER_PASSWORD_AUTH' };
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
      const service = fakeAuthService({
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
      const { router, unmount } = renderApp('/signin', { fetchArchive, auth: authAccess(service) });
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
