/**
 * One rule for text from outside (issue 45): a lone UTF-16 surrogate, which PostgreSQL's jsonb
 * cannot hold, is a 400 naming the field on every form and the API (never a 500 from the
 * database), and is replaced with a note on an import's rows and in an archive file, so a dry run
 * says what the import then does and a stray character never stops the service starting. U+0000,
 * a control character, is removed as before. Against PGlite, the database that refused them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../../server/node/http';
import {
  accessToken,
  apiServerConfig,
  CONTACT_MESSAGE,
  makeKeys,
  SEED,
  setup,
  VIDEO_SUBMISSION,
  type TestKeys,
} from '../support/communityHarness';
import { sharedPglite } from '../support/sharedPglite';

/** A lone high surrogate: valid in a JavaScript string and in JSON's `\ud800`, never in UTF-8. */
const BROKEN = 'Flooded \ud800 basement';
const NUL = 'Flooded \u0000 basement';

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});
const openPglite = sharedPglite();

async function pgliteService() {
  const store = await openPglite(SEED);
  return setup({ keys, store });
}

interface Refused {
  error: string;
  errors: { path: string; message: string }[];
}

describe('forms and the API', () => {
  it('refuse text no database can hold with a 400 naming the field, and nothing is kept', async () => {
    const { call, log, cleanup, handler } = await pgliteService();
    try {
      const token = await accessToken(keys);
      const cases: [string, string, Record<string, unknown>, string, string | undefined][] = [
        ['POST', '/messages', { ...CONTACT_MESSAGE, message: BROKEN }, 'message', undefined],
        [
          'POST',
          '/messages',
          { ...CONTACT_MESSAGE, [`note ${BROKEN}`]: 'x' },
          `note ${BROKEN}`,
          undefined,
        ],
        [
          'POST',
          '/removal-requests',
          { node_id: 'clayton', reason: 'privacy', message: BROKEN, website: '' },
          'message',
          undefined,
        ],
        ['POST', '/submissions', { ...VIDEO_SUBMISSION, title: BROKEN }, 'title', undefined],
        [
          'POST',
          '/submissions',
          { ...VIDEO_SUBMISSION, categories: ['Storm', BROKEN] },
          'categories.1',
          undefined,
        ],
        ['POST', '/nodes', { ...SEED[0], video_id: 'flooded', title: BROKEN }, 'title', token],
      ];
      for (const [method, path, body, field, withToken] of cases) {
        const answer = await call(method, path, {
          body,
          ...(withToken ? { token: withToken } : {}),
        });
        expect(answer.status, `${path} ${field}: ${answer.text}`).toBe(400);
        const refused = answer.json as Refused;
        expect(refused.errors.map((error) => error.path)).toEqual([field]);
        expect(refused.errors[0]?.message).toMatch(/cannot be saved/);
      }
      // Nothing reached the store, and no failure was logged.
      expect(log.filter((line) => line.includes('failed'))).toEqual([]);
      const inbox = await handler.app.request('/messages', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(((await inbox.json()) as { messages: unknown[] }).messages).toEqual([]);
    } finally {
      cleanup();
    }
  });
});

describe('an import', () => {
  it('replaces what cannot be stored with a note per row, and imports what the dry run said', async () => {
    const { call, cleanup, handler } = await pgliteService();
    try {
      const token = await accessToken(keys);
      const csv = [
        'video_id,title,youtube_url,lat,lng',
        `broken-title,${BROKEN},dQw4w9WgXcQ,38.6,-90.3`,
        'plain,Plain,dQw4w9WgXcQ,38.6,-90.3',
      ].join('\r\n');
      const json = JSON.stringify([
        {
          video_id: 'nul-credit',
          title: 'Nul',
          credit: NUL,
          youtube_id: 'dQw4w9WgXcQ',
          lat: 1,
          lng: 2,
        },
        {
          video_id: 'broken-category',
          title: 'Cat',
          categories: [BROKEN],
          youtube_id: 'dQw4w9WgXcQ',
          lat: 1,
          lng: 2,
        },
      ]);
      for (const [format, text, notes] of [
        ['csv', csv, [['title had a character that cannot be stored, replaced'], []]],
        [
          'json',
          json,
          [
            ['credit had control characters, removed'],
            ['categories.0 had a character that cannot be stored, replaced'],
          ],
        ],
      ] as const) {
        const send = (extra: Record<string, unknown>) =>
          call('POST', '/imports', {
            token,
            body: { name: `broken.${format}`, format, text, ...extra },
          });
        const dry = await send({ dryRun: true });
        expect(dry.status, dry.text).toBe(200);
        const report = dry.json as {
          rows: { action: string; notes: string[] }[];
          expected: Record<string, number>;
        };
        expect(report.rows.map((row) => row.action)).toEqual(['create', 'create']);
        expect(report.rows.map((row) => row.notes)).toEqual(notes);
        const done = await send({ dryRun: false, expected: report.expected });
        expect(done.status, done.text).toBe(200);
        expect(done.json).toMatchObject({ created: 2, refused: 0 });
      }
      const list = (await (await handler.app.request('/nodes')).json()) as {
        video_id: string;
        title: string;
        credit?: string;
        categories?: string[];
      }[];
      const byId = new Map(list.map((node) => [node.video_id, node]));
      expect(byId.get('broken-title')?.title).toBe('Flooded \uFFFD basement');
      expect(byId.get('nul-credit')?.credit).toBe('Flooded basement');
      expect(byId.get('broken-category')?.categories).toEqual(['Flooded \uFFFD basement']);
    } finally {
      cleanup();
    }
  });
});

describe('an archive file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storable-archive-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('with a lone surrogate starts the service, its node shown repaired and named in the log', async () => {
    writeFileSync(
      join(dir, 'archive.json'),
      JSON.stringify([...SEED, { video_id: 'broken', title: BROKEN, lat: 1, lng: 2 }]),
    );
    const lines: string[] = [];
    const server = await startServer(apiServerConfig(dir), { log: (line) => lines.push(line) });
    const warned: string[] = [];
    try {
      expect(server.nodes).toMatchObject({ ok: true, count: 2 });
      const list = (await (await fetch(server.nodesUrl)).json()) as { title: string }[];
      expect(list.map((node) => node.title)).toContain('Flooded \uFFFD basement');
    } finally {
      await server.close();
    }
    warned.push(...lines.filter((line) => line.includes('cannot be stored')));
    expect(warned.join('\n')).toMatch(/node "broken" \(#2\): title had a character/);
  }, 60_000);
});
