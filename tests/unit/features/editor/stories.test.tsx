// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthAccess } from '@/features/auth/authAccess';
import type { AuthService, SessionSummary } from '@/features/auth/cognitoAuth';
import { bodyOfStoryDraft, draftOfStory, movedStops } from '@/features/editor/storyDraft';
import { formErrorsOf } from '@/features/editor/useStorySave';
import type { StoryInput } from '@/lib/storyModel';
import { validateStory } from '@/lib/storySchema';
import { createNodesHandler } from '../../../../server/nodesHandler';
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
    description: 'Trees down on Wydown Boulevard.',
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
  },
];

/** A story as the service keeps it (clean, through the shared schema). */
function story(input: Record<string, unknown>): StoryInput {
  const checked = validateStory(input);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.story;
}

const WALK = story({
  story_id: 'the-walk',
  title: 'The walk',
  intro: 'From Clayton to the Ville.',
  state: 'published',
  stops: [
    { heading: 'Clayton', narration: 'It **starts** here.', item: 'clayton-morning' },
    { heading: 'Over the city', view: { lat: 38.63, lng: -90.25, distance: 20 } },
    { heading: 'The Ville', item: 'volunteer-day', show: 'point', from: '2025-05-16' },
  ],
});

function editorAccess(): AuthAccess {
  const service = { currentSession: vi.fn(async () => editor) } as unknown as AuthService;
  return {
    enabled: true,
    load: async () => service,
    loginFunctionUrl: null,
    hasStoredUser: () => true,
  };
}

let store: ReturnType<typeof createMemoryStore>;
let sent: { method: string; path: string; body: unknown; ifMatch: string | null }[];

beforeEach(() => {
  store = createMemoryStore(SEED);
  const handler = createNodesHandler({
    openStore: async () => store,
    verifyEditor: async (token) => {
      if (token !== 'editor-token') throw new Error('unexpected token');
      return { username: 'editor', groups: ['editor'] };
    },
  });
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const headers = new Headers(init.headers);
    sent.push({
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      ifMatch: headers.get('If-Match'),
    });
    return handler.app.request(`http://service${path}${url.search}`, init, {
      clientAddress: 'unknown',
    });
  });
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

const writes = () => sent.filter((call) => call.method !== 'GET');
const stopNamed = (n: number) => screen.getByRole('group', { name: `Stop ${n}` });
const legends = () =>
  [...document.querySelectorAll('.story-stop')].map(
    (stop) => (stop.querySelector('input[name$=".heading"]') as HTMLInputElement).value,
  );

describe('the story form model', () => {
  it('reads a stored story and writes what the schema takes back unchanged', () => {
    const draft = draftOfStory(WALK);
    expect(draft.stops.map((stop) => stop.shows)).toEqual(['item', 'place', 'item']);
    const checked = validateStory(bodyOfStoryDraft(draft));
    expect(checked).toEqual({ ok: true, story: WALK });
    expect(movedStops(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('keeps a stop’s errors with the stop, by its key', () => {
    const { stops } = draftOfStory(WALK);
    const errors = formErrorsOf({ 'stops.1.view.lat': 'No.', title: 'Yes.' }, stops);
    expect(errors).toEqual({ [`stop:${stops[1]?.key}.view.lat`]: 'No.', title: 'Yes.' });
  });
});

describe('/editor/stories', () => {
  it('lists the stories with their states and stops, and restores a deleted one', async () => {
    await store.createStory(WALK, 'dana');
    await store.createStory(
      story({
        story_id: 'after',
        title: 'The months after',
        stops: [{ heading: 'Ville', item: 'volunteer-day' }],
      }),
      'dana',
    );
    const gone = await store.createStory(
      story({
        story_id: 'gone',
        title: 'An old draft',
        stops: [{ heading: 'x', item: 'volunteer-day' }],
      }),
      'dana',
    );
    await store.deleteStory('gone', gone.version, 'dana');
    openEditor('/editor/stories');
    const list = await screen.findByRole('list', { name: 'Stories' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toMatch(/The walk.*Published · 3 stops · changed/);
    expect(rows[1]?.textContent).toMatch(/The months after.*Draft · 1 stop · changed/);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'The walk' })
        .getAttribute('href'),
    ).toBe('/editor/stories/the-walk');
    expect(screen.getByRole('link', { name: 'New story' }).getAttribute('href')).toBe(
      '/editor/stories/new',
    );
    const deleted = screen.getByRole('list', { name: 'Deleted' });
    expect(within(deleted).getByText('An old draft')).toBeTruthy();
    await userEvent.click(within(deleted).getByRole('button', { name: 'Restore' }));
    await screen.findByText('Restored “An old draft”.');
    expect((await store.getStory('gone'))?.deleted).toBe(false);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Deleted' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Stories' }).getAttribute('aria-current')).toBe('page');
  });

  it('writes a new story of three stops and creates it with the body the schema takes', async () => {
    const { router } = openEditor('/editor/stories/new');
    await userEvent.type(await screen.findByLabelText(/^Title/), 'The afternoon');
    expect((screen.getByLabelText('Id') as HTMLInputElement).value).toBe('the-afternoon');
    await userEvent.type(screen.getByLabelText('Introduction'), 'Three places.');
    await userEvent.selectOptions(screen.getByLabelText('Licence'), 'CC-BY-4.0');

    const first = stopNamed(1);
    await userEvent.type(within(first).getByLabelText(/^Heading/), 'Clayton');
    await userEvent.type(within(first).getByLabelText('Narration'), 'It _starts_ here.');
    await userEvent.type(within(first).getByLabelText('Find an item'), 'wydown');
    await userEvent.click(
      within(first).getByRole('button', { name: /Choose “Clayton the morning after”/ }),
    );
    expect(within(first).getByText('Clayton the morning after')).toBeTruthy();
    // Its picture is offered as the cover.
    await userEvent.click(
      screen.getByRole('button', { name: 'Use the picture of “Clayton the morning after”' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Add a stop' }));
    const second = stopNamed(2);
    // The new stop's heading has the focus.
    expect(document.activeElement).toBe(within(second).getByLabelText(/^Heading/));
    await userEvent.keyboard('Over the city');
    await userEvent.click(within(second).getByRole('radio', { name: 'A place' }));
    const distance = within(second).getByLabelText('Distance');
    await userEvent.clear(distance);
    await userEvent.type(distance, '30');

    await userEvent.click(screen.getByRole('button', { name: 'Add a stop' }));
    const third = stopNamed(3);
    await userEvent.type(within(third).getByLabelText(/^Heading/), 'The Ville');
    await userEvent.type(within(third).getByLabelText('Find an item'), 'ville');
    await userEvent.click(
      within(third).getByRole('button', { name: /Choose “Volunteer day in the Ville”/ }),
    );
    await userEvent.click(within(third).getByRole('radio', { name: 'Only point at it' }));
    await userEvent.type(within(third).getByLabelText('From'), '2025-05-16');
    await userEvent.selectOptions(within(third).getByLabelText('Category'), 'volunteers');
    await userEvent.selectOptions(within(third).getByLabelText('Media type'), 'gallery');
    // Nothing saved: nothing to preview.
    expect(within(third).getByRole('button', { name: 'Preview' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(within(third).getByText('Save the story to preview it')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Create story' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/editor/stories/the-afternoon'),
    );
    const posted = writes();
    expect(posted.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /stories']);
    expect(posted[0]?.body).toEqual({
      story_id: 'the-afternoon',
      title: 'The afternoon',
      intro: 'Three places.',
      cover: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      credit: null,
      license: 'CC-BY-4.0',
      language: null,
      state: 'draft',
      stops: [
        {
          heading: 'Clayton',
          narration: 'It _starts_ here.',
          item: 'clayton-morning',
          show: 'open',
          view: null,
          from: null,
          to: null,
          category: null,
          type: null,
        },
        {
          heading: 'Over the city',
          narration: '',
          item: null,
          show: null,
          view: { lat: 38.63, lng: -90.2, distance: 30 },
          from: null,
          to: null,
          category: null,
          type: null,
        },
        {
          heading: 'The Ville',
          narration: '',
          item: 'volunteer-day',
          show: 'point',
          view: null,
          from: '2025-05-16',
          to: null,
          category: 'volunteers',
          type: 'gallery',
        },
      ],
    });
    expect(await screen.findByText(/It is a draft: only editors see it/)).toBeTruthy();
    expect((await store.getStory('the-afternoon'))?.story.stops).toHaveLength(3);
    // Saved: each stop links to its page in the player.
    const link = within(await screen.findByRole('group', { name: 'Stop 2' })).getByRole('link', {
      name: 'Preview',
    });
    expect(link.getAttribute('href')).toBe('/story/the-afternoon/2');
  });

  it('moves a stop by keyboard, keeping the focus on its button and saying where it went', async () => {
    await store.createStory(WALK, 'dana');
    openEditor('/editor/stories/the-walk');
    await screen.findByRole('group', { name: 'Stop 3' });
    expect(legends()).toEqual(['Clayton', 'Over the city', 'The Ville']);
    const up = within(stopNamed(3)).getByRole('button', { name: 'Move up' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    expect(legends()).toEqual(['Clayton', 'The Ville', 'Over the city']);
    expect(await screen.findByText('Stop 3 moved to position 2.')).toBeTruthy();
    expect(screen.getByText('Stop 3 moved to position 2.').getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(up));
    expect(within(stopNamed(2)).getByRole('button', { name: 'Move up' })).toBe(up);
    await userEvent.keyboard('{Enter}');
    expect(legends()).toEqual(['The Ville', 'Clayton', 'Over the city']);
    await screen.findByText('Stop 2 moved to position 1.');
    // At the top, Move up stays in reach and says why it does nothing.
    expect(up.getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Stop 1 is the first already.');
    expect(document.activeElement).toBe(up);

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/^Saved \(version 2\)/);
    expect(writes()[0]).toMatchObject({ method: 'PUT', path: '/stories/the-walk', ifMatch: '"1"' });
    expect((await store.getStory('the-walk'))?.story.stops.map((stop) => stop.heading)).toEqual([
      'The Ville',
      'Clayton',
      'Over the city',
    ]);
  });

  it('moves a stop dragged by its handle onto another', async () => {
    await store.createStory(WALK, 'dana');
    openEditor('/editor/stories/the-walk');
    await screen.findByRole('group', { name: 'Stop 3' });
    const cards = document.querySelectorAll('.story-stop');
    const handle = cards[0]?.querySelector('.story-stop__handle') as HTMLElement;
    const dataTransfer = {
      setData: vi.fn(),
      setDragImage: vi.fn(),
      dropEffect: '',
      effectAllowed: '',
    };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(cards[2] as HTMLElement, { dataTransfer });
    fireEvent.drop(cards[2] as HTMLElement, { dataTransfer });
    expect(legends()).toEqual(['Over the city', 'The Ville', 'Clayton']);
    expect(await screen.findByText('Stop 1 moved to position 3.')).toBeTruthy();
  });

  it('removes a stop with an Undo that puts it back', async () => {
    await store.createStory(WALK, 'dana');
    openEditor('/editor/stories/the-walk');
    await userEvent.click(
      within(await screen.findByRole('group', { name: 'Stop 2' })).getByRole('button', {
        name: 'Remove stop',
      }),
    );
    expect(legends()).toEqual(['Clayton', 'The Ville']);
    expect(screen.getByText('Stop 2 (“Over the city”) was removed.')).toBeTruthy();
    const undo = screen.getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(document.activeElement).toBe(undo));
    await userEvent.click(undo);
    expect(legends()).toEqual(['Clayton', 'Over the city', 'The Ville']);
    expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('says what another editor changed when the version is stale, and can save over it', async () => {
    await store.createStory(WALK, 'dana');
    openEditor('/editor/stories/the-walk');
    const title = await screen.findByLabelText(/^Title/);
    await store.updateStory('the-walk', { ...WALK, title: 'Their walk' }, 1, 'other');
    await userEvent.clear(title);
    await userEvent.type(title, 'My walk');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const conflict = await screen.findByText(/Another editor saved this story/);
    expect(conflict.closest('.conflict')?.textContent).toContain(
      'now “Their walk” (was “The walk”)',
    );
    expect(conflict.closest('.conflict')?.textContent).toContain('(now version 2)');
    await userEvent.click(screen.getByRole('button', { name: 'Save mine over theirs' }));
    await screen.findByText(/^Saved \(version 3\)/);
    expect((await store.getStory('the-walk'))?.story.title).toBe('My walk');
    // The history says who did what.
    const history = await screen.findByRole('list', { name: 'Changes, newest first' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(3));
    expect(within(history).getAllByRole('listitem')[1]?.textContent).toContain(
      'other edited the story',
    );
  });

  it('shows the schema’s errors beside the fields and sends nothing', async () => {
    openEditor('/editor/stories/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Create story' }));
    expect(await screen.findByText('Some fields need fixing before saving.')).toBeTruthy();
    const title = screen.getByLabelText(/^Title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    const heading = within(stopNamed(1)).getByLabelText(/^Heading/);
    expect(heading.getAttribute('aria-invalid')).toBe('true');
    const headingError = document.getElementById(
      heading.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '',
    );
    expect(headingError?.textContent).toBe('Give the stop a heading.');
    await waitFor(() => expect(document.activeElement).toBe(title));
    // A stop's own rule (an item or a view) is checked once its fields are.
    await userEvent.type(heading, 'Clayton');
    await userEvent.click(screen.getByRole('button', { name: 'Create story' }));
    const search = within(stopNamed(1)).getByLabelText('Find an item');
    await waitFor(() => expect(search.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(search.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Choose an item for this stop, or use a view of the globe.');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(writes()).toEqual([]);
  });

  it('shows the service’s refusal of a stop’s item at that stop', async () => {
    await store.createStory(WALK, 'dana');
    openEditor('/editor/stories/the-walk');
    const heading = within(await screen.findByRole('group', { name: 'Stop 3' })).getByLabelText(
      /^Heading/,
    );
    // The item goes from the archive after the form was opened.
    const item = await store.getNode('volunteer-day');
    await store.deleteNode('volunteer-day', item?.version ?? 1, 'other');
    await userEvent.type(heading, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const message = await screen.findByText('No item of the archive has the id "volunteer-day".');
    const search = within(stopNamed(3)).getByLabelText('Choose another item');
    expect(search.getAttribute('aria-invalid')).toBe('true');
    expect(search.getAttribute('aria-describedby')).toBe(message.id);
  });

  it('deletes a story after asking, and restores it', async () => {
    await store.createStory(WALK, 'dana');
    openEditor('/editor/stories/the-walk');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete story' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    await screen.findByText('This story is deleted: visitors do not see it.');
    expect(writes()[0]).toMatchObject({ method: 'DELETE', ifMatch: '"1"' });
    expect((await store.getStory('the-walk'))?.deleted).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Restore story' }));
    await screen.findByText(/^Restored: the story is back/);
    expect((await store.getStory('the-walk'))?.deleted).toBe(false);
  });
});
