import { useLingui } from '@lingui/react/macro';
import { DateField } from '@/components/DateField';
import { TextAreaField, TextField } from '@/components/FormFields';
import { CategoryChoices } from '@/features/submit/CategoryChoices';
import type { SubmitDraft } from '@/features/submit/submitDraft';
import { NODE_CATEGORIES_MAX, NODE_DESCRIPTION_MAX, NODE_TITLE_MAX } from '@/lib/itemLimits';

/** What a submission shows: its title, its description, when it was recorded, its categories. */
export function StoryFields({
  draft,
  onChange,
  errors,
  knownCategories,
}: {
  draft: SubmitDraft;
  onChange: <K extends keyof SubmitDraft>(field: K, value: SubmitDraft[K]) => void;
  errors: Readonly<Record<string, string>>;
  /** The archive's category names: a visitor picks among them. */
  knownCategories: readonly string[];
}) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        label={t({ message: 'Title', comment: 'The title of what is sent on /submit' })}
        name="title"
        required
        maxLength={NODE_TITLE_MAX}
        value={draft.title}
        onChange={(value) => onChange('title', value)}
        error={errors.title}
        hint={t({
          message: 'A few words: what and where, e.g. “Volunteers clearing Page Avenue”.',
          comment: 'Page Avenue is a street in St. Louis: keep its name',
        })}
      />
      <TextAreaField
        label={t`Description`}
        name="description"
        maxLength={NODE_DESCRIPTION_MAX}
        value={draft.description}
        onChange={(value) => onChange('description', value)}
        error={errors.description}
        hint={t`What it shows: who, what, and anything a visitor should know.`}
      />
      <DateField
        value={draft.date}
        onChange={(value) => onChange('date', value)}
        error={errors.date}
        allowText={false}
      />
      <CategoryChoices
        value={draft.categories}
        onChange={(value) => onChange('categories', value)}
        known={knownCategories}
        max={NODE_CATEGORIES_MAX}
        error={errors.categories}
      />
    </>
  );
}
