import { useRef, useState } from 'react';
import { captureFormatOf, type NodeCapture } from '@/lib/capture';
import type { NodeImageInput } from '@/lib/nodeSchema';
import { captureFileRefusal, notCaptureFile, ServiceError } from '@/lib/serviceApi';
import { uploadSubmissionCapture, uploadSubmissionPhoto } from '@/features/submit/communityService';
import { useLocalPreviews } from '@/features/submit/useLocalPreviews';
import {
  CAPTURE_PLACEHOLDER_PREFIX,
  isKeptFilePlaceholder,
  newOutboxId,
  outboxAvailable,
  PHOTO_PLACEHOLDER_PREFIX,
  type OutboxFile,
} from '@/offline/outbox';

/** The placeholders of an image of the draft that name files kept on the device. */
function keptPlaceholders(image: NodeImageInput): string[] {
  return [image.thumbUrl, image.capture?.url].filter(isKeptFilePlaceholder);
}

/** Whether a failed upload is the network's (no answer) and the file can wait in the outbox. */
const keptForOutbox = (failure: unknown) =>
  failure instanceof ServiceError && failure.status === 0 && outboxAvailable();

/**
 * A visitor's photos and 3D captures sent as they are chosen, counted while on their way (a
 * submission sent now would go without them). The photos stay private until an editor publishes
 * them, so the list shows the chosen files instead (`previewOf`).
 *
 * With no network (issue 50) a chosen photo or capture is kept on the device instead, named in
 * the draft by a placeholder: the submission then goes to the outbox, which uploads the files
 * first. A capture's poster is drawn from the file on the device all the same.
 */
export function useSubmissionUploads(baseUrl: string) {
  const [uploading, setUploading] = useState(0);
  const previews = useLocalPreviews();
  const kept = useRef(new Map<string, OutboxFile>());

  const keep = (prefix: string, file: File): string => {
    const placeholder = `${prefix}${newOutboxId()}`;
    kept.current.set(placeholder, { placeholder, file, name: file.name });
    return placeholder;
  };
  const keepPhoto = (file: File): NodeImageInput => {
    const placeholder = keep(PHOTO_PLACEHOLDER_PREFIX, file);
    return { thumbUrl: placeholder, fullUrl: placeholder };
  };
  // The checks the service would make first, so a wrong file is said now rather than days later.
  const keepCapture = async (file: File): Promise<NodeCapture> => {
    const refusal = captureFileRefusal(file);
    if (refusal) throw refusal;
    const format = captureFormatOf(new Uint8Array(await file.slice(0, 4).arrayBuffer()), file.name);
    if (format === null) throw notCaptureFile();
    return { url: keep(CAPTURE_PLACEHOLDER_PREFIX, file), format };
  };

  const upload = async (file: File) => {
    setUploading((n) => n + 1);
    try {
      let image: NodeImageInput;
      if (!navigator.onLine && outboxAvailable()) image = keepPhoto(file);
      else {
        try {
          image = await uploadSubmissionPhoto(baseUrl, file);
        } catch (failure) {
          if (!keptForOutbox(failure)) throw failure;
          image = keepPhoto(file);
        }
      }
      previews.remember(image, file);
      return image;
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const uploadCapture = async (file: File): Promise<NodeCapture> => {
    if (!navigator.onLine && outboxAvailable()) return keepCapture(file);
    try {
      return await uploadSubmissionCapture(baseUrl, file);
    } catch (failure) {
      if (!keptForOutbox(failure)) throw failure;
      return keepCapture(file);
    }
  };

  return {
    uploading,
    upload,
    uploadCapture,
    /** A capture says when it starts and ends (its poster is drawn, then sent). */
    onCaptureBusy: (busy: boolean) => setUploading((n) => n + (busy ? 1 : -1)),
    previewOf: previews.previewOf,
    /**
     * The kept files `images` names (photos and captures), or null when one of them is no longer
     * here (a reload).
     */
    keptFiles(images: readonly NodeImageInput[]): OutboxFile[] | null {
      const files: OutboxFile[] = [];
      for (const placeholder of images.flatMap(keptPlaceholders)) {
        const file = kept.current.get(placeholder);
        if (!file) return null;
        files.push(file);
      }
      return files;
    },
  };
}
