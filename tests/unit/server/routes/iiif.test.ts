/**
 * The archive in IIIF Presentation 3.0 (issue 52): every gallery's manifest, every published
 * story's and the collection pass the JSON schema the IIIF community's validator uses
 * (tests/fixtures/iiif) and `@iiif/parser`'s strict reading, and say what the item's page says.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalize } from '@iiif/parser';
import { presentation3StrictUpgrade } from '@iiif/parser/strict';
import type { Manifest } from '@iiif/presentation-3';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { IIIF_PRESENTATION_TYPE, iiifRights, itemManifestPath } from '@/lib/iiif';
import { archiveInputs } from '@/lib/archiveImport';
import { normalizeArchive, type MediaNode } from '@/lib/nodeModel';
import type { NodeInput } from '@/lib/nodeSchema';
import { itemJsonLd } from '@/lib/structuredData';
import { imageServiceInfoUrl } from '@/lib/uploadKeys';
import { dublinCoreOf } from '../../../../server/oai/oaiPmh';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { createFolderStorage } from '../../../../server/uploads/folderStorage';
import { processImage } from '../../../../server/uploads/imageProcessing';
import { makeImageTiles } from '../../../../server/uploads/imageTiles';
import { newUploadKeys, UPLOAD_CONTENT_TYPE } from '../../../../server/uploads/mediaStorage';
import { callApp } from '../support/appRequest';
import { story } from '../support/storyFixtures';

const SITE = 'https://archive.example.org';
const SAMPLE = JSON.parse(
  readFileSync(new URL('../../../../server/data/sample-archive.json', import.meta.url), 'utf8'),
) as { nodes: Record<string, unknown>[]; stories: Record<string, unknown>[] };
const SITE_FOLDER = new URL('../../../../public/', import.meta.url).pathname;

const schema = JSON.parse(
  readFileSync(new URL('../../../fixtures/iiif/iiif_3_0.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

/** The schema's complaints about `document`, each as the validator would print it. */
function schemaErrors(document: unknown): string[] {
  return validate(document)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

/** What `@iiif/parser`'s strict reading had to mend in `manifest` (it mends a copy). */
function parserWarnings(manifest: unknown): string[] {
  const warnings: string[] = [];
  presentation3StrictUpgrade(structuredClone(manifest) as Manifest, { warnings });
  return warnings;
}

/** A published story whose stops open a gallery and a video, then point at another gallery. */
const PHOTO_STORY = story({
  story_id: 'porches-and-trees',
  title: 'Porches and trees',
  intro: 'From Fountain Park to Forest Park, the week after.',
  cover: '/sample/fountain-park-porches/1.jpg',
  credit: 'Globe Archive editors',
  license: 'CC-BY-4.0',
  state: 'published',
  stops: [
    { heading: 'The porches', narration: 'Fountain Park.', item: 'fountain-park-porches' },
    { heading: 'A video', narration: 'Not a photo.', item: 'clouds-west-of-clayton' },
    {
      heading: 'The trees',
      narration: 'Forest Park.',
      item: 'forest-park-fallen-trees',
      show: 'point',
    },
  ],
});

const mediaDir = mkdtempSync(join(tmpdir(), 'globe-iiif-manifest-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

async function service() {
  const media = createFolderStorage({ dir: mediaDir });
  const photo = await processImage(
    await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer(),
  );
  const keys = newUploadKeys();
  await media.put(keys.full, photo.full, UPLOAD_CONTENT_TYPE);
  await media.put(keys.thumb, photo.thumb, UPLOAD_CONTENT_TYPE);
  await makeImageTiles(media, keys.full, photo.full);
  const uploaded = {
    video_id: 'uploaded-gallery',
    type: 'gallery',
    title: 'Porches on Page Boulevard',
    description: 'Neighbours clearing the porches, the morning after.',
    lat: 38.6682,
    lng: -90.2571,
    date: '2025-05-17',
    credit: 'Dana Whitfield',
    license: 'CC-BY-4.0',
    language: 'en',
    categories: ['Response Efforts'],
    images: [
      { fullUrl: media.urlOf(keys.full), thumbUrl: media.urlOf(keys.thumb) },
      // Kept on another host: shown on the item's page, but its size is not the archive's.
      { fullUrl: 'https://photos.example/elsewhere.jpg', thumbUrl: 'https://photos.example/t.jpg' },
    ],
  };
  const store = createMemoryStore({
    nodes: [...SAMPLE.nodes, uploaded],
    stories: [...SAMPLE.stories, PHOTO_STORY],
  } as never);
  const handler = createNodesHandler({
    openStore: async () => store,
    siteUrl: () => SITE,
    media,
    siteFolder: SITE_FOLDER,
  });
  const get = async (path: string) => {
    const response = await callApp(handler.app, { path });
    return {
      status: response.status,
      headers: response.headers,
      json: () => JSON.parse(response.text) as Record<string, unknown>,
    };
  };
  return { get, keys, media };
}

const setup = service();

describe('IIIF Presentation 3.0', () => {
  it('lists every gallery and story in a collection that passes the schema', async () => {
    const { get } = await setup;
    const answer = await get('/iiif/collection');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(IIIF_PRESENTATION_TYPE);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const collection = answer.json();
    expect(schemaErrors(collection)).toEqual([]);
    const galleries = SAMPLE.nodes.filter((node) => node.type === 'gallery').length + 1;
    const items = collection.items as { id: string; type: string }[];
    // The sample's stories show only videos and places: only the story of photos is listed.
    expect(items.length).toBe(galleries + 1);
    expect(items).toContainEqual(
      expect.objectContaining({ id: `${SITE}/iiif/story/porches-and-trees/manifest` }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({ id: `${SITE}/iiif/item/uploaded-gallery/manifest` }),
    );
    const normalized = normalize(structuredClone(collection));
    expect(normalized.resource).toMatchObject({ type: 'Collection' });
  });

  it('makes a manifest of every gallery that passes the schema and @iiif/parser, 0 failing', async () => {
    const { get } = await setup;
    const galleries = SAMPLE.nodes.filter((node) => node.type === 'gallery');
    const failing: string[] = [];
    for (const node of [...galleries, { video_id: 'uploaded-gallery' }]) {
      const answer = await get(itemManifestPath(String(node.video_id)));
      expect(answer.status).toBe(200);
      const manifest = answer.json();
      failing.push(...schemaErrors(manifest), ...parserWarnings(manifest));
      const canvases = (normalize(structuredClone(manifest)).entities.Canvas ?? {}) as Record<
        string,
        unknown
      >;
      expect(Object.keys(canvases).length).toBe((manifest.items as unknown[]).length);
    }
    expect(failing).toEqual([]);
  });

  it('says what the item page says: title, summary, credit, licence, date, place, categories, photos with tiles', async () => {
    const { get } = await setup;
    const manifest = (await get('/iiif/item/uploaded-gallery/manifest')).json();
    expect(manifest).toMatchObject({
      id: `${SITE}/iiif/item/uploaded-gallery/manifest`,
      type: 'Manifest',
      label: { en: ['Porches on Page Boulevard'] },
      summary: { en: ['Neighbours clearing the porches, the morning after.'] },
      requiredStatement: {
        label: { en: ['Credit'] },
        value: { none: ['© Dana Whitfield, CC BY 4.0'] },
      },
      rights: 'http://creativecommons.org/licenses/by/4.0/',
      homepage: [{ id: `${SITE}/gallery/uploaded-gallery`, type: 'Text', format: 'text/html' }],
      partOf: [{ id: `${SITE}/iiif/collection`, type: 'Collection' }],
    });
    expect(manifest.navDate).toMatch(/^2025-05-17T0\d:00:00\.000Z$/);
    expect(manifest.metadata).toEqual(
      expect.arrayContaining([
        { label: { en: ['Place'] }, value: { none: ['38.66820, -90.25710'] } },
        { label: { en: ['Categories'] }, value: { en: ['Response Efforts'] } },
      ]),
    );
    // The photo on another host has no canvas: its size is not the archive's to know.
    const items = manifest.items as Record<string, unknown>[];
    expect(items).toHaveLength(1);
    const [canvas] = items;
    expect(canvas).toMatchObject({
      type: 'Canvas',
      width: 2560,
      height: 1707,
      label: { en: ['Photo 1 of 2'] },
    });
    const body = (canvas as { items: { items: { body: Record<string, unknown> }[] }[] }).items[0]
      ?.items[0]?.body;
    expect(body?.service).toEqual([
      {
        id: expect.stringMatching(new RegExp(`^${SITE}/uploads/iiif/\\d{4}/\\d{2}/[0-9a-f-]{36}$`)),
        type: 'ImageService3',
        profile: 'level0',
      },
    ]);
  });

  it('tells a published story as a manifest with a range per stop that shows photos', async () => {
    const { get } = await setup;
    const manifest = (await get(`/iiif/story/${PHOTO_STORY.story_id}/manifest`)).json();
    expect(schemaErrors(manifest)).toEqual([]);
    expect(parserWarnings(manifest)).toEqual([]);
    const ranges = manifest.structures as {
      label: Record<string, string[]>;
      items: { id: string }[];
    }[];
    // The porches' 4 photos, then the trees' 9; the video's stop has no range.
    expect(ranges.map((range) => [range.label, range.items.length])).toEqual([
      [{ none: ['The porches'] }, 4],
      [{ none: ['The trees'] }, 9],
    ]);
    expect(manifest.items).toHaveLength(13);
    const canvasIds = new Set((manifest.items as { id: string }[]).map((canvas) => canvas.id));
    for (const range of ranges)
      for (const item of range.items) expect(canvasIds.has(item.id)).toBe(true);
    expect(manifest.homepage).toEqual([
      expect.objectContaining({ id: `${SITE}/story/${PHOTO_STORY.story_id}` }),
    ]);
  });

  it('answers 404 for a video, an unknown id or an unpublished story, and 503 without SITE_URL', async () => {
    const { get } = await setup;
    const video = SAMPLE.nodes.find((node) => node.type === 'video');
    expect((await get(`/iiif/item/${String(video?.video_id)}/manifest`)).status).toBe(404);
    expect((await get('/iiif/item/%3Cscript%3E/manifest')).status).toBe(404);
    expect((await get('/iiif/story/no-such-story/manifest')).status).toBe(404);
    const videosOnly = SAMPLE.stories[0] as { story_id: string };
    expect((await get(`/iiif/story/${videosOnly.story_id}/manifest`)).status).toBe(404);
    const handler = createNodesHandler({
      openStore: async () => createMemoryStore(SAMPLE.nodes),
      siteUrl: () => null,
    });
    expect((await callApp(handler.app, { path: '/iiif/collection' })).status).toBe(503);
  });

  it('is linked from OAI-PMH (dc:relation) and the page’s JSON-LD (subjectOf), for galleries only', () => {
    const nodes = normalizeArchive(SAMPLE.nodes).nodes;
    const gallery = nodes.find((node) => node.type === 'gallery') as MediaNode;
    const video = nodes.find((node) => node.type === 'video') as MediaNode;
    const manifest = `${SITE}${itemManifestPath(gallery.video_id)}`;
    const inputs = archiveInputs(SAMPLE.nodes);
    const galleryInput = inputs.find((node) => node.video_id === gallery.video_id) as NodeInput;
    const videoInput = inputs.find((node) => node.video_id === video.video_id) as NodeInput;
    expect(dublinCoreOf(galleryInput, SITE)).toContain(`<dc:relation>${manifest}</dc:relation>`);
    expect(dublinCoreOf(videoInput, SITE)).not.toContain('/iiif/');
    expect(itemJsonLd(gallery, SITE).subjectOf).toEqual({
      '@type': 'CreativeWork',
      '@id': manifest,
      url: manifest,
      name: 'IIIF Presentation 3.0 manifest',
      encodingFormat: IIIF_PRESENTATION_TYPE,
    });
    expect(itemJsonLd(video, SITE)).not.toHaveProperty('subjectOf');
  });

  it('finds a full-size upload’s image service, and no other URL’s', () => {
    const id = '0b0c7e7e-1111-4222-8333-444455556666';
    expect(imageServiceInfoUrl(`/uploads/2026/11/${id}.jpg`)).toBe(
      `/uploads/iiif/2026/11/${id}/info.json`,
    );
    expect(imageServiceInfoUrl(`https://cdn.example/uploads/2026/11/${id}.jpg`)).toBe(
      `https://cdn.example/uploads/iiif/2026/11/${id}/info.json`,
    );
    for (const url of [
      `/uploads/2026/11/${id}-thumb.jpg`,
      `/uploads/2026/11/${id}.glb`,
      `/uploads/2026/13/${id}.jpg`,
      '/sample/porch/1.jpg',
      `/uploads/2026/11/${id}.jpg?x=1`,
    ]) {
      expect(imageServiceInfoUrl(url), url).toBeNull();
    }
  });

  it('names every licence as Presentation 3.0 allows: Creative Commons or RightsStatements.org', () => {
    expect(iiifRights('CC0-1.0')).toBe('http://creativecommons.org/publicdomain/zero/1.0/');
    expect(iiifRights('archive-only')).toBe('http://rightsstatements.org/vocab/InC/1.0/');
    expect(iiifRights(null)).toBe('http://rightsstatements.org/vocab/UND/1.0/');
  });
});
