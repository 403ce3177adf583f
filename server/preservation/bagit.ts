/**
 * BagIt 1.0 (RFC 8493, the Library of Congress's packaging for digital preservation), issue 52:
 * a bag writer that streams each payload file into `data/` while hashing it (SHA-256), so an
 * archive of any size never sits in memory, and a verifier that checks a bag's completeness and
 * fixity and names every file missing, changed or not listed.
 *
 * A bag is read as untrusted input: a manifest's path that leaves the bag (`..`, an absolute
 * path, a drive letter, a backslash) is refused rather than followed, and a manifest line that is
 * not `<64 hex digits> <path>` is an error of its own.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { appendFile, lstat, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The tag files this module writes; `bag-info.txt` holds the archive's own description. */
export const BAGIT_TXT = 'bagit.txt';
export const BAG_INFO_TXT = 'bag-info.txt';
export const MANIFEST = 'manifest-sha256.txt';
export const TAG_MANIFEST = 'tagmanifest-sha256.txt';

const BAGIT_DECLARATION = 'BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n';

/** `bag-info.txt`'s fields (RFC 8493 §2.2.2), in order; Payload-Oxum and Bagging-Date are added. */
export type BagInfo = readonly (readonly [label: string, value: string])[];

/** One payload file as a manifest lists it. */
export interface BagEntry {
  path: string;
  sha256: string;
  bytes: number;
}

/**
 * A manifest's file path (RFC 8493 §2.1.3): `/`-separated, relative to the bag, with CR, LF and
 * `%` percent-encoded.
 */
export function encodeBagPath(path: string): string {
  return path.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function decodeBagPath(path: string): string {
  return path.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
}

/**
 * A payload path inside the bag, or null where it would leave it: relative, `/`-separated, no
 * empty, `.` or `..` segment, no backslash or NUL, no drive letter.
 */
export function safeBagPath(path: string): string | null {
  if (path === '' || path.startsWith('/') || /[\\\0]/.test(path) || /^[A-Za-z]:/.test(path))
    return null;
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return segments.join('/');
}

async function sha256Of(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

function manifestText(entries: readonly BagEntry[]): string {
  return entries.map((e) => `${e.sha256}  ${encodeBagPath(e.path)}\n`).join('');
}

/** `bag-info.txt`: one `Label: value` a line, a value's line breaks as continuation lines. */
function bagInfoText(info: BagInfo): string {
  return info.map(([label, value]) => `${label}: ${value.replace(/\r?\n/g, '\n  ')}\n`).join('');
}

/** What a writer gives a file: its bytes at once, or a stream of them (with its length if known). */
export type PayloadSource =
  | Uint8Array
  | string
  | NodeJS.ReadableStream
  | { stream: NodeJS.ReadableStream | AsyncIterable<Uint8Array>; bytes: number };

/** One file on its way into a bag: its chunks, and its length where the source knows it. */
export interface BagBody {
  chunks: AsyncIterable<Buffer>;
  bytes: number | null;
}

/**
 * Where a bag's files go: a folder (`folderSink`) or a tar stream (`tarSink`, for a download).
 * Paths are relative to the bag's root, `/`-separated, already checked.
 */
export interface BagSink {
  /** Writes one whole file; rejects when `body` ends with another length than it said. */
  write(path: string, body: BagBody): Promise<void>;
  /**
   * The entry an earlier, interrupted export already wrote whole at `path`, when it is still
   * there unchanged (a resumed export then skips reading its source); null otherwise.
   */
  resumed(path: string): Promise<BagEntry | null>;
  /** Called once a payload file is written, so an interrupted export can resume after it. */
  written(entry: BagEntry): Promise<void>;
  /** Called once the tag files are written: the bag is complete. */
  complete(): Promise<void>;
}

function bodyOf(source: PayloadSource): BagBody {
  if (typeof source === 'string' || source instanceof Uint8Array) {
    const buffer = typeof source === 'string' ? Buffer.from(source, 'utf8') : Buffer.from(source);
    return { chunks: Readable.from([buffer]), bytes: buffer.length };
  }
  const [stream, bytes] =
    'bytes' in source && typeof source.bytes === 'number'
      ? [source.stream, source.bytes]
      : [source as NodeJS.ReadableStream, null];
  return {
    bytes,
    chunks: (async function* () {
      for await (const chunk of stream as AsyncIterable<Buffer | string>)
        yield typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
    })(),
  };
}

/** `body` passed on unchanged while its SHA-256 and length are taken. */
function hashed(body: BagBody): { body: BagBody; result: () => { sha256: string; bytes: number } } {
  const hash = createHash('sha256');
  let bytes = 0;
  return {
    body: {
      bytes: body.bytes,
      chunks: (async function* () {
        for await (const chunk of body.chunks) {
          hash.update(chunk);
          bytes += chunk.length;
          yield chunk;
        }
      })(),
    },
    result: () => ({ sha256: hash.digest('hex'), bytes }),
  };
}

/** What `finish` answers: the payload's size. */
export interface BagTotals {
  files: number;
  bytes: number;
}

/** Writes a bag file by file into `sink`; see `createBagWriter`. */
export function bagWriter(sink: BagSink) {
  const entries: BagEntry[] = [];
  const seen = new Set<string>();
  const claim = (path: string): string => {
    const safe = safeBagPath(path);
    if (safe === null) throw new Error(`Not a path inside the bag: ${JSON.stringify(path)}`);
    const inBag = `data/${safe}`;
    if (seen.has(inBag)) throw new Error(`The bag already has ${inBag}`);
    seen.add(inBag);
    return inBag;
  };
  const write = async (inBag: string, source: PayloadSource): Promise<BagEntry> => {
    const { body, result } = hashed(bodyOf(source));
    await sink.write(inBag, body);
    const entry = { path: inBag, ...result() };
    entries.push(entry);
    await sink.written(entry);
    return entry;
  };
  return {
    /** Adds `path` (relative to `data/`, `/`-separated) with the bytes of `source`. */
    async add(path: string, source: PayloadSource): Promise<BagEntry> {
      return write(claim(path), source);
    },
    /**
     * Adds a file that never changes once made (a photo under its unique key): a resumed export
     * keeps the copy an earlier run finished instead of reading `open` again. `open` answering
     * null (the source has no such file) adds nothing and answers null.
     */
    async addOnce(
      path: string,
      open: () => Promise<PayloadSource | null>,
    ): Promise<BagEntry | null> {
      const inBag = claim(path);
      const earlier = await sink.resumed(inBag);
      if (earlier !== null) {
        entries.push(earlier);
        return earlier;
      }
      const source = await open();
      return source === null ? null : write(inBag, source);
    },
    /** The payload so far. */
    totals(): BagTotals {
      return { files: entries.length, bytes: entries.reduce((sum, e) => sum + e.bytes, 0) };
    },
    /** Writes the tag files; the bag is complete once this resolves. */
    async finish(info: BagInfo, now = new Date()): Promise<BagTotals> {
      const totals = this.totals();
      const ordered = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      const tags: BagEntry[] = [];
      const tag = async (name: string, text: string) => {
        const bytes = Buffer.from(text, 'utf8');
        await sink.write(name, { chunks: Readable.from([bytes]), bytes: bytes.length });
        tags.push({
          path: name,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          bytes: bytes.length,
        });
      };
      await tag(BAGIT_TXT, BAGIT_DECLARATION);
      await tag(
        BAG_INFO_TXT,
        bagInfoText([
          ...info,
          ['Bagging-Date', now.toISOString().slice(0, 10)],
          ['Payload-Oxum', `${totals.bytes}.${totals.files}`],
        ]),
      );
      await tag(MANIFEST, manifestText(ordered));
      await tag(TAG_MANIFEST, manifestText(tags));
      await sink.complete();
      return totals;
    },
  };
}

/** The file where a folder's unfinished export lists what it has written whole. */
export const PROGRESS_FILE = '.export-progress.jsonl';
const PARTIAL = '.partial';

/** What is in a folder a bag is to be written into. */
export type FolderState = 'empty' | 'unfinished' | 'bag' | 'other';

/** Whether `root` is missing or empty, holds an unfinished export, a finished bag, or else. */
export async function folderState(root: string): Promise<FolderState> {
  const names: string[] = await readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (names.length === 0) return 'empty';
  if (names.includes(PROGRESS_FILE)) return 'unfinished';
  if (names.includes(BAGIT_TXT) && names.includes(MANIFEST)) return 'bag';
  return 'other';
}

/**
 * A folder sink: each file is written under a temporary name and renamed once whole, then listed
 * in `PROGRESS_FILE`, so an export cut off anywhere resumes with `resume: true` and never takes a
 * half-written file for a whole one. The list is removed when the bag is complete.
 */
export async function folderSink(root: string, { resume = false } = {}): Promise<BagSink> {
  const state = await folderState(root);
  if (state !== 'empty' && !(resume && state === 'unfinished'))
    throw new Error(
      state === 'unfinished'
        ? `${root} holds an unfinished export; resume it or choose an empty folder.`
        : `${root} is not empty; choose an empty folder for the bag.`,
    );
  await mkdir(join(root, 'data'), { recursive: true });
  const progress = join(root, PROGRESS_FILE);
  const earlier = new Map<string, BagEntry>();
  if (state === 'unfinished') {
    for (const line of (await readFile(progress, 'utf8')).split('\n')) {
      try {
        const entry = JSON.parse(line) as BagEntry;
        if (typeof entry.path === 'string' && typeof entry.sha256 === 'string')
          earlier.set(entry.path, entry);
      } catch {
        // The last line of a run cut off mid-write: that file is written again.
      }
    }
  }
  const fileOf = (path: string) => join(root, ...path.split('/'));
  return {
    async write(path, body) {
      const target = fileOf(path);
      await mkdir(dirname(target), { recursive: true });
      let bytes = 0;
      await pipeline(
        body.chunks,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            bytes += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(target + PARTIAL),
      );
      if (body.bytes !== null && bytes !== body.bytes)
        throw new Error(`${path}: ${bytes} bytes came where ${body.bytes} were announced`);
      await rename(target + PARTIAL, target);
    },
    async resumed(path) {
      const entry = earlier.get(path);
      if (entry === undefined) return null;
      const now = await sha256Of(fileOf(path)).catch(() => null);
      return now !== null && now.sha256 === entry.sha256 && now.bytes === entry.bytes
        ? entry
        : null;
    },
    async written(entry) {
      await appendFile(progress, `${JSON.stringify(entry)}\n`);
    },
    async complete() {
      await rm(progress, { force: true });
    },
  };
}

/**
 * Writes a bag into the empty (or missing) folder `root`, or (`resume`) on into the unfinished
 * export there: `add` streams each payload file into `data/` and hashes it as it goes; `finish`
 * writes the declaration, `bag-info.txt` (with the payload's Oxum and the bagging date), the
 * payload manifest and the tag manifest.
 */
export async function createBagWriter(root: string, options: { resume?: boolean } = {}) {
  return bagWriter(await folderSink(root, options));
}

/** What `verifyBag` found: `valid` only with no problem of any kind. */
export interface BagReport {
  valid: boolean;
  /** Files the payload or tag manifest lists that are not in the bag. */
  missing: string[];
  /** Files whose SHA-256 is not the manifest's. */
  changed: string[];
  /** Payload files (under `data/`) no manifest lists. */
  unlisted: string[];
  /** Anything else: no declaration, a line that is no manifest line, a path leaving the bag… */
  problems: string[];
  files: number;
  bytes: number;
}

/** The entries of a manifest file, and what in it could not be read. */
function readManifest(text: string, name: string, problems: string[]): Map<string, string> {
  const listed = new Map<string, string>();
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (line === '') return;
    const match = /^([0-9a-fA-F]{64})[ \t]+(.+)$/.exec(line);
    if (!match) {
      problems.push(`${name} line ${index + 1} is not "<SHA-256> <path>"`);
      return;
    }
    const path = safeBagPath(decodeBagPath(match[2] as string).replace(/^\.\//, ''));
    if (path === null) {
      problems.push(`${name} line ${index + 1} names a path outside the bag`);
      return;
    }
    if (listed.has(path)) problems.push(`${name} lists ${path} twice`);
    listed.set(path, (match[1] as string).toLowerCase());
  });
  return listed;
}

/** Every file under `dir` (relative, `/`-separated); a symbolic link is named, never followed. */
async function filesUnder(dir: string, prefix: string, links: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = `${prefix}${entry.name}`;
    if (entry.isSymbolicLink()) links.push(path);
    else if (entry.isDirectory())
      found.push(...(await filesUnder(join(dir, entry.name), `${path}/`, links)));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Checks the bag at `root` (RFC 8493 §3): the declaration, that every file the payload manifest
 * lists is there with its SHA-256, that every payload file is listed, the tag manifest's files,
 * and the Payload-Oxum where `bag-info.txt` gives one.
 */
export async function verifyBag(root: string): Promise<BagReport> {
  const report: BagReport = {
    valid: false,
    missing: [],
    changed: [],
    unlisted: [],
    problems: [],
    files: 0,
    bytes: 0,
  };
  const declaration = await readFile(join(root, BAGIT_TXT), 'utf8').catch(() => null);
  if (declaration === null) report.problems.push(`no ${BAGIT_TXT}: not a bag`);
  else if (!/^BagIt-Version: 1\.\d+\r?\n/.test(declaration))
    report.problems.push(`${BAGIT_TXT} does not declare BagIt 1.x`);
  const manifestText = await readFile(join(root, MANIFEST), 'utf8').catch(() => null);
  if (manifestText === null) report.problems.push(`no ${MANIFEST}`);
  const payload = readManifest(manifestText ?? '', MANIFEST, report.problems);
  for (const path of payload.keys())
    if (!path.startsWith('data/'))
      report.problems.push(`${MANIFEST} lists ${path}, not under data/`);

  const check = async (listed: Map<string, string>) => {
    for (const [path, sha256] of listed) {
      const file = join(root, ...path.split('/'));
      if (!(await exists(file))) {
        report.missing.push(path);
        continue;
      }
      const actual = await sha256Of(file);
      if (actual.sha256 !== sha256) report.changed.push(path);
      if (listed === payload) {
        report.files += 1;
        report.bytes += actual.bytes;
      }
    }
  };
  await check(payload);

  const links: string[] = [];
  const inData = await filesUnder(join(root, 'data'), 'data/', links).catch(() => {
    report.problems.push('no data/ folder');
    return [];
  });
  for (const path of inData) if (!payload.has(path)) report.unlisted.push(path);
  for (const path of links) report.problems.push(`${path} is a symbolic link`);

  const tagText = await readFile(join(root, TAG_MANIFEST), 'utf8').catch(() => null);
  if (tagText !== null) await check(readManifest(tagText, TAG_MANIFEST, report.problems));

  const info = await readFile(join(root, BAG_INFO_TXT), 'utf8').catch(() => null);
  const oxum = info === null ? null : /^Payload-Oxum:\s*(\d+)\.(\d+)\s*$/m.exec(info);
  if (oxum && (Number(oxum[1]) !== report.bytes || Number(oxum[2]) !== payload.size))
    report.problems.push(
      `Payload-Oxum says ${oxum[1]} bytes in ${oxum[2]} files; the manifest's files hold ${report.bytes} in ${payload.size}`,
    );

  for (const list of [report.missing, report.changed, report.unlisted]) list.sort();
  report.valid =
    report.problems.length === 0 &&
    report.missing.length === 0 &&
    report.changed.length === 0 &&
    report.unlisted.length === 0;
  return report;
}
