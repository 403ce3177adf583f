import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CaptureAdder } from '@/components/CaptureAdder';
import type { NodeCapture } from '@/lib/capture';
import type { NodeImageInput } from '@/lib/nodeSchema';
import { safeUrl } from '@/lib/url';

/** A photo being sent, or one the service refused (kept in view with its reason). */
interface Pending {
  key: number;
  name: string;
  failed: string | null;
}

interface Props {
  label: string;
  /** The uploaded images, in order. */
  images: readonly NodeImageInput[];
  onChange: (images: NodeImageInput[]) => void;
  /** Sends one file; rejects with an Error whose message is meant for the person. */
  upload: (file: File) => Promise<NodeImageInput>;
  max: number;
  error?: string | undefined;
  hint?: string;
  name: string;
  /**
   * What each thumbnail shows: by default its URL (checked). A photo that is not public yet gives
   * another source (the chosen file, or a copy an editor fetched), or null for a placeholder.
   */
  previewOf?: (image: NodeImageInput) => string | null;
  /**
   * Sends a 3D capture's file: given, the list also takes captures (see `CaptureAdder`), each an
   * entry whose poster is a photo sent with `upload`.
   */
  uploadCapture?: (file: File) => Promise<NodeCapture>;
  /** A capture is being sent or its poster drawn (photos' own uploads are the caller's to count). */
  onBusy?: (busy: boolean) => void;
  /** More buttons beside an entry's own (an editor's "Blur…"); `entry` names it ("Photo 2"). */
  actionsOf?: (image: NodeImageInput, index: number, entry: string) => ReactNode;
}

const thumbnailUrl = (image: NodeImageInput) => safeUrl(image.thumbUrl);

let nextKey = 1;

/**
 * Photos of a gallery or a submission: chosen (several at once), uploaded one by one as they are
 * chosen, shown as thumbnails that can be moved earlier or later and removed. A refused file stays
 * listed with the service's reason until dismissed, so nobody wonders where it went. With
 * `uploadCapture`, 3D captures join the list as their posters, marked "3D".
 */
export function ImageListField({
  label,
  images,
  onChange,
  upload,
  max,
  error,
  hint,
  name,
  previewOf = thumbnailUrl,
  uploadCapture,
  onBusy,
  actionsOf,
}: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  // Uploads finish out of order; each appends to the list as it is when it finishes.
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  }, [images]);

  const room = max - images.length - pending.filter((p) => p.failed === null).length;

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
      const message = failure instanceof Error ? failure.message : 'The upload failed.';
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
        { key: nextKey++, name: file.name, failed: `At most ${max} photos.` },
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

  function move(index: number, by: -1 | 1) {
    const next = [...images];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + by, 0, item);
    onChange(next);
  }

  const uploading = pending.filter((p) => p.failed === null).length;
  return (
    <div className="field image-list" aria-describedby={error ? `${id}-error` : undefined}>
      <span className="image-list__label" id={`${id}-label`}>
        {label}
      </span>
      {hint && <p className="field__hint">{hint}</p>}
      {images.length > 0 && (
        <ol className="image-list__items" aria-labelledby={`${id}-label`}>
          {images.map((image, index) => {
            const src = previewOf(image);
            const entry = `${image.capture ? '3D capture' : 'Photo'} ${index + 1}`;
            return (
              <li key={`${image.fullUrl}-${index}`} className="image-list__item">
                {src ? (
                  <img src={src} alt={entry} loading="lazy" />
                ) : (
                  <span className="image-list__placeholder" role="img" aria-label={entry}>
                    {entry}
                  </span>
                )}
                {image.capture && (
                  <span className="image-list__badge" aria-hidden="true">
                    3D
                  </span>
                )}
                <span className="image-list__actions">
                  <button
                    type="button"
                    className="button-quiet"
                    disabled={index === 0}
                    aria-label={`Move ${entry.toLowerCase()} earlier`}
                    onClick={() => move(index, -1)}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="button-quiet"
                    disabled={index === images.length - 1}
                    aria-label={`Move ${entry.toLowerCase()} later`}
                    onClick={() => move(index, 1)}
                  >
                    →
                  </button>
                  <button
                    type="button"
                    className="button-quiet"
                    aria-label={`Remove ${entry.toLowerCase()}`}
                    onClick={() => onChange(images.filter((_, i) => i !== index))}
                  >
                    Remove
                  </button>
                  {actionsOf?.(image, index, entry)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="image-list__add">
        <input
          ref={input}
          id={id}
          name={name}
          type="file"
          accept="image/*"
          multiple
          disabled={room <= 0}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => choose(event.target.files)}
        />
        <p className="field__hint" aria-live="polite">
          {uploading > 0
            ? `Uploading ${uploading === 1 ? '1 photo' : `${uploading} photos`}…`
            : `${images.length} of at most ${max} photos.`}
        </p>
      </div>
      {uploadCapture && (
        <CaptureAdder
          uploadCapture={uploadCapture}
          upload={upload}
          onAdded={append}
          full={room <= 0}
          {...(onBusy ? { onBusy } : {})}
        />
      )}
      {pending.some((p) => p.failed !== null) && (
        <ul className="image-list__failures">
          {pending
            .filter((p) => p.failed !== null)
            .map((p) => (
              <li key={p.key} className="field__error" role="alert">
                {p.name}: {p.failed}{' '}
                <button
                  type="button"
                  className="button-quiet"
                  onClick={() => setPending((list) => list.filter((q) => q.key !== p.key))}
                >
                  Dismiss
                </button>
              </li>
            ))}
        </ul>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
