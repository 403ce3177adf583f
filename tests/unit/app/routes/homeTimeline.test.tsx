// @vitest-environment jsdom
/**
 * The timeline and the filters together (issue 30) through the real app and store, around a
 * stand-in engine that records what the globe is told (the browser tests drive the real one).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GlobeInput } from '@/globe/types';
import { matchesFilter } from '@/lib/filter';
import { CLICK } from '@/lib/analytics';
import { toText } from '@/lib/timeRange';
import { recordingAnalytics, renderApp } from '../../support/renderWithProviders';

const engine = vi.hoisted(() => ({
  listeners: new Map<string, (event: unknown) => void>(),
  inputs: [] as GlobeInput[],
}));
vi.mock('@/globe/createGlobe', async () =>
  (await import('../globeStandIn')).standInGlobe(engine, 6),
);

const video = (id: string, date: string | undefined, categories = ['Storm']) => ({
  video_id: id,
  title: `Item ${id}`,
  youtube_id: 'dQw4w9WgXcQ',
  categories,
  lat: 38.66,
  lng: -90.25,
  ...(date ? { date } : {}),
});
const archive = [
  video('funnel', '2025-05-16T14:41-05:00'),
  video('debris', '2025-05-16T14:52-05:00'),
  video('night', '2025-05-16T21:40-05:00', ['Recovery']),
  video('cleanup', '2025-05-17/2025-05-30', ['Recovery']),
  video('rebuild', '2025-10-04', ['Recovery']),
  video('undated', undefined),
];

// Every wait is on the page's state and ends as soon as it comes; a busy machine (the whole suite,
// browsers beside it) takes seconds where an idle one takes a moment, so none gives up before 10 s.

/**
 * A track as wide as a desktop's (1,500 px: bars of 24 px make an hour's window count in minutes);
 * jsdom lays nothing out, and its tracks would otherwise keep their first guess of 600 px.
 */
class WideTrack {
  constructor(private readonly report: ResizeObserverCallback) {}
  observe() {
    this.report(
      [{ contentRect: { width: 1500 } } as ResizeObserverEntry],
      this as unknown as ResizeObserver,
    );
  }
  disconnect() {}
  unobserve() {}
}
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', WideTrack);
});

afterEach(() => {
  vi.unstubAllGlobals();
  engine.listeners.clear();
  engine.inputs.length = 0;
  window.localStorage.clear();
});

const where = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${decodeURIComponent(router.state.location.search)}`;
/** The ids the globe was last told match. */
const globeMatches = () => {
  const input = engine.inputs.at(-1);
  if (!input) return [];
  return input.nodes.filter((node) => matchesFilter(node, input.filter)).map((n) => n.video_id);
};
const listed = () =>
  within(screen.getByRole('list', { name: 'Archive items' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href')?.split('?')[0]?.split('/')[2]);

async function openHome(url = '/', analytics = recordingAnalytics()) {
  const view = renderApp(url, { fetchArchive: async () => archive, analytics });
  await screen.findByRole('slider', { name: 'Start of the time range' });
  return { ...view, analytics };
}

describe('the timeline', () => {
  it('counts undated items apart and keeps them while no range is chosen', async () => {
    await openHome();
    expect(screen.getByText('1 item has no date')).toBeTruthy();
    expect(screen.getByText('All time')).toBeTruthy();
    await waitFor(() => expect(globeMatches()).toHaveLength(6));
    const start = screen.getByRole('slider', { name: 'Start of the time range' });
    expect(start.getAttribute('aria-valuetext')).toBe('Friday 16 May 2025');
    expect(
      screen.getByRole('slider', { name: 'End of the time range' }).getAttribute('aria-valuetext'),
    ).toBe('end of Saturday 4 October 2025');
  });

  it('restores a range from the URL: the items outside it fade and leave the list', async () => {
    await openHome('/?from=2025-05-16T14:30-05:00&to=2025-05-16T15:00-05:00');
    expect(screen.getAllByText('16 May 2025, 2:30 pm – 3:00 pm').length).toBeGreaterThan(0);
    await waitFor(() => expect(globeMatches()).toEqual(['funnel', 'debris']));
    await waitFor(() => expect(listed()).toEqual(['funnel', 'debris']));
    expect(
      screen.getByText('1 item has no date (hidden while a time range is chosen)'),
    ).toBeTruthy();
    // A row's link is the item's own address; a click opens it with the range on.
    const link = within(screen.getByRole('list', { name: 'Archive items' })).getAllByRole(
      'link',
    )[0];
    expect(link?.getAttribute('href')).toBe('/video/funnel');
    // Opened zoomed to the range, in minutes.
    const start = screen.getByRole('slider', { name: 'Start of the time range' });
    expect(start.getAttribute('aria-valuetext')).toBe('Friday 16 May 2025, 2:30 pm');
  });

  it('opens a listed item with the range on, and closing it returns to the range', async () => {
    const { router } = await openHome('/?from=2025-05-16T14:30-05:00&to=2025-05-16T15:00-05:00');
    await waitFor(() => expect(listed()).toEqual(['funnel', 'debris']));
    await userEvent.click(screen.getByRole('link', { name: /Item debris/ }));
    await waitFor(() =>
      expect(where(router)).toBe(
        '/video/debris?from=2025-05-16T14:30-05:00&to=2025-05-16T15:00-05:00',
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(where(router)).toBe('/?from=2025-05-16T14:30-05:00&to=2025-05-16T15:00-05:00'),
    );
  });

  it('narrows the range by keys on its handles, and reports it once the visitor pauses', async () => {
    const { router, analytics } = await openHome(
      '/?from=2025-05-16T14:30-05:00&to=2025-05-16T15:00-05:00',
    );
    const end = screen.getByRole('slider', { name: 'End of the time range' });
    end.focus();
    // The window shows an hour in minutes: each key moves the end a bar (a minute or two).
    for (let i = 0; i < 4; i++) await userEvent.keyboard('{ArrowLeft}');
    // The address follows once the handle rests (0.2 s).
    await waitFor(() => expect(where(router)).toContain('to=2025-05-16T14:56-05:00'));
    expect(globeMatches()).toEqual(['funnel', 'debris']);
    // Page Down: ten bars back, past the debris at 2:52 pm.
    await userEvent.keyboard('{PageDown}');
    await waitFor(() => expect(where(router)).toContain('to=2025-05-16T14:46-05:00'));
    await waitFor(() => expect(globeMatches()).toEqual(['funnel']));
    expect(end.getAttribute('aria-valuetext')).toBe('Friday 16 May 2025, 2:46 pm');
    const start = screen.getByRole('slider', { name: 'Start of the time range' });
    start.focus();
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(where(router)).not.toContain('from='));
    expect(Number(start.getAttribute('aria-valuenow'))).toBe(
      Number(start.getAttribute('aria-valuemin')),
    );
    await waitFor(() => expect(analytics.click).toHaveBeenCalledWith(CLICK.timeline, 'range'));
  });

  it('counts every key pressed while the address catches up with the handles', async () => {
    const { router } = await openHome('/?from=2025-05-16T14:30-05:00&to=2025-05-16T15:00-05:00');
    const end = screen.getByRole('slider', { name: 'End of the time range' });
    end.focus();
    // Three more keys the moment the router takes the address the first key wrote, before the
    // page shows it (as on a busy machine, where showing it takes longer than a key).
    const keysWhileOnItsWay = router.subscribe((state) => {
      if (!decodeURIComponent(state.location.search).includes('to=2025-05-16T14:59')) return;
      keysWhileOnItsWay();
      for (let i = 0; i < 3; i++) fireEvent.keyDown(end, { key: 'ArrowLeft' });
    });
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(where(router)).toContain('to=2025-05-16T14:56-05:00'));
    expect(end.getAttribute('aria-valuetext')).toBe('Friday 16 May 2025, 2:56 pm');
  });

  it('lets an address the visitor goes to before the handles rest stand', async () => {
    const { router } = await openHome('/?from=2025-05-16T14:30-05:00&to=2025-05-16T15:00-05:00');
    const end = screen.getByRole('slider', { name: 'End of the time range' });
    end.focus();
    await userEvent.keyboard('{ArrowLeft}');
    // A shared link to another range, followed at once: the move's address is not written over it.
    await act(() => router.navigate('/?from=2025-05-16T14:30-05:00&to=2025-05-16T14:50-05:00'));
    await waitFor(() =>
      expect(end.getAttribute('aria-valuetext')).toBe('Friday 16 May 2025, 2:50 pm'),
    );
    // The next key moves on from the link's range (a write left over would have come first).
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(where(router)).toContain('to=2025-05-16T14:49-05:00'));
    expect(end.getAttribute('aria-valuetext')).toBe('Friday 16 May 2025, 2:49 pm');
  });

  it('plays: the end sweeps forward step by step with reduced motion, and a key stops it', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('reduce'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    try {
      const { router } = await openHome('/?from=2025-05-16&to=2025-05-16');
      const play = screen.getByRole('button', { name: 'Play' });
      await userEvent.click(play);
      expect(play.getAttribute('aria-pressed')).toBe('true');
      const ends: string[] = [];
      await waitFor(() => {
        const to = new URLSearchParams(router.state.location.search).get('to') ?? '';
        if (ends.at(-1) !== to) ends.push(to);
        expect(ends.length).toBeGreaterThanOrEqual(3);
      });
      // Forward only, in order.
      const sorted = [...ends].sort();
      expect(ends).toEqual(sorted);
      await act(async () => {
        await userEvent.keyboard('{Shift}');
      });
      await waitFor(() => expect(play.getAttribute('aria-pressed')).toBe('false'));
      expect(play.textContent).toBe('Play');
      // The address takes where the end stopped (a step just before the key reaches it 0.2 s
      // later), and a while after, longer than a step, neither has moved on.
      const end = screen.getByRole('slider', { name: 'End of the time range' });
      const stoppedAt = end.getAttribute('aria-valuenow');
      await waitFor(() =>
        expect(new URLSearchParams(router.state.location.search).get('to')).toBe(
          toText(Number(stoppedAt)),
        ),
      );
      const stopped = router.state.location.search;
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(end.getAttribute('aria-valuenow')).toBe(stoppedAt);
      expect(router.state.location.search).toBe(stopped);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('all filters together', () => {
  it('shows every filter on with the count, takes one off, and Clear returns home', async () => {
    const { router } = await openHome(
      '/category/recovery?type=video&from=2025-05-16&to=2025-05-31',
    );
    const on = await screen.findByRole('list', { name: 'Filters on' });
    expect(
      within(on)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Remove filter: Recovery',
      'Remove filter: Videos',
      'Remove filter: 16–31 May 2025',
    ]);
    expect(screen.getByText('2 of 6 items')).toBeTruthy();
    await waitFor(() => expect(globeMatches()).toEqual(['night', 'cleanup']));
    await userEvent.click(
      within(on).getByRole('button', { name: 'Remove filter: 16–31 May 2025' }),
    );
    await waitFor(() => expect(where(router)).toBe('/category/recovery?type=video'));
    expect(screen.getByText('3 of 6 items')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(where(router)).toBe('/'));
    expect(screen.queryByRole('list', { name: 'Filters on' })).toBeNull();
    await waitFor(() => expect(globeMatches()).toHaveLength(6));
  });

  it('lists under the search box only the matches the range and the chips leave', async () => {
    await openHome('/?from=2025-05-16&to=2025-05-16');
    await userEvent.keyboard('/');
    await userEvent.keyboard('item');
    const list = await screen.findByRole('listbox', { name: 'Matches' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        expect.stringContaining('Item funnel'),
        expect.stringContaining('Item debris'),
        expect.stringContaining('Item night'),
      ]),
    );
    expect(screen.getAllByText('3 items match').length).toBeGreaterThan(0);
  });

  it('keeps the range when a chip is chosen', async () => {
    const { router } = await openHome('/?from=2025-05-17');
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Videos' }));
    await waitFor(() => expect(where(router)).toBe('/?type=video&from=2025-05-17'));
    expect(screen.getByText('2 of 6 items')).toBeTruthy();
  });
});
