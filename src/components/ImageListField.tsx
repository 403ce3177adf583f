import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId, type ReactNode } from 'react';
import { CaptureAdder } from '@/components/CaptureAdder';
import { ImageListEntries, UploadFailures } from '@/components/ImageListEntries';
import { useImageUploads } from '@/components/useImageUploads';
import type { NodeCapture } from '@/lib/capture';
import type { NodeImageInput } from '@/lib/nodeSchema';
import { countText } from '@/lib/numbers';
import { safeUrl } from '@/lib/url';
import './ImageListField.css';

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

/** "3 of at most 20 photos.": the noun goes with the most the list holds. */
function uploadedOfMax(count: number, max: number): string {
  const uploaded = countText(count);
  return plural(max, {
    one: `${uploaded} of at most # photo.`,
    other: `${uploaded} of at most # photos.`,
  });
}

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
  // The counts below speak the active language: a switch renders them again.
  useLingui();
  const id = useId();
  const { input, room, uploading, failures, append, choose, dismiss } = useImageUploads({
    images,
    onChange,
    upload,
    max,
  });
  return (
    <div className="field image-list" aria-describedby={error ? `${id}-error` : undefined}>
      <span className="image-list__label" id={`${id}-label`}>
        {label}
      </span>
      {hint && <p className="field__hint">{hint}</p>}
      {images.length > 0 && (
        <ImageListEntries
          labelledBy={`${id}-label`}
          images={images}
          onChange={onChange}
          previewOf={previewOf}
          actionsOf={actionsOf}
        />
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
            ? plural(uploading, { one: 'Uploading # photo…', other: 'Uploading # photos…' })
            : uploadedOfMax(images.length, max)}
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
      <UploadFailures failures={failures} onDismiss={dismiss} />
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
