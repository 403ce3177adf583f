// @vitest-environment jsdom
/**
 * /forgot-password: a code sent (an unknown username answered as a known one), the new password
 * checked against the rules, and every way a reset can fail said plainly.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthError } from '@/features/auth/authErrors';
import {
  authAccess,
  clearSessionsAfterEach,
  fakeAuthService,
  fetchArchive,
} from '../../support/fakeAuth';
import { renderApp } from '../../support/renderWithProviders';

clearSessionsAfterEach();

describe('/forgot-password', () => {
  const newPassword = async (password: string, again = password) => {
    await userEvent.type(screen.getByLabelText('New password'), password);
    await userEvent.type(screen.getByLabelText('New password, again'), again);
  };

  it('is reached from /signin with the username typed, sends a code, sets the new password with the rules, then offers sign-in', async () => {
    const service = fakeAuthService();
    const { router } = renderApp('/signin', { fetchArchive, auth: authAccess(service) });
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
    const service = fakeAuthService({
      forgotPassword: vi.fn(async () => Promise.reject(unknown)),
      confirmForgotPassword: vi.fn(async () => Promise.reject(unknown)),
    });
    renderApp('/forgot-password?username=nobody', { fetchArchive, auth: authAccess(service) });
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
    const service = fakeAuthService({
      confirmForgotPassword: vi.fn(async () => Promise.reject(failure)),
    });
    renderApp('/forgot-password?username=visitor', { fetchArchive, auth: authAccess(service) });
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
    const service = fakeAuthService({ forgotPassword: vi.fn(async () => Promise.reject(failure)) });
    renderApp('/forgot-password?username=visitor', { fetchArchive, auth: authAccess(service) });
    await userEvent.click(await screen.findByRole('button', { name: 'Send a code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(words);
    expect(screen.getByRole('button', { name: 'Send a code' })).toBeTruthy();
  });
});
