/**
 * `/iiif/collection`, `/iiif/item/{id}/manifest` and `/iiif/story/{id}/manifest` (issue 52): the
 * archive's IIIF Presentation 3.0 documents (`iiif/presentation.ts`), readable from any origin as
 * IIIF viewers need. The Node server answers them at the site's root; a deployment's CloudFront
 * sends `/iiif/*` to the function.
 */
import { join } from 'node:path';
import { Hono } from 'hono';
import { IIIF_PRESENTATION_TYPE } from '@/lib/iiif';
import { normalizeArchive, type MediaNode, type NodeImage } from '@/lib/nodeModel';
import { bufferResponse, Refusal, type AppContext, type AppEnv } from '../app/appEnv';
import { storeOf, type OpenStore } from '../app/communityRequest';
import { createCorsPolicy } from '../app/cors';
import { failureSays } from '../app/middleware';
import { resource } from '../app/resource';
import {
  archiveCollection,
  itemManifest,
  manifestImages,
  storyManifest,
  storyShowsPhotos,
  type CanvasPhoto,
} from '../iiif/presentation';
import { siteFileOf } from '../preservation/archiveBag';
import { publishedStories } from '../storage/publishedStories';
import { imageSizeOf } from '../uploads/imageProcessing';
import { readImageService } from '../uploads/imageTiles';
import type { MediaStorage } from '../uploads/mediaStorage';

export interface IiifRouteOptions {
  openStore: OpenStore;
  media: MediaStorage | null;
  /** The folder the site's own photos are served from (the sample's), or null. */
  siteFolder: string | null;
  siteUrl: () => string | null;
}

/** Sizes remembered per photo address: a stored photo never changes under its address. */
const SIZES_KEPT = 10_000;

/** Anyone may read the documents: IIIF viewers run on every institution's site. */
const anyOrigin = createCorsPolicy(['*']);

function iiifResponse(document: unknown): Response {
  return bufferResponse(Buffer.from(JSON.stringify(document)), {
    status: 200,
    headers: {
      'Content-Type': IIIF_PRESENTATION_TYPE,
      'Cache-Control': 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Allow-Origin': '*',
      // Read by viewers, never a page: it may run nothing.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}

/** Creates the IIIF routes. */
export function createIiifRoutes({ openStore, media, siteFolder, siteUrl }: IiifRouteOptions) {
  const app = new Hono<AppEnv>({ strict: false });
  const sizes = new Map<string, { width: number; height: number } | null>();

  /** The size of a photo the archive holds, from its header, remembered. */
  async function sizeOf(url: string, read: () => Promise<Buffer | string | null>) {
    if (sizes.has(url)) return sizes.get(url) ?? null;
    const input = await read();
    const size = input === null ? null : await imageSizeOf(input);
    if (sizes.size >= SIZES_KEPT) sizes.delete(sizes.keys().next().value as string);
    sizes.set(url, size);
    return size;
  }

  /**
   * A photo as a canvas paints it: a stored upload with its tiles' service (or, published before
   * tiles existed, its size from its header), a photo of the site's own, or null for an image
   * the archive does not hold (its size cannot be known without fetching another host).
   */
  async function photoOf(image: NodeImage, site: string): Promise<CanvasPhoto | null> {
    const at = (url: string) => new URL(url, `${site}/`).href;
    const key = media?.keyOf(image.fullUrl) ?? null;
    if (media !== null && key !== null) {
      const service = await readImageService(media, key);
      const size = service ?? (await sizeOf(image.fullUrl, () => media.get(key)));
      if (size === null) return null;
      return {
        url: at(image.fullUrl),
        width: size.width,
        height: size.height,
        thumbUrl: at(image.thumbUrl),
        service: service === null ? null : at(service.id),
      };
    }
    const path = siteFolder === null ? null : siteFileOf(image.fullUrl);
    if (siteFolder === null || path === null) return null;
    const size = await sizeOf(image.fullUrl, () =>
      Promise.resolve(join(siteFolder, ...path.split('/'))),
    );
    return size === null
      ? null
      : { url: at(image.fullUrl), ...size, thumbUrl: at(image.thumbUrl), service: null };
  }

  const photosOf = (node: MediaNode, site: string) =>
    Promise.all(manifestImages(node).map((image) => photoOf(image, site)));

  function siteOrRefuse(): string {
    const site = siteUrl();
    if (site === null) {
      throw new Refusal(503, { error: "IIIF needs the site's public address: set SITE_URL." });
    }
    return site;
  }

  async function nodes(): Promise<MediaNode[]> {
    return normalizeArchive(await (await storeOf(openStore)).listNodes()).nodes;
  }

  const failure = failureSays('The archive could not be read; try again shortly.');
  /** A document read by GET from any origin: `build` makes it for the site's address. */
  const document = (path: string, build: (c: AppContext, siteUrl: string) => Promise<unknown>) =>
    resource(app, path, {
      cors: anyOrigin,
      allow: 'GET, HEAD, OPTIONS',
      methods: { GET: [failure, async (c) => iiifResponse(await build(c, siteOrRefuse()))] },
    });

  document('/iiif/collection', async (_c, siteUrl) => {
    const store = await storeOf(openStore);
    return archiveCollection(await nodes(), await publishedStories(store), { siteUrl });
  });
  document('/iiif/item/:id/manifest', async (c, siteUrl) => {
    const id = c.req.param('id');
    const node = (await nodes()).find((candidate) => candidate.video_id === id);
    if (node?.type !== 'gallery' || node.images.length === 0) {
      throw new Refusal(404, { error: 'No gallery of the archive has this id.' });
    }
    return itemManifest(node, await photosOf(node, siteUrl), { siteUrl });
  });
  document('/iiif/story/:id/manifest', async (c, siteUrl) => {
    const id = c.req.param('id');
    const store = await storeOf(openStore);
    const story = (await publishedStories(store)).find((s) => s.story_id === id);
    if (story === undefined) {
      throw new Refusal(404, { error: 'No published story of the archive has this id.' });
    }
    const byId = new Map((await nodes()).map((node) => [node.video_id, node]));
    if (!storyShowsPhotos(story, (item) => byId.get(item))) {
      throw new Refusal(404, {
        error: 'This story shows no photos of the archive, so it has no IIIF manifest.',
      });
    }
    const stops = await Promise.all(
      story.stops.map(async (stop) => {
        const node = stop.item === null ? null : (byId.get(stop.item) ?? null);
        return { node, photos: node === null ? [] : await photosOf(node, siteUrl) };
      }),
    );
    return storyManifest(story, stops, { siteUrl });
  });
  return app;
}
