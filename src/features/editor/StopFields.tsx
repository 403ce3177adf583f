import { useLingui } from '@lingui/react/macro';
import { FieldSet, SelectField, TextAreaField, TextField } from '@/components/FormFields';
import { StopItemPicker } from '@/features/editor/StopItemPicker';
import type { StopDraft } from '@/features/editor/storyDraft';
import { stopErrorPath } from '@/features/editor/useStorySave';
import { ZOOM_MAX, ZOOM_MIN } from '@/lib/constants';
import type { MediaNode } from '@/lib/nodeModel';
import { STORY_NARRATION_MAX } from '@/lib/storyModel';

/** What a stop's fields need: the stop, its place in the story, and what it may choose from. */
export interface StopFieldsProps {
  stop: StopDraft;
  /** 0-based. */
  index: number;
  onChange: (patch: Partial<StopDraft>) => void;
  items: readonly MediaNode[];
  /** The archive's categories as [slug, name], by name. */
  categories: readonly [string, string][];
  errors: Readonly<Record<string, string>>;
}

/** The stop's error at `field` (`heading`, `view.lat` …), if any. */
const errorAt = ({ stop, errors }: StopFieldsProps, field: string) =>
  errors[stopErrorPath(stop.key, field)];

/** Where the camera is: a latitude, a longitude and a distance from the globe's centre. */
function ViewFields(props: StopFieldsProps) {
  const { t } = useLingui();
  const { stop, index, onChange } = props;
  return (
    <FieldSet
      legend={t({
        message: 'Camera view',
        comment: "A story stop's camera: where it looks at the globe from",
      })}
      className="stop-view"
      hint={t`Degrees for the place; the distance from ${ZOOM_MIN} (close) to ${ZOOM_MAX} (far). In the preview, “Use this view” takes the globe’s camera as it is.`}
      error={errorAt(props, 'view')}
    >
      <div className="stop-view__numbers">
        <TextField
          label={t`Latitude`}
          name={`stops.${index}.view.lat`}
          inputMode="decimal"
          value={stop.lat}
          error={errorAt(props, 'view.lat')}
          onChange={(lat) => onChange({ lat })}
        />
        <TextField
          label={t`Longitude`}
          name={`stops.${index}.view.lng`}
          inputMode="decimal"
          value={stop.lng}
          error={errorAt(props, 'view.lng')}
          onChange={(lng) => onChange({ lng })}
        />
        <TextField
          label={t({
            message: 'Distance',
            comment: "A story stop's camera view: how far the camera is from the globe",
          })}
          name={`stops.${index}.view.distance`}
          inputMode="decimal"
          value={stop.distance}
          error={errorAt(props, 'view.distance')}
          onChange={(distance) => onChange({ distance })}
        />
      </div>
    </FieldSet>
  );
}

/** An item stop's item, whether the globe opens it or only points at it, and an optional view. */
function ItemChoice(props: StopFieldsProps) {
  const { t } = useLingui();
  const { stop, index, onChange, items } = props;
  return (
    <>
      <StopItemPicker
        value={stop.item}
        items={items}
        stop={index + 1}
        name={`stops.${index}.item`}
        error={errorAt(props, 'item') ?? (stop.withView ? undefined : errorAt(props, 'view'))}
        onChange={(item) => onChange({ item })}
      />
      <FieldSet
        legend={t({
          message: 'What the globe does with it',
          comment: "A story stop's item: open it, or only point at it",
        })}
        error={errorAt(props, 'show')}
      >
        <div className="choice-row">
          {(['open', 'point'] as const).map((show) => (
            <label key={show} className="field__choice">
              <input
                type="radio"
                name={`stops.${stop.key}.show`}
                value={show}
                checked={stop.show === show}
                onChange={() => onChange({ show })}
              />
              {show === 'open'
                ? t({ message: 'Open it', comment: "A story stop opens its item's detail" })
                : t({
                    message: 'Only point at it',
                    comment: 'A story stop turns the globe to its item without opening it',
                  })}
            </label>
          ))}
        </div>
      </FieldSet>
      <label className="field__choice">
        <input
          type="checkbox"
          checked={stop.withView}
          onChange={(event) => onChange({ withView: event.target.checked })}
        />
        {t({
          message: 'Set a camera view',
          comment: 'A story stop with an item: also say where the camera is (else: at the item)',
        })}
      </label>
      {stop.withView && <ViewFields {...props} />}
    </>
  );
}

/** What the globe shows at the stop: an item, or a place seen from a view. */
function ShowsChoice(props: StopFieldsProps) {
  const { t } = useLingui();
  const { stop, onChange } = props;
  return (
    <FieldSet
      legend={t({
        message: 'What the globe shows',
        comment: 'A story stop shows an item, or a place',
      })}
      className="stop-shows"
    >
      <div className="choice-row">
        {(['item', 'place'] as const).map((shows) => (
          <label key={shows} className="field__choice">
            <input
              type="radio"
              name={`stops.${stop.key}.shows`}
              value={shows}
              checked={stop.shows === shows}
              onChange={() => onChange({ shows })}
            />
            {shows === 'item'
              ? t({ message: 'An item', comment: 'A story stop shows one item of the archive' })
              : t({
                  message: 'A place',
                  comment: 'A story stop shows a place, from a camera view',
                })}
          </label>
        ))}
      </div>
      {stop.shows === 'item' ? <ItemChoice {...props} /> : <ViewFields {...props} />}
    </FieldSet>
  );
}

/** The timeline's range at the stop, and the filter it sets (a category, a media type). */
function RangeAndFilter(props: StopFieldsProps) {
  const { t } = useLingui();
  const { stop, index, onChange, categories } = props;
  const hint = t`A day (2025-05-16) or a time with its offset (2025-05-16T14:40-05:00); empty for an open end.`;
  const known = stop.category === '' || categories.some(([slug]) => slug === stop.category);
  return (
    <>
      <FieldSet
        legend={t({
          message: 'Time range on the timeline (optional)',
          comment: "A story stop's range of the home screen's timeline",
        })}
        hint={hint}
      >
        <div className="stop-range">
          <TextField
            label={t({ message: 'From', comment: "The start of a story stop's time range" })}
            name={`stops.${index}.from`}
            value={stop.from}
            error={errorAt(props, 'from')}
            onChange={(from) => onChange({ from })}
          />
          <TextField
            label={t({ message: 'To', comment: "The end of a story stop's time range" })}
            name={`stops.${index}.to`}
            value={stop.to}
            error={errorAt(props, 'to')}
            onChange={(to) => onChange({ to })}
          />
        </div>
      </FieldSet>
      <div className="stop-range">
        <SelectField
          label={t({ message: 'Category', comment: 'The category a story stop filters by' })}
          name={`stops.${index}.category`}
          value={stop.category}
          error={errorAt(props, 'category')}
          options={[
            {
              value: '',
              label: t({ message: 'None', comment: 'A story stop filters by no category' }),
            },
            ...categories.map(([value, label]) => ({ value, label })),
            ...(known ? [] : [{ value: stop.category, label: stop.category }]),
          ]}
          onChange={(category) => onChange({ category })}
        />
        <SelectField
          label={t({ message: 'Media type', comment: 'The media type a story stop filters by' })}
          name={`stops.${index}.type`}
          value={stop.type}
          error={errorAt(props, 'type')}
          options={[
            {
              value: '',
              label: t({ message: 'Any', comment: 'A story stop filters by no media type' }),
            },
            { value: 'video', label: t`Videos` },
            { value: 'gallery', label: t`Photos` },
          ]}
          onChange={(type) =>
            onChange({ type: type === 'video' || type === 'gallery' ? type : '' })
          }
        />
      </div>
    </>
  );
}

/** A stop's fields: heading, narration, what the globe shows, the time range and the filter. */
export function StopFields(props: StopFieldsProps) {
  const { t } = useLingui();
  const { stop, index, onChange } = props;
  return (
    <>
      <TextField
        label={t({ message: 'Heading', comment: "A story stop's heading" })}
        name={`stops.${index}.heading`}
        required
        maxLength={200}
        value={stop.heading}
        error={errorAt(props, 'heading')}
        onChange={(heading) => onChange({ heading })}
      />
      <TextAreaField
        label={t({ message: 'Narration', comment: "A story stop's text, read at the stop" })}
        name={`stops.${index}.narration`}
        rows={5}
        maxLength={STORY_NARRATION_MAX}
        hint={t({
          message: 'Markdown: **bold**, _italics_, [a link](https://…), lists and paragraphs.',
          comment: 'The hint under a story stop’s narration; keep the Markdown marks as they are',
        })}
        value={stop.narration}
        error={errorAt(props, 'narration')}
        onChange={(narration) => onChange({ narration })}
      />
      <ShowsChoice {...props} />
      <RangeAndFilter {...props} />
    </>
  );
}
