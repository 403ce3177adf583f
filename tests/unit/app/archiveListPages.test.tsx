// @vitest-environment jsdom
/**
 * The Archive items list of a large archive: the first 200 rows, then 200 more at a time on
 * request, the focus taken to the first row added; the filters narrow it as before.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GlobeInput } from '@/globe/types';
import { generateArchive } from '../../fixtures/generateArchive';
import { renderApp } from '../support/renderWithProviders';

const engine = vi.hoisted(() => ({
  listeners: new Map<string, (event: unknown) => void>(),
  inputs: [] as GlobeInput[],
}));
vi.mock('@/globe/createGlobe', async () =>
  (await import('./globeStandIn')).standInGlobe(engine, 450),
);

afterEach(() => {
  engine.listeners.clear();
  engine.inputs.length = 0;
  window.localStorage.clear();
});

const rows = () => within(screen.getByRole('list', { name: 'Archive items' })).getAllByRole('link');

// The rows come in batches of 40, each a render of its own in idle time: on a machine busy with
// the whole suite and a CPU-bound process beside it, 200 more took over 30 s (one run of four).
describe('the Archive items list of a large archive', () => {
  it('lists the first 200, then 200 more at a time, taking the focus to the first one added', async () => {
    const archive = generateArchive(450);
    renderApp('/', { fetchArchive: async () => archive });
    await screen.findByRole('button', { name: /^Filters/ }, { timeout: 60_000 });
    await waitFor(() => expect(rows()).toHaveLength(200), { timeout: 60_000 });
    expect(
      screen.getByText(/The first 200 of 450 are listed; the search, the filters and the timeline/),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show 200 more' }));
    await waitFor(() => expect(rows()).toHaveLength(400), { timeout: 60_000 });
    await waitFor(() => expect(document.activeElement).toBe(rows()[200]), { timeout: 60_000 });
    expect(rows()[200]?.getAttribute('href')).toMatch(new RegExp(`/${archive[200]?.video_id}$`));
    await userEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await waitFor(() => expect(rows()).toHaveLength(450), { timeout: 60_000 });
    expect(screen.queryByRole('button', { name: /more$/ })).toBeNull();
  }, 240_000);
});
