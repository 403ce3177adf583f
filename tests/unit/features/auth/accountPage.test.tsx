// @vitest-environment jsdom
/**
 * /account: the password, the e-mail address, deleting the account and signing out everywhere;
 * two-step sign-in turned on and off, and the remembered devices by readable names.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthError } from '@/features/auth/authErrors';
import type { AuthService } from '@/features/auth/cognitoAuth';
import {
  authAccess,
  clearSessionsAfterEach,
  fakeAuthService,
  fetchArchive,
  visitor,
} from '../../support/fakeAuth';
import { renderApp } from '../../support/renderWithProviders';

clearSessionsAfterEach();

/** The service with the visitor signed in; `overrides` as in `fakeAuthService`. */
const signedIn = (overrides: Partial<AuthService> = {}) =>
  fakeAuthService({ currentSession: vi.fn(async () => visitor), ...overrides });

describe('/account', () => {
  it('sends a visitor who is not signed in to /signin', async () => {
    const { router } = renderApp('/account', { fetchArchive, auth: authAccess(fakeAuthService()) });
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
    renderApp('/account', { fetchArchive, auth: authAccess(service, true) });
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
    renderApp('/account', { fetchArchive, auth: authAccess(service, true) });
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
    const { router, store } = renderApp('/account', {
      fetchArchive,
      auth: authAccess(service, true),
    });
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
    const { router, store } = renderApp('/account', {
      fetchArchive,
      auth: authAccess(service, true),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(service.signOutEverywhere).toHaveBeenCalled();
    expect(store.getState().auth.status).toBe('signedOut');
    expect(await screen.findByText('You are signed out on every device.')).toBeTruthy();
  });
});

describe('/account: two-step sign-in and devices', () => {
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
    renderApp('/account', { fetchArchive, auth: authAccess(service, true) });
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
    renderApp('/account', { fetchArchive, auth: authAccess(service, true) });
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
