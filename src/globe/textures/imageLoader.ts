/** How many images load at once (a browser allows about 6 connections per host anyway). */
const CONCURRENCY = 8;
/** Decoded images kept for reuse (galleries share thumbnails; the default thumbnail is used a lot). */
const CACHE_SIZE = 256;

/**
 * Loads images for card faces with anonymous CORS (SPEC §7), a few at a time, keeping a small
 * cache of decoded images. A failed image resolves to `null`; the caller draws its fallback.
 */
export class ImageLoader {
  private readonly cache = new Map<string, Promise<HTMLImageElement | null>>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;
  private disposed = false;

  load(url: string): Promise<HTMLImageElement | null> {
    const cached = this.cache.get(url);
    if (cached) {
      // Refresh its place: the map's order is the eviction order.
      this.cache.delete(url);
      this.cache.set(url, cached);
      return cached;
    }
    const promise = this.slot().then(() => this.fetch(url));
    this.cache.set(url, promise);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return promise;
  }

  dispose(): void {
    this.disposed = true;
    this.cache.clear();
    this.waiting.length = 0;
  }

  private slot(): Promise<void> {
    if (this.active < CONCURRENCY) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  private async fetch(url: string): Promise<HTMLImageElement | null> {
    if (this.disposed) return null;
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.src = url;
    try {
      await image.decode();
      return image;
    } catch {
      return null;
    } finally {
      this.release();
    }
  }
}
