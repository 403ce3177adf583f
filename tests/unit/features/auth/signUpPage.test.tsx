// @vitest-environment jsdom
/**
 * /signup and /confirm: the password rules shown while typing, the confirmation code, a new code
 * on request, then sign-in offered with the username filled in.
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

describe('/signup and /confirm', () => {
  it('signs up with the rules shown, then confirms with the code and offers sign-in', async () => {
    const service = fakeAuthService({
      signUp: vi.fn(async () => ({ confirmed: false, destination: 'n***@example.org' })),
    });
    const { router } = renderApp('/signup', { fetchArchive, auth: authAccess(service) });
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
    const service = fakeAuthService({
      resendCode: vi.fn(async () => 'n***@example.org'),
      confirmSignUp: vi.fn(async () =>
        Promise.reject(new AuthError('Invalid code provided.', 'CodeMismatchException')),
      ),
    });
    renderApp('/confirm?username=newcomer', { fetchArchive, auth: authAccess(service) });
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way to n***@example.org.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Confirmation code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right. Check it and try again.',
    );
  });
});
