import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_UPLOADS_PER_10_MIN } from '@/lib/submissionSchema';
import type { NodeStore } from '../../../../server/storage/nodeStore';
import {
  accessToken,
  APP,
  badTokens,
  makeKeys,
  setup,
  VIDEO_SUBMISSION,
  type TestKeys,
} from '../support/communityHarness';
import { cameraJpeg, fileOf, storedFileOf, uploaded } from '../support/photoFixtures';

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});

describe('who may POST /uploads', () => {
  it(`allows a visitor ${COMMUNITY_UPLOADS_PER_10_MIN} uploads in 10 minutes; editors are not counted`, async () => {
    const { call, cleanup } = setup({ keys });
    try {
      const text = Buffer.from('not a photo');
      for (let i = 0; i < COMMUNITY_UPLOADS_PER_10_MIN; i++) {
        expect((await call('POST', '/uploads', { body: text })).status).toBe(415);
      }
      const refused = await call('POST', '/uploads', { body: await cameraJpeg() });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
      expect((refused.json as { error: string }).error).toMatch(
        /^Too many photos from your connection; try again in \d+ seconds\.$/,
      );
      const token = await accessToken(keys);
      uploaded(await call('POST', '/uploads', { token, body: await cameraJpeg() }));
      uploaded(
        await call('POST', '/uploads', { body: await cameraJpeg(), clientAddress: 'other' }),
      );
    } finally {
      cleanup();
    }
  });

  it('checks a token when one is sent: 401 for a bad one, 403 for a non-editor', async () => {
    const { call, cleanup } = setup({ keys });
    try {
      const body = await cameraJpeg();
      for (const [name, token, status] of badTokens(keys).slice(1)) {
        const response = await call('POST', '/uploads', { token: await token(), body });
        expect(response.status, name).toBe(status);
      }
      const garbled = await call('POST', '/uploads', {
        body,
        headers: { Authorization: 'Basic x' },
      });
      expect(garbled.status).toBe(401);
    } finally {
      cleanup();
    }
  });

  it('answers 405 without photo storage, and for visitors without an inbox', async () => {
    const body = await cameraJpeg();
    const none = setup({ keys, noMedia: true });
    const refused = await none.call('POST', '/uploads', { body });
    expect([refused.status, refused.json]).toEqual([
      405,
      { error: 'This archive does not take photo uploads.' },
    ]);
    none.cleanup();
    const readOnly: NodeStore = {
      listNodes: () => Promise.resolve([]),
      revision: () => Promise.resolve('r1'),
      close: () => Promise.resolve(),
    };
    const noInbox = setup({ keys, store: readOnly });
    try {
      const visitor = await noInbox.call('POST', '/uploads', { body });
      expect([visitor.status, visitor.json]).toEqual([
        405,
        { error: 'This archive does not take submissions.' },
      ]);
      uploaded(await noInbox.call('POST', '/uploads', { body, token: await accessToken(keys) }));
    } finally {
      noInbox.cleanup();
    }
  });

  it('without a pool to trust, takes visitors’ photos and refuses a token it cannot check', async () => {
    const { call, cleanup } = setup({ keys, noEditors: true });
    try {
      const body = await cameraJpeg();
      uploaded(await call('POST', '/uploads', { body }));
      const signed = await call('POST', '/uploads', { body, token: await accessToken(keys) });
      expect(signed.status).toBe(401);
    } finally {
      cleanup();
    }
  });

  it('gives URLs one submission may use, and preflights allow what the app sends', async () => {
    const { call, folder, store, cleanup } = setup({ keys });
    try {
      const { image, pending } = uploaded(
        await call('POST', '/uploads', { body: await cameraJpeg() }),
      );
      // Stored, but not where its URL is served from until an editor publishes it.
      expect(pending).toBe(true);
      expect(existsSync(fileOf(folder, image.fullUrl))).toBe(false);
      expect(existsSync(await storedFileOf(folder, store, image.fullUrl))).toBe(true);
      const photos = { ...VIDEO_SUBMISSION, kind: 'photos', youtube_url: null, images: [image] };
      const submitted = await call('POST', '/submissions', { body: photos });
      expect(submitted.status).toBe(201);
      // Claimed: another submission cannot send the same photo.
      const again = await call('POST', '/submissions', { body: photos, clientAddress: 'other' });
      expect([again.status, again.json]).toEqual([
        400,
        {
          error: 'Some fields need fixing.',
          errors: [{ path: 'images', message: 'Upload the photos again.' }],
        },
      ]);
      const preflight = await call('OPTIONS', '/uploads', {
        headers: { Origin: APP, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('allow')).toBe('POST, OPTIONS');
      expect(preflight.headers.get('access-control-allow-headers')).toBe(
        'Content-Type, Authorization, Idempotency-Key',
      );
      const get = await call('GET', '/uploads');
      expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
    } finally {
      cleanup();
    }
  });
});
