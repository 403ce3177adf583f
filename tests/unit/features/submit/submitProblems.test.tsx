// @vitest-environment jsdom
/**
 * /submit when something is wrong: the shared schema's errors before any request, the service's
 * 400 beside the same fields, a 429 with how long to wait, and a lost connection, each keeping
 * everything typed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  clearDraftsAroundEach,
  fakeCommunityService,
  field,
  fillRights,
  fillValidVideo,
  openSubmit,
} from '../../support/communityForms';

// The real picker starts a Babylon engine; the stand-in is a button that picks one spot.
vi.mock('@/components/PositionPicker', () => import('../../support/positionPickerStandIn'));

clearDraftsAroundEach();

// Whole forms typed key by key through the real app take a few seconds each.
describe('/submit', { timeout: 30_000 }, () => {
  it('checks with the shared schema first: errors beside the fields, a summary, focus, no request', async () => {
    const { fetchMock } = fakeCommunityService({});
    await openSubmit();
    await userEvent.click(screen.getByRole('button', { name: 'Send submission' }));

    const summary = () =>
      screen.getAllByRole('alert').find((el) => el.classList.contains('form-error'));
    // Every refusal at once, the video's missing link included.
    expect(summary()?.textContent).toMatch(/7 things need attention/);
    // The contributor's rights are asked for too (issue 31).
    expect(screen.getAllByText('Choose how others may reuse what you send.')).toHaveLength(2);
    expect(screen.getByLabelText(/^Anonymous/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Paste the YouTube link of the video.')).toHaveLength(2);
    const title = field(/^Title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    const describedBy = title.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Give a title.',
    );
    // Focus lands on the first field to fix, in form order: the link comes before the title.
    expect(document.activeElement).toBe(field(/YouTube link/));
    expect(screen.getAllByText('Give a title.')).toHaveLength(2); // summary and field
    expect(screen.getAllByText(/Tick the consent line/)).toHaveLength(2);

    // Fixing a field takes its message away at once.
    await userEvent.type(title, 'A title');
    expect(title.getAttribute('aria-invalid')).toBeNull();

    // With the plain fields fixed, the link is what is left.
    await fillRights();
    await userEvent.click(field(/I recorded this media/));
    await userEvent.click(screen.getByRole('button', { name: 'Send submission' }));
    expect(summary()?.textContent).toMatch(/One thing needs attention/);
    const link = field(/YouTube link/);
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(link);
    expect(screen.getAllByText('Paste the YouTube link of the video.')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the service’s 400 field errors beside the same fields, as text', async () => {
    fakeCommunityService({
      '/api/submissions': [
        {
          status: 400,
          body: {
            error: 'The submission is not valid.',
            errors: [
              { path: 'title', message: '<img src=x onerror="window.__pwned=1">' },
              { path: 'place.lat', message: 'Pick the place again.' },
            ],
          },
        },
      ],
    });
    await openSubmit();
    await fillValidVideo();
    await userEvent.click(screen.getByRole('button', { name: 'Send submission' }));

    const title = field(/^Title/);
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(title);
    const errorId = title.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe(
      '<img src=x onerror="window.__pwned=1">',
    );
    const place = screen.getByRole('group', { name: /Where was it recorded/ });
    expect(within(place).getByText('Pick the place again.')).toBeTruthy();
    expect(document.querySelector('img[src="x"], [onerror]')).toBeNull();
  });

  it('on a 429, says how long to wait and keeps everything typed', async () => {
    fakeCommunityService({
      '/api/submissions': [
        { status: 429, body: { error: 'Too many submissions.' }, headers: { 'Retry-After': '42' } },
      ],
    });
    await openSubmit();
    await fillValidVideo();
    await userEvent.click(screen.getByRole('button', { name: 'Send submission' }));
    expect(
      await screen.findByText(
        'You have sent several submissions in a short time; try again in 42 seconds.',
      ),
    ).toBeTruthy();
    expect(field(/YouTube link/).value).toBe('https://youtu.be/dQw4w9WgXcQ?t=42');
    expect(field(/^Title/).value).toBe('Volunteers on Page Avenue');
    expect(field(/I recorded this media/).checked).toBe(true);
  });

  it('on a lost connection, says so plainly, keeps the form, and sends it on a retry', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetchMock } = fakeCommunityService({
      '/api/submissions': [
        new TypeError('Failed to fetch'),
        { status: 201, body: { id: 'sub_2' }, after: gate },
      ],
    });
    await openSubmit();
    await fillValidVideo();
    await userEvent.click(screen.getByRole('button', { name: 'Send submission' }));
    expect(
      await screen.findByText(
        'The archive service could not be reached; check your connection and try again. Everything you wrote is still here.',
      ),
    ).toBeTruthy();
    expect(field(/^Title/).value).toBe('Volunteers on Page Avenue');

    // While sending, the button says so and cannot send twice.
    await userEvent.click(screen.getByRole('button', { name: 'Send submission' }));
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
