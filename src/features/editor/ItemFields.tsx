import type { ReactNode } from 'react';
import { CategoryPicker } from '@/components/CategoryPicker';
import { DateField } from '@/components/DateField';
import { FieldSet, SelectField, TextAreaField, TextField } from '@/components/FormFields';
import { ImageListField } from '@/components/ImageListField';
import { PositionPicker } from '@/components/PositionPicker';
import type { ItemDraft } from '@/features/editor/itemDraft';
import { positionOfDraft } from '@/features/editor/itemDraft';
import { RelatedPicker } from '@/features/editor/RelatedPicker';
import type { PhotoSource } from '@/features/editor/useWaitingPhotos';
import type { NodeCapture } from '@/lib/capture';
import { sortedByName } from '@/lib/compareNames';
import { CREDIT_MAX, LICENSE_IDS, LICENSES, readLicenseId } from '@/lib/license';
import type { MediaNode } from '@/lib/nodeModel';
import {
  NODE_CATEGORIES_MAX,
  NODE_DESCRIPTION_MAX,
  NODE_IMAGES_MAX,
  NODE_TITLE_MAX,
  type NodeImageInput,
} from '@/lib/nodeSchema';
import { extractYouTubeId, isYouTubeId } from '@/lib/youtube';

interface Props {
  draft: ItemDraft;
  onChange: (patch: Partial<ItemDraft>) => void;
  /** Messages by field path (`title`, `images`, `lat` …). */
  errors: Readonly<Record<string, string>>;
  /** Every item of the archive, for categories and related items. */
  items: readonly MediaNode[];
  /** A new item's id can be chosen; a saved item's never changes. */
  isNew: boolean;
  upload: (file: File) => Promise<NodeImageInput>;
  /** Sends a 3D capture's file (a gallery's entries may be captures, each with a poster). */
  uploadCapture: (file: File) => Promise<NodeCapture>;
  /** A capture is being sent or its poster drawn. */
  onCaptureBusy: (busy: boolean) => void;
  /** What each photo's thumbnail shows (a submission's photos are not public yet). */
  photoSrc: PhotoSource;
  /** More buttons beside each photo (a submission's review blurs its photos). */
  photoActions?: (image: NodeImageInput, index: number, entry: string) => ReactNode;
}

/** What the YouTube field reads out of what was pasted (SPEC §5 id rule). */
function YouTubeReading({ value }: { value: string }) {
  if (value.trim() === '') return null;
  const id = extractYouTubeId(value);
  return id !== null && isYouTubeId(id) ? (
    <p className="field__hint youtube-reading" aria-live="polite">
      Video id: <code>{id}</code>
    </p>
  ) : (
    <p className="field__hint youtube-reading" aria-live="polite">
      No 11-character YouTube video id in this link yet.
    </p>
  );
}

/** Every field of SPEC §3's media node, with its error beside it. */
export function ItemFields({
  draft,
  onChange,
  errors,
  items,
  isNew,
  upload,
  uploadCapture,
  onCaptureBusy,
  photoSrc,
  photoActions,
}: Props) {
  const knownCategories = sortedByName(
    [...new Map(items.flatMap((item) => item.categories).map((c) => [c.slug, c.name])).values()],
    (name) => name,
  );
  const position = positionOfDraft(draft);
  const licence = readLicenseId(draft.license);
  const error = (...paths: string[]) =>
    paths.map((path) => errors[path]).find((message) => message !== undefined);
  const imageError = Object.entries(errors).find(([path]) => path.startsWith('images'))?.[1];

  return (
    <>
      <FieldSet legend="Type" error={error('type')}>
        <div className="choice-row">
          {(['video', 'gallery'] as const).map((type) => (
            <label key={type} className="field__choice">
              <input
                type="radio"
                name="type"
                value={type}
                checked={draft.type === type}
                onChange={() => onChange({ type })}
              />
              {type === 'video' ? 'Video (YouTube)' : 'Photo gallery'}
            </label>
          ))}
        </div>
      </FieldSet>
      <TextField
        label="Title"
        name="title"
        required
        maxLength={NODE_TITLE_MAX}
        value={draft.title}
        error={error('title')}
        onChange={(title) => onChange({ title })}
      />
      <TextField
        label="Id"
        name="video_id"
        value={draft.video_id}
        error={error('video_id')}
        hint={
          isNew
            ? 'Used in the item’s address (/video/{id}); made from the title unless you change it. It cannot change after saving.'
            : 'The item’s address; it does not change.'
        }
        onChange={(video_id) => isNew && onChange({ video_id })}
        after={!isNew ? <span className="visually-hidden">(read-only)</span> : undefined}
      />
      <TextAreaField
        label="Description"
        name="description"
        maxLength={NODE_DESCRIPTION_MAX}
        value={draft.description}
        error={error('description')}
        onChange={(description) => onChange({ description })}
      />
      <DateField value={draft.date} error={error('date')} onChange={(date) => onChange({ date })} />
      {draft.type === 'video' ? (
        <TextField
          label="YouTube link"
          name="youtube_url"
          type="url"
          required
          value={draft.youtube_url}
          error={error('youtube_url', 'youtube_id')}
          hint="A watch link (youtube.com/watch?v=…), a short link (youtu.be/…) or the 11-character id."
          onChange={(youtube_url) => onChange({ youtube_url })}
          after={<YouTubeReading value={draft.youtube_url} />}
        />
      ) : (
        <ImageListField
          label="Photos"
          name="images"
          images={draft.images}
          max={NODE_IMAGES_MAX}
          upload={upload}
          uploadCapture={uploadCapture}
          onBusy={onCaptureBusy}
          previewOf={(image) => photoSrc(image.thumbUrl)}
          {...(photoActions ? { actionsOf: photoActions } : {})}
          error={imageError}
          hint="The first 8 show on the globe card, in this order."
          onChange={(images) => onChange({ images })}
        />
      )}
      <TextField
        label="Credit"
        name="credit"
        maxLength={CREDIT_MAX}
        value={draft.credit}
        error={error('credit')}
        hint="Who made it, as the item credits them; “Anonymous” for a contributor who asked not to be named."
        onChange={(credit) => onChange({ credit })}
      />
      <SelectField
        label="Licence"
        name="license"
        value={draft.license}
        error={error('license')}
        hint={licence ? LICENSES[licence].allows : 'The item will say “Rights not stated”.'}
        options={[
          { value: '', label: 'Not stated' },
          ...LICENSE_IDS.map((id) => ({ value: id, label: LICENSES[id].name })),
          // A stored value the archive does not know stays shown, for the schema to refuse.
          ...(draft.license !== '' && licence === null
            ? [
                {
                  value: draft.license,
                  label: `${draft.license} (not a licence this archive knows)`,
                },
              ]
            : []),
        ]}
        onChange={(license) => onChange({ license })}
      />
      <CategoryPicker
        label="Categories"
        name="categories"
        value={draft.categories}
        known={knownCategories}
        max={NODE_CATEGORIES_MAX}
        error={Object.entries(errors).find(([path]) => path.startsWith('categories'))?.[1]}
        onChange={(categories) => onChange({ categories })}
      />
      <RelatedPicker
        value={draft.links}
        items={items}
        selfId={draft.video_id}
        error={Object.entries(errors).find(([path]) => path.startsWith('links'))?.[1]}
        onChange={(links) => onChange({ links })}
      />
      <FieldSet
        legend="Position on the globe"
        className="position-field"
        hint="Click the globe, or type the latitude and longitude in degrees."
      >
        <PositionPicker
          label="Globe preview: click to place the item"
          value={position}
          onChange={({ lat, lng }) => onChange({ lat: String(lat), lng: String(lng) })}
        />
        <div className="position-field__numbers">
          <TextField
            label="Latitude"
            name="lat"
            inputMode="decimal"
            value={draft.lat}
            error={errors.lat}
            onChange={(lat) => onChange({ lat })}
          />
          <TextField
            label="Longitude"
            name="lng"
            inputMode="decimal"
            value={draft.lng}
            error={errors.lng}
            onChange={(lng) => onChange({ lng })}
          />
        </div>
      </FieldSet>
    </>
  );
}
