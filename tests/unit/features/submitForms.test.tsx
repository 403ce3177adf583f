// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LatLng } from '@/globe/geo';
import { CURRENT_TERMS } from '@/lib/terms';
import { renderApp } from '../support/renderWithProviders';

// The real picker starts a Babylon engine; here it is a button that picks one spot, so the form's
// side of the contract (value in, onChange out) is what is tested.
vi.mock('@/components/PositionPicker', () => ({
  PositionPicker: ({
    value,
    onChange,
    label,
  }: {
    value: LatLng | null;
    onChange(position: LatLng): void;
    label?: string;
  }) => (
    <button type="button" data-value={JSON.stringify(value)} onClick={() => onChange(SPOT)}>
      {label}
    </button>
  ),
}));

const SPOT = { lat: 38.67361, lng: -90.24472 };
const service = { baseUrl: '/api', accessToken: async () => null };
const archive = [
  { video_id: 'a', title: 'A', youtube_id: 'dQw4w9WgXcQ', categories: ['Cleanup'], lat: 1, lng: 1 },
  {
    video_id: 'b',
    title: 'B',
    youtube_id: 'dQw4w9WgXcQ',
    categories: ['Volunteers'],
    lat: 2,
    lng: 2,
  },
];
const fetchArchive = async () => archive;

/** One request the fake service received. */
interface Received {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer =
  | {
      status: number;
      body?: unknown;
      headers?: Record<string, string>;
      /** Holds the answer back until it settles, to see the form while it sends. */
      after?: Promise<void>;
    }
  | Error;

/**
 * Plays the nodes-service: answers each request with the next answer queued for its path, and
 * records what it received.
 */
function fakeService(answers: Record<string, Answer[]>) {
  const received: Received[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const raw = init.body;
    received.push({
      url,
      method: init.method ?? 'GET',
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const answer = answers[url]?.shift();
    if (answer === undefined) throw new Error(`No answer queued for ${url}`);
    if (answer instanceof Error) throw answer;
    await answer.after;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { received, fetchMock };
}

const field = (name: RegExp | string) => screen.getByLabelText(name) as HTMLInputElement;

async function openSubmit() {
  const view = renderApp('/submit', { service, fetchArchive });
  // The page and its Markdown load lazily: the first test pays for a cold import.
  await screen.findByRole('form', { name: 'Submit media' }, { timeout: 10_000 });
  return view;
}

/** The contributor's rights (issue 31): credited by name, CC BY 4.0, nobody recognisable, 16+. */
async function fillRights(credit = 'Jo Doe') {
  await userEvent.click(screen.getByLabelText('By name'));
  await userEvent.type(field(/^Name to credit/), credit);
  await userEvent.click(screen.getByLabelText(/^Creative Commons Attribution 4\.0/));
  await userEvent.click(screen.getByLabelText('Nobody can be recognised in it'));
  await userEvent.click(screen.getByLabelText('I am 16 or older'));
}

async function fillValidVideo() {
  await userEvent.type(field(/YouTube link/), 'https://youtu.be/dQw4w9WgXcQ?t=42');
  await userEvent.type(field(/^Title/), 'Volunteers on Page Avenue');
  await fillRights();
  await userEvent.click(field(/I recorded this media/));
}

beforeEach(() => window.sessionStorage.clear());

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

// Whole forms typed key by key through the real app take a few seconds each.
describe('/submit', { timeout: 30_000 }, () => {
  it('keeps the Markdown intro above the form, with the emergency number and the e-mail alternative', async () => {
    await openSubmit();
    expect(screen.getByRole('heading', { level: 1, name: 'Submit media' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '911' }).getAttribute('href')).toBe('tel:911');
    expect(screen.getByText(/Prefer e-mail\?/)).toBeTruthy();
  });

  it('sends a valid video submission as the exact JSON and confirms it with the reference', async () => {
    const { received } = fakeService({
      '/api/submissions': [{ status: 201, body: { id: 'sub_8f2k', status: 'pending' } }],
    });
    await openSubmit();
    await fillValidVideo();
    expect(screen.getByText('Video id: dQw4w9WgXcQ')).toBeTruthy();
    await userEvent.type(field('Description'), 'Filmed the morning after.');
    await userEvent.type(field('Day'), '2025-05-17');
    await userEvent.type(field('Time (optional)'), '08:30');
    await userEvent.type(field('Categories'), 'cleanup{Enter}');
    await userEvent.type(field('Categories'), 'Roof damage{Enter}');
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
      categories: ['Cleanup', 'Roof damage'],
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

  it('offers the archive’s categories, loaded for the form', async () => {
    fakeService({});
    const { container } = await openSubmit();
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('datalist option')].map((o) => o.getAttribute('value')),
      ).toEqual(['Cleanup', 'Volunteers']),
    );
  });

  it('shows why a link is not a YouTube link, live', async () => {
    fakeService({});
    await openSubmit();
    await userEvent.type(field(/YouTube link/), 'https://example.org/watch');
    expect(screen.getByText(/This is not a YouTube video link/)).toBeTruthy();
    await userEvent.clear(field(/YouTube link/));
    await userEvent.type(field(/YouTube link/), 'https://vimeo.com/abcdefghijk');
    expect(screen.getByText(/Video id: abcdefghijk \(this address is not on YouTube/)).toBeTruthy();
  });

  it('checks with the shared schema first: errors beside the fields, a summary, focus, no request', async () => {
    const { fetchMock } = fakeService({});
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
    fakeService({
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
    fakeService({
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
    const { fetchMock } = fakeService({
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

  it('keeps the draft in session storage across leaving and coming back, and can start over', async () => {
    fakeService({});
    const first = await openSubmit();
    await userEvent.click(screen.getByLabelText('Photos'));
    await userEvent.type(field(/^Title/), 'Half written');
    await userEvent.type(field('Your e-mail address'), 'me@example.org');
    first.unmount();
    expect(window.localStorage.getItem('globe-archive:submit-draft')).toBeNull();
    expect(
      JSON.parse(window.sessionStorage.getItem('globe-archive:submit-draft') ?? '{}'),
    ).toMatchObject({
      kind: 'photos',
      title: 'Half written',
      email: 'me@example.org',
    });

    await openSubmit();
    expect(field(/^Title/).value).toBe('Half written');
    expect((screen.getByLabelText('Photos') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('What you wrote earlier in this visit is still here.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(field(/^Title/).value).toBe('');
    expect(screen.queryByText(/What you wrote earlier/)).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('A video link'));
    expect(window.sessionStorage.getItem('globe-archive:submit-draft')).toBeNull();
  });

  it('ignores a stored draft of the wrong shape', async () => {
    window.sessionStorage.setItem(
      'globe-archive:submit-draft',
      JSON.stringify({ kind: 'podcast', title: 7, images: [{ thumbUrl: 1 }], place: { lat: 'x' } }),
    );
    fakeService({});
    await openSubmit();
    expect(field(/^Title/).value).toBe('');
    expect((screen.getByLabelText('A video link') as HTMLInputElement).checked).toBe(true);
  });

  it('shows a photo uploaded earlier in the visit as a placeholder, never from its private URL', async () => {
    window.sessionStorage.setItem(
      'globe-archive:submit-draft',
      JSON.stringify({
        kind: 'photos',
        images: [{ thumbUrl: '/uploads/2026/11/t1-thumb.jpg', fullUrl: '/uploads/2026/11/t1.jpg' }],
      }),
    );
    fakeService({});
    await openSubmit();
    const placeholder = await screen.findByRole('img', { name: 'Photo 1' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(document.querySelector('img[src*="/uploads/"]')).toBeNull();
  });

  it("says the service's own words when the day's quota of photos is used up", async () => {
    const daily =
      'Your connection has uploaded 200 MB of photos today, as much as one may in a day; try again in 23 hours.';
    fakeService({
      '/api/uploads': [
        {
          status: 429,
          body: { error: daily, quota: 'daily' },
          headers: { 'Retry-After': '82800' },
        },
        {
          status: 507,
          body: { error: 'The archive cannot take more photos…', quota: 'pending' },
          headers: { 'Retry-After': '3600' },
        },
      ],
    });
    await openSubmit();
    await userEvent.click(screen.getByLabelText('Photos'));
    // The form says what happens to a photo's hidden details before one is chosen.
    expect(
      screen.getByText(
        /hidden details \(the place it was taken, the camera, the time\) are removed/,
      ),
    ).toBeTruthy();
    // And that an editor may blur part of it, publishing only the blurred copy.
    expect(
      screen.getByText(/Editors may blur a face, a licence\s+plate or a house number/),
    ).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Your photos'), [
      new File(['jpeg'], 'porch.jpg', { type: 'image/jpeg' }),
      new File(['jpeg'], 'street.jpg', { type: 'image/jpeg' }),
    ]);
    expect(await screen.findByText(new RegExp(`porch.jpg: ${daily}`))).toBeTruthy();
    expect(
      await screen.findByText(/street.jpg: The archive cannot take more photos…/),
    ).toBeTruthy();
  });

  it('uploads photos as they are chosen and sends them with the submission', async () => {
    const { received } = fakeService({
      '/api/uploads': [
        {
          status: 201,
          body: {
            image: {
              thumbUrl: '/media/t1.webp',
              fullUrl: '/media/f1.webp',
              cardUrl: '/media/c1.webp',
            },
            width: 4,
            height: 3,
          },
        },
        { status: 429, body: { error: 'Slow down.' }, headers: { 'Retry-After': '90' } },
      ],
      '/api/submissions': [{ status: 201, body: { id: 'sub_photos', status: 'pending' } }],
    });
    await openSubmit();
    await userEvent.click(screen.getByLabelText('Photos'));
    const photos = screen.getByLabelText('Your photos');
    await userEvent.upload(photos, [
      new File(['jpeg'], 'porch.jpg', { type: 'image/jpeg' }),
      new File(['jpeg'], 'street.jpg', { type: 'image/jpeg' }),
    ]);
    // The photo is private until an editor publishes it: the preview is the chosen file.
    const preview = (await screen.findByAltText('Photo 1')) as HTMLImageElement;
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(
      await screen.findByText(
        /You have uploaded many files in a short time; try again in 90 seconds/,
      ),
    ).toBeTruthy();
    expect(received[0]).toMatchObject({ url: '/api/uploads', method: 'POST' });
    expect(received[0]?.headers.Authorization).toBeUndefined();

    await userEvent.type(field(/^Title/), 'After the storm');
    await fillRights();
    await userEvent.click(field(/I recorded this media/));
    await userEvent.click(screen.getByRole('button', { name: 'Send submission' }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    expect(received.at(-1)?.body).toMatchObject({
      kind: 'photos',
      youtube_url: '',
      images: [
        { thumbUrl: '/media/t1.webp', fullUrl: '/media/f1.webp', cardUrl: '/media/c1.webp' },
      ],
    });
  });

  it('sends hostile text as plain text and never renders it as HTML', async () => {
    const { received } = fakeService({
      '/api/submissions': [{ status: 201, body: { id: '<b>x</b>', status: 'pending' } }],
    });
    await openSubmit();
    await userEvent.type(field(/YouTube link/), 'dQw4w9WgXcQ');
    await userEvent.type(field(/^Title/), '<script>alert(1)</script>');
    await userEvent.type(field('Description'), 'javascript:alert(1)');
    await userEvent.type(field('Categories'), '<img src=x onerror=alert(1)>{Enter}');
    await fillRights('<b>Jo</b>');
    await userEvent.click(field(/I recorded this media/));
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send submission' }));
    expect(await screen.findByText('<b>x</b>')).toBeTruthy();
    expect(received[0]?.body).toMatchObject({
      title: '<script>alert(1)</script>',
      description: 'javascript:alert(1)',
      categories: ['<img src=x onerror=alert(1)>'],
    });
    expect(document.querySelector('main script, img[src="x"], [onerror], b')).toBeNull();
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
  });

  it('has a honeypot that people cannot reach, by label, role or Tab', async () => {
    fakeService({});
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
    const { received } = fakeService({ '/api/submissions': [{ status: 201, body: { id: 's3' } }] });
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
    const { received } = fakeService({ '/api/messages': [{ status: 201, body: { id: 'msg_1' } }] });
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
    const { fetchMock } = fakeService({});
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
    fakeService({
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
    fakeService({});
    await openContact();
    await userEvent.click(field(/Message/));
    await userEvent.paste('x'.repeat(4500));
    expect(screen.getByText('4,500 / 5,000 characters')).toBeTruthy();
  });

  it('shows the service’s 400 errors beside the fields', async () => {
    fakeService({
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
