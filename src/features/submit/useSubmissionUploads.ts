import { useRef, useState } from 'react';
import type { NodeImageInput } from '@/lib/nodeSchema';
import { ServiceError } from '@/lib/serviceApi';
import { uploadSubmissionCapture, uploadSubmissionPhoto } from '@/features/submit/communityService';
import { useLocalPreviews } from '@/features/submit/useLocalPreviews';
import {
  newOutboxId,
  outboxAvailable,
  PHOTO_PLACEHOLDER_PREFIX,
  type OutboxPhoto,
} from '@/offline/outbox';

/** Whether an image of the draft is a photo kept on the device until the outbox uploads it. */
export function isKeptPhoto(image: NodeImageInput): boolean {
  return image.thumbUrl.startsWith(PHOTO_PLACEHOLDER_PREFIX);
}

/**
 * A visitor's photos and 3D captures sent as they are chosen, counted while on their way (a
 * submission sent now would go without them). The photos stay private until an editor publishes
 * them, so the list shows the chosen files instead (`previewOf`).
 *
 * With no network (issue 50) a chosen photo is kept on the device instead, named in the draft by a
 * placeholder: the submission then goes to the outbox, which uploads the photo first.
 */
export function useSubmissionUploads(baseUrl: string) {
  const [uploading, setUploading] = useState(0);
  const previews = useLocalPreviews();
  const kept = useRef(new Map<string, OutboxPhoto>());

  const keep = (file: File): NodeImageInput => {
    const placeholder = `${PHOTO_PLACEHOLDER_PREFIX}${newOutboxId()}`;
    kept.current.set(placeholder, { placeholder, file, name: file.name });
    return { thumbUrl: placeholder, fullUrl: placeholder };
  };

  const upload = async (file: File) => {
    setUploading((n) => n + 1);
    try {
      let image: NodeImageInput;
      if (!navigator.onLine && outboxAvailable()) image = keep(file);
      else {
        try {
          image = await uploadSubmissionPhoto(baseUrl, file);
        } catch (failure) {
          // The network failed it: kept, to go with the submission from the outbox.
          if (!(failure instanceof ServiceError && failure.status === 0 && outboxAvailable()))
            throw failure;
          image = keep(file);
        }
      }
      previews.remember(image, file);
      return image;
    } finally {
      setUploading((n) => n - 1);
    }
  };

  return {
    uploading,
    upload,
    uploadCapture: (file: File) => uploadSubmissionCapture(baseUrl, file),
    /** A capture says when it starts and ends (its poster is drawn, then sent). */
    onCaptureBusy: (busy: boolean) => setUploading((n) => n + (busy ? 1 : -1)),
    previewOf: previews.previewOf,
    /** The kept photos `images` names, or null when one of them is no longer here (a reload). */
    keptPhotos(images: readonly NodeImageInput[]): OutboxPhoto[] | null {
      const photos: OutboxPhoto[] = [];
      for (const image of images.filter(isKeptPhoto)) {
        const photo = kept.current.get(image.thumbUrl);
        if (!photo) return null;
        photos.push(photo);
      }
      return photos;
    },
  };
}
