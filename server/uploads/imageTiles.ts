/**
 * A published photo's IIIF Image API 3.0 level-0 service (issue 52): static tiles at every scale
 * and an `info.json`, made from its full-size copy when it is published (an editor's upload, an
 * approval's copy, the recovery repeating one) and stored beside it under `iiif/` (see
 * `IIIF_KEY_PATTERN`). Level 0 needs no image server: the folder's files are the whole service,
 * served as they are by the Node server's `/uploads/` or by S3 behind CloudFront.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { tileImage } from './imageProcessing';
import {
  contentTypeOfKey,
  fullKeyOf,
  iiifBaseOf,
  iiifInfoKeyOf,
  isIiifKey,
  type MediaStorage,
} from './mediaStorage';

/** A stored image service's size and base, read from its `info.json`. */
export interface ImageServiceInfo {
  /** The service's `id` as stored: absolute for a bucket, `/uploads/iiif/…` for a folder. */
  id: string;
  width: number;
  height: number;
}

/** Stores `body` under `key` unless it is there already (made by an earlier, cut-off run). */
async function putOnce(media: MediaStorage, key: string, body: Buffer): Promise<void> {
  if (await media.has(key)) return;
  try {
    await media.put(key, body, contentTypeOfKey(key));
  } catch (error) {
    // Another run (an approval and the recovery at once) stored the same bytes first.
    if (!(await media.has(key))) throw error;
  }
}

/** Files of `dir`, as paths relative to it with `/` between folders. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * Makes and stores the IIIF files of the published photo `fullKey` (`2026/11/<uuid>.jpg`); when
 * its `info.json` is stored already, nothing. The tiles go first and `info.json` last, so a
 * service whose `info.json` answers is whole; a run cut short leaves tiles the next run keeps.
 *
 * @param full the photo's bytes when the caller holds them (else read from storage)
 * @returns the service, or null when `fullKey` is not a published photo's key or none is stored
 * @throws when storage or the image library fails
 */
export async function makeImageTiles(
  media: MediaStorage,
  fullKey: string,
  full?: Buffer,
): Promise<ImageServiceInfo | null> {
  const base = iiifBaseOf(fullKey);
  const infoKey = iiifInfoKeyOf(fullKey);
  // The full-size copy only: a thumbnail's key names the same service, cut from less.
  if (base === null || infoKey === null || fullKey !== fullKeyOf(fullKey)) return null;
  const stored = await readImageService(media, fullKey);
  if (stored !== null) return stored;
  const bytes = full ?? (await media.get(fullKey));
  if (bytes === null) return null;
  const dir = await mkdtemp(join(tmpdir(), 'globe-iiif-'));
  try {
    const id = media.urlOf(base);
    await tileImage(bytes, dir, id);
    const made = join(dir, base.slice(base.lastIndexOf('/') + 1));
    const files = (await filesUnder(made)).map((name) => `${base}/${name}`);
    const strays = files.filter((key) => !isIiifKey(key));
    if (strays.length > 0) throw new Error(`The tiler wrote files no key names: ${strays[0]}`);
    const tiles = files.filter((key) => key !== infoKey);
    // A few at a time: a bucket takes parallel writes, a folder does not mind them.
    for (let i = 0; i < tiles.length; i += 8) {
      await Promise.all(
        tiles
          .slice(i, i + 8)
          .map(async (key) =>
            putOnce(media, key, await readFile(join(made, key.slice(base.length + 1)))),
          ),
      );
    }
    const info = await readFile(join(made, 'info.json'));
    await putOnce(media, infoKey, info);
    return serviceOf(info);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The size and base an `info.json` states, or null for one that does not parse as ours. */
function serviceOf(bytes: Buffer): ImageServiceInfo | null {
  try {
    const info = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
    const { id, width, height } = info;
    if (typeof id !== 'string' || !Number.isInteger(width) || !Number.isInteger(height))
      return null;
    return { id, width: width as number, height: height as number };
  } catch {
    return null;
  }
}

/**
 * The stored image service of the published photo `fullKey` (or any of its copies' keys), or
 * null when none is stored (a photo published before issue 52, or one whose tiles failed).
 */
export async function readImageService(
  media: MediaStorage,
  fullKey: string,
): Promise<ImageServiceInfo | null> {
  const infoKey = iiifInfoKeyOf(fullKey);
  if (infoKey === null) return null;
  const bytes = await media.get(infoKey);
  return bytes === null ? null : serviceOf(bytes);
}

/**
 * Makes the IIIF files of a photo just published, logging (never throwing) a failure: the photo
 * is published either way, and its manifest shows it without deep zoom until a later run (the
 * recovery, or `npm run iiif:tiles`) makes them.
 */
export async function tilePublished(
  media: MediaStorage,
  fullKey: string,
  log: (line: string) => void,
  full?: Buffer,
): Promise<void> {
  try {
    await makeImageTiles(media, fullKey, full);
  } catch (error) {
    log(
      `nodes-service: the IIIF tiles of ${fullKey} could not be made: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** What `tileMissing` did. */
export interface TilingReport {
  /** Photos whose tiles were made now. */
  made: number;
  /** Photos that had them already. */
  had: number;
  /** Photos whose tiles could not be made (each logged), or whose file is gone. */
  failed: number;
}

/**
 * Makes the IIIF files of every stored photo `fullUrls` names that lacks them: photos published
 * before issue 52, or whose tiles failed when they were published (`npm run iiif:tiles`). A URL
 * that is not one of this storage's photos is skipped.
 */
export async function tileMissing(
  media: MediaStorage,
  fullUrls: Iterable<string>,
  log: (line: string) => void,
): Promise<TilingReport> {
  const report: TilingReport = { made: 0, had: 0, failed: 0 };
  const keys = new Set<string>();
  for (const url of fullUrls) {
    const key = media.keyOf(url);
    if (key !== null && key === fullKeyOf(key) && iiifBaseOf(key) !== null) keys.add(key);
  }
  for (const key of keys) {
    try {
      if ((await readImageService(media, key)) !== null) {
        report.had++;
        continue;
      }
      if ((await makeImageTiles(media, key)) === null) {
        log(`${key}: the photo is not in storage.`);
        report.failed++;
      } else report.made++;
    } catch (error) {
      log(`${key}: ${error instanceof Error ? error.message : String(error)}`);
      report.failed++;
    }
  }
  return report;
}
