// @vitest-environment jsdom
/**
 * The stored session loaded before the editor shows (its guard lives in the app's editor layout),
 * and sign-out: from the header and /account, and when the pool could not be told.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthError } from '@/features/auth/authErrors';
import type { SessionSummary } from '@/features/auth/cognitoAuth';
import {
  authAccess,
  clearSessionsAfterEach,
  editor,
  fakeAuthService,
  fetchArchive,
  visitor,
} from '../../support/fakeAuth';
import { renderApp } from '../../support/renderWithProviders';

clearSessionsAfterEach();

describe('the editor guard and sign-out', () => {
  it('loads the stored session first: an editor gets in, nothing of the editor shows before', async () => {
    let resolve: (s: SessionSummary | null) => void = () => {};
    const service = fakeAuthService({
      currentSession: vi.fn(() => new Promise<SessionSummary | null>((r) => (resolve = r))),
    });
    const { router } = renderApp('/editor', { fetchArchive, auth: authAccess(service, true) });
    expect(await screen.findByText('Checking your access…')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Editor' })).toBeNull();
    resolve(editor);
    expect(await screen.findByRole('navigation', { name: 'Editor' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Items' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/editor');
  });

  it('sends a signed-in non-editor home from /editor/anything', async () => {
    const service = fakeAuthService({ currentSession: vi.fn(async () => visitor) });
    const { router } = renderApp('/editor/anything', {
      fetchArchive,
      auth: authAccess(service, true),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('navigation', { name: 'Editor' })).toBeNull();
  });

  it('says so on /signin when sign-out could not cancel the session with the pool', async () => {
    const service = fakeAuthService({
      currentSession: vi.fn(async () => visitor),
      signOut: vi.fn(async () => {
        throw new AuthError(
          'Signed out here; the refresh token could not be revoked.',
          'RevokeFailed',
        );
      }),
    });
    const { router, store } = renderApp('/account', {
      fetchArchive,
      auth: authAccess(service, true),
    });
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
    const service = fakeAuthService({ currentSession: vi.fn(async () => visitor) });
    const { router } = renderApp('/account', { fetchArchive, auth: authAccess(service, true) });
    await screen.findByRole('region', { name: 'Devices' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sign-out clears the session and the header', async () => {
    const service = fakeAuthService({ currentSession: vi.fn(async () => editor) });
    const { store } = renderApp('/statement', { fetchArchive, auth: authAccess(service, true) });
    await store.dispatch((await import('@/features/auth/authSlice')).sessionChecked());
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(store.getState().auth.status).toBe('signedOut'));
    expect(service.signOut).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});
