/**
 * Visitors' photos and 3D captures between their upload and their approval: which uploads a
 * submission claims, and how an approval copies the ones its item shows from their private keys to
 * their public ones, after its commit (see `PhotoPublisher`).
 */
import type { NodeImageInput } from '@/lib/nodeSchema';
import type { PhotoPublisher, UploadRecord } from '../storage/uploadLedger';
import {
  captureFormatOfKey,
  filesOf,
  fullKeyOf,
  iiifInfoKeyOf,
  isUploadKey,
  keysOf,
  publishIfStored,
  type MediaStorage,
} from './mediaStorage';
import { tilePublished } from './imageTiles';

/** An approval's photos are not all in storage, or storage failed to say (nothing was approved). */
export class PhotoPublishFailed extends Error {
  override name = 'PhotoPublishFailed';
}

/**
 * The uploads a visitor's images name (full-size public keys), or null when one is not a photo
 * uploaded here as a pair: its full-size URL and the thumbnail URL that upload answered with, and
 * its card-sized copy's URL when it names one (an upload made before those existed answered none);
 * or when its 3D capture is not a capture uploaded here in the format it says.
 */
export function uploadsOfImages(
  media: MediaStorage | null,
  images: readonly NodeImageInput[],
): string[] | null {
  const keys: string[] = [];
  for (const image of images) {
    const full = media?.keyOf(image.fullUrl) ?? null;
    const thumb = media?.keyOf(image.thumbUrl) ?? null;
    if (full === null || thumb === null || full !== fullKeyOf(full)) return null;
    if (captureFormatOfKey(full) !== null) return null;
    const expected = keysOf(full);
    if (thumb !== expected.thumb) return null;
    if (image.cardUrl !== undefined && media?.keyOf(image.cardUrl) !== expected.card) return null;
    keys.push(full);
    if (image.capture !== undefined) {
      const capture = media?.keyOf(image.capture.url) ?? null;
      if (capture === null || captureFormatOfKey(capture) !== image.capture.format) return null;
      keys.push(capture);
    }
  }
  return keys;
}

/**
 * The uploads whose photo (full-size, thumbnail or card-sized copy) or 3D capture an item shows,
 * as full-size public keys.
 */
export function uploadsShownBy(media: MediaStorage, images: readonly NodeImageInput[]): string[] {
  const keys = images.flatMap((image) => [
    media.keyOf(image.fullUrl),
    media.keyOf(image.thumbUrl),
    image.cardUrl === undefined ? null : media.keyOf(image.cardUrl),
    image.capture === undefined ? null : media.keyOf(image.capture.url),
  ]);
  return [
    ...new Set(
      keys.filter((key): key is string => key !== null && isUploadKey(key)).map(fullKeyOf),
    ),
  ];
}

/**
 * Whether storage holds every file `record` needs to be published: a photo's full size and
 * thumbnail (its card-sized copy is missing from uploads made before those existed), a capture's
 * one file.
 */
async function isPublishable(media: MediaStorage, record: UploadRecord): Promise<boolean> {
  const files = filesOf(record.pendingKey);
  const needed = files.length === 1 ? files : files.slice(0, 2);
  return (await Promise.all(needed.map((key) => media.has(key)))).every(Boolean);
}

/**
 * Copies every file of a published upload to its public key; copying again is harmless. A file
 * with no private copy is skipped: the card-sized copy an upload made before those existed lacks,
 * or a file whose private copy went once it was public (the recovery may repeat an approval's
 * copies). One found in neither place is logged: nothing can bring it back.
 *
 * @throws when storage fails (the copies stay owed).
 */
export async function copyToPublic(
  media: MediaStorage,
  record: UploadRecord,
  log: (line: string) => void,
): Promise<void> {
  const to = filesOf(record.publicKey);
  await Promise.all(
    filesOf(record.pendingKey).map(async (from, i) => {
      const target = to[i];
      if (target === undefined) throw new Error(`${from} has no public key in ${record.publicKey}`);
      if (await publishIfStored(media, from, target)) return;
      // The third file of a photo is its card-sized copy, which older uploads lack.
      if (i !== 2 && !(await media.has(target))) {
        log(`nodes-service: ${target} cannot be published: its private copy ${from} is gone.`);
      }
    }),
  );
  // A photo's IIIF tiles (issue 52), from its public copy; a capture has none.
  if (captureFormatOfKey(record.publicKey) === null) {
    await tilePublished(media, record.publicKey, log);
  }
}

/**
 * Deletes any public copy of an upload that is not published (an older version copied an
 * approval's photos before its commit, and a crash there left them).
 */
export async function withdrawPublic(media: MediaStorage, record: UploadRecord): Promise<void> {
  const info = iiifInfoKeyOf(record.publicKey);
  await Promise.all(
    [...filesOf(record.publicKey), ...(info === null ? [] : [info])].map((key) =>
      media.delete(key),
    ),
  );
}

/**
 * Deletes the private copies of uploads whose public copies are made (best effort: the sweep
 * deletes any left once it forgets their records).
 */
export async function deletePrivate(
  media: MediaStorage,
  records: readonly UploadRecord[],
): Promise<void> {
  await Promise.allSettled(
    records.flatMap((record) => filesOf(record.pendingKey).map((key) => media.delete(key))),
  );
}

/**
 * The publisher of one approval: inside its transaction it only checks that storage holds the
 * photos; after the commit it copies them to their public keys (`afterCommit`, called by the
 * store), and once the store has marked them public, `afterApproval` deletes their private
 * copies. A copy that fails after the commit is logged and stays owed: the approval stands, and
 * the recovery makes the copy (at start and in every sweep).
 */
export function photoPublisher(
  media: MediaStorage,
  images: readonly NodeImageInput[],
  at: Date,
  log: (line: string) => void,
): { photos: PhotoPublisher; afterApproval: () => Promise<void> } {
  let published: readonly UploadRecord[] = [];
  return {
    photos: {
      publicKeys: uploadsShownBy(media, images),
      at,
      async publish(records) {
        const failed = 'A photo of this submission could not be published.';
        let ready: boolean[];
        try {
          ready = await Promise.all(records.map((record) => isPublishable(media, record)));
        } catch (error) {
          throw new PhotoPublishFailed(failed, { cause: error });
        }
        const missing = records.filter((_, i) => !ready[i]).map((record) => record.pendingKey);
        if (missing.length > 0) {
          throw new PhotoPublishFailed(failed, {
            cause: new Error(`Nothing is stored under ${missing.join(', ')}.`),
          });
        }
      },
      // Checking storage made nothing to take back.
      unpublish: () => Promise.resolve(),
      async afterCommit(records) {
        const outcomes = await Promise.allSettled(
          records.map((record) => copyToPublic(media, record, log)),
        );
        outcomes.forEach((outcome, i) => {
          if (outcome.status === 'rejected') {
            log(
              `nodes-service: publishing ${records[i]?.publicKey ?? 'a photo'} after its approval ` +
                `failed; the next sweep tries again: ${String(outcome.reason)}`,
            );
          }
        });
        published = records.filter((_, i) => outcomes[i]?.status === 'fulfilled');
        return published.map((record) => record.publicKey);
      },
    },
    async afterApproval() {
      await deletePrivate(media, published);
    },
  };
}
