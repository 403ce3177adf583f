import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { CategoryPicker } from '@/components/CategoryPicker';
import { DateField } from '@/components/DateField';
import { FieldSet, SelectField, TextAreaField, TextField } from '@/components/FormFields';
import { ImageListField } from '@/components/ImageListField';
import { PositionPicker } from '@/components/PositionPicker';
import { farFromOthers, kmText } from '@/lib/archiveArea';
import type { ItemDraft } from '@/features/editor/itemDraft';
import { positionOfDraft } from '@/features/editor/itemDraft';
import { RelatedPicker } from '@/features/editor/RelatedPicker';
import type { PhotoSource } from '@/features/editor/useWaitingPhotos';
import type { NodeCapture } from '@/lib/capture';
import { sortedByName } from '@/lib/compareNames';
import { FORM_ORDER, ITEM_FIELDS } from '@/lib/itemFields';
import type { FormControl } from '@/lib/itemFieldSpec';
import type { MediaNode } from '@/lib/nodeModel';
import { NODE_CATEGORIES_MAX, NODE_IMAGES_MAX } from '@/lib/itemLimits';
import { type NodeImageInput } from '@/lib/nodeSchema';
import { extractYouTubeId, isYouTubeId } from '@/lib/youtube';
import './ItemFields.css';

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
  /** A submission's own words for its place, shown by the map (null: none). */
  placeWords?: string | null;
}

/** What a field's control needs: the form's props and the field's first error. */
type ControlProps = Props & { error: string | undefined };

/** The first error of a field: its own, or one of its parts' (`images.0.thumbUrl`). */
function errorOf(errors: Readonly<Record<string, string>>, name: string): string | undefined {
  return errors[name] ?? Object.entries(errors).find(([path]) => path.startsWith(`${name}.`))?.[1];
}

/** What the YouTube field reads out of what was pasted (SPEC §5 id rule). */
function YouTubeReading({ value }: { value: string }) {
  const { t } = useLingui();
  if (value.trim() === '') return null;
  const id = extractYouTubeId(value);
  return id !== null && isYouTubeId(id) ? (
    <p className="field__hint youtube-reading" aria-live="polite">
      <Trans comment="Under the YouTube link field: the video's id read from the link">
        Video id: <code>{id}</code>
      </Trans>
    </p>
  ) : (
    <p className="field__hint youtube-reading" aria-live="polite">
      {t`No 11-character YouTube video id in this link yet.`}
    </p>
  );
}

function TypeChoice({ draft, onChange, error }: ControlProps) {
  const { t, i18n } = useLingui();
  return (
    <FieldSet legend={i18n._(ITEM_FIELDS.type.label)} error={error}>
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
            {type === 'video' ? t`Video (YouTube)` : t`Photo gallery`}
          </label>
        ))}
      </div>
    </FieldSet>
  );
}

function IdField({ draft, onChange, error, isNew }: ControlProps) {
  const { t, i18n } = useLingui();
  // The address's pattern, as it is written in every language.
  const address = `/${draft.type === 'gallery' ? 'gallery' : 'video'}/{id}`;
  return (
    <TextField
      label={i18n._(ITEM_FIELDS.video_id.label)}
      name="video_id"
      value={draft.video_id}
      error={error}
      hint={
        isNew
          ? t({
              message: `Used in the item’s address (${address}); made from the title unless you change it. It cannot change after saving.`,
              comment:
                'The hint under a new item\'s Id field; {address} is its address\'s pattern ("/video/{id}")',
            })
          : t`The item’s address; it does not change.`
      }
      onChange={(video_id) => isNew && onChange({ video_id })}
      after={
        !isNew ? (
          <span className="visually-hidden">
            {t({ message: '(read-only)', comment: 'After a field that cannot be changed' })}
          </span>
        ) : undefined
      }
    />
  );
}

function YouTubeField({ draft, onChange, errors }: ControlProps) {
  const { t, i18n } = useLingui();
  if (draft.type !== 'video') return null;
  return (
    <TextField
      label={i18n._(ITEM_FIELDS.youtube_url.label)}
      name="youtube_url"
      type="url"
      required
      value={draft.youtube_url}
      error={errors.youtube_url ?? errors.youtube_id}
      hint={t`A watch link (youtube.com/watch?v=…), a short link (youtu.be/…) or the 11-character id.`}
      onChange={(youtube_url) => onChange({ youtube_url })}
      after={<YouTubeReading value={draft.youtube_url} />}
    />
  );
}

function PhotosField(props: ControlProps) {
  const { draft, onChange, error, upload, uploadCapture, onCaptureBusy, photoSrc } = props;
  const { t, i18n } = useLingui();
  if (draft.type !== 'gallery') return null;
  return (
    <ImageListField
      label={i18n._(ITEM_FIELDS.images.label)}
      name="images"
      images={draft.images}
      max={NODE_IMAGES_MAX}
      upload={upload}
      uploadCapture={uploadCapture}
      onBusy={onCaptureBusy}
      previewOf={(image) => photoSrc(image.thumbUrl)}
      {...(props.photoActions ? { actionsOf: props.photoActions } : {})}
      error={error}
      hint={t`The first 8 show on the globe card, in this order.`}
      onChange={(images) => onChange({ images })}
    />
  );
}

function CategoriesField({ draft, onChange, error, items }: ControlProps) {
  const { i18n } = useLingui();
  const known = sortedByName(
    [...new Map(items.flatMap((item) => item.categories).map((c) => [c.slug, c.name])).values()],
    (name) => name,
  );
  return (
    <CategoryPicker
      label={i18n._(ITEM_FIELDS.categories.label)}
      name="categories"
      value={draft.categories}
      known={known}
      max={NODE_CATEGORIES_MAX}
      error={error}
      onChange={(categories) => onChange({ categories })}
    />
  );
}

/**
 * Where the item stands: the map, the sender's own words for the place beside it (a submission),
 * and a warning when the point is far from every other item (issue 47: a tap on a phone sent a
 * point in the Gulf of Mexico, and the review took it without a word).
 */
function PositionField({ draft, onChange, errors, items, placeWords }: ControlProps) {
  const { t, i18n } = useLingui();
  const position = positionOfDraft(draft);
  const lat = position?.lat ?? null;
  const lng = position?.lng ?? null;
  // Measured against every other item when the point or the archive changes, not at each
  // keystroke of another field (the whole form renders again for those).
  const far = useMemo(
    () =>
      lat === null || lng === null
        ? null
        : farFromOthers(
            { lat, lng },
            items.filter((item) => item.video_id !== draft.video_id),
          ),
    [lat, lng, items, draft.video_id],
  );
  return (
    <FieldSet
      legend={t`Position on the globe`}
      className="position-field"
      hint={t`Click the globe, or type the latitude and longitude in degrees.`}
    >
      {placeWords && (
        <p className="position-field__words">
          {t({
            message: `The sender described the place: “${placeWords}”`,
            comment: "A submission's own words for where its media was made, beside the map",
          })}
        </p>
      )}
      {far && <FarWarning distance={kmText(far)} />}
      <PositionPicker
        label={t`Globe preview: click to place the item`}
        value={position}
        onChange={({ lat, lng }) => onChange({ lat: String(lat), lng: String(lng) })}
      />
      <div className="position-field__numbers">
        {(['lat', 'lng'] as const).map((name) => (
          <TextField
            key={name}
            label={i18n._(ITEM_FIELDS[name].label)}
            name={name}
            inputMode="decimal"
            value={draft[name]}
            error={errors[name]}
            onChange={(value) => onChange({ [name]: value })}
          />
        ))}
      </div>
    </FieldSet>
  );
}

/** The point is far from every other item: the distance to the nearest ("12 km"). */
function FarWarning({ distance }: { distance: string }) {
  const { t } = useLingui();
  return (
    <p className="position-field__far" role="status">
      {t`Far from the archive’s other items: the nearest is ${distance} away. Check that the point is right.`}
    </p>
  );
}

/** The fields whose control is their own component (the rest are drawn from their declaration). */
const OWN_CONTROLS: Partial<Record<keyof ItemDraft, (props: ControlProps) => ReactNode>> = {
  type: TypeChoice,
  video_id: IdField,
  date: ({ draft, onChange, error }) => (
    <DateField value={draft.date} error={error} onChange={(date) => onChange({ date })} />
  ),
  youtube_url: YouTubeField,
  images: PhotosField,
  categories: CategoriesField,
  links: ({ draft, onChange, error, items }) => (
    <RelatedPicker
      value={draft.links}
      items={items}
      selfId={draft.video_id}
      error={error}
      onChange={(links) => onChange({ links })}
    />
  ),
  // Latitude and longitude are one place: drawn together with the globe to click on.
  lat: PositionField,
  lng: () => null,
};

/** A text field's control as its declaration says (`@/lib/itemFields`). */
function DeclaredControl({
  name,
  label,
  form,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  form: Exclude<FormControl, { kind: 'own' }>;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { i18n } = useLingui();
  const common = { label, name, value, error, onChange };
  if (form.kind === 'textarea') return <TextAreaField {...common} maxLength={form.maxLength} />;
  if (form.kind === 'text') {
    return (
      <TextField
        {...common}
        {...(form.required ? { required: true } : {})}
        {...(form.maxLength === undefined ? {} : { maxLength: form.maxLength })}
        {...(form.hint === undefined ? {} : { hint: i18n._(form.hint) })}
      />
    );
  }
  const options = form.options();
  const known = options.some((option) => option.value === value);
  return (
    <SelectField
      {...common}
      hint={form.hintOf(value)}
      options={[
        ...options,
        // A stored value the archive does not know stays shown, for the schema to refuse.
        ...(known ? [] : [{ value, label: form.unknownLabel(value) }]),
      ]}
    />
  );
}

/** Every field of an item (`@/lib/itemFields`), in the form's order, with its error beside it. */
export function ItemFields(props: Props) {
  const { i18n } = useLingui();
  const { draft, onChange, errors } = props;
  return (
    <>
      {FORM_ORDER.map((name) => {
        const error = errorOf(errors, name);
        const Own = OWN_CONTROLS[name];
        if (Own) return <Own key={name} {...props} error={error} />;
        const spec = ITEM_FIELDS[name];
        const form = 'form' in spec ? (spec.form as FormControl) : undefined;
        if (form === undefined || form.kind === 'own') return null;
        return (
          <DeclaredControl
            key={name}
            name={name}
            label={i18n._(spec.label)}
            form={form}
            value={String(draft[name])}
            error={error}
            onChange={(value) => onChange({ [name]: value })}
          />
        );
      })}
    </>
  );
}
