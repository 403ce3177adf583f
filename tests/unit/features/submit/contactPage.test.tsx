// @vitest-environment jsdom
/**
 * /contact: a valid message sent and confirmed with no promise of emergency help, refusals beside
 * each field, a 429 with the draft kept, and the characters counted near the limit.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  clearDraftsAroundEach,
  fakeCommunityService,
  fetchArchive,
  field,
  service,
} from '../../support/communityForms';
import { renderApp } from '../../support/renderWithProviders';

clearDraftsAroundEach();

describe('/contact', { timeout: 30_000 }, () => {
  async function openContact() {
    const view = renderApp('/contact', { service, fetchArchive });
    await screen.findByRole('form', { name: 'Write to the editors' }, { timeout: 10_000 });
    return view;
  }

  async function fillValidMessage() {
    await userEvent.type(field(/Your name/), 'Sam');
    await userEvent.type(field(/Your e-mail address/), 'sam@example.org');
    await userEvent.type(field(/Message/), 'Please correct the date on the Fountain Park video.');
  }

  it('sends a valid message and confirms it, with no promise of emergency help', async () => {
    const { received } = fakeCommunityService({
      '/api/messages': [{ status: 201, body: { id: 'msg_1' } }],
    });
    await openContact();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeTruthy();
    await fillValidMessage();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Message sent' });
    expect(document.activeElement).toBe(heading);
    expect(document.body.textContent).toMatch(/The editors read every message/);
    expect(document.body.textContent).toMatch(/They cannot send help/);
    expect(screen.getByText('msg_1')).toBeTruthy();
    expect(received).toEqual([
      expect.objectContaining({
        url: '/api/messages',
        method: 'POST',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
        body: {
          name: 'Sam',
          email: 'sam@example.org',
          message: 'Please correct the date on the Fountain Park video.',
          website: '',
        },
      }),
    ]);
    expect(window.sessionStorage.getItem('globe-archive:contact-draft')).toBeNull();
  });

  it('refuses an empty or malformed message without a request, beside each field', async () => {
    const { fetchMock } = fakeCommunityService({});
    await openContact();
    await userEvent.type(field(/Your e-mail address/), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getAllByText('Give your name.')).toHaveLength(2);
    expect(screen.getAllByText('Give an e-mail address like name@example.org.')).toHaveLength(2);
    expect(screen.getAllByText('Write your message.')).toHaveLength(2);
    expect(document.activeElement).toBe(field(/Your name/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on a 429, says how long to wait and keeps the message; the draft survives a remount', async () => {
    fakeCommunityService({
      '/api/messages': [
        { status: 429, body: { error: 'Too many.' }, headers: { 'Retry-After': '30' } },
      ],
    });
    const first = await openContact();
    await fillValidMessage();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText(
        'You have sent several messages in a short time; try again in 30 seconds.',
      ),
    ).toBeTruthy();
    expect(field(/Message/).value).toBe('Please correct the date on the Fountain Park video.');
    first.unmount();
    await openContact();
    expect(field(/Your e-mail address/).value).toBe('sam@example.org');
  });

  it('counts characters as the message nears its limit', async () => {
    fakeCommunityService({});
    await openContact();
    await userEvent.click(field(/Message/));
    await userEvent.paste('x'.repeat(4500));
    expect(screen.getByText('4,500 / 5,000 characters')).toBeTruthy();
  });

  it('shows the service’s 400 errors beside the fields', async () => {
    fakeCommunityService({
      '/api/messages': [
        {
          status: 400,
          body: {
            error: 'Invalid.',
            errors: [{ path: 'email', message: 'Check the e-mail address.' }],
          },
        },
      ],
    });
    await openContact();
    await fillValidMessage();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(field(/Your e-mail address/).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getAllByText('Check the e-mail address.')).toHaveLength(2);
  });
});
