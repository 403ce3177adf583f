/**
 * A visitor's photo through the real local server: 404 at its URL until an editor approves the
 * submission that uses it, shown to editors meanwhile by the service, and refused when another
 * site's page posts it as a simple (unpreflighted) request.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../../server/node/http';
import {
  accessToken,
  VIDEO_SUBMISSION,
  type TestKeys,
  startTrustingServer,
} from '../support/communityHarness';
import { cameraJpeg } from '../support/photoFixtures';

const temp = mkdtempSync(join(tmpdir(), 'globe-pending-http-'));
writeFileSync(
  join(temp, 'archive.json'),
  JSON.stringify({ nodes: [{ video_id: 'clayton', title: 'Clayton', lat: 38.6, lng: -90.3 }] }),
);

let app: RunningServer;
let keys: TestKeys;
let server: Awaited<ReturnType<typeof startTrustingServer>> | undefined;

beforeAll(async () => {
  server = await startTrustingServer(temp, { UPLOADS_DIR: join(temp, 'uploads') });
  ({ app, keys } = server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(temp, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${app.url}${path}`, { headers });
}

async function post(path: string, body: BodyInit, headers: Record<string, string>) {
  return fetch(`${app.url}${path}`, { method: 'POST', body, headers });
}

describe("a visitor's photo on the local server", () => {
  it('is 404 to the public until its submission is approved, and served to editors meanwhile', async () => {
    const upload = await post('/api/uploads', new Uint8Array(await cameraJpeg()), {
      'Content-Type': 'image/jpeg',
    });
    expect(upload.status).toBe(201);
    const { image } = (await upload.json()) as { image: { fullUrl: string; thumbUrl: string } };
    expect(image.fullUrl).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);

    for (const url of [image.fullUrl, image.thumbUrl]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('cache-control'), url).toBe('no-store');
    }
    const editor = { Authorization: `Bearer ${await accessToken(keys)}` };
    const seen = await get(`/api${image.fullUrl}`, editor);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/jpeg');
    expect(seen.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(Buffer.from(await seen.arrayBuffer())).metadata()).format).toBe('jpeg');
    expect((await get(`/api${image.fullUrl}`)).status).toBe(401);

    const submitted = await post(
      '/api/submissions',
      JSON.stringify({ ...VIDEO_SUBMISSION, kind: 'photos', youtube_url: null, images: [image] }),
      { 'Content-Type': 'application/json' },
    );
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: string };
    expect((await get(image.fullUrl)).status).toBe(404);

    const approved = await post(
      `/api/submissions/${id}/approve`,
      JSON.stringify({
        video_id: 'fallen-oak',
        type: 'gallery',
        title: 'Fallen oak',
        images: [image],
        lat: 38.66,
        lng: -90.25,
      }),
      { 'Content-Type': 'application/json', ...editor },
    );
    expect(approved.status).toBe(201);
    const nodes = (await (await get('/api/nodes')).json()) as {
      video_id: string;
      images?: { fullUrl: string; thumbUrl: string }[];
    }[];
    const node = nodes.find((n) => n.video_id === 'fallen-oak');
    expect(node?.images).toEqual([image]);
    for (const url of [image.fullUrl, image.thumbUrl]) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    // Published: the editors' route for waiting photos knows it no more.
    expect((await get(`/api${image.fullUrl}`, editor)).status).toBe(404);
  });

  it('never serves the folder it waits in', async () => {
    for (const path of [
      '/uploads/pending/00000000-0000-4000-8000-000000000000.jpg',
      '/uploads/pending/',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    // The editors' route: who asks is decided first (issue 45), and for an editor a name that
    // is not an upload's is no endpoint at all.
    const folder = '/api/uploads/pending/00000000-0000-4000-8000-000000000000.jpg';
    expect((await get(folder)).status).toBe(401);
    const editor = { Authorization: `Bearer ${await accessToken(keys)}` };
    expect((await get(folder, editor)).status).toBe(404);
  });

  it('is refused as text, a form or multipart (415): types another site may post unasked', async () => {
    const photo = new Uint8Array(await cameraJpeg());
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
    ]) {
      const response = await post('/api/uploads', photo, { 'Content-Type': type });
      expect(response.status, type).toBe(415);
      expect(((await response.json()) as { error: string }).error).toMatch(/Content-Type: image/);
    }
  });
});
