// @vitest-environment jsdom
/**
 * The home screen's search (issue 30) through the real app and store, around a stand-in engine
 * that records what the globe is told (the real one is driven by the browser tests).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GlobeInput } from '@/globe/types';
import { recordingAnalytics, renderApp } from '../../support/renderWithProviders';

const engine = vi.hoisted(() => ({
  listeners: new Map<string, (event: unknown) => void>(),
  inputs: [] as GlobeInput[],
}));
vi.mock('@/globe/createGlobe', async () =>
  (await import('../globeStandIn')).standInGlobe(engine, 3),
);

const archive = [
  {
    video_id: 'cleanup',
    title: 'Clean-up on Page Avenue',
    description: 'Volunteers haul branches.',
    youtube_id: 'dQw4w9WgXcQ',
    categories: ['Volunteers'],
    lat: 38.66,
    lng: -90.25,
    date: '2025-05-24',
  },
  {
    video_id: 'sky',
    title: 'The sky that evening',
    description: 'Clouds over the church on Page Boulevard.',
    youtube_id: 'ScMzIvxBSi4',
    lat: 38.6,
    lng: -90.3,
  },
  {
    video_id: 'tarps',
    type: 'gallery',
    title: 'Tarps on the roofs',
    images: [{ thumbUrl: '/t.jpg', fullUrl: '/f.jpg' }],
    categories: ['Volunteers'],
    lat: 38.7,
    lng: -90.2,
  },
];

afterEach(() => {
  engine.listeners.clear();
  engine.inputs.length = 0;
  window.localStorage.clear();
});

const where = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${decodeURIComponent(router.state.location.search).replace(/\+/g, ' ')}`;
const box = () => screen.getByRole('searchbox', { name: 'Search the archive' });
/** What the globe was last told matches (null: no search narrows it). */
const globeMatches = () => {
  const ids = engine.inputs.at(-1)?.filter.ids;
  return ids ? [...ids].sort() : null;
};

async function openHome(url = '/', analytics = recordingAnalytics()) {
  const view = renderApp(url, { fetchArchive: async () => archive, analytics });
  await screen.findByRole('button', { name: /^Filters/ }, { timeout: 10_000 });
  return { ...view, analytics };
}

describe('searching from the home screen', () => {
  it('is reached with /, lists what the words find as they are typed, and fades the rest', async () => {
    const { router } = await openHome();
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(box());
    const addresses = new Set<string>();
    const unsubscribe = router.subscribe((state) => addresses.add(state.location.search));
    await userEvent.keyboard('page');
    await waitFor(() => expect(where(router)).toBe('/?q=page'));
    // The address follows once typing pauses, not at every key.
    unsubscribe();
    expect([...addresses]).toEqual(['?q=page']);
    const list = await screen.findByRole('listbox', { name: 'Matches' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2), {
      timeout: 5_000,
    });
    // The title's matching word is marked; the other matched in its description.
    const first = within(list).getAllByRole('option')[0] as HTMLElement;
    expect(first.querySelector('mark')?.textContent).toBe('Page');
    expect(first.textContent).toContain('24 May 2025');
    // Announced politely, beside the box (its description).
    const status = document.getElementById(box().getAttribute('aria-describedby') ?? '');
    expect(status?.getAttribute('role')).toBe('status');
    expect(status?.textContent).toBe('2 items match');
    await waitFor(() => expect(globeMatches()).toEqual(['cleanup', 'sky']), { timeout: 5_000 });
    // The Archive items list narrows alike.
    expect(await screen.findByText('2 of 3 items match the filter')).toBeTruthy();
  });

  it('lists the matches of each key from the store’s search service before the address has the words', async () => {
    const { router } = await openHome();
    await userEvent.type(box(), 'page');
    await waitFor(() => expect(where(router)).toBe('/?q=page'));
    const list = await screen.findByRole('listbox', { name: 'Matches' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2), {
      timeout: 5_000,
    });
    const titles = () =>
      within(list)
        .getAllByRole('option')
        .map((option) => option.querySelector('.search-box__title')?.textContent);
    const status = () =>
      document.getElementById(box().getAttribute('aria-describedby') ?? '')?.textContent;
    // What the page shows at the moment the address takes the new words (before it is drawn for
    // them): the box has listed them already, the globe still shows the last words' matches.
    let atAddress: { titles: unknown; status: unknown; globe: unknown } | null = null;
    const unsubscribe = router.subscribe((state) => {
      if (state.location.search === '?q=roof' && atAddress === null)
        atAddress = { titles: titles(), status: status(), globe: globeMatches() };
    });
    await userEvent.type(box(), '{Backspace>4/}roof');
    await waitFor(() => expect(where(router)).toBe('/?q=roof'));
    unsubscribe();
    expect(atAddress).toEqual({
      titles: ['Tarps on the roofs'],
      status: '1 item matches',
      globe: ['cleanup', 'sky'],
    });
    expect(list.querySelector('mark')?.textContent).toBe('roofs');
    // Then the globe and the list follow, through the route and the store.
    await waitFor(() => expect(globeMatches()).toEqual(['tarps']), { timeout: 5_000 });
    expect(titles()).toEqual(['Tarps on the roofs']);
  });

  it('forgives a typo, and Enter alone opens the first match with the words kept', async () => {
    const { router, analytics } = await openHome();
    await userEvent.type(box(), 'evenning{Enter}');
    await waitFor(() => expect(where(router)).toBe('/video/sky?q=evenning'));
    expect(analytics.search).toHaveBeenCalledWith('evenning');
    // The item open, the globe stays narrowed to the words; closing returns to them.
    await waitFor(() => expect(globeMatches()).toEqual(['sky']), { timeout: 5_000 });
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }, { timeout: 10_000 }));
    await waitFor(() => expect(where(router)).toBe('/?q=evenning'));
    expect(box()).toHaveProperty('value', 'evenning');
  });

  it('moves through the matches with the arrow keys, and Escape closes, then clears', async () => {
    const { router } = await openHome();
    await userEvent.type(box(), 'volunteers');
    const list = await screen.findByRole('listbox', { name: 'Matches' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2), {
      timeout: 5_000,
    });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(list).getAllByRole('option')[1] as HTMLElement;
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(second.id);
    await userEvent.keyboard('{Escape}');
    expect(list.closest('[hidden]')).not.toBeNull();
    expect(box().getAttribute('aria-activedescendant')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(where(router)).toBe('/'));
    expect(box()).toHaveProperty('value', '');
    await waitFor(() => expect(globeMatches()).toBeNull(), { timeout: 5_000 });
  });

  it('restores the words of a shared link, combined with a category', async () => {
    const { router } = await openHome('/category/volunteers?q=roof');
    await waitFor(() => expect(globeMatches()).toEqual(['tarps']), { timeout: 5_000 });
    expect(box()).toHaveProperty('value', 'roof');
    expect(engine.inputs.at(-1)?.filter.category).toBe('volunteers');
    // A chip of the tray keeps the words; Clear returns home without them.
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Videos' }));
    await waitFor(() => expect(where(router)).toBe('/category/volunteers?type=video&q=roof'));
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(where(router)).toBe('/'));
  });

  it('answers words that arrive later by the address (Back to a search), unfocused', async () => {
    const { router } = await openHome();
    await router.navigate('/?q=roof');
    await waitFor(() => expect(globeMatches()).toEqual(['tarps']), { timeout: 5_000 });
    expect(box()).toHaveProperty('value', 'roof');
  });

  it('narrows the globe to the words of an address reached while the intro plays, with no search box', async () => {
    const { router } = renderApp('/', { fetchArchive: async () => archive, firstVisit: true });
    await screen.findByRole('button', { name: 'Skip intro' }, { timeout: 10_000 });
    await router.navigate('/?q=roof');
    // The route answers the words through the store: no search box is on the screen yet.
    await waitFor(() => expect(globeMatches()).toEqual(['tarps']), { timeout: 5_000 });
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('says so when nothing matches, and keeps hostile words as text', async () => {
    await openHome('/?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    await waitFor(() => expect(globeMatches()).toEqual([]), { timeout: 5_000 });
    expect(box()).toHaveProperty('value', '<img src=x onerror=alert(1)>');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    // The list follows at low priority.
    expect(await screen.findByText('No items match this filter.', { exact: false })).toBeTruthy();
  });
});
