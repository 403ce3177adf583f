import { plural, t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import type { NodeImageInput } from '@/lib/nodeSchema';

/** A photo being sent, or one the service refused (kept in view with its reason). */
export interface PendingUpload {
  key: number;
  name: string;
  failed: string | null;
}

/** A refused photo, listed with the service's reason until dismissed. */
export type FailedUpload = PendingUpload & { failed: string };

let nextKey = 1;

/** What the uploads of an image list read from its field. */
interface UploadOptions {
  /** The uploaded images, in order. */
  images: readonly NodeImageInput[];
  onChange: (images: NodeImageInput[]) => void;
  /** Sends one file; rejects with an Error whose message is meant for the person. */
  upload: (file: File) => Promise<NodeImageInput>;
  max: number;
}

/**
 * The uploads of an image list: chosen files are sent one at a time, in the order chosen, and each
 * joins the list as it is when it finishes. Files beyond `max`, and those the service refuses, stay
 * as failures with their reason until dismissed.
 */
export function useImageUploads({ images, onChange, upload, max }: UploadOptions) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  // Uploads finish out of order; each appends to the list as it is when it finishes.
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  }, [images]);

  const uploading = pending.filter((p) => p.failed === null).length;
  const room = max - images.length - uploading;

  function append(image: NodeImageInput) {
    const next = [...latest.current, image];
    latest.current = next;
    onChange(next);
  }

  async function send(key: number, file: File) {
    try {
      const image = await upload(file);
      setPending((list) => list.filter((p) => p.key !== key));
      append(image);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : t`The upload failed.`;
      setPending((list) => list.map((p) => (p.key === key ? { ...p, failed: message } : p)));
    }
  }

  function choose(files: FileList | null) {
    if (!files) return;
    const chosen = [...files];
    const accepted = chosen.slice(0, Math.max(0, room));
    for (const file of chosen.slice(accepted.length)) {
      setPending((list) => [
        ...list,
        {
          key: nextKey++,
          name: file.name,
          failed: plural(max, { one: 'At most # photo.', other: 'At most # photos.' }),
        },
      ]);
    }
    // One at a time, in the order chosen: the gallery keeps that order, and a phone on a slow
    // line is not asked to push ten photos at once.
    const queued = accepted.map((file) => ({ key: nextKey++, file }));
    setPending((list) => [
      ...list,
      ...queued.map(({ key, file }) => ({ key, name: file.name, failed: null })),
    ]);
    void queued.reduce<Promise<void>>(
      (queue, { key, file }) => queue.then(() => send(key, file)),
      Promise.resolve(),
    );
    if (input.current) input.current.value = '';
  }

  function dismiss(key: number) {
    setPending((list) => list.filter((p) => p.key !== key));
  }

  const failures = pending.filter((p): p is FailedUpload => p.failed !== null);
  return { input, room, uploading, failures, append, choose, dismiss };
}
