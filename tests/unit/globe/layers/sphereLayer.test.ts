import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { Scene } from '@babylonjs/core/scene';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultMapUrls, SphereLayer } from '@/globe/layers/sphere';
import { textureBytes } from '@/globe/textures/atlasLayout';

/**
 * A NullEngine whose texture loads fail for chosen URLs (as a 404 or an undecodable WebP would)
 * and succeed at a size chosen per URL; it records the order in which URLs were asked for.
 */
class MapServingEngine extends NullEngine {
  readonly requested: string[] = [];

  constructor(
    private readonly failing: ReadonlySet<string>,
    private readonly sizes: Readonly<Record<string, { width: number; height: number }>> = {},
  ) {
    super({
      renderWidth: 64,
      renderHeight: 64,
      textureSize: 16,
      deterministicLockstep: false,
      lockstepMaxSteps: 1,
    });
  }

  override createTexture(...args: Parameters<NullEngine['createTexture']>) {
    const [url, , , , , , onError] = args;
    const name = String(url);
    this.requested.push(name);
    if (!this.failing.has(name)) {
      const texture = super.createTexture(...args);
      const size = this.sizes[name];
      if (size) {
        texture.baseWidth = texture.width = size.width;
        texture.baseHeight = texture.height = size.height;
      }
      return texture;
    }
    const [, noMipmap, invertY, scene, samplingMode] = args;
    const texture = super.createTexture(url, noMipmap, invertY, scene, samplingMode);
    texture.isReady = false;
    setTimeout(() => onError?.(`404 ${name}`, undefined));
    return texture;
  }
}

const SIZES = {
  '/map.webp': { width: 4096, height: 2048 },
  '/map-2048.webp': { width: 2048, height: 1024 },
  '/map.png': { width: 4096, height: 2048 },
};

let engine: MapServingEngine | null = null;

function start(mapUrl: string | readonly string[], failing: string[] = []) {
  engine = new MapServingEngine(new Set(failing), SIZES);
  const scene = new Scene(engine);
  const layer = new SphereLayer(scene, mapUrl, () => 0, { reducedMotion: true });
  return { layer, requested: engine.requested };
}

afterEach(() => {
  engine?.dispose();
  engine = null;
});

describe('SphereLayer fade', () => {
  it('asks for frames until one is drawn at full opacity, however late that frame comes', async () => {
    engine = new MapServingEngine(new Set(), SIZES);
    const layer = new SphereLayer(new Scene(engine), '/map.png', () => 0, {
      reducedMotion: false,
      fadeMs: 1000,
    });
    const camera = { x: 0, y: 0, z: -30 };
    expect(layer.fadingUntil).toBe(0);
    layer.show(0);
    await layer.loaded;
    layer.setFrame(0.95, camera);
    expect(layer.alpha(0.95)).toBeCloseTo(0.95);
    // The fade is over by the clock, but the last frame drawn was at 95 %: one more is needed.
    expect(layer.fadingUntil).toBe(Infinity);
    layer.setFrame(1.4, camera);
    expect(layer.fadingUntil).toBe(1);
    layer.dispose();
  });
});

describe('defaultMapUrls', () => {
  it('offers a WebP first, a smaller one on phones, and the PNG for browsers without WebP', () => {
    expect(defaultMapUrls(false)).toEqual(['/map.webp', '/map.png']);
    expect(defaultMapUrls(true)).toEqual(['/map-2048.webp', '/map.png']);
  });
});

describe('SphereLayer map loading (NullEngine)', () => {
  it('loads a single URL as before', async () => {
    const { layer, requested } = start('/map.png');
    await expect(layer.loaded).resolves.toBe(true);
    expect(requested).toEqual(['/map.png']);
    expect(layer.textureBytes).toBe(textureBytes(4096, 2048));
    layer.dispose();
  });

  it('takes the first URL that loads and asks for nothing after it', async () => {
    const { layer, requested } = start(defaultMapUrls(true));
    await expect(layer.loaded).resolves.toBe(true);
    expect(requested).toEqual(['/map-2048.webp']);
    // The phone's map: a quarter of the desktop one's memory.
    expect(layer.textureBytes).toBe(textureBytes(2048, 1024));
    layer.dispose();
  });

  it('moves to the next URL when one fails, in order, and counts the one that loaded', async () => {
    const { layer, requested } = start(defaultMapUrls(true), ['/map-2048.webp']);
    expect(layer.textureBytes).toBe(0);
    await expect(layer.loaded).resolves.toBe(true);
    expect(requested).toEqual(['/map-2048.webp', '/map.png']);
    expect(layer.textureBytes).toBe(textureBytes(4096, 2048));
    layer.show(0);
    expect(layer.alpha(0)).toBe(1);
    layer.dispose();
  });

  it('settles loaded false only after the last URL fails; the globe then shows without a map', async () => {
    const urls = ['/a.webp', '/b.webp', '/map.png'];
    const { layer, requested } = start(urls, urls);
    let settled: boolean | null = null;
    void layer.loaded.then((ok) => (settled = ok));
    await new Promise((resolve) => setTimeout(resolve));
    // One failure in: the next is being tried, nothing is settled yet.
    expect(settled).toBeNull();
    expect(requested.length).toBeLessThan(urls.length);
    await expect(layer.loaded).resolves.toBe(false);
    expect(requested).toEqual(urls);
    expect(layer.textureBytes).toBe(0);
    // A failed map still lets the globe appear (its dark sphere, the cards).
    layer.show(0);
    layer.setFrame(0, { x: 0, y: 0, z: -30 });
    expect(layer.fadingUntil).toBe(0);
    layer.dispose();
  });

  it('an empty list is a map that failed', async () => {
    const { layer, requested } = start([]);
    await expect(layer.loaded).resolves.toBe(false);
    expect(requested).toEqual([]);
    layer.dispose();
  });

  it('tries nothing more once disposed', async () => {
    const { layer, requested } = start(['/a.webp', '/map.png'], ['/a.webp']);
    layer.dispose();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requested).toEqual(['/a.webp']);
  });
});
