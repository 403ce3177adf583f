// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthAccess } from '@/features/auth/authAccess';
import { AuthError } from '@/features/auth/authErrors';
import type { AuthService, SessionSummary, SignInStep } from '@/features/auth/cognitoAuth';
import { renderApp } from '../renderWithProviders';

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

  it('asks for an MFA code, lets the person choose a method, and explains a custom challenge', async () => {
    const submit = vi.fn(async () => ({ kind: 'signedIn', session: visitor }) as SignInStep);
    const choose = vi.fn(
      async () =>
        ({ kind: 'mfaCode', method: 'SMS_MFA', destination: '+*******1234', submit }) as SignInStep,
    );
    const service = fakeService({
      signIn: vi
        .fn()
        .mockResolvedValueOnce({
          kind: 'selectMfa',
          options: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'],
          choose,
        })
        .mockResolvedValueOnce({ kind: 'customChallenge', parameters: {}, answer: vi.fn() }),
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

    await router.navigate('/signin');
    await signInWith('custom', 'Some-Pass-1!');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /does not offer \(a custom challenge\)/,
    );
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
