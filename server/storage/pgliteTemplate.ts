/**
 * A migrated, empty PGlite database made when the server is built: `npm run build` writes it
 * beside the server's bundle (`dist-server/pglite-template.tar.gz`, with the PGlite version that
 * made it in `pglite-template.json`), and a database in memory (`ARCHIVE_FILE`) starts from it
 * instead of from nothing: PostgreSQL's initdb and the migrations under WebAssembly take about
 * 5 s of CPU, loading the copy about 1.5 s. Without the file (the server run from its sources) or
 * when another PGlite made it, the database is created as before; the migrations run on open
 * either way, so a copy older than the code is brought up to date.
 */
import '../support/serverLanguage';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from './migrations';

/** The copy's file name, beside the server's bundle. */
export const TEMPLATE_FILE = 'pglite-template.tar.gz';
/** What made it: `{ "pglite": "<version>" }`. */
export const TEMPLATE_STAMP = 'pglite-template.json';

/** The installed PGlite's version (its package.json, which the package does not export). */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // The entry is dist/index.js (or .cjs) in the package's folder.
  const manifest = JSON.parse(
    readFileSync(join(dirname(dirname(entry)), 'package.json'), 'utf8'),
  ) as { name?: unknown; version?: unknown };
  if (manifest.name !== '@electric-sql/pglite' || typeof manifest.version !== 'string')
    throw new Error("PGlite's package.json was not where it was looked for.");
  return manifest.version;
}

/** Makes the copy: a new database in memory, migrated, as a gzipped tarball of its folder. */
export async function makePgliteTemplate(): Promise<{
  archive: Uint8Array<ArrayBuffer>;
  stamp: string;
}> {
  const db = await PGlite.create();
  try {
    await migrate(db);
    const archive = new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
    return { archive, stamp: JSON.stringify({ pglite: pgliteVersion() }) };
  } finally {
    await db.close();
  }
}

/**
 * The copy in `dir`, or null when there is none or another PGlite version made it (its files
 * need not match this one's).
 */
export async function readPgliteTemplate(dir: string): Promise<Blob | null> {
  try {
    const stamp = JSON.parse(await readFile(join(dir, TEMPLATE_STAMP), 'utf8')) as {
      pglite?: unknown;
    };
    if (stamp.pglite !== pgliteVersion()) return null;
    return new Blob([await readFile(join(dir, TEMPLATE_FILE))]);
  } catch {
    return null;
  }
}
