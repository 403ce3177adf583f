/**
 * The restore drill (issue 52): an archive in its embedded database gets items, edits, a
 * deletion, a visitor's waiting submission with photos and a removal request; it is backed up,
 * wiped, and restored into a new, empty install. Every table's every row and every stored file's
 * every byte is back (compared whole and by SHA-256), and the service answers on it as before.
 * A backup that does not verify, or an install that is not empty, is refused with nothing
 * written; a hostile backup (a row that is two, a table the database lacks) is refused too.
 */
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBagWriter } from '../../../../server/preservation/bagit';
import {
  restoreBackup,
  RestoreRefused,
  writeBackup,
} from '../../../../server/preservation/archiveBackup';
import { openPgliteStore } from '../../../../server/storage/pgliteStore';
import { openPgStore } from '../../../../server/storage/pgStore';
import { backupDatabase } from '../../../../server/storage/sqlBackup';
import type { SqlNodeStore } from '../../../../server/storage/sqlStore';
import { createFolderStorage } from '../../../../server/uploads/folderStorage';
import type { MediaStorage } from '../../../../server/uploads/mediaStorage';
import {
  accessToken,
  makeKeys,
  setup,
  submitOne,
  VIDEO_SUBMISSION,
  type TestKeys,
} from '../support/communityHarness';
import { cameraJpeg, uploaded } from '../support/photoFixtures';
import { postgresSkipReason, usePostgresDatabase } from '../support/postgresTestDatabase';
import { storySeed } from '../support/storyFixtures';

const postgres = usePostgresDatabase();
const skipPostgres = postgres === null ? postgresSkipReason() : null;

let keys: TestKeys;
const scratch = mkdtempSync(join(tmpdir(), 'globe-restore-drill-'));
const opened: SqlNodeStore[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function openStore(name: string, seeded: boolean): Promise<SqlNodeStore> {
  const store = await openPgliteStore({
    dataDir: join(scratch, name),
    ...(seeded ? { seed: () => storySeed() } : {}),
  });
  opened.push(store);
  return store;
}

/** Every table's rows (sorted: a table's order on disk is no part of it) and every stored file's bytes. */
async function everything(store: SqlNodeStore, media: MediaStorage) {
  const tables: Record<string, string[]> = {};
  await backupDatabase(store.database, async (table, lines) => {
    const rows: string[] = [];
    for await (const line of lines) rows.push(line);
    tables[table] = rows.sort();
  });
  const files: Record<string, string> = {};
  for await (const key of media.keys())
    files[key] = createHash('sha256')
      .update((await media.get(key)) as Buffer)
      .digest('hex');
  return { tables, files };
}

/** Whether an install is as empty as before a refused restore: no node, no stored file. */
async function nothingWritten(store: SqlNodeStore, media: MediaStorage): Promise<boolean> {
  const { rows } = await store.database.query<{ n: number }>(
    'select count(*)::int as n from nodes',
  );
  for await (const _key of media.keys()) return false;
  return rows[0]?.n === 0;
}

let before: Awaited<ReturnType<typeof everything>>;
let backupRoot: string;
let submissionId: string;

beforeAll(async () => {
  keys = await makeKeys();
  const store = await openStore('before', true);
  const { call, media } = setup({ keys, store });
  const token = await accessToken(keys);

  // An editor's gallery of an uploaded photo, edited; an item deleted.
  const photo = uploaded(await call('POST', '/uploads', { body: await cameraJpeg(), token }));
  const gallery = {
    video_id: 'porch-photos',
    type: 'gallery',
    title: 'Porch photos',
    images: [photo.image],
    lat: 38.65,
    lng: -90.3,
  };
  expect((await call('POST', '/nodes', { body: gallery, token })).status).toBe(201);
  const edited = await call('PUT', '/nodes/porch-photos', {
    body: { ...gallery, title: 'Porch photos, the morning after' },
    token,
    headers: { 'If-Match': '"1"' },
  });
  expect(edited.status, edited.text).toBe(200);
  expect(
    (await call('DELETE', '/nodes/street', { token, headers: { 'If-Match': '"1"' } })).status,
  ).toBe(200);

  // A visitor's photos, waiting for an editor; a removal request.
  const visitorPhoto = uploaded(await call('POST', '/uploads', { body: await cameraJpeg() }));
  expect(visitorPhoto.pending).toBe(true);
  submissionId = await submitOne(call, {
    ...VIDEO_SUBMISSION,
    kind: 'photos',
    youtube_url: null,
    images: [visitorPhoto.image],
  });
  const asked = await call('POST', '/removal-requests', {
    body: {
      node_id: 'roofs',
      reason: 'private-information',
      message: 'Our house number is readable.',
      email: '',
      website: '',
    },
  });
  expect(asked.status, asked.text).toBe(201);

  before = await everything(store, media as MediaStorage);
  backupRoot = join(scratch, 'backup');
  const summary = await writeBackup(await createBagWriter(backupRoot), {
    database: store.database,
    media,
    source: 'the drill',
  });
  expect(summary.vanished).toEqual([]);
  expect(summary.files).toBe(Object.keys(before.files).length);
  // Wiped: the database and the photos are gone.
  await store.close();
  rmSync(join(scratch, 'before'), { recursive: true, force: true });
  rmSync(media?.folder as string, { recursive: true, force: true });
}, 60_000);

describe('the restore drill', () => {
  it('puts back every row and every byte, and the service answers on it', async () => {
    // The upload storage has one public photo (three copies, and its IIIF info.json and one
    // tile: it is small) and the waiting one (three).
    expect(Object.keys(before.files)).toHaveLength(8);
    expect(Object.keys(before.files).filter((key) => key.startsWith('iiif/'))).toHaveLength(2);
    expect(before.tables.submissions).toHaveLength(1);
    expect(before.tables.removal_requests).toHaveLength(1);
    expect(before.tables.node_journal?.length).toBeGreaterThanOrEqual(3);

    const store = await openStore('after', false);
    const media = createFolderStorage({ dir: join(scratch, 'uploads-after') });
    const restored = await restoreBackup(backupRoot, { database: store.database, media });
    expect(restored.files).toBe(8);
    expect(await everything(store, media)).toEqual(before);

    // The service starts on it: the edit, the deletion, the waiting photos, the request.
    const { call } = setup({ keys, store });
    const token = await accessToken(keys);
    const list = (await call('GET', '/nodes')).json as { video_id: string; title: string }[];
    expect(list.find((node) => node.video_id === 'porch-photos')?.title).toBe(
      'Porch photos, the morning after',
    );
    expect(list.some((node) => node.video_id === 'street')).toBe(false);
    const waiting = await call('GET', `/submissions/${submissionId}`, { token });
    expect(waiting.status).toBe(200);
    // The next item gets the next id: the sequences were set past the restored rows.
    const next = await call('POST', '/nodes', {
      body: {
        video_id: 'after-restore',
        title: 'After the restore',
        youtube_id: 'ScMzIvxBSi4',
        lat: 38.6,
        lng: -90.2,
      },
      token,
    });
    expect(next.status, next.text).toBe(201);
    const journal = (await call('GET', '/nodes/journal', { token })).json as {
      entries: { id: number; nodeId: string }[];
    };
    const ids = journal.entries.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(journal.entries[0]?.nodeId).toBe('after-restore');

    // Again on the same install: it is no longer empty, and nothing is written.
    await expect(restoreBackup(backupRoot, { database: store.database, media })).rejects.toThrow(
      RestoreRefused,
    );
  });

  it.skipIf(skipPostgres !== null)(
    `restores the embedded database's backup into PostgreSQL, every row alike${skipPostgres ? ` (skipped: ${skipPostgres})` : ''}`,
    async () => {
      const store = await openPgStore({ url: (postgres as { url: string }).url });
      opened.push(store);
      const media = createFolderStorage({ dir: join(scratch, 'uploads-postgres') });
      await restoreBackup(backupRoot, { database: store.database, media });
      expect(await everything(store, media)).toEqual(before);
    },
  );

  it('refuses a backup that does not verify, naming the file, and writes nothing', async () => {
    const copy = join(scratch, 'tampered');
    cpSync(backupRoot, copy, { recursive: true });
    appendFileSync(join(copy, 'data', 'database', 'nodes.jsonl'), '{"seq": 999}\n');
    const store = await openStore('refused', false);
    const media = createFolderStorage({ dir: join(scratch, 'uploads-refused') });
    await expect(restoreBackup(copy, { database: store.database, media })).rejects.toThrow(
      /does not verify[\s\S]*changed: data\/database\/nodes\.jsonl/,
    );
    expect(await nothingWritten(store, media)).toBe(true);
  });

  it('refuses a hostile backup whose manifest was made to match', async () => {
    const store = await openStore('hostile', false);
    const media = createFolderStorage({ dir: join(scratch, 'uploads-hostile') });
    const hostile = (change: (root: string) => void) => {
      const root = join(scratch, `hostile-${Math.random().toString(36).slice(2)}`);
      cpSync(backupRoot, root, { recursive: true });
      change(root);
      // The manifests remade, so only the restore's own checks stand in the way.
      const lines: string[] = [];
      const walk = (dir: string, prefix: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
          else
            lines.push(
              `${createHash('sha256').update(readFileSync(path)).digest('hex')}  ${prefix}${name}`,
            );
        }
      };
      walk(join(root, 'data'), 'data/');
      writeFileSync(join(root, 'manifest-sha256.txt'), `${lines.join('\n')}\n`);
      rmSync(join(root, 'tagmanifest-sha256.txt'));
      const info = readFileSync(join(root, 'bag-info.txt'), 'utf8').replace(
        /^Payload-Oxum:.*\n/m,
        '',
      );
      writeFileSync(join(root, 'bag-info.txt'), info);
      return root;
    };
    // Two rows on one line.
    const twoRows = hostile((root) => {
      const file = join(root, 'data', 'database', 'nodes.jsonl');
      const [first = '', ...rest] = readFileSync(file, 'utf8').split('\n');
      writeFileSync(file, [`${first},${first}`, ...rest].join('\n'));
    });
    await expect(restoreBackup(twoRows, { database: store.database, media })).rejects.toThrow(
      /not one row/,
    );
    // A table the database does not have.
    const extraTable = hostile((root) => {
      const file = join(root, 'data', 'database', 'backup.json');
      const backup = JSON.parse(readFileSync(file, 'utf8')) as { tables: unknown[] };
      backup.tables.push({ name: 'pg_authid', columns: ['rolpassword'], rows: 0 });
      writeFileSync(file, JSON.stringify(backup));
    });
    await expect(restoreBackup(extraTable, { database: store.database, media })).rejects.toThrow(
      /a table this database does not: pg_authid/,
    );
    // A table name that is SQL.
    const sqlName = hostile((root) => {
      const file = join(root, 'data', 'database', 'backup.json');
      const backup = JSON.parse(readFileSync(file, 'utf8')) as { tables: { name: string }[] };
      (backup.tables[0] as { name: string }).name = 'nodes; drop table nodes';
      writeFileSync(file, JSON.stringify(backup));
    });
    await expect(restoreBackup(sqlName, { database: store.database, media })).rejects.toThrow(
      /not a Globe Archive backup/,
    );
    expect(await nothingWritten(store, media)).toBe(true);
  });
});
