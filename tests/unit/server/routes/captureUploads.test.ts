/**
 * `POST /captures`: 3D captures (glTF binary models and Gaussian splats) checked by their content,
 * stored byte for byte beside the photos with immutable caching, and, for a visitor, private
 * until an editor approves the submission whose photo is their poster.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { debrisSplat, houseModel, writeGlb } from '../../../../scripts/sample-captures.mjs';
import { serveUpload } from '../../../../server/app/uploadFiles';
import {
  accessToken,
  makeKeys,
  setup,
  submitOne,
  VIDEO_SUBMISSION,
  type CallOptions,
  type TestKeys,
} from '../support/communityHarness';
import { cameraJpeg, storedFileOf, uploaded, type Uploaded } from '../support/photoFixtures';

let keys: TestKeys;
let token: string;
let photo: Buffer;
beforeAll(async () => {
  keys = await makeKeys();
  token = await accessToken(keys);
  photo = await cameraJpeg();
});

const HOUR = 60 * 60 * 1000;
const NOT_A_CAPTURE = (why: string) =>
  `This file is not a 3D capture the archive can show (${why}): send a .glb model or a .ply, .splat or .spz splat.`;

interface SentCapture {
  capture: { url: string; format: string };
  count: number;
  bytes: number;
  pending: boolean;
}

type Community = ReturnType<typeof setup>;

async function sendCapture(
  community: Community,
  body: Buffer,
  options: CallOptions = {},
): Promise<SentCapture> {
  const response = await community.call('POST', '/captures', { body, ...options });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return response.json as SentCapture;
}

/** A model whose one buffer lives elsewhere: a browser would fetch it. */
function externalModel(): Buffer {
  return writeGlb({
    asset: { version: '2.0' },
    buffers: [{ byteLength: 36, uri: 'https://elsewhere.example/house.bin' }],
    bufferViews: [{ buffer: 0, byteLength: 36 }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
  });
}

describe('POST /captures', () => {
  it("stores an editor's model as it was sent, public at once, served as glTF with immutable caching", async () => {
    const community = setup({ keys });
    try {
      const house = houseModel();
      const sent = await sendCapture(community, house, { token });
      expect(sent).toMatchObject({
        capture: { format: 'glb' },
        count: 576,
        bytes: house.length,
        pending: false,
      });
      expect(sent.capture.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.glb$/);
      expect(community.media?.owns(sent.capture.url)).toBe(true);
      const served = await serveUpload(community.folder, 'GET', sent.capture.url);
      expect(served.status).toBe(200);
      expect(served.headers).toMatchObject({
        'Content-Type': 'model/gltf-binary',
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        'Access-Control-Allow-Origin': '*',
      });
      expect(served.headers['Content-Security-Policy']).toContain('sandbox');
      expect(readFileSync(served.file as string).equals(house)).toBe(true);
    } finally {
      community.cleanup();
    }
  });

  it('takes a .splat by its records when its name says so, and every splat format as plain bytes', async () => {
    const community = setup({ keys });
    try {
      const debris = debrisSplat(200);
      const sent = await sendCapture(community, debris, { token, query: 'name=debris.splat' });
      expect(sent).toMatchObject({ capture: { format: 'splat' }, count: 200 });
      expect(sent.capture.url).toMatch(/\.splat$/);
      const served = await serveUpload(community.folder, 'GET', sent.capture.url);
      expect(served.headers['Content-Type']).toBe('application/octet-stream');
      // The same bytes named otherwise have no signature to be read by: refused.
      const unnamed = await community.call('POST', '/captures', { body: debris, token });
      expect(unnamed.status).toBe(415);
      expect(unnamed.json).toEqual({
        error: NOT_A_CAPTURE('its content is none of these formats'),
      });
    } finally {
      community.cleanup();
    }
  });

  it('refuses a model with an external link, a renamed text file, a photo and a form, by content (415)', async () => {
    const community = setup({ keys });
    try {
      const cases: [string, Buffer, CallOptions, string][] = [
        [
          'a model that refers elsewhere',
          externalModel(),
          { query: 'name=house.glb' },
          NOT_A_CAPTURE('it refers to a file outside itself (gltf.buffers[0].uri)'),
        ],
        [
          'a text file named house.glb',
          Buffer.from('Notes from the survey, not a model.\n'.repeat(40)),
          { query: 'name=house.glb' },
          NOT_A_CAPTURE('its content is none of these formats'),
        ],
        [
          'a text file named debris.splat',
          Buffer.from('Notes from the survey, not a splat.\n'.repeat(32)),
          { query: 'name=debris.splat' },
          NOT_A_CAPTURE('its records are not splats'),
        ],
        ['a photo', photo, {}, NOT_A_CAPTURE('its content is none of these formats')],
      ];
      for (const [name, body, options, error] of cases) {
        for (const who of [{ token }, {}]) {
          const response = await community.call('POST', '/captures', {
            body,
            ...options,
            ...who,
          });
          expect([response.status, response.json], name).toEqual([415, { error }]);
        }
      }
      // A text type would let any page post one without asking: refused before it is read.
      const form = await community.call('POST', '/captures', {
        body: houseModel(),
        headers: { 'Content-Type': 'text/plain' },
      });
      expect(form.status).toBe(415);
      expect((form.json as { error: string }).error).toMatch(/application\/octet-stream/);
      const typed = await community.call('POST', '/captures', {
        body: houseModel(),
        token,
        headers: { 'Content-Type': 'model/gltf-binary' },
      });
      expect(typed.status).toBe(201);
      expect((await community.call('POST', '/captures', { token })).status).toBe(400);
      // Nothing of the refused ones was stored.
      expect(await community.store.findUpload('anything')).toBeNull();
    } finally {
      community.cleanup();
    }
  });

  it('refuses more than 50 MB by the declared length, unread, or by its bytes (413)', async () => {
    const community = setup({ keys });
    try {
      const declared = await community.call('POST', '/captures', {
        token,
        headers: { 'Content-Length': String(60 * 1024 * 1024) },
      });
      const tooLarge = { error: 'The 3D capture is too large: at most 50 MB.' };
      expect([declared.status, declared.json]).toEqual([413, tooLarge]);
      const sent = await community.call('POST', '/captures', {
        token,
        body: Buffer.alloc(50 * 1024 * 1024 + 1),
      });
      expect([sent.status, sent.json]).toEqual([413, tooLarge]);
    } finally {
      community.cleanup();
    }
  });

  it('is refused by a server that takes no uploads (405)', async () => {
    const community = setup({ keys, noMedia: true });
    try {
      const response = await community.call('POST', '/captures', { body: houseModel(), token });
      expect([response.status, response.json]).toEqual([
        405,
        { error: 'This archive does not take 3D capture uploads.' },
      ]);
    } finally {
      community.cleanup();
    }
  });
});

describe("a visitor's 3D capture", () => {
  function withClock() {
    let at = Date.now();
    const community = setup({ keys, now: () => new Date(at) });
    return { ...community, later: (ms: number) => (at += ms) };
  }

  /** A submission of one photo that is the capture's poster. */
  function posterWithCapture(poster: Uploaded, sent: SentCapture) {
    return { ...poster.image, capture: sent.capture };
  }

  it('waits private, seen only by editors, until the approval that shows it publishes it', async () => {
    const community = withClock();
    try {
      const house = houseModel();
      const sent = await sendCapture(community, house);
      expect(sent.pending).toBe(true);
      expect((await serveUpload(community.folder, 'GET', sent.capture.url)).status).toBe(404);
      const privateFile = await storedFileOf(community.folder, community.store, sent.capture.url);
      expect(privateFile).toMatch(/[/\\]pending[/\\][0-9a-f-]{36}\.glb$/);
      // Counted against the visitor's quota like a photo.
      const record = await community.store.findUpload(sent.capture.url.slice('/uploads/'.length));
      expect(record?.bytes).toBe(house.length);

      const editorLook = await community.call('GET', sent.capture.url, { token });
      expect(editorLook.status).toBe(200);
      expect(Object.fromEntries(editorLook.headers)).toMatchObject({
        'content-type': 'model/gltf-binary',
        'cache-control': 'private, no-store',
      });
      expect(editorLook.body.equals(house)).toBe(true);
      expect((await community.call('GET', sent.capture.url)).status).toBe(401);

      const poster = uploaded(await community.call('POST', '/uploads', { body: photo }));
      const image = posterWithCapture(poster, sent);
      const id = await submitOne(community.call, {
        ...VIDEO_SUBMISSION,
        kind: 'photos',
        youtube_url: null,
        images: [image],
      });
      expect((await community.store.getSubmission(id))?.submission.images).toEqual([image]);
      const approved = await community.call('POST', `/submissions/${id}/approve`, {
        token,
        body: {
          video_id: 'roofless-church',
          type: 'gallery',
          title: 'The church without its roof',
          images: [image],
          lat: 38.66,
          lng: -90.25,
        },
      });
      expect(approved.status, JSON.stringify(approved.json)).toBe(201);
      expect((approved.json as { node: { images: unknown[] } }).node.images).toEqual([image]);
      const published = await serveUpload(community.folder, 'GET', sent.capture.url);
      expect([published.status, published.headers['Content-Type']]).toEqual([
        200,
        'model/gltf-binary',
      ]);
      expect(readFileSync(published.file as string).equals(house)).toBe(true);
      expect(existsSync(privateFile)).toBe(false);
    } finally {
      community.cleanup();
    }
  });

  it('cannot be claimed in another format, from another submission, or from elsewhere', async () => {
    const community = withClock();
    try {
      const poster = uploaded(await community.call('POST', '/uploads', { body: photo }));
      const sent = await sendCapture(community, houseModel());
      const submit = (capture: unknown) =>
        community.call('POST', '/submissions', {
          body: {
            ...VIDEO_SUBMISSION,
            kind: 'photos',
            youtube_url: null,
            images: [{ ...poster.image, capture }],
          },
          clientAddress: `client-${Math.random()}`,
        });
      for (const capture of [
        { ...sent.capture, format: 'ply' },
        { url: 'https://elsewhere.example/house.glb', format: 'glb' },
        { url: sent.capture.url.replace(/[0-9a-f]{4}\.glb$/, '0000.glb'), format: 'glb' },
        // A capture key as the photo itself is not a photo.
        { url: poster.image.fullUrl, format: 'glb' },
      ]) {
        const response = await submit(capture);
        expect(response.status, JSON.stringify(capture)).toBe(400);
        expect(response.json).toMatchObject({ errors: [{ path: 'images' }] });
      }
      expect((await submit(sent.capture)).status).toBe(201);
      // Claimed: a second submission cannot take it.
      const again = uploaded(await community.call('POST', '/uploads', { body: photo }));
      const second = await community.call('POST', '/submissions', {
        body: {
          ...VIDEO_SUBMISSION,
          kind: 'photos',
          youtube_url: null,
          images: [{ ...again.image, capture: sent.capture }],
        },
        clientAddress: 'another',
      });
      expect(second.status).toBe(400);
    } finally {
      community.cleanup();
    }
  });

  it('is swept a day later when no submission claims it', async () => {
    const community = withClock();
    try {
      const sent = await sendCapture(community, debrisSplat(100), { query: 'name=pile.splat' });
      const privateFile = await storedFileOf(community.folder, community.store, sent.capture.url);
      expect(existsSync(privateFile)).toBe(true);
      community.later(25 * HOUR);
      expect(await community.handler.sweepUploads()).toEqual({ deleted: 1, failed: 0 });
      expect(existsSync(privateFile)).toBe(false);
      expect((await community.call('GET', sent.capture.url, { token })).status).toBe(404);
    } finally {
      community.cleanup();
    }
  });
});
