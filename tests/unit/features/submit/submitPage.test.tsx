// @vitest-environment jsdom
/**
 * /submit: the Markdown intro above the form, a valid video submission sent as the exact JSON and
 * confirmed, the archive's categories offered, a link checked live, hostile text kept as text, a
 * honeypot nobody can reach, and the whole form by keyboard alone.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CURRENT_TERMS } from '@/lib/terms';
import {
  clearDraftsAroundEach,
  fakeCommunityService,
  field,
  fillRights,
  fillValidVideo,
  openSubmit,
} from '../../support/communityForms';
import { SPOT } from '../../support/positionPickerStandIn';

// The real picker starts a Babylon engine; the stand-in is a button that picks one spot.
vi.mock('@/components/PositionPicker', () => import('../../support/positionPickerStandIn'));

clearDraftsAroundEach();

// Whole forms typed key by key through the real app take a few seconds each.
describe('/submit', { timeout: 30_000 }, () => {
  it('keeps the Markdown intro above the form, with the emergency number and the e-mail alternative', async () => {
    await openSubmit();
    expect(screen.getByRole('heading', { level: 1, name: 'Submit media' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '911' }).getAttribute('href')).toBe('tel:911');
    expect(screen.getByText(/Prefer e-mail\?/)).toBeTruthy();
  });

  it('sends a valid video submission as the exact JSON and confirms it with the reference', async () => {
    const { received } = fakeCommunityService({
      '/api/submissions': [{ status: 201, body: { id: 'sub_8f2k', status: 'pending' } }],
    });
    await openSubmit();
    await fillValidVideo();
    expect(screen.getByText('Video id: dQw4w9WgXcQ')).toBeTruthy();
    await userEvent.type(field('Description'), 'Filmed the morning after.');
    await userEvent.type(field('Day'), '2025-05-17');
    await userEvent.type(field('Time (optional)'), '08:30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cleanup' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pick the place on the globe' }));
    expect(screen.getByText('Picked: 38.6736° N, 90.2447° W')).toBeTruthy();
    await userEvent.type(field('Or describe the place'), 'Page Ave and Kingshighway');
    await userEvent.type(field('Your name'), 'Jo Doe');
    await userEvent.type(field('Your e-mail address'), 'jo@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send submission' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Thank you' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('sub_8f2k')).toBeTruthy();
    expect(document.body.textContent).toMatch(/An editor will review it before it appears/);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ url: '/api/submissions', method: 'POST' });
    expect(received[0]?.headers.Authorization).toBeUndefined();
    // The service refuses forms sent as anything else (415).
    expect(received[0]?.headers['Content-Type']).toBe('application/json');
    expect(received[0]?.body).toEqual({
      kind: 'video',
      youtube_url: 'https://youtu.be/dQw4w9WgXcQ?t=42',
      images: [],
      title: 'Volunteers on Page Avenue',
      description: 'Filmed the morning after.',
      categories: ['Cleanup'],
      place: SPOT,
      place_text: 'Page Ave and Kingshighway',
      // Read in St. Louis time, with its offset of that day.
      date: '2025-05-17T08:30-05:00',
      name: 'Jo Doe',
      email: 'jo@example.org',
      // What the contributor agreed to, with the version of the terms the page showed.
      credit_as: 'name',
      credit_name: 'Jo Doe',
      license: 'CC-BY-4.0',
      people: 'not-recognisable',
      age: '16-or-older',
      terms_version: CURRENT_TERMS.version,
      // And the language it showed the terms in (issue 49).
      terms_language: 'en',
      consent: true,
      website: '',
    });
    // Sent: the draft is forgotten, and "Send another" opens an empty form with focus in it.
    expect(window.sessionStorage.getItem('globe-archive:submit-draft')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send another' }));
    expect(field(/^Title/).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('A video link'));
    expect(screen.queryByText(/What you wrote earlier/)).toBeNull();
  });

  it('offers the archive’s categories to tick, loaded for the form, and no way to make one up', async () => {
    fakeCommunityService({});
    await openSubmit();
    const group = await screen.findByRole('group', { name: 'Categories' });
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole('checkbox')
          .map((box) => box.getAttribute('value')),
      ).toEqual(['Cleanup', 'Volunteers']),
    );
    // Typing a name and Enter made a public category of it (issue 47): there is nothing to type.
    expect(within(group).queryByRole('textbox')).toBeNull();
    // Two to choose from: no limit of 20 to read about.
    expect(group.textContent).toMatch(
      /Tick those that fit\. If none does, say what it is about in the description/,
    );
    expect(group.textContent).not.toMatch(/up to/);
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Volunteers' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Cleanup' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Volunteers' }));
    expect(
      within(group)
        .getAllByRole('checkbox', { checked: true })
        .map((box) => box.getAttribute('value')),
    ).toEqual(['Cleanup']);
  });

  it('lists a category kept from an earlier draft that the archive lacks, ticked, so it can be unticked', async () => {
    fakeCommunityService({});
    window.sessionStorage.setItem(
      'globe-archive:submit-draft',
      JSON.stringify({ categories: ['Cleanup', 'Made up'] }),
    );
    await openSubmit();
    const group = await screen.findByRole('group', { name: 'Categories' });
    const madeUp = await within(group).findByRole('checkbox', { name: 'Made up' });
    expect(madeUp).toHaveProperty('checked', true);
    await userEvent.click(madeUp);
    expect(within(group).queryByRole('checkbox', { name: 'Made up' })).toBeNull();
    expect(within(group).getByRole('checkbox', { name: 'Cleanup' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('shows why a link is not a YouTube link, live', async () => {
    fakeCommunityService({});
    await openSubmit();
    await userEvent.type(field(/YouTube link/), 'https://example.org/watch');
    expect(screen.getByText(/This is not a YouTube video link/)).toBeTruthy();
    await userEvent.clear(field(/YouTube link/));
    await userEvent.type(field(/YouTube link/), 'https://vimeo.com/abcdefghijk');
    expect(screen.getByText(/Video id: abcdefghijk \(this address is not on YouTube/)).toBeTruthy();
  });

  it('sends hostile text as plain text and never renders it as HTML', async () => {
    const { received } = fakeCommunityService({
      '/api/submissions': [{ status: 201, body: { id: '<b>x</b>', status: 'pending' } }],
    });
    await openSubmit();
    await userEvent.type(field(/YouTube link/), 'dQw4w9WgXcQ');
    await userEvent.type(field(/^Title/), '<script>alert(1)</script>');
    await userEvent.type(field('Description'), 'javascript:alert(1)');
    await userEvent.type(field('Or describe the place'), '<img src=x onerror=alert(1)>');
    await fillRights('<b>Jo</b>');
    await userEvent.click(field(/I recorded this media/));
    await userEvent.click(screen.getByRole('button', { name: 'Send submission' }));
    expect(await screen.findByText('<b>x</b>')).toBeTruthy();
    expect(received[0]?.body).toMatchObject({
      title: '<script>alert(1)</script>',
      description: 'javascript:alert(1)',
      place_text: '<img src=x onerror=alert(1)>',
    });
    expect(document.querySelector('main script, img[src="x"], [onerror], b')).toBeNull();
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
  });

  it('has a honeypot that people cannot reach, by label, role or Tab', async () => {
    fakeCommunityService({});
    const { container } = await openSubmit();
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.getAttribute('autocomplete')).toBe('off');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByLabelText(/website/i)).toBeNull();
    expect(
      screen.getAllByRole('textbox').some((box) => box.getAttribute('name') === 'website'),
    ).toBe(false);
  });

  it('works by keyboard alone: tab to each field, tick consent with Space, send with Enter', async () => {
    const { received } = fakeCommunityService({
      '/api/submissions': [{ status: 201, body: { id: 's3' } }],
    });
    await openSubmit();
    screen.getByLabelText('A video link').focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(field(/YouTube link/));
    await userEvent.keyboard('dQw4w9WgXcQ');
    await userEvent.tab();
    await userEvent.keyboard('Typed by keyboard');
    // A radio group takes the focus once and Space picks the one focused.
    screen.getByLabelText(/^Anonymous/).focus();
    await userEvent.keyboard(' ');
    screen.getByLabelText(/^Shown in this archive only/).focus();
    await userEvent.keyboard(' ');
    screen.getByLabelText('Nobody can be recognised in it').focus();
    await userEvent.keyboard(' ');
    screen.getByLabelText('I am 16 or older').focus();
    await userEvent.keyboard(' ');
    field(/I recorded this media/).focus();
    await userEvent.keyboard(' ');
    // The terms' link, then the button.
    await userEvent.tab();
    expect(document.activeElement?.textContent).toMatch(/^terms for contributors/);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send submission' }));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    expect(received[0]?.body).toMatchObject({
      title: 'Typed by keyboard',
      credit_as: 'anonymous',
      license: 'archive-only',
      consent: true,
    });
  });
});
