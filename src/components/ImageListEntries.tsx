import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { FailedUpload } from '@/components/useImageUploads';
import type { NodeImageInput } from '@/lib/nodeSchema';

interface EntriesProps {
  /** The id of the field's label, which names the list. */
  labelledBy: string;
  images: readonly NodeImageInput[];
  onChange: (images: NodeImageInput[]) => void;
  previewOf: (image: NodeImageInput) => string | null;
  actionsOf?: ((image: NodeImageInput, index: number, entry: string) => ReactNode) | undefined;
}

/** The list's photos and captures as thumbnails, each with buttons to move it or remove it. */
export function ImageListEntries({
  labelledBy,
  images,
  onChange,
  previewOf,
  actionsOf,
}: EntriesProps) {
  const { t } = useLingui();
  function move(index: number, by: -1 | 1) {
    const next = [...images];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + by, 0, item);
    onChange(next);
  }

  return (
    <ol className="image-list__items" aria-labelledby={labelledBy}>
      {images.map((image, index) => {
        const src = previewOf(image);
        const number = index + 1;
        const capture = Boolean(image.capture);
        const entry = capture
          ? t({ message: `3D capture ${number}`, comment: 'An entry of a list of photos' })
          : t({ message: `Photo ${number}`, comment: 'An entry of a list of photos' });
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
                aria-label={
                  capture
                    ? t({
                        message: `Move 3D capture ${number} earlier`,
                        comment: 'A button that moves an entry one place up a list of photos',
                      })
                    : t({
                        message: `Move photo ${number} earlier`,
                        comment: 'A button that moves an entry one place up a list of photos',
                      })
                }
                onClick={() => move(index, -1)}
              >
                ←
              </button>
              <button
                type="button"
                className="button-quiet"
                disabled={index === images.length - 1}
                aria-label={
                  capture
                    ? t({
                        message: `Move 3D capture ${number} later`,
                        comment: 'A button that moves an entry one place down a list of photos',
                      })
                    : t({
                        message: `Move photo ${number} later`,
                        comment: 'A button that moves an entry one place down a list of photos',
                      })
                }
                onClick={() => move(index, 1)}
              >
                →
              </button>
              <button
                type="button"
                className="button-quiet"
                aria-label={capture ? t`Remove 3D capture ${number}` : t`Remove photo ${number}`}
                onClick={() => onChange(images.filter((_, i) => i !== index))}
              >
                {t({ message: 'Remove', comment: 'Takes a photo out of the list' })}
              </button>
              {actionsOf?.(image, index, entry)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The files that did not join the list, each with the reason and a button to dismiss it. */
export function UploadFailures({
  failures,
  onDismiss,
}: {
  failures: readonly FailedUpload[];
  onDismiss: (key: number) => void;
}) {
  const { t } = useLingui();
  if (failures.length === 0) return null;
  return (
    <ul className="image-list__failures">
      {failures.map((p) => (
        <li key={p.key} className="field__error" role="alert">
          {p.name}: {p.failed}{' '}
          <button type="button" className="button-quiet" onClick={() => onDismiss(p.key)}>
            {t({
              message: 'Dismiss',
              comment: 'Hides the message about a photo that failed to upload',
            })}
          </button>
        </li>
      ))}
    </ul>
  );
}
