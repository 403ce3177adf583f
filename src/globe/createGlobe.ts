import type { Globe, GlobeOptions } from '@/globe/types';
import { createWorkerGlobe, workerGlobeSupported } from '@/globe/worker/workerGlobe';

export type { Globe, GlobeDiagnostics, GlobeEvents, GlobeInput, GlobeOptions } from '@/globe/types';

/**
 * Creates the globe on a canvas and returns its facade. Where the browser can draw WebGL2 in a
 * worker, the engine runs there (`worker/globe.worker.ts`): the page's main thread keeps React,
 * the URL and the DOM, and loads no Babylon code. Elsewhere (or with an injected engine, as unit
 * tests do) the same engine runs on the page (`globeOnCanvas.ts`), loaded as a chunk of its own.
 * Either way `window.__globe` answers for the running globe. When the worker cannot draw, this
 * rejects with an error named `GLOBE_WORKER_FAILED`: the caller starts again on a fresh canvas
 * with `inWorker: false` (a canvas handed to a worker is the worker's for good).
 */
export async function createGlobe(
  canvas: HTMLCanvasElement,
  options: GlobeOptions,
): Promise<Globe> {
  if (!options.engine && options.inWorker !== false && workerGlobeSupported(canvas))
    return createWorkerGlobe(canvas, options);
  const { globeOnCanvas } = await import('@/globe/globeOnCanvas');
  const { globe, diagnostics } = globeOnCanvas({ canvas }, options);
  window.__globe = diagnostics;
  return {
    ...globe,
    dispose() {
      globe.dispose();
      if (window.__globe === diagnostics) delete window.__globe;
    },
  };
}
