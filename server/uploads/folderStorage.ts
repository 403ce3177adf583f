/**
 * Uploaded photos in a local folder (`UPLOADS_DIR`), served by the local server at
 * `/uploads/{key}`: the storage for development, tests and a single-machine deployment. Visitors'
 * photos wait in its `pending/` folder, which is never served (no public key starts with it).
 *
 * Every file is written under a temporary name first and then linked or renamed to its key, so a
 * key names a whole file or none, even when the process is killed half-way; a copy that publishes
 * a waiting photo is made beside its private source, so nothing of it lies in the public folders
 * before its approval made it whole there. What a killed process left half-written is deleted by
 * `removeLeftovers`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { displayPath } from '../support/displayPath';
import { isAlive } from '../storage/dataDirLock';
import { isPendingKey, isStoredKey, isUploadKey, type MediaStorage } from './mediaStorage';

/** Where the local server serves the folder, and so the path every local photo URL starts with. */
export const UPLOADS_PATH = '/uploads';

/** Where a folder storage keeps its files. */
export interface FolderStorageOptions {
  /**
   * An absolute folder, created on the first upload; null for a fresh temporary folder removed by
   * `close()` (a server of `ARCHIVE_FILE` leaves nothing behind, like its identity server).
   */
  dir: string | null;
}

/** The file of a key inside `folder`; keys are checked first, so it cannot leave the folder. */
export function fileOf(folder: string, key: string): string {
  if (!isStoredKey(key)) throw new Error(`Not an upload key: ${key}`);
  return join(folder, ...key.split('/'));
}

/**
 * A temporary file's name ends with the id of the process writing it: `<uuid>.<pid>.partial`
 * (older versions wrote `<public key>.<pid>.partial` beside a photo being published).
 */
const PARTIAL_FILE = /\.(\d+)\.partial$/;

/**
 * A temporary file of a live process other than this one is left this long (an hour) before it
 * counts as a leftover: that process may still be writing it, unless it is a later process that
 * was given a dead writer's id (a container's processes often are).
 */
export const PARTIAL_FILE_MAX_AGE_MS = 60 * 60 * 1000;

/** The temporary files this process is writing now (every storage of it): never leftovers. */
const writing = new Set<string>();

/**
 * Writes a file under a fresh temporary name in `dir` (`write`), then gives it its own name
 * (`place`: a link or a rename, each whole at once), and removes the temporary name.
 */
async function viaTemporaryFile(
  dir: string,
  write: (temporary: string) => Promise<void>,
  place: (temporary: string) => Promise<void>,
): Promise<void> {
  const temporary = join(dir, `${randomUUID()}.${process.pid}.partial`);
  writing.add(temporary);
  try {
    await write(temporary);
    await place(temporary);
  } finally {
    // Renamed: already gone. Linked, or failed: the temporary name goes.
    await rm(temporary, { force: true });
    writing.delete(temporary);
  }
}

/** Whether `file`, a temporary file named `name`, was left by a writer that is gone. */
function isLeftover(file: string, name: string, modifiedMs: number, now: number): boolean {
  if (writing.has(file)) return false;
  const pid = Number(PARTIAL_FILE.exec(name)?.[1]);
  // This process's id, but not a file it writes: left by an earlier process that had this id.
  if (pid === process.pid || !isAlive(pid)) return true;
  return now - modifiedMs > PARTIAL_FILE_MAX_AGE_MS;
}

/** The files in `dir` (none when it does not exist). */
async function filesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Whether `path` is a file (false when nothing is there). */
async function isFileAt(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** `dir` and every folder under it (none when it is gone: a photo deleted meanwhile). */
async function foldersUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return [
      dir,
      ...entries.filter((entry) => entry.isDirectory()).map((e) => join(e.parentPath, e.name)),
    ];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The month folders under `dir` (`2026/11`), as paths relative to it. */
async function monthsIn(dir: string): Promise<string[]> {
  const months: string[] = [];
  for (const year of (await filesIn(dir)).filter((name) => /^\d{4}$/.test(name)))
    for (const month of (await filesIn(join(dir, year))).filter((name) => /^\d{2}$/.test(name)))
      months.push(`${year}/${month}`);
  return months;
}

/**
 * The folders of `root` that may hold temporary files: `pending/` (publishing copies and
 * visitors' uploads are made there), every month folder (editors' uploads, and older versions'
 * publishing copies), and the IIIF folders of a photo whose tiling was cut short (no
 * `info.json`, which is stored last): a whole service's folders are never written again.
 */
async function foldersWithTemporaryFiles(root: string): Promise<string[]> {
  const folders = [join(root, 'pending')];
  for (const month of await monthsIn(root)) folders.push(join(root, ...month.split('/')));
  for (const month of await monthsIn(join(root, 'iiif')))
    for (const photo of await filesIn(join(root, 'iiif', ...month.split('/')))) {
      const info = `iiif/${month}/${photo}/info.json`;
      if (isStoredKey(info) && !(await isFileAt(fileOf(root, info))))
        folders.push(...(await foldersUnder(dirname(fileOf(root, info)))));
    }
  return folders;
}

/** Creates the folder storage. */
export function createFolderStorage({ dir }: FolderStorageOptions): MediaStorage {
  const temporary = dir === null;
  let folder = dir;
  function ensureFolder(): string {
    folder ??= mkdtempSync(join(tmpdir(), 'globe-uploads-'));
    return folder;
  }
  if (temporary) ensureFolder();
  const owned = new RegExp(`^${UPLOADS_PATH}/(.+)$`);
  function keyOf(url: string): string | null {
    const key = owned.exec(url)?.[1];
    return key !== undefined && isUploadKey(key) ? key : null;
  }

  return {
    get folder() {
      return ensureFolder();
    },
    description: dir === null ? 'a temporary folder, removed on stop' : displayPath(dir),
    async put(key, body) {
      const file = fileOf(ensureFolder(), key);
      await mkdir(dirname(file), { recursive: true });
      // Linked, which fails on an existing file: keys are fresh UUIDs, so one means a bug, never
      // something to overwrite.
      await viaTemporaryFile(
        dirname(file),
        (temporary) => writeFile(temporary, body, { flag: 'wx' }),
        (temporary) => link(temporary, file),
      );
    },
    async get(key) {
      try {
        return await readFile(fileOf(ensureFolder(), key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    has: (key) => isFileAt(fileOf(ensureFolder(), key)),
    async publish(from, to) {
      if (!isPendingKey(from) || !isUploadKey(to)) {
        throw new Error(`Not a pending and a public key: ${from}, ${to}`);
      }
      const source = fileOf(ensureFolder(), from);
      const target = fileOf(ensureFolder(), to);
      await mkdir(dirname(target), { recursive: true });
      // Copied beside the private source, then renamed into place: the public URL never serves
      // half a photo, and a copy cut short stays in the private folder.
      await viaTemporaryFile(
        dirname(source),
        (temporary) => copyFile(source, temporary),
        (temporary) => rename(temporary, target),
      );
    },
    async delete(key) {
      await rm(fileOf(ensureFolder(), key), { force: true });
    },
    async removeLeftovers() {
      if (folder === null) return 0;
      const now = Date.now();
      let removed = 0;
      for (const dir of await foldersWithTemporaryFiles(folder)) {
        for (const name of (await filesIn(dir)).filter((file) => PARTIAL_FILE.test(file))) {
          const file = join(dir, name);
          const modified = await stat(file).then(
            (info) => info.mtimeMs,
            () => null,
          );
          if (modified === null || !isLeftover(file, name, modified, now)) continue;
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
    async *keys() {
      if (folder === null) return;
      const root = folder;
      for (const name of await filesIn(join(root, 'pending')))
        if (isStoredKey(`pending/${name}`)) yield `pending/${name}`;
      for (const month of await monthsIn(root))
        for (const name of await filesIn(join(root, ...month.split('/'))))
          if (isStoredKey(`${month}/${name}`)) yield `${month}/${name}`;
      // Published photos' IIIF tiles (issue 52), a few folders deep.
      const iiif = await readdir(join(root, 'iiif'), { recursive: true }).catch(
        (error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
          throw error;
        },
      );
      for (const name of iiif) {
        const key = `iiif/${name.split(sep).join('/')}`;
        if (isStoredKey(key)) yield key;
      }
    },
    urlOf: (key) => `${UPLOADS_PATH}/${key}`,
    keyOf,
    owns: (url) => keyOf(url) !== null,
    close() {
      if (temporary && folder !== null) rmSync(folder, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}
