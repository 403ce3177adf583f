// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthAccess } from '@/features/auth/authAccess';
import type { AuthService, SessionSummary } from '@/features/auth/cognitoAuth';
import { EDITOR_PAGE_SIZE } from '@/features/editor/editorApi';
import { draftOfNode, bodyOfDraft, suggestId, EMPTY_DRAFT } from '@/features/editor/itemDraft';
import { NODE_IMAGES_MAX } from '@/lib/itemLimits';
import { validateNode } from '@/lib/nodeSchema';
import { createNodesHandler, type NodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { renderApp } from '../../support/renderWithProviders';

const editor: SessionSummary = {
  username: 'editor',
  groups: ['editor'],
  idToken: 'id-token',
  accessToken: 'editor-token',
};

const SEED = [
  {
    video_id: 'clayton-morning',
    type: 'video',
    title: 'Clayton the morning after',
    youtube_id: 'dQw4w9WgXcQ',
    categories: ['Damage'],
    lat: 38.64,
    lng: -90.33,
  },
  {
    video_id: 'volunteer-day',
    type: 'gallery',
    title: 'Volunteer day in the Ville',
    images: [{ thumb: '/sample/a-thumb.jpg', full: '/sample/a.jpg' }],
    categories: ['Volunteers'],
    lat: 38.66,
    lng: -90.23,
    // Written in UTC: the day and time inputs (St. Louis time) cannot hold it as written.
    date: '2025-05-17T16:52Z',
  },
];

function editorAccess(): AuthAccess {
  const service = {
    currentSession: vi.fn(async () => editor),
  } as unknown as AuthService;
  return {
    enabled: true,
    load: async () => service,
    loginFunctionUrl: null,
    hasStoredUser: () => true,
  };
}

/**
 * The real nodes-service handler over a memory store, answering the app's fetches in-process:
 * the editor is tested against the service's own validation, versions and journal.
 */
function serveInProcess(handler: NodesHandler) {
  const calls: { method: string; path: string }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({ method, path });
    // The app's fetch answered by the service's application itself, as Hono's tests call it.
    return handler.app.request(`http://service${path}${url.search}`, init, {
      clientAddress: 'unknown',
    });
  });
  return calls;
}

let store: ReturnType<typeof createMemoryStore>;
let calls: { method: string; path: string }[];

beforeEach(() => {
  store = createMemoryStore(SEED);
  const handler = createNodesHandler({
    openStore: async () => store,
    verifyEditor: async (token) => {
      if (token !== 'editor-token') throw new Error('unexpected token');
      return { username: 'editor', groups: ['editor'] };
    },
  });
  calls = serveInProcess(handler);
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function openEditor(url: string) {
  return renderApp(url, {
    fetchArchive: async () => SEED,
    auth: editorAccess(),
    service: { baseUrl: '/api', accessToken: async () => 'editor-token' },
  });
}

describe('the item form model', () => {
  it('reads any archive shape and writes what the shared schema accepts', () => {
    const draft = draftOfNode(SEED[1] as Record<string, unknown>);
    expect(draft.images).toEqual([{ thumbUrl: '/sample/a-thumb.jpg', fullUrl: '/sample/a.jpg' }]);
    expect(draft.lat).toBe('38.66');
    expect(validateNode(bodyOfDraft(draft)).ok).toBe(true);
    // An uploaded photo's card copy is kept through the edit; a refused one is not.
    const withCard = draftOfNode({
      ...SEED[1],
      images: [
        { thumbUrl: '/u/a-thumb.jpg', fullUrl: '/u/a.jpg', cardUrl: '/u/a-card.jpg' },
        { thumbUrl: '/u/b-thumb.jpg', fullUrl: '/u/b.jpg', cardUrl: 'javascript:alert(1)' },
      ],
    });
    expect(withCard.images).toEqual([
      { thumbUrl: '/u/a-thumb.jpg', fullUrl: '/u/a.jpg', cardUrl: '/u/a-card.jpg' },
      { thumbUrl: '/u/b-thumb.jpg', fullUrl: '/u/b.jpg' },
    ]);
    expect(validateNode(bodyOfDraft(withCard))).toMatchObject({
      ok: true,
      node: { images: withCard.images },
    });
    const video = draftOfNode(SEED[0] as Record<string, unknown>);
    expect(video.youtube_url).toBe('dQw4w9WgXcQ');
    expect(validateNode(bodyOfDraft(video))).toMatchObject({
      ok: true,
      node: { youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
  });

  it('keeps a half-typed coordinate as text so the schema names the field', () => {
    const result = validateNode(
      bodyOfDraft({ ...EMPTY_DRAFT, title: 'x', video_id: 'x', lat: '38.6a', lng: '' }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['lat', 'lng']));
  });

  it('suggests a free id from the title', () => {
    expect(suggestId('Clayton: the Morning!', new Set())).toBe('clayton-the-morning');
    expect(suggestId('Volunteer day', new Set(['volunteer-day', 'volunteer-day-2']))).toBe(
      'volunteer-day-3',
    );
  });
});

describe('/editor', () => {
  it('lists the items and narrows them by title, type and category', async () => {
    openEditor('/editor');
    const list = await screen.findByRole('list', { name: 'Items' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Search titles'), 'ville');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('link', { name: 'Volunteer day in the Ville' })).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Search titles'));
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'video');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('1 of 2 items')).toBeTruthy();
  });

  it('sorts the list once per archive and sort, not at every keystroke of the search', async () => {
    openEditor('/editor');
    const list = await screen.findByRole('list', { name: 'Items' });
    // Sorting by name folds every title (compareNames): a count of folds is a count of sorts.
    const folds = vi.spyOn(String.prototype, 'normalize');
    try {
      await userEvent.type(screen.getByLabelText('Search titles'), 'ville');
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
      expect(folds).not.toHaveBeenCalled();
      await userEvent.selectOptions(screen.getByLabelText('Sort'), 'title-desc');
      await waitFor(() => expect(folds).toHaveBeenCalled());
      expect(within(list).getByRole('link', { name: 'Volunteer day in the Ville' })).toBeTruthy();
    } finally {
      folds.mockRestore();
    }
  });

  it('warns of a position far from every other item, and not of one near them', async () => {
    openEditor('/editor/items/new');
    await userEvent.type(await screen.findByLabelText('Latitude'), '25.05');
    await userEvent.type(screen.getByLabelText('Longitude'), '-90.2');
    const warning = await screen.findByText(/^Far from the archive’s other items/);
    expect(warning.textContent).toMatch(/the nearest is about 1,5\d0 km away/);
    await userEvent.clear(screen.getByLabelText('Latitude'));
    await userEvent.type(screen.getByLabelText('Latitude'), '38.64');
    await waitFor(() =>
      expect(screen.queryByText(/^Far from the archive’s other items/)).toBeNull(),
    );
  });

  it('sorts by title for a sort it does not know, even one every object has', async () => {
    openEditor('/editor?sort=toString');
    const list = await screen.findByRole('list', { name: 'Items' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('title-asc');
  });

  it('creates a video: the id is read from the link and the item is saved and journaled', async () => {
    const { router } = openEditor('/editor/items/new');
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Storm over <b>Forest Park</b>');
    expect((screen.getByLabelText('Id') as HTMLInputElement).value).toBe(
      'storm-over-b-forest-park-b',
    );
    // The id's hint names the address of the kind of item being made.
    expect(screen.getByText(/^Used in the item’s address \(\/video\/\{id\}\)/)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Photo gallery' }));
    expect(screen.getByText(/^Used in the item’s address \(\/gallery\/\{id\}\)/)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Video (YouTube)' }));
    await userEvent.type(
      screen.getByLabelText(/^YouTube link/),
      'https://youtu.be/abcdefghijk?t=3',
    );
    expect(screen.getByText('abcdefghijk')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Latitude'), '38.637');
    await userEvent.type(screen.getByLabelText('Longitude'), '-90.285');
    await userEvent.type(screen.getByLabelText('Day'), '2025-05-16');
    await userEvent.type(screen.getByLabelText('Time (optional)'), '14:52');
    await userEvent.click(screen.getByRole('button', { name: 'Create item' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/editor/items/storm-over-b-forest-park-b'),
    );
    expect(await screen.findByText(/Created: the item is published/)).toBeTruthy();
    // The page now edits the stored item, every field filled from it.
    await waitFor(() =>
      expect((screen.getByLabelText(/^YouTube link/) as HTMLInputElement).value).toBe(
        'https://www.youtube.com/watch?v=abcdefghijk',
      ),
    );
    expect((screen.getByLabelText('Id') as HTMLInputElement).value).toBe(
      'storm-over-b-forest-park-b',
    );
    const saved = await store.getNode('storm-over-b-forest-park-b');
    expect(saved?.node).toMatchObject({
      title: 'Storm over <b>Forest Park</b>',
      youtube_id: 'abcdefghijk',
      lat: 38.637,
      lng: -90.285,
      date: '2025-05-16T14:52-05:00',
    });
    expect((screen.getByLabelText('Time (optional)') as HTMLInputElement).value).toBe('14:52');
    expect((await store.journal({ limit: 5 }))[0]).toMatchObject({
      action: 'create',
      who: 'editor',
    });
    // The title is text, never markup.
    expect(document.querySelector('b')).toBeNull();
  });

  it('shows a date the inputs cannot hold as its text, refuses a wrong one, and saves a range', async () => {
    openEditor('/editor/items/volunteer-day');
    const text = (await screen.findByLabelText('Date (ISO 8601)')) as HTMLInputElement;
    expect(text.value).toBe('2025-05-17T16:52Z');
    await userEvent.clear(text);
    await userEvent.type(text, '2025-05-17/2025-05-10');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The range ends before it starts.')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(text);
    await userEvent.type(text, '2025-05-17/2025-05-19');
    await userEvent.click(screen.getByRole('button', { name: 'Use the day and time fields' }));
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('2025-05-17');
    expect((screen.getByLabelText('Last day (optional)') as HTMLInputElement).value).toBe(
      '2025-05-19',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/Saved \(version 2\)/);
    expect((await store.getNode('volunteer-day'))?.node.date).toBe('2025-05-17/2025-05-19');
  });

  it('sets the credit and the licence, and keeps one the archive does not know until changed', async () => {
    await store.updateNode(
      'clayton-morning',
      { ...SEED[0], credit: 'Old credit', license: 'All rights reserved' },
      1,
      'other',
    );
    openEditor('/editor/items/clayton-morning');
    const credit = (await screen.findByLabelText('Credit')) as HTMLInputElement;
    expect(credit.value).toBe('Old credit');
    const licence = screen.getByLabelText('Licence') as HTMLSelectElement;
    expect(licence.value).toBe('All rights reserved');
    await userEvent.clear(credit);
    await userEvent.type(credit, 'Dana Whitfield');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Choose a licence from the list.')).toBeTruthy();
    expect(licence.getAttribute('aria-invalid')).toBe('true');
    await userEvent.selectOptions(licence, 'CC-BY-NC-4.0');
    expect(
      screen.getByText('Anyone may share and adapt it, crediting you, but not to make money.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/Saved \(version 3\)/);
    expect((await store.getNode('clayton-morning'))?.node).toMatchObject({
      credit: 'Dana Whitfield',
      license: 'CC-BY-NC-4.0',
    });
  });

  it('sets the language it speaks from the list, and clears it', async () => {
    openEditor('/editor/items/clayton-morning');
    const language = (await screen.findByLabelText('Language')) as HTMLSelectElement;
    expect(language.value).toBe('');
    await userEvent.selectOptions(language, 'bs');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/Saved \(version 2\)/);
    expect((await store.getNode('clayton-morning'))?.node).toMatchObject({ language: 'bs' });
    await userEvent.selectOptions(language, '');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/Saved \(version 3\)/);
    expect((await store.getNode('clayton-morning'))?.node).not.toHaveProperty('language');
  });

  it('sorts by the date recorded, either way, with the undated last', async () => {
    openEditor('/editor?sort=date-desc');
    const list = await screen.findByRole('list', { name: 'Items' });
    const order = () =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '');
    expect(order()[0]).toContain('Volunteer day in the Ville');
    expect(order()[0]).toContain('17 May 2025, 4:52 pm UTC');
    expect(order()[1]).toContain('No date');
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'date-asc');
    expect(order()[1]).toContain('Clayton the morning after');
  });

  it('shows the schema’s errors beside the fields and sends nothing', async () => {
    openEditor('/editor/items/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Create item' }));
    expect(await screen.findByText('Some fields need fixing before saving.')).toBeTruthy();
    expect(screen.getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Give the YouTube link of the video.')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('refuses a 10,000-character title with the schema’s message', async () => {
    openEditor('/editor/items/clayton-morning');
    const title = await screen.findByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.click(title);
    await userEvent.paste('x'.repeat(10_000));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The title must be at most 200 characters.')).toBeTruthy();
  });

  it('says what another editor changed when the version is stale, and can save over it', async () => {
    openEditor('/editor/items/clayton-morning');
    const title = await screen.findByLabelText(/^Title/);
    // Another editor saves first.
    await store.updateNode('clayton-morning', { ...SEED[0], title: 'Their title' }, 1, 'other');
    await userEvent.clear(title);
    await userEvent.type(title, 'My title');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const conflict = await screen.findByText(/Another editor saved this item/);
    expect(conflict.closest('.conflict')?.textContent).toContain('now “Their title”');
    await userEvent.click(screen.getByRole('button', { name: 'Save mine over theirs' }));
    await screen.findByText(/Saved \(version 3\)/);
    expect((await store.getNode('clayton-morning'))?.node.title).toBe('My title');
  });

  it('deletes an item and restores it', async () => {
    openEditor('/editor/items/volunteer-day');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete item' }));
    // The question takes the focus to its safe answer (and so into sight); Escape keeps the item.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete item' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    await screen.findByText('This item is deleted: it is not on the public globe.');
    expect((await store.listNodes()).map((n) => (n as { video_id: string }).video_id)).toEqual([
      'clayton-morning',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Restore item' }));
    await screen.findByText(/Restored: the item shows on the globe again/);
    expect(await store.listNodes()).toHaveLength(2);
  });

  it('asks before leaving unsaved changes, and stays when asked to', async () => {
    const { router } = openEditor('/editor/items/clayton-morning');
    await userEvent.type(await screen.findByLabelText(/^Title/), ' (edited)');
    await userEvent.click(screen.getByRole('link', { name: 'Journal' }));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stay and keep editing' }));
    expect(router.state.location.pathname).toBe('/editor/items/clayton-morning');
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe(
      'Clayton the morning after (edited)',
    );
  });

  it('waits for a photo still uploading before saving, and asks before leaving it', async () => {
    // The upload answers only when the test says so; everything else goes to the service.
    const serve = globalThis.fetch;
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'POST' && String(input).endsWith('/uploads')) {
        calls.push({ method: 'POST', path: '/uploads' });
        return new Promise<Response>((resolve) => (answer = resolve));
      }
      return serve(input, init);
    });
    const { router } = openEditor('/editor/items/volunteer-day');
    const [photos] = (await screen.findAllByLabelText('Photos')).filter(
      (element) => element instanceof HTMLInputElement,
    );
    if (!photos) throw new Error('no photo input');
    await userEvent.upload(
      photos,
      new File([new Uint8Array(8)], 'porch.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('Uploading 1 photo…')).toBeTruthy();

    // Saving now would publish the gallery without the photo: refused, nothing sent.
    await userEvent.type(screen.getByLabelText(/^Title/), ' (more)');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const waitFor = 'Wait until every photo has finished uploading, then save.';
    expect(await screen.findAllByText(waitFor)).toHaveLength(2); // at the top and at the photos
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    // Leaving would drop it: asked first, even with the title put back as it was.
    await userEvent.clear(screen.getByLabelText(/^Title/));
    await userEvent.type(screen.getByLabelText(/^Title/), 'Volunteer day in the Ville');
    await userEvent.click(screen.getByRole('link', { name: 'Journal' }));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stay and keep editing' }));
    expect(router.state.location.pathname).toBe('/editor/items/volunteer-day');

    answer(
      new Response(
        JSON.stringify({
          image: { thumbUrl: '/uploads/2026/11/b-thumb.jpg', fullUrl: '/uploads/2026/11/b.jpg' },
          width: 1600,
          height: 1200,
        }),
        { status: 201, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    expect(await screen.findByText(`2 of at most ${NODE_IMAGES_MAX} photos.`)).toBeTruthy();
    expect(screen.queryByText(waitFor)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/^Saved \(version 2\)/)).toBeTruthy();
    const saved = await store.getNode('volunteer-day');
    expect(saved?.node.images).toHaveLength(2);
  });

  it('lists the journal and restores a deleted item from it', async () => {
    const current = await store.getNode('volunteer-day');
    await store.deleteNode('volunteer-day', current?.version ?? 1, 'other');
    openEditor('/editor/journal');
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(within(list).getByText('other')).toBeTruthy();
    // When, as the archive writes dates ("27 Nov 2026, 7:14 am"), on St. Louis time.
    const times = list.querySelectorAll('time');
    expect(times.length).toBeGreaterThan(0);
    for (const time of times)
      expect(time.textContent).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m$/);
    await userEvent.click(within(list).getByRole('button', { name: 'Restore' }));
    await screen.findByText(/Restored “Volunteer day in the Ville”/);
    expect(await store.listNodes()).toHaveLength(2);
  });
});

describe('/editor lists, a page at a time', () => {
  it('shows older messages on request, appended, and then says there are no more', async () => {
    for (let n = 1; n <= EDITOR_PAGE_SIZE + 5; n++) {
      await store.addMessage({ name: 'Sam', email: 'sam@example.org', message: `Message ${n}` });
    }
    openEditor('/editor/messages');
    const list = await screen.findByRole('list', { name: 'Messages, newest first' });
    const texts = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.inbox__text')?.textContent);
    expect(texts()).toHaveLength(EDITOR_PAGE_SIZE);
    expect(texts()[0]).toBe(`Message ${EDITOR_PAGE_SIZE + 5}`);

    const button = screen.getByRole('button', { name: 'Show older' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const status = await screen.findByText('Loaded 5 older messages. There are no more.');
    expect(status.getAttribute('role')).toBe('status');
    expect(texts()).toHaveLength(EDITOR_PAGE_SIZE + 5);
    expect(texts().slice(-5)).toEqual(['5', '4', '3', '2', '1'].map((n) => `Message ${n}`));
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    // Focus stays where the button was, on the words that say the list is complete.
    expect(document.activeElement).toBe(status);
    expect(calls.filter((call) => call.path === '/messages')).toHaveLength(2);
  });

  it('pages the journal and keeps the pages shown when a restore reloads it', async () => {
    await store.deleteNode('volunteer-day', 1, 'dana');
    const total = 2 * EDITOR_PAGE_SIZE + 3;
    for (let version = 1; version < total; version++) {
      const node = { ...SEED[0], title: `Edit ${version}` };
      await store.updateNode('clayton-morning', node, version, 'editor');
    }
    openEditor('/editor/journal');
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const count = () => within(list).getAllByRole('listitem').length;
    expect(count()).toBe(EDITOR_PAGE_SIZE);

    const button = screen.getByRole('button', { name: 'Show older' });
    await userEvent.click(button);
    await screen.findByText(`Loaded ${EDITOR_PAGE_SIZE} older changes.`);
    expect(count()).toBe(2 * EDITOR_PAGE_SIZE);
    expect(screen.getByRole('button', { name: 'Show older' })).toBe(button);
    expect(within(list).queryByRole('button', { name: 'Restore' })).toBeNull();

    await userEvent.click(button);
    await screen.findByText('Loaded 3 older changes. There are no more.');
    expect(count()).toBe(total);
    expect(within(list).getAllByRole('listitem').at(-1)?.textContent).toContain('dana');
    await userEvent.click(within(list).getByRole('button', { name: 'Restore' }));
    await screen.findByText(/Restored “Volunteer day in the Ville”/);
    // The restore is the newest entry now, and every page read before is still there.
    await waitFor(() => expect(count()).toBe(total + 1));
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('restored');
    expect(within(list).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });
});
