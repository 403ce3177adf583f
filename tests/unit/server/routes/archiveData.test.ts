/**
 * The archive's data in and out through the service (issue 32): an editor's dry run and import
 * (idempotent, journaled, refused whole when an item moved since the dry run), the editors'
 * exports and the public's open data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readImportFile } from '../../../../server/imports/importFile';
import { createSlicer } from '../../../../server/support/slices';
import {
  accessToken,
  badTokens,
  makeKeys,
  setup,
  type TestKeys,
} from '../support/communityHarness';

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});

const CSV = [
  'video_id,title,youtube_url,lat,lng,categories,license,credit',
  'hail-page,Hail on Page,ScMzIvxBSi4,38.66,-90.25,Storm; Damage,CC-BY-4.0,Jo Kowalski',
  'porch,Porch,,38.65,-90.26,Volunteers,,',
  'clayton,"Clayton, corrected",dQw4w9WgXcQ,38.6,-90.3,Recovery,,',
].join('\n');

interface Report {
  counts: Record<string, number>;
  rows: {
    row: string;
    id: string | null;
    action: string;
    reasons?: string[];
    changes?: unknown[];
  }[];
  expected: Record<string, number>;
  notes: string[];
}

describe('POST /imports', () => {
  it('reads a dry run, imports what it said, journaled, and a second import changes nothing', async () => {
    const { call, store, cleanup } = setup({ keys });
    try {
      const token = await accessToken(keys);
      const send = (body: Record<string, unknown>) =>
        call('POST', '/imports', {
          token,
          body: { name: 'volunteers.csv', format: 'csv', text: CSV, ...body },
        });
      const dry = await send({ dryRun: true });
      expect(dry.status, JSON.stringify(dry.json)).toBe(200);
      const report = dry.json as Report;
      expect(report.counts).toEqual({ create: 1, update: 1, unchanged: 0, refused: 1 });
      expect(report.rows.map((r) => [r.row, r.id, r.action])).toEqual([
        ['Row 2', 'hail-page', 'create'],
        ['Row 3', 'porch', 'refused'],
        ['Row 4', 'clayton', 'update'],
      ]);
      expect(report.rows[2]?.changes).toEqual([
        { field: 'title', before: 'Clayton', after: 'Clayton, corrected' },
      ]);
      expect(report.expected).toEqual({ 'hail-page': 0, clayton: 1 });
      // A dry run writes nothing.
      expect(await store.getNode('hail-page')).toBeNull();

      const done = await send({ dryRun: false, expected: report.expected });
      expect(done.status, JSON.stringify(done.json)).toBe(200);
      expect(done.json).toEqual({
        name: 'volunteers.csv',
        created: 1,
        updated: 1,
        unchanged: 0,
        refused: 1,
      });
      expect(await store.getNode('hail-page')).toMatchObject({
        node: {
          title: 'Hail on Page',
          categories: ['Storm', 'Damage'],
          license: 'CC-BY-4.0',
          credit: 'Jo Kowalski',
        },
      });
      const journal = await store.journal({ limit: 5 });
      expect(journal.map((e) => [e.nodeId, e.action, e.reason])).toEqual([
        ['clayton', 'update', 'imported from volunteers.csv by alice'],
        ['hail-page', 'create', 'imported from volunteers.csv by alice'],
      ]);

      // The row without a place, placed: added too (the place goes with the import).
      const placed = await send({ dryRun: true, places: { 'Row 3': { lat: 38.65, lng: -90.26 } } });
      expect((placed.json as Report).rows[1]).toMatchObject({ row: 'Row 3', action: 'refused' });
      expect((placed.json as Report).rows[1]?.reasons).toEqual([
        'Give the YouTube link of the video.',
      ]);
      for (const places of [
        { 'Row 3': { lat: 91, lng: 0 } },
        { 'Row 3': { lat: '1', lng: 0 } },
        [],
      ]) {
        expect((await send({ dryRun: true, places })).status, JSON.stringify(places)).toBe(400);
      }

      const again = (await send({ dryRun: true })).json as Report;
      expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 2, refused: 1 });
      const none = await send({ dryRun: false, expected: again.expected });
      expect(none.json).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
      expect(await store.journal({ limit: 5 })).toHaveLength(2);
    } finally {
      cleanup();
    }
  });

  it('imports nothing when an item changed after the dry run, and says which', async () => {
    const { call, store, cleanup } = setup({ keys });
    try {
      const token = await accessToken(keys);
      const body = { name: 'volunteers.csv', format: 'csv', text: CSV };
      const report = (await call('POST', '/imports', { token, body: { ...body, dryRun: true } }))
        .json as Report;
      const clayton = await store.getNode('clayton');
      await store.updateNode('clayton', { ...(clayton?.node ?? {}), title: 'Meanwhile' }, 1, 'bob');
      const late = await call('POST', '/imports', {
        token,
        body: { ...body, dryRun: false, expected: report.expected },
      });
      expect(late.status).toBe(409);
      expect(late.json).toMatchObject({ changed: ['clayton'] });
      expect((late.json as { error: string }).error).toMatch(/Run the dry run again/);
      expect(await store.getNode('hail-page')).toBeNull();
      // Without the dry run's versions, nothing is imported either.
      const blind = await call('POST', '/imports', {
        token,
        body: { ...body, dryRun: false },
      });
      expect(blind.status).toBe(428);
    } finally {
      cleanup();
    }
  });

  it('takes a JSON archive file, and refuses what is not one, or no editor', async () => {
    const { call, cleanup } = setup({ keys });
    try {
      const token = await accessToken(keys);
      const json = JSON.stringify({
        nodes: [{ video_id: 'one', title: 'One', youtube_id: 'ScMzIvxBSi4', lat: 1, lng: 2 }],
      });
      const dry = await call('POST', '/imports', {
        token,
        body: { name: 'a.json', format: 'json', text: json, dryRun: true },
      });
      expect((dry.json as Report).rows).toMatchObject([{ row: '#1', id: 'one', action: 'create' }]);
      for (const [text, format, message] of [
        ['{"nodes": 3}', 'json', /not a list of nodes/],
        ['{nope', 'json', /not valid JSON/],
        ['title,lat\nA,1', 'csv', /video_id/],
        ['', 'csv', /empty/],
      ] as const) {
        const response = await call('POST', '/imports', {
          token,
          body: { name: 'x', format, text, dryRun: true },
        });
        expect(response.status, text).toBe(400);
        expect((response.json as { error: string }).error, text).toMatch(message);
      }
      for (const body of [
        { name: 'x', format: 'xml', text: '', dryRun: true },
        { name: 'x', format: 'csv', text: 'video_id', dryRun: 'yes' },
        'not json',
        { name: 'x', format: 'csv', text: '', dryRun: true, extra: 1 },
      ]) {
        expect((await call('POST', '/imports', { token, body })).status, JSON.stringify(body)).toBe(
          400,
        );
      }
      for (const [name, bad, status] of badTokens(keys)) {
        const response = await call('POST', '/imports', {
          token: await bad(),
          body: { name: 'a.json', format: 'json', text: json, dryRun: false, expected: { one: 0 } },
        });
        expect(response.status, name).toBe(status);
      }
    } finally {
      cleanup();
    }
  });

  it('says where each row is and what a long change was, and refuses a file past its limits saying which (issue 45)', async () => {
    const { call, cleanup } = setup({ keys });
    try {
      const token = await accessToken(keys);
      const dryRun = (format: 'csv' | 'json', text: string) =>
        call('POST', '/imports', {
          token,
          body: { name: `x.${format}`, format, text, dryRun: true },
        });
      const long = 'A long account of the storm. '.repeat(40);
      const csv = [
        'video_id,title,description,youtube_url,lat,lng',
        '',
        `clayton,Clayton,"${long}\r\nsecond line",dQw4w9WgXcQ,38.6,-90.3`,
        'new,New,,dQw4w9WgXcQ,38.6,-90.3',
      ].join('\r\n');
      const report = (await dryRun('csv', csv)).json as {
        rows: {
          row: string;
          line?: number;
          action: string;
          changes?: { field: string; after: string }[];
        }[];
      };
      expect(report.rows.map(({ row, line, action }) => [row, line, action])).toEqual([
        ['Row 3', 3, 'update'],
        ['Row 4', 5, 'create'],
      ]);
      const after = report.rows[0]?.changes?.find((change) => change.field === 'description');
      expect(after?.after).toHaveLength(160);
      expect(after?.after.endsWith('…')).toBe(true);

      const broken = await dryRun('csv', 'video_id,title\na,"never closed\nb,B\n');
      expect(broken.status).toBe(400);
      expect(broken.json).toMatchObject({
        error:
          'The file cannot be imported: Row 2 opens a quoted cell (") that never closes, so every row after it would be read into that one cell. Close the quote or remove it.',
        errors: [{ path: 'text' }],
      });
      const many = await dryRun('json', `[${'{},'.repeat(20_000)}{}]`);
      expect(many.status).toBe(413);
      expect((many.json as { error: string }).error).toMatch(/more than 10,000 rows/);
      const huge = await dryRun('csv', `video_id\n"${'x'.repeat(17 * 1024 * 1024)}"`);
      expect(huge.status).toBe(413);
      expect((huge.json as { error: string }).error).toBe(
        'The file is too large to import: at most 16 MB and 10,000 rows. Import it in parts.',
      );
    } finally {
      cleanup();
    }
  });
});

describe('exports', () => {
  it('gives editors the whole archive as JSON (the journal if asked) and as CSV the import reads back unchanged', async () => {
    const { call, cleanup } = setup({ keys });
    try {
      const token = await accessToken(keys);
      await call('DELETE', '/nodes/clayton', { token, headers: { 'If-Match': '"1"' } });
      const json = await call('GET', '/exports/archive.json', { token, query: 'journal=1' });
      expect(json.status).toBe(200);
      expect(json.headers.get('content-disposition')).toMatch(
        /^attachment; filename="globe-archive-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const body = json.json as {
        nodes: unknown[];
        deleted: { video_id: string }[];
        journal: { action: string }[];
      };
      expect(body.deleted.map((n) => n.video_id)).toEqual(['clayton']);
      expect(body.journal.map((e) => e.action)).toEqual(['delete']);
      expect(
        'journal' in ((await call('GET', '/exports/archive.json', { token })).json as object),
      ).toBe(false);

      const csv = await call('GET', '/exports/archive.csv', { token });
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const text = csv.body.toString();
      expect((await readImportFile('csv', text, createSlicer())).entries).toHaveLength(
        body.nodes.length,
      );
      const round = (
        await call('POST', '/imports', {
          token,
          body: { name: 'export.csv', format: 'csv', text, dryRun: true },
        })
      ).json as Report;
      expect(round.counts).toEqual({
        create: 0,
        update: 0,
        unchanged: body.nodes.length,
        refused: 0,
      });
      for (const path of ['/exports/archive.json', '/exports/archive.csv']) {
        expect((await call('GET', path)).status, path).toBe(401);
      }
    } finally {
      cleanup();
    }
  });

  it('gives anyone the published items with their licences, JSON and CSV, cached by revision', async () => {
    const { call, cleanup } = setup({ keys });
    try {
      const json = await call('GET', '/open-data/archive.json');
      expect(json.status).toBe(200);
      expect(json.headers.get('cache-control')).toBe('public, max-age=300');
      const data = json.json as {
        data_license: { id: string };
        items: { id: string; page: string; license: string | null }[];
      };
      expect(data.data_license.id).toBe('CC0-1.0');
      expect(data.items.map((i) => [i.id, i.page])).toEqual([['clayton', '/video/clayton']]);
      const etag = json.headers.get('etag') ?? '';
      expect(
        (await call('GET', '/open-data/archive.json', { headers: { 'If-None-Match': etag } }))
          .status,
      ).toBe(304);
      const csv = await call('GET', '/open-data/archive.csv');
      expect(csv.body.toString()).toMatch(/^\uFEFFvideo_id,.*,page,license_url\r\n/);
      // A change makes a new version.
      const token = await accessToken(keys);
      await call('DELETE', '/nodes/clayton', { token, headers: { 'If-Match': '"1"' } });
      const after = await call('GET', '/open-data/archive.json', {
        headers: { 'If-None-Match': etag },
      });
      expect(after.status).toBe(200);
      expect((after.json as { items: unknown[] }).items).toEqual([]);
    } finally {
      cleanup();
    }
  });
});
