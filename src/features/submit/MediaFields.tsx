import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { FieldSet } from '@/components/FormFields';
import { ImageListField } from '@/components/ImageListField';
import type { NodeCapture } from '@/lib/capture';
import type { NodeImageInput } from '@/lib/nodeSchema';
import { countText } from '@/lib/numbers';
import {
  SUBMISSION_IMAGES_MAX,
  UPLOAD_MAX_BYTES,
  type SubmissionKind,
} from '@/lib/submissionSchema';
import { uploadFormatsWords } from '@/lib/uploadLimits';
import { YouTubeLinkField } from '@/features/submit/YouTubeLinkField';

const KINDS: { kind: SubmissionKind; label: MessageDescriptor }[] = [
  {
    kind: 'video',
    label: msg({
      message: 'A video link',
      comment: 'An answer to "What are you sending?" on /submit: a YouTube link',
    }),
  },
  {
    kind: 'photos',
    label: msg({ message: 'Photos', comment: 'An answer to "What are you sending?" on /submit' }),
  },
];

interface Props {
  kind: SubmissionKind;
  youtubeUrl: string;
  images: readonly NodeImageInput[];
  onKind(kind: SubmissionKind): void;
  onYoutubeUrl(url: string): void;
  onImages(images: NodeImageInput[]): void;
  upload(file: File): Promise<NodeImageInput>;
  /** Sends a 3D capture's file (its poster goes with `upload`). */
  uploadCapture(file: File): Promise<NodeCapture>;
  /** A capture is being sent or its poster drawn. */
  onCaptureBusy(busy: boolean): void;
  /** What each uploaded photo shows (see `ImageListField`). */
  previewOf(image: NodeImageInput): string | null;
  errors: Readonly<Record<string, string>>;
}

/** What is sent: a choice of a YouTube link or photos, then the field for that choice. */
export function MediaFields({
  kind,
  youtubeUrl,
  images,
  onKind,
  onYoutubeUrl,
  onImages,
  upload,
  uploadCapture,
  onCaptureBusy,
  previewOf,
  errors,
}: Props) {
  const { t, i18n } = useLingui();
  const formats = uploadFormatsWords();
  const size = countText(UPLOAD_MAX_BYTES / 1024 / 1024);
  return (
    <>
      <FieldSet legend={t`What are you sending?`} error={errors.kind} className="kind-choice">
        <div className="kind-choice__options">
          {KINDS.map((choice) => (
            <label key={choice.kind} className="field__choice">
              <input
                type="radio"
                name="kind"
                value={choice.kind}
                checked={kind === choice.kind}
                onChange={() => onKind(choice.kind)}
              />
              {i18n._(choice.label)}
            </label>
          ))}
        </div>
      </FieldSet>
      {kind === 'video' ? (
        <YouTubeLinkField value={youtubeUrl} onChange={onYoutubeUrl} error={errors.youtube_url} />
      ) : (
        <ImageListField
          label={t`Your photos`}
          name="images"
          images={images}
          onChange={onImages}
          upload={upload}
          uploadCapture={uploadCapture}
          onBusy={onCaptureBusy}
          previewOf={previewOf}
          max={SUBMISSION_IMAGES_MAX}
          error={errors.images}
          hint={t({
            message: `Each photo uploads as you choose it: ${formats}, up to ${size} MB each. Its hidden details (the place it was taken, the camera, the time) are removed as it uploads. Only the editors see it until they publish it; a photo or 3D capture not sent within a day is deleted.`,
            comment:
              '{formats} lists the kinds of photo ("JPEG, PNG, WebP, GIF, AVIF or TIFF"); "not sent within a day": uploaded to /submit but the form never sent',
          })}
        />
      )}
    </>
  );
}
