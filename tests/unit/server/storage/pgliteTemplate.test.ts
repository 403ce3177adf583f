import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate } from '../../../../server/storage/migrations';
import { openPgliteStore } from '../../../../server/storage/pgliteStore';
import {
  makePgliteTemplate,
  pgliteVersion,
  readPgliteTemplate,
  TEMPLATE_FILE,
  TEMPLATE_STAMP,
} from '../../../../server/storage/pgliteTemplate';
import { storeOpener } from '../../../../server/node/storeOpener';
import { readConfig } from '../../../../server/config/serverConfig';

// Each case creates or loads PostgreSQL under WebAssembly: seconds each.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const temp = mkdtempSync(join(tmpdir(), 'globe-template-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const ARCHIVE = [{ video_id: 'from-the-archive', title: 'From the archive', lat: 1, lng: 2 }];
const MARKED = { video_id: 'from-the-copy', title: 'From the copy', lat: 3, lng: 4 };

/**
 * A copy that gives itself away: migrated, with one node in it and marked as seeded, so a store
 * that starts from it lists that node and never seeds its own.
 */
let marked: Blob;
beforeAll(async () => {
  const db = await PGlite.create();
  await migrate(db);
  await db.query('insert into nodes (data) values ($1)', [JSON.stringify(MARKED)]);
  await db.exec('update archive_meta set seeded_at = now()');
  marked = await db.dumpDataDir('gzip');
  await db.close();
});

/** A folder holding `archive` as the copy, stamped with `version`. */
async function folderWith(name: string, archive: Blob, version = pgliteVersion()) {
  const dir = join(temp, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  writeFileSync(join(dir, TEMPLATE_FILE), new Uint8Array(await archive.arrayBuffer()));
  writeFileSync(join(dir, TEMPLATE_STAMP), JSON.stringify({ pglite: version }));
  return dir;
}

describe('the build’s migrated PGlite copy', () => {
  it('is made migrated and empty, stamped with the PGlite that made it', async () => {
    const { archive, stamp } = await makePgliteTemplate();
    expect(JSON.parse(stamp)).toEqual({ pglite: pgliteVersion() });
    expect(pgliteVersion()).toMatch(/^\d+\.\d+\.\d+/);
    const store = await openPgliteStore({
      dataDir: null,
      seed: () => ARCHIVE,
      startFrom: new Blob([archive]),
    });
    // Nothing in it: the archive seeds it as it would a new database.
    expect(store.seededCount).toBe(1);
    expect(await store.listNodes()).toEqual(ARCHIVE);
    await store.close();
  });

  it('is where a database in memory starts from', async () => {
    const store = await openPgliteStore({ dataDir: null, seed: () => ARCHIVE, startFrom: marked });
    expect(store.seededCount).toBe(0);
    expect(await store.listNodes()).toEqual([MARKED]);
    await store.close();
  });

  it('is read from the server’s folder only when this PGlite made it', async () => {
    expect(await readPgliteTemplate(await folderWith('same', marked))).toBeInstanceOf(Blob);
    expect(await readPgliteTemplate(await folderWith('other', marked, '0.0.1'))).toBeNull();
    expect(await readPgliteTemplate(join(temp, 'nothing-here'))).toBeNull();
  });

  it('is set aside when it does not load: the database is created as before', async () => {
    const damaged = new Blob([new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3])]);
    const store = await openPgliteStore({ dataDir: null, seed: () => ARCHIVE, startFrom: damaged });
    expect(await store.listNodes()).toEqual(ARCHIVE);
    await store.close();
  });

  it('is used by a server of ARCHIVE_FILE given its folder', async () => {
    const archiveFile = join(temp, 'archive.json');
    writeFileSync(archiveFile, JSON.stringify(ARCHIVE));
    const config = readConfig({ ARCHIVE_FILE: archiveFile, IDENTITY: 'off' }, temp);
    const dir = await folderWith('server', marked);

    const fromCopy = await (await storeOpener(config, () => undefined, dir)).open();
    expect(await fromCopy.listNodes()).toEqual([MARKED]);
    await fromCopy.close();
  });
});
