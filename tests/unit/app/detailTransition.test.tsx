// @vitest-environment jsdom
/**
 * The detail transition (SPEC §4; issue 28, item 2): the machine's transitions as a pure
 * function, then the home route around a stand-in engine whose flights the test lands by hand.
 * The overlay fades in when the engine reports the camera's arrival, not when a timer guesses it;
 * the camera flies back when the overlay's own fade has ended; with reduced motion nothing waits,
 * and the engine hears the page's one reading of it.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  detailReducer,
  initialDetailState,
  type DetailState,
} from '@/app/routes/useDetailTransition';
import type { Globe, GlobeEvents, GlobeInput, GlobeOptions } from '@/globe/types';
import { FADE_OUT_BOUND_MS, FLIGHT_BOUND_MS } from '@/app/routes/useDetailTransition';
import { CAMERA_FLIGHT_MS, DETAIL_FADE_OUT_MS, LOADED_MESSAGE_MS } from '@/lib/constants';
import { renderApp } from '../support/renderWithProviders';

describe('the detail machine', () => {
  const open = (id: string) => ({ type: 'routeChanged', id, animate: true }) as const;
  const close = (animate = true) => ({ type: 'routeChanged', id: null, animate }) as const;
  const arrivedAt = (id: string): DetailState => ({ routeId: id, closingId: null, arrivedId: id });

  it('starts with nothing moving, whatever the route holds', () => {
    expect(initialDetailState('a')).toEqual({ routeId: 'a', closingId: null, arrivedId: null });
  });

  it('opens an item and waits for the camera, then knows it arrived', () => {
    const opening = detailReducer(initialDetailState(null), open('a'));
    expect(opening).toEqual({ routeId: 'a', closingId: null, arrivedId: null });
    expect(detailReducer(opening, { type: 'arrived', id: 'a' })).toEqual(arrivedAt('a'));
  });

  it('takes no flight for another item as an arrival', () => {
    const opening = detailReducer(arrivedAt('a'), open('b'));
    expect(opening).toEqual({ routeId: 'b', closingId: null, arrivedId: null });
    expect(detailReducer(opening, { type: 'arrived', id: 'a' })).toBe(opening);
  });

  it('closes by fading out with the camera still on the item, then lets it fly back', () => {
    const closing = detailReducer(arrivedAt('a'), close());
    expect(closing).toEqual({ routeId: null, closingId: 'a', arrivedId: 'a' });
    expect(detailReducer(closing, { type: 'fadedOut' })).toEqual(initialDetailState(null));
  });

  it('closes at once with reduced motion', () => {
    expect(detailReducer(arrivedAt('a'), close(false))).toEqual(initialDetailState(null));
  });

  it('reopens the item fading out without a flight: the camera never left', () => {
    const closing = detailReducer(arrivedAt('a'), close());
    expect(detailReducer(closing, open('a'))).toEqual(arrivedAt('a'));
  });

  it('waits for the flight again when the item is reopened after the camera flew back', () => {
    const closed = [close(), { type: 'fadedOut' } as const, open('a')].reduce(
      detailReducer,
      arrivedAt('a'),
    );
    expect(closed).toEqual({ routeId: 'a', closingId: null, arrivedId: null });
  });

  it('drops the fade-out when another item opens meanwhile', () => {
    const closing = detailReducer(arrivedAt('a'), close());
    expect(detailReducer(closing, open('b'))).toEqual({
      routeId: 'b',
      closingId: null,
      arrivedId: null,
    });
  });

  it('counts a flight that lands once the item began to close', () => {
    const closing = detailReducer(detailReducer(initialDetailState(null), open('a')), close());
    expect(closing.arrivedId).toBeNull();
    expect(detailReducer(closing, { type: 'arrived', id: 'a' }).arrivedId).toBe('a');
  });

  it('ignores a fade-out with nothing closing, and a route that did not change', () => {
    const open = arrivedAt('a');
    expect(detailReducer(open, { type: 'fadedOut' })).toBe(open);
    expect(detailReducer(open, { type: 'routeChanged', id: 'a', animate: true })).toBe(open);
  });
});

/** A stand-in engine: its flights land when the test says so. */
const engine = vi.hoisted(() => ({
  broken: false,
  flights: [] as { id: string | null; land: () => void }[],
  options: [] as GlobeOptions[],
  inputs: [] as GlobeInput[],
}));
vi.mock('@/globe/createGlobe', () => ({
  createGlobe: async (_canvas: HTMLCanvasElement, options: GlobeOptions): Promise<Globe> => {
    if (engine.broken) throw new Error('WebGL is not available');
    engine.options.push(options);
    return {
      update: (input) => void engine.inputs.push(input),
      focus: (id) => new Promise<void>((land) => void engine.flights.push({ id, land })),
      turnTo: async () => undefined,
      showView: async () => undefined,
      currentView: async () => ({ lat: 0, lng: 0, distance: 12.5 }),
      on: <K extends keyof GlobeEvents>(type: K, listener: (event: GlobeEvents[K]) => void) => {
        // The preloader waits for the first view's progress: all of it, at once.
        if (type === 'progress')
          queueMicrotask(() => listener({ percent: 100, cards: 2 } as never));
        return () => undefined;
      },
      dispose: () => undefined,
    };
  },
}));

const archive = [
  {
    video_id: 'cleanup',
    title: 'Clean-up on Page Avenue',
    youtube_id: 'dQw4w9WgXcQ',
    lat: 1,
    lng: 1,
  },
  { video_id: 'sky', title: 'The sky that evening', youtube_id: 'ScMzIvxBSi4', lat: 2, lng: 2 },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const overlay = () => document.querySelector('.detail-overlay');
const overlayIn = () => overlay()?.classList.contains('detail-overlay--shown') ?? false;
const flightsTo = (id: string | null) => engine.flights.filter((f) => f.id === id);
/** The engine's latest flight to an item ends: the camera has arrived. */
const land = (id: string) => act(async () => flightsTo(id).at(-1)?.land());
/** The globe is shown and the camera is on its way to the item. */
const flying = (id: string) =>
  waitFor(() => expect(flightsTo(id).length).toBeGreaterThan(0), SHOWN);
/** Long enough for the preloader's "Done" and the globe to show. */
const SHOWN = { timeout: LOADED_MESSAGE_MS + 2000 };

/** Stands in for the overlay's CSS fade-out, which jsdom does not run: it ends when told. */
function fadeOutByHand() {
  let end = () => {};
  const fade = { finished: new Promise<void>((resolve) => (end = resolve)) };
  Object.defineProperty(Element.prototype, 'getAnimations', {
    configurable: true,
    value(this: Element) {
      const fading =
        this.classList.contains('detail-overlay') &&
        !this.classList.contains('detail-overlay--shown');
      return fading ? [fade as unknown as Animation] : [];
    },
  });
  return () => act(async () => end());
}

/** prefers-reduced-motion: reduce, as the visitor's system says. */
function preferReducedMotion() {
  const plain = window.matchMedia;
  window.matchMedia = (query: string) =>
    Object.assign(plain(query), { matches: query === '(prefers-reduced-motion: reduce)' });
  return () => {
    window.matchMedia = plain;
  };
}

let undo: (() => void)[] = [];
beforeEach(() => {
  engine.broken = false;
  engine.flights = [];
  engine.options = [];
  engine.inputs = [];
});
afterEach(() => {
  for (const step of undo) step();
  undo = [];
  Reflect.deleteProperty(Element.prototype, 'getAnimations');
  window.localStorage.clear();
});

describe('opening an item', () => {
  it('fades the overlay in when the engine reports the flight has arrived, not after a timer', async () => {
    renderApp('/video/cleanup', { fetchArchive: async () => archive });
    await flying('cleanup');
    // The overlay is in the page (its code loaded on demand), waiting unseen while the camera flies.
    await waitFor(() => expect(overlay()).not.toBeNull());
    expect(overlayIn()).toBe(false);
    // A slow engine (software rendering) is still flying when the spec's 0.6 s are up.
    await sleep(CAMERA_FLIGHT_MS + 300);
    expect(overlayIn()).toBe(false);
    await land('cleanup');
    await waitFor(() => expect(overlayIn()).toBe(true));
  });

  it('shows the item all the same when the engine never reports its flight', async () => {
    renderApp('/video/cleanup', { fetchArchive: async () => archive });
    await flying('cleanup');
    const startedAt = Date.now();
    await waitFor(() => expect(overlayIn()).toBe(true), { timeout: FLIGHT_BOUND_MS + 2000 });
    expect(Date.now() - startedAt).toBeGreaterThan(FLIGHT_BOUND_MS - 300);
  });

  it('fades the overlay in at once when there is no globe to fly', async () => {
    engine.broken = true;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    undo.push(() => quiet.mockRestore());
    renderApp('/video/cleanup', { fetchArchive: async () => archive });
    await screen.findByText(/The 3D globe cannot start/);
    await waitFor(() => expect(overlayIn()).toBe(true), SHOWN);
    expect(engine.flights).toEqual([]);
  });
});

describe('closing an item', () => {
  it('flies the camera back once the overlay has faded out, not before', async () => {
    const endFade = fadeOutByHand();
    const { router } = renderApp('/video/cleanup', { fetchArchive: async () => archive });
    await flying('cleanup');
    await land('cleanup');
    await waitFor(() => expect(overlayIn()).toBe(true));
    const flightsBefore = engine.flights.length;

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const closedAt = Date.now();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Fading out: still in the page, the camera still on the item.
    expect(overlay()).not.toBeNull();
    expect(overlayIn()).toBe(false);
    expect(engine.flights).toHaveLength(flightsBefore);

    // A fade that ends early (a fast page) lets the camera go at once: no timer decides it.
    await endFade();
    await waitFor(() => expect(flightsTo(null)).toHaveLength(1), { interval: 10 });
    expect(Date.now() - closedAt).toBeLessThan(DETAIL_FADE_OUT_MS);
    expect(overlay()).toBeNull();
  });

  it('flies back on time when the fade never says it ended (a page whose frames are starved)', async () => {
    fadeOutByHand();
    const { router } = renderApp('/video/cleanup', { fetchArchive: async () => archive });
    await flying('cleanup');
    await land('cleanup');
    await waitFor(() => expect(overlayIn()).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const closedAt = Date.now();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await sleep(DETAIL_FADE_OUT_MS / 2);
    expect(flightsTo(null)).toHaveLength(0);
    await waitFor(() => expect(flightsTo(null)).toHaveLength(1), { timeout: 2000, interval: 10 });
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(FADE_OUT_BOUND_MS - 20);
    expect(overlay()).toBeNull();
  });

  it('flies back at once where nothing fades (no CSS transitions)', async () => {
    const { router } = renderApp('/video/cleanup', { fetchArchive: async () => archive });
    await flying('cleanup');
    await land('cleanup');
    await waitFor(() => expect(overlayIn()).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(flightsTo(null)).toHaveLength(1));
    expect(overlay()).toBeNull();
  });
});

describe('with reduced motion', () => {
  it('tells the engine the page’s reading, and waits neither for the flight nor for a fade', async () => {
    undo.push(preferReducedMotion());
    fadeOutByHand();
    const { router } = renderApp('/video/cleanup', { fetchArchive: async () => archive });
    await flying('cleanup');
    expect(engine.options.map((o) => o.reducedMotion)).toEqual([true]);
    expect(engine.inputs.at(-1)?.reducedMotion).toBe(true);
    // The camera jumps: the overlay is in without waiting for the engine's report.
    await waitFor(() => expect(overlayIn()).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Nothing fades: the overlay is gone and the camera goes back, though a fade would never end.
    await waitFor(() => expect(flightsTo(null)).toHaveLength(1));
    expect(overlay()).toBeNull();
  });
});
