// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Globe, GlobeEvents } from '@/globe/types';
import { FIRST_VIEW_WAIT_MS, LOADED_MESSAGE_MS } from '@/lib/constants';
import { renderApp } from '../support/renderWithProviders';

/** A stand-in engine: the test decides what progress it reports. */
const listeners = new Map<keyof GlobeEvents, (event: never) => void>();
const fakeGlobe: Globe = {
  update: vi.fn(),
  focus: async () => {},
  turnTo: async () => {},
  showView: async () => {},
  currentView: async () => ({ lat: 0, lng: 0, distance: 12.5 }),
  on: (type, listener) => {
    listeners.set(type, listener as (event: never) => void);
    return () => listeners.delete(type);
  },
  dispose: () => {},
};
vi.mock('@/globe/createGlobe', () => ({ createGlobe: async () => fakeGlobe }));

const archive = [
  { video_id: 'a', title: 'First', youtube_id: 'dQw4w9WgXcQ', lat: 1, lng: 1 },
  { video_id: 'b', title: 'Second', youtube_id: 'dQw4w9WgXcR', lat: 2, lng: 2 },
];

function report(percent: number) {
  const listener = listeners.get('progress') as (e: GlobeEvents['progress']) => void;
  act(() => listener({ percent, cards: archive.length }));
}
const shown = () =>
  document.querySelector('.globe-canvas')?.classList.contains('globe-canvas--shown');

afterEach(() => {
  listeners.clear();
  window.localStorage.clear();
});

describe('the preloader', () => {
  it('shows the globe once the first view is ready, "Done" first', async () => {
    renderApp('/?skipIntro=true', { fetchArchive: async () => archive });
    await waitFor(() => expect(listeners.has('progress')).toBe(true));
    report(40);
    await waitFor(() =>
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40'),
    );
    expect(screen.getByText('Loading ...')).toBeTruthy();
    // The bar is scaled, not resized: the compositor animates it without a layout (issue 48).
    const fill = screen.getByRole('progressbar').firstElementChild as HTMLElement;
    expect(fill.style.transform).toBe('scaleX(0.4)');
    expect(fill.style.width).toBe('');
    report(100);
    await screen.findByText('Done');
    await waitFor(() => expect(shown()).toBe(true), { timeout: LOADED_MESSAGE_MS + 1000 });
  });

  it('counts from the globe taking the archive, however late its engine starts', async () => {
    renderApp('/?skipIntro=true', { fetchArchive: async () => archive });
    await screen.findByText('2 items');
    // The engine (in a worker) takes the archive well after the data came.
    await new Promise((resolve) => setTimeout(resolve, FIRST_VIEW_WAIT_MS + 300));
    await waitFor(() => expect(listeners.has('progress')).toBe(true));
    expect(screen.queryByText('Done')).toBeNull();
    report(30);
    // The bar rises from there; it is not "Done" at once.
    await waitFor(() =>
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30'),
    );
    expect(screen.queryByText('Done')).toBeNull();
    report(100);
    await screen.findByText('Done');
  });

  it('does not wait for a host that never answers: the globe is shown a little after it has the archive', async () => {
    const started = Date.now();
    renderApp('/?skipIntro=true', { fetchArchive: async () => archive });
    await waitFor(() => expect(listeners.has('progress')).toBe(true));
    // The first view's pictures never come: the bar stops here.
    report(70);
    await new Promise((resolve) => setTimeout(resolve, FIRST_VIEW_WAIT_MS / 2));
    expect(shown()).toBe(false);
    expect(screen.queryByText('Done')).toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('70');
    await screen.findByText('Done', undefined, { timeout: FIRST_VIEW_WAIT_MS + 1000 });
    // "Done" comes with a full bar, never "Done" beside 70 %.
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('100%')).toBeTruthy();
    await waitFor(() => expect(shown()).toBe(true), { timeout: LOADED_MESSAGE_MS + 1000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_VIEW_WAIT_MS + LOADED_MESSAGE_MS);
  });
});
