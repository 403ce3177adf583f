// @vitest-environment jsdom
/**
 * A browser that can hand its canvas to a worker whose WebGL2 then fails (OffscreenCanvas without
 * WebGL): the globe starts again on a fresh canvas, on the page's own thread, and nothing tells
 * the visitor the globe is unavailable.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GLOBE_WORKER_FAILED, type Globe, type GlobeOptions } from '@/globe/types';
import { renderApp } from '../support/renderWithProviders';

const attempts = vi.hoisted(() => [] as { canvas: HTMLCanvasElement; options: GlobeOptions }[]);
vi.mock('@/globe/createGlobe', () => ({
  createGlobe: async (canvas: HTMLCanvasElement, options: GlobeOptions): Promise<Globe> => {
    attempts.push({ canvas, options });
    if (options.inWorker !== false) {
      const error = new Error('no WebGL2 on an OffscreenCanvas');
      error.name = GLOBE_WORKER_FAILED;
      throw error;
    }
    return {
      update: () => undefined,
      focus: async () => undefined,
      turnTo: async () => undefined,
      showView: async () => undefined,
      currentView: async () => ({ lat: 0, lng: 0, distance: 12.5 }),
      on: () => () => undefined,
      dispose: () => undefined,
    };
  },
}));

afterEach(() => {
  attempts.length = 0;
  vi.restoreAllMocks();
});

describe('a worker that cannot draw', () => {
  it('starts the globe again on a fresh canvas on the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/?skipIntro=true', { fetchArchive: async () => [] });
    await waitFor(() => expect(attempts).toHaveLength(2));
    const [first, second] = attempts;
    expect(first?.options.inWorker).toBe(true);
    expect(second?.options.inWorker).toBe(false);
    // The first canvas was the worker's: the second is a new element, the one in the page now.
    expect(second?.canvas).not.toBe(first?.canvas);
    expect(document.querySelector('canvas.globe-canvas')).toBe(second?.canvas);
    expect(first?.canvas.isConnected).toBe(false);
    expect(warn).toHaveBeenCalled();
    expect(error).not.toHaveBeenCalledWith('The globe could not start:', expect.anything());
  });
});
