import { ImageLoadError } from '@/globe/textures/faceScheduler';

/** Decoded images kept for reuse (galleries share photos; the default thumbnail is used a lot). */
const CACHE_SIZE = 96;
/** Refusals remembered (a broken URL shared by many cards is asked for once). */
const FAILED_SIZE = 512;

interface Flight {
  promise: Promise<ImageBitmap>;
  controller: AbortController;
  /** Callers still waiting; the request is aborted when the last one gives up. */
  waiting: number;
}

/**
 * Fetches card images with anonymous CORS (SPEC §7) and decodes them off the main thread
 * (`fetch` + `createImageBitmap`): abortable, with the answer checked (an error status or
 * something that is not an image fails at once instead of waiting on a decoder). Requests for the
 * same URL share one fetch; decoded images are kept in a small cache.
 */
export class ImageLoader {
  private readonly cache = new Map<string, ImageBitmap>();
  private readonly failed = new Map<string, ImageLoadError>();
  private readonly flights = new Map<string, Flight>();
  private disposed = false;

  /** Loads `url`; rejects with an `ImageLoadError`, or with an abort when `signal` aborts. */
  load(url: string, signal: AbortSignal, urgent = false): Promise<ImageBitmap> {
    const cached = this.cache.get(url);
    if (cached) {
      // Refresh its place: the map's order is the eviction order.
      this.cache.delete(url);
      this.cache.set(url, cached);
      return Promise.resolve(cached);
    }
    const refused = this.failed.get(url);
    if (refused) return Promise.reject(refused);
    if (this.disposed) return Promise.reject(new DOMException('Disposed', 'AbortError'));
    let flight = this.flights.get(url);
    if (!flight) {
      const controller = new AbortController();
      const promise = this.fetch(url, controller.signal, urgent);
      flight = { promise, controller, waiting: 0 };
      this.flights.set(url, flight);
      const done = () => {
        if (this.flights.get(url) === flight) this.flights.delete(url);
      };
      promise.then(done, done);
    }
    const shared = flight;
    shared.waiting++;
    return new Promise<ImageBitmap>((resolve, reject) => {
      let settled = false;
      const onAbort = () => {
        if (settled) return;
        settled = true;
        reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
        if (--shared.waiting === 0) shared.controller.abort();
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      shared.promise.then(
        (image) => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', onAbort);
          shared.waiting--;
          resolve(image);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', onAbort);
          shared.waiting--;
          reject(error as Error);
        },
      );
    });
  }

  /** Forgets what was loaded and aborts what is loading. */
  dispose(): void {
    this.disposed = true;
    for (const flight of this.flights.values()) flight.controller.abort();
    this.flights.clear();
    this.cache.clear();
    this.failed.clear();
  }

  private async fetch(url: string, signal: AbortSignal, urgent: boolean): Promise<ImageBitmap> {
    let response: Response;
    try {
      response = await fetch(url, {
        mode: 'cors',
        credentials: 'same-origin',
        signal,
        // The first view's faces compete with nothing the page needs; the rest wait their turn.
        priority: urgent ? 'high' : 'low',
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ImageLoadError(`${url}: ${(error as Error).message}`, 'network');
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !/^image\//i.test(type)) {
      void response.body?.cancel().catch(() => undefined);
      throw this.refuse(
        url,
        `${url}: ${response.ok ? `not an image (${type || 'no type'})` : `HTTP ${response.status}`}`,
      );
    }
    let blob: Blob;
    try {
      blob = await response.blob();
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ImageLoadError(`${url}: ${(error as Error).message}`, 'network');
    }
    let image: ImageBitmap;
    try {
      image = await createImageBitmap(blob);
    } catch {
      throw this.refuse(url, `${url}: the image cannot be decoded`);
    }
    if (this.disposed) throw new DOMException('Disposed', 'AbortError');
    this.cache.set(url, image);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return image;
  }

  private refuse(url: string, message: string): ImageLoadError {
    const error = new ImageLoadError(message, 'answered');
    this.failed.set(url, error);
    if (this.failed.size > FAILED_SIZE)
      this.failed.delete(this.failed.keys().next().value as string);
    return error;
  }
}
