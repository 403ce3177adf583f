import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { StoreOpenError } from './nodeStore';

/** The lock file's name inside the data folder (PostgreSQL ignores files it does not know). */
export const LOCK_FILE_NAME = 'globe-archive-server.lock';

/** A held lock on a data folder. */
export interface DataDirLock {
  /** Removes the lock file. Safe to call more than once. */
  release(): void;
}

interface LockOwner {
  pid: number;
  host: string;
}

/** Lock files this process holds, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

function readOwner(file: string): LockOwner | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { pid, host } = parsed as Record<string, unknown>;
    return typeof pid === 'number' && typeof host === 'string' ? { pid, host } : null;
  } catch {
    return null;
  }
}

/** Whether a process with this id runs on this machine (perhaps another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the owner named in a lock file is a running server we must not share the folder with. */
function isLive(file: string, owner: LockOwner | null): owner is LockOwner {
  if (owner === null) return false;
  // Another host (a recreated container on the same volume) cannot be checked: the lock is left
  // over from a machine that no longer runs this folder.
  if (owner.host !== hostname()) return false;
  // Our own pid but not held by us: left over by an earlier process that had the same pid.
  if (owner.pid === process.pid) return heldHere.has(file);
  return isAlive(owner.pid);
}

/**
 * Takes the data folder for this process. PGlite does not lock its folder itself, and two servers
 * writing one database (`npm start` and `npm run dev` at once) would corrupt it; a lock left by a
 * crashed server is taken over.
 *
 * @param display the folder as the person running the server wrote it, for the error message.
 * @throws StoreOpenError when a running server holds the folder.
 */
export function lockDataDir(dir: string, display: string): DataDirLock {
  const file = join(dir, LOCK_FILE_NAME);
  const content = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date() });
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (isLive(file, owner)) {
        throw new StoreOpenError(
          `The nodes database in "${display}" is in use by another server (process ${owner.pid}). ` +
            'Stop that server, or set DATA_DIR to another folder.',
        );
      }
      try {
        unlinkSync(file);
      } catch {
        // Another process took it over first; the next attempt sees its lock.
      }
      continue;
    }
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    heldHere.add(file);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        heldHere.delete(file);
        // Only remove the file if it is still ours (it may have been taken over as stale).
        if (readOwner(file)?.pid === process.pid) {
          try {
            unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        }
      },
    };
  }
  throw new StoreOpenError(`Could not take the lock file in "${display}"; try again.`);
}
