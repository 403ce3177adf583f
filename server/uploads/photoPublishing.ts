/**
 * Visitors' photos and 3D captures between their upload and their approval: which uploads a
 * submission claims, and how an approval copies the ones its item shows from their private keys to
 * their public ones.
 */
import type { NodeImageInput } from '@/lib/nodeSchema';
import type { PhotoPublisher, UploadRecord } from '../storage/uploadLedger';
import {
  captureFormatOfKey,
  filesOf,
  fullKeyOf,
  isUploadKey,
  keysOf,
  publishIfStored,
  type MediaStorage,
} from './mediaStorage';

/** Storage failed while an approval published its photos (nothing was approved). */
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
 * Copies every file of each record to its public keys, or throws with none left public. An
 * upload made before card-sized copies existed has none to copy: the rest is published.
 */
async function copyPublic(media: MediaStorage, records: readonly UploadRecord[]): Promise<void> {
  const copies = records.flatMap((record) => {
    const to = filesOf(record.publicKey);
    return filesOf(record.pendingKey).map((from, i) => {
      const target = to[i];
      if (target === undefined) {
        return Promise.reject(new Error(`${from} has no public key in ${record.publicKey}`));
      }
      // The third file of a photo is its card-sized copy, which older uploads lack.
      return i === 2 ? publishIfStored(media, from, target) : media.publish(from, target);
    });
  });
  const outcomes = await Promise.allSettled(copies);
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) {
    await removePublic(media, records);
    throw new PhotoPublishFailed('A photo of this submission could not be published.', {
      cause: failure.reason,
    });
  }
}

/** Takes public copies back (best effort: a copy that stays is a photo nobody links to). */
async function removePublic(media: MediaStorage, records: readonly UploadRecord[]): Promise<void> {
  await Promise.allSettled(
    records.flatMap((record) => filesOf(record.publicKey).map((key) => media.delete(key))),
  );
}

/**
 * The publisher of one approval, and what to do once it is committed: the private copies of the
 * photos it published are deleted then (best effort; the sweep deletes any left).
 */
export function photoPublisher(
  media: MediaStorage,
  images: readonly NodeImageInput[],
  at: Date,
): { photos: PhotoPublisher; afterApproval: () => Promise<void> } {
  let published: readonly UploadRecord[] = [];
  return {
    photos: {
      publicKeys: uploadsShownBy(media, images),
      at,
      async publish(records) {
        await copyPublic(media, records);
        published = records;
      },
      async unpublish(records) {
        await removePublic(media, records);
        published = [];
      },
    },
    async afterApproval() {
      await Promise.allSettled(
        published.flatMap((record) => filesOf(record.pendingKey).map((key) => media.delete(key))),
      );
    },
  };
}
