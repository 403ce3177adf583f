/**
 * A server whose sharp cannot load (a Lambda zip packed without it, or for another platform)
 * still serves everything else; uploads answer 503 and the log says what to install.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accessToken, makeKeys, setup, type TestKeys } from '../support/communityHarness';

vi.mock('sharp', () => {
  throw new Error("Cannot find package 'sharp'");
});

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});

describe('uploads without sharp', () => {
  it('answers 503 to an upload, logs the fix, and serves the list', async () => {
    const { call, log, cleanup } = setup({ keys });
    try {
      const token = await accessToken(keys);
      const upload = await call('POST', '/uploads', { token, body: Buffer.from('any bytes') });
      expect(upload.status).toBe(503);
      expect(upload.json).toEqual({ error: 'Photos cannot be taken right now; try again later.' });
      expect(upload.headers.get('retry-after')).toBe('300');
      expect(log.join('\n')).toMatch(/sharp, the photo library, could not be loaded.*npm install/);
      expect((await call('GET', '/nodes')).status).toBe(200);
    } finally {
      cleanup();
    }
  });
});
