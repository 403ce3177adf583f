/**
 * A backup of everything the archive keeps (issue 52): the database (every table, PGlite or
 * PostgreSQL, in one snapshot: `sqlBackup.ts`) and every photo and capture in the upload storage,
 * public and waiting, as a BagIt bag, so that its fixity is checked before anything is restored.
 * The restore puts it back into an empty install: the files first (inert until the database names
 * them), then the database in one transaction. A restore cut off half way runs again: files
 * already back byte for byte are skipped, and the database is written whole or not at all.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { SITE_NAME } from '@/lib/constants';
import { verifyBag, MANIFEST } from './bagit';
import { readStored, type BagWriter } from './archiveBag';
import type { SqlDatabase } from '../storage/migrations';
import {
  backupDatabase,
  checkRestorable,
  restoreDatabase,
  RestoreRefused,
  isJsonObject,
  type DatabaseBackup,
} from '../storage/sqlBackup';
import { contentTypeOfKey, isStoredKey, type MediaStorage } from '../uploads/mediaStorage';

export { RestoreRefused };

/** The file in the bag that says what the backup holds. */
const BACKUP_JSON = 'backup.json';
const FORMAT = 'globe-archive-backup';

/** How far a backup or a restore has got. */
export interface BackupProgress {
  stage: 'database' | 'files';
  done: number;
}

export interface BackupOptions {
  database: SqlDatabase;
  media: MediaStorage | null;
  /** The database in words, without a password (`describeDatabaseUrl`, a folder). */
  source: string;
  now?: Date;
  onProgress?: (progress: BackupProgress) => void;
}

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  /** Files listed in the storage but gone before they were read (deleted meanwhile). */
  vanished: string[];
}

const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;

/** Writes the backup into `bag` and finishes it. */
export async function writeBackup(
  bag: BagWriter,
  { database, media, source, now = new Date(), onProgress }: BackupOptions,
): Promise<BackupSummary> {
  let tables = 0;
  const dump = await backupDatabase(database, async (table, lines) => {
    await bag.add(`database/${table}.jsonl`, Readable.from(lines));
    tables += 1;
    onProgress?.({ stage: 'database', done: tables });
  });
  await bag.add(
    `database/${BACKUP_JSON}`,
    json({ format: FORMAT, version: 1, madeAt: now.toISOString(), source, ...dump }),
  );
  let files = 0;
  const vanished: string[] = [];
  if (media !== null) {
    for await (const key of media.keys()) {
      const entry = await bag.addOnce(`uploads/${key}`, () => readStored(media, key));
      if (entry === null) vanished.push(key);
      else {
        files += 1;
        onProgress?.({ stage: 'files', done: files });
      }
    }
  }
  const rows = dump.tables.reduce((sum, table) => sum + table.rows, 0);
  const totals = await bag.finish(
    [
      ['Source-Organization', SITE_NAME],
      [
        'External-Description',
        `A backup of ${SITE_NAME}: its database (${source}, schema version ${dump.schemaVersion}: ` +
          `${dump.tables.length} tables, ${rows} rows) and its upload storage (${files} files). ` +
          'Restore it with npm run restore into an empty install.',
      ],
      ['Bag-Software-Agent', 'Globe Archive backup'],
    ],
    now,
  );
  return { tables: dump.tables.length, rows, files, bytes: totals.bytes, vanished };
}

const NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const backupFile = z
  .object({
    format: z.literal(FORMAT),
    version: z.literal(1),
    madeAt: z.string(),
    source: z.string(),
    schemaVersion: z.number().int().min(1),
    tables: z
      .array(
        z
          .object({
            name: z.string().regex(NAME),
            columns: z.array(z.string().regex(NAME)).min(1),
            rows: z.number().int().min(0),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** What a backup says of itself, as `readBackupInfo` reads it. */
export type BackupInfo = z.infer<typeof backupFile>;

/**
 * Checks the bag at `root` (fixity and completeness) and reads what it holds.
 *
 * @throws RestoreRefused naming what is wrong.
 */
export async function readBackupInfo(root: string): Promise<BackupInfo> {
  const report = await verifyBag(root);
  if (!report.valid) {
    const named = [
      ...report.problems,
      ...report.missing.map((file) => `missing: ${file}`),
      ...report.changed.map((file) => `changed: ${file}`),
      ...report.unlisted.map((file) => `not in the manifest: ${file}`),
    ];
    throw new RestoreRefused(
      `The backup in ${root} does not verify, so nothing was restored:\n  ${named.slice(0, 20).join('\n  ')}${named.length > 20 ? `\n  … and ${named.length - 20} more` : ''}`,
    );
  }
  const text = await readFile(join(root, 'data', 'database', BACKUP_JSON), 'utf8').catch(
    () => null,
  );
  const parsed = text === null ? null : backupFile.safeParse(parseJson(text));
  if (!parsed?.success)
    throw new RestoreRefused(
      `${root} is a bag, but not a Globe Archive backup (no readable ${BACKUP_JSON}).`,
    );
  return parsed.data;
}

/** The uploads a backup holds, with the SHA-256 its manifest gives each. */
async function backupFiles(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const line of (await readFile(join(root, MANIFEST), 'utf8')).split('\n')) {
    const match = /^([0-9a-f]{64})\s+data\/uploads\/(.+)$/.exec(line.trim());
    if (!match) continue;
    const key = match[2] as string;
    if (!isStoredKey(key))
      throw new RestoreRefused(`The backup holds a file no upload storage keeps: uploads/${key}.`);
    files.set(key, match[1] as string);
  }
  return files;
}

/** The JSON lines of one table of the backup at `root`. */
function tableLines(root: string, table: string): AsyncIterable<string> {
  return createInterface({
    input: createReadStream(join(root, 'data', 'database', `${table}.jsonl`)),
    crlfDelay: Infinity,
  });
}

/**
 * Reads every table's file once before anything is written: each line one row (a JSON object),
 * as many as `backup.json` says.
 *
 * @throws RestoreRefused naming the table.
 */
async function checkTableFiles(root: string, info: BackupInfo): Promise<void> {
  for (const table of info.tables) {
    let rows = 0;
    for await (const line of tableLines(root, table.name)) {
      if (line.trim() === '') continue;
      if (!isJsonObject(line))
        throw new RestoreRefused(
          `The backup's ${table.name} has a line that is not one row (a JSON object): nothing was restored.`,
        );
      rows += 1;
    }
    if (rows !== table.rows)
      throw new RestoreRefused(
        `The backup's ${table.name} holds ${rows} rows where backup.json says ${table.rows}: nothing was restored.`,
      );
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface RestoreOptions {
  database: SqlDatabase;
  media: MediaStorage | null;
  onProgress?: (progress: BackupProgress) => void;
}

export interface RestoreSummary {
  rows: Map<string, number>;
  files: number;
  /** Files already back from an earlier, interrupted restore. */
  skipped: number;
}

/**
 * Restores the verified backup at `root` into an empty install.
 *
 * @throws RestoreRefused, having written nothing, when the bag does not verify, is no backup,
 *   or the install is not empty (its storage holds files the backup does not, or other bytes
 *   under the same name; its database has rows).
 */
export async function restoreBackup(
  root: string,
  { database, media, onProgress }: RestoreOptions,
): Promise<RestoreSummary> {
  const info = await readBackupInfo(root);
  const files = await backupFiles(root);
  if (files.size > 0 && media === null)
    throw new RestoreRefused(
      `The backup holds ${files.size} uploaded files and this install has no upload storage.`,
    );
  const already = new Set<string>();
  if (media !== null) {
    for await (const key of media.keys()) {
      const expected = files.get(key);
      const stored = expected === undefined ? null : await media.get(key);
      if (expected === undefined || stored === null || sha256(stored) !== expected)
        throw new RestoreRefused(
          `The upload storage is not empty (${key} is not the backup's): restore into a new, empty install.`,
        );
      already.add(key);
    }
  }
  // Everything the database would refuse, refused before any file is copied.
  await database.transaction((tx) => checkRestorable(tx, info));
  await checkTableFiles(root, info);

  let done = 0;
  for (const [key, expected] of files) {
    if (already.has(key)) continue;
    const bytes = await readFile(join(root, 'data', 'uploads', ...key.split('/')));
    await (media as MediaStorage).put(key, bytes, contentTypeOfKey(key));
    const back = await (media as MediaStorage).get(key);
    if (back === null || sha256(back) !== expected)
      throw new Error(`${key} did not come back from the upload storage as it was sent.`);
    done += 1;
    onProgress?.({ stage: 'files', done });
  }

  const dump: DatabaseBackup = { schemaVersion: info.schemaVersion, tables: info.tables };
  const rows = await restoreDatabase(database, dump, (table) => tableLines(root, table));
  onProgress?.({ stage: 'database', done: rows.size });
  return { rows, files: done, skipped: already.size };
}
