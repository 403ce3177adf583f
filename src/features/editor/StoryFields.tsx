import { useLingui } from '@lingui/react/macro';
import { FieldSet, SelectField, TextAreaField, TextField } from '@/components/FormFields';
import type { StoryDraft } from '@/features/editor/storyDraft';
import { ITEM_FIELDS } from '@/lib/itemFields';
import { NODE_TITLE_MAX } from '@/lib/itemLimits';
import { CREDIT_MAX, licenseWords, readLicenseId } from '@/lib/license';
import { nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';
import { STORY_INTRO_MAX, STORY_STATES, type StoryState } from '@/lib/storyModel';
import { safeUrl } from '@/lib/url';

interface Props {
  draft: StoryDraft;
  onChange: (patch: Partial<Omit<StoryDraft, 'stops'>>) => void;
  /** Messages by field path (`title`, `cover` …). */
  errors: Readonly<Record<string, string>>;
  /** The items the stops show, in order: their pictures are quick choices of a cover. */
  stopItems: readonly MediaNode[];
  /** A new story's id can be chosen; a saved story's never changes. */
  isNew: boolean;
}

/** A select's options, with a stored value it does not know kept (for the schema to name). */
function withUnknown(
  options: readonly { value: string; label: string }[],
  value: string,
  unknownLabel: (value: string) => string,
) {
  return options.some((option) => option.value === value)
    ? options
    : [...options, { value, label: unknownLabel(value) }];
}

/** The story's id: its address (`/story/{id}`), made from the title unless changed. */
function IdField({ draft, onChange, errors, isNew }: Props) {
  const { t } = useLingui();
  return (
    <TextField
      label={t({ message: 'Id', comment: "A story's id: the short name in its address" })}
      name="story_id"
      value={draft.story_id}
      error={errors.story_id}
      hint={
        isNew
          ? t({
              message:
                'Used in the story’s address (/story/{id}); made from the title unless you change it. It cannot change after saving.',
              comment: "The hint under a new story's Id field; keep /story/{id} as it is",
            })
          : t`The story’s address; it does not change.`
      }
      onChange={(story_id) => isNew && onChange({ story_id })}
    />
  );
}

/** The cover's link, and the stops' items' pictures to take as it with one press. */
function CoverField({ draft, onChange, errors, stopItems }: Props) {
  const { t } = useLingui();
  const pictures = [
    ...new Map(stopItems.map((item) => [nodeThumbnailUrl(item), item.title] as const)).entries(),
  ]
    .filter(([url]) => safeUrl(url) !== null)
    .slice(0, 6);
  return (
    <div className="story-cover">
      <TextField
        label={t({ message: 'Cover picture', comment: "A story's cover: the link of a picture" })}
        name="cover"
        type="url"
        value={draft.cover}
        error={errors.cover}
        hint={t`The link of a picture (http or https, or a path on this site), shown with the story and its shared links.`}
        onChange={(cover) => onChange({ cover })}
      />
      {pictures.length > 0 && (
        <ul className="story-cover__choices" aria-label={t`Pictures of the stops’ items`}>
          {pictures.map(([url, title]) => (
            <li key={url}>
              <button
                type="button"
                className="button-quiet story-cover__choice"
                aria-pressed={draft.cover === url}
                onClick={() => onChange({ cover: url })}
              >
                <img src={safeUrl(url) ?? ''} alt="" loading="lazy" />
                <span>
                  {t({
                    message: `Use the picture of “${title}”`,
                    comment: "A quick choice of a story's cover: an item's picture, by its title",
                  })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The story's credit, licence and language, as an item has them. */
function RightsFields({ draft, onChange, errors }: Props) {
  const { t, i18n } = useLingui();
  const licence = readLicenseId(draft.license);
  const { license, language } = ITEM_FIELDS;
  return (
    <>
      <TextField
        label={i18n._(ITEM_FIELDS.credit.label)}
        name="credit"
        value={draft.credit}
        maxLength={CREDIT_MAX}
        error={errors.credit}
        hint={t`Who wrote the story, as it credits them.`}
        onChange={(credit) => onChange({ credit })}
      />
      <SelectField
        label={i18n._(license.label)}
        name="license"
        value={draft.license}
        error={errors.license}
        hint={licence ? licenseWords(licence).allows : undefined}
        options={withUnknown(license.form.options(), draft.license, license.form.unknownLabel)}
        onChange={(value) => onChange({ license: value })}
      />
      <SelectField
        label={i18n._(language.label)}
        name="language"
        value={draft.language}
        error={errors.language}
        hint={t`The language the story is written in.`}
        options={withUnknown(language.form.options(), draft.language, language.form.unknownLabel)}
        onChange={(value) => onChange({ language: value })}
      />
    </>
  );
}

/** Draft (editors only) or Published (everyone). */
function StateChoice({ draft, onChange, errors }: Props) {
  const { t } = useLingui();
  const words: Record<StoryState, string> = {
    draft: t({ message: 'Draft', comment: "A story's state: seen by editors only" }),
    published: t({ message: 'Published', comment: "A story's state: seen by everyone" }),
  };
  return (
    <FieldSet
      legend={t({ message: 'State', comment: "A story's state: draft or published" })}
      hint={t`A draft is seen by editors only; a published story by every visitor.`}
      error={errors.state}
    >
      <div className="choice-row">
        {STORY_STATES.map((state) => (
          <label key={state} className="field__choice">
            <input
              type="radio"
              name="state"
              value={state}
              checked={draft.state === state}
              onChange={() => onChange({ state })}
            />
            {words[state]}
          </label>
        ))}
      </div>
    </FieldSet>
  );
}

/** The story's own fields (its stops are `StoryStops`'), each with its error beside it. */
export function StoryFields(props: Props) {
  const { t, i18n } = useLingui();
  const { draft, onChange, errors } = props;
  return (
    <>
      <TextField
        label={i18n._(ITEM_FIELDS.title.label)}
        name="title"
        required
        maxLength={NODE_TITLE_MAX}
        value={draft.title}
        error={errors.title}
        onChange={(title) => onChange({ title })}
      />
      <IdField {...props} />
      <TextAreaField
        label={t({
          message: 'Introduction',
          comment: "A story's introduction: a few sentences before its first stop",
        })}
        name="intro"
        rows={4}
        maxLength={STORY_INTRO_MAX}
        value={draft.intro}
        error={errors.intro}
        onChange={(intro) => onChange({ intro })}
      />
      <CoverField {...props} />
      <RightsFields {...props} />
      <StateChoice {...props} />
    </>
  );
}
