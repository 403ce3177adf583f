/**
 * The editors' download of the preservation package (issue 52): an editor's ticket opens one
 * streamed tar file that GNU tar unpacks into a valid bag; the ticket is good once and for a
 * minute, a forged or altered one opens nothing, visitors and non-editors get no ticket, and a
 * deployment that cannot stream says what to run instead.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBag } from '../../../../server/preservation/bagit';
import { BAG_TICKET_MS } from '../../../../server/routes/preservationBag';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { accessToken, makeKeys, setup, type TestKeys } from '../support/communityHarness';
import { storySeed } from '../support/storyFixtures';

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});
const temp = mkdtempSync(join(tmpdir(), 'globe-bag-download-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const NOW = new Date('2026-12-03T12:00:00Z');

describe('the preservation package download', () => {
  it('streams a tar file that unpacks into a valid bag, once per ticket', async () => {
    let now = NOW.getTime();
    const { call, cleanup } = setup({
      keys,
      store: createMemoryStore(storySeed()),
      now: () => new Date(now),
      bagDownloads: { siteFolder: null },
    });
    try {
      const token = await accessToken(keys);
      const asked = await call('POST', '/exports/archive-bag', { token });
      expect(asked.status, asked.text).toBe(200);
      const { url, expiresAt } = asked.json as { url: string; expiresAt: string };
      expect(url).toMatch(/^\/exports\/archive-bag\.tar\?ticket=[\w.-]+$/);
      expect(Date.parse(expiresAt) - now).toBe(BAG_TICKET_MS);
      const [path, query] = url.split('?') as [string, string];

      // Followed by the browser, without the token.
      const got = await call('GET', path, { query });
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/x-tar');
      expect(got.headers.get('content-disposition')).toBe(
        'attachment; filename="globe-archive-bag-2026-12-03.tar"',
      );
      expect(got.headers.get('cache-control')).toBe('no-store');
      const tar = join(temp, 'download.tar');
      writeFileSync(tar, got.body);
      const out = join(temp, 'unpacked');
      mkdirSync(out);
      execFileSync('tar', ['-xf', tar, '-C', out]);
      const report = await verifyBag(join(out, 'globe-archive-bag-2026-12-03'));
      expect(report).toMatchObject({ valid: true, missing: [], changed: [], unlisted: [] });

      // Once only.
      const again = await call('GET', path, { query });
      expect(again.status).toBe(403);
      expect((again.json as { error: string }).error).toMatch(/expired or was used already/);

      // A minute at most.
      const late = (await call('POST', '/exports/archive-bag', { token })).json as { url: string };
      now += BAG_TICKET_MS + 1;
      const expired = await call('GET', path, { query: late.url.split('?')[1] as string });
      expect(expired.status).toBe(403);
    } finally {
      cleanup();
    }
  });

  it('opens nothing for a ticket it did not sign, and gives none to a visitor or a non-editor', async () => {
    const { call, cleanup } = setup({ keys, bagDownloads: { siteFolder: null } });
    try {
      const token = await accessToken(keys);
      const { url } = (await call('POST', '/exports/archive-bag', { token })).json as {
        url: string;
      };
      const ticket = new URLSearchParams(url.split('?')[1]).get('ticket') as string;
      const [expires, nonce, signature] = ticket.split('.') as [string, string, string];
      const forged = [
        // A later expiry under the same signature.
        `${Number(expires) + 3_600_000}.${nonce}.${signature}`,
        // Another nonce (a second download from one ticket).
        `${expires}.${'A'.repeat(22)}.${signature}`,
        `${expires}.${nonce}.${'A'.repeat(43)}`,
        '',
        'x'.repeat(5000),
        `${expires}.${nonce}`,
      ];
      for (const attempt of forged) {
        const got = await call('GET', '/exports/archive-bag.tar', {
          query: `ticket=${encodeURIComponent(attempt)}`,
        });
        expect(got.status, attempt.slice(0, 40)).toBe(403);
      }
      expect((await call('GET', '/exports/archive-bag.tar')).status).toBe(403);

      expect((await call('POST', '/exports/archive-bag')).status).toBe(401);
      const viewer = await accessToken(keys, { 'cognito:groups': ['viewers'] });
      const refused = await call('POST', '/exports/archive-bag', { token: viewer });
      expect(refused.status).toBe(403);
      expect((refused.json as { error: string }).error).toBe(
        'Only editors can download the preservation package.',
      );
    } finally {
      cleanup();
    }
  });

  it('names the command that makes it where the service cannot stream it', async () => {
    const { call, cleanup } = setup({ keys });
    try {
      const got = await call('POST', '/exports/archive-bag', { token: await accessToken(keys) });
      expect(got.status).toBe(501);
      expect((got.json as { error: string }).error).toContain('npm run export:bag -- FOLDER');
      expect((await call('GET', '/exports/archive-bag.tar', { query: 'ticket=x' })).status).toBe(
        404,
      );
    } finally {
      cleanup();
    }
  });
});
