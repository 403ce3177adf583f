import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { FieldSet, TextField } from '@/components/FormFields';
import { CREDIT_MAX, licenseWords, SUBMIT_LICENSE_IDS } from '@/lib/license';
import { AGE_ANSWERS, AGE_LABELS, PEOPLE_ANSWERS, PEOPLE_LABELS } from '@/lib/submissionSchema';
import type { SubmitDraft } from '@/features/submit/submitDraft';

/** One radio choice of a group, with a line that explains it. */
interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

/** A required choice among radios; its error marks every radio, so the focus finds the group. */
function ChoiceField<T extends string>({
  legend,
  name,
  choices,
  value,
  error,
  onChange,
}: {
  legend: string;
  name: string;
  choices: readonly Choice<T>[];
  value: string;
  error: string | undefined;
  onChange(value: T): void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <FieldSet
      legend={t({
        message: `${legend} (required)`,
        comment: '{legend} is a question of /submit that must be answered ("Your age")',
      })}
      error={error}
      className="rights-choice"
    >
      {choices.map((choice) => (
        <label key={choice.value} className="field__choice">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            aria-invalid={error ? true : undefined}
            aria-describedby={choice.hint ? `${id}-${choice.value}` : undefined}
            onChange={() => onChange(choice.value)}
          />
          <span>
            {choice.label}
            {choice.hint && (
              <span className="field__hint rights-choice__hint" id={`${id}-${choice.value}`}>
                {choice.hint}
              </span>
            )}
          </span>
        </label>
      ))}
    </FieldSet>
  );
}

/** The choices of answers whose words are descriptors, in the active language. */
const choicesOf = <T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, MessageDescriptor>>,
  say: (label: MessageDescriptor) => string,
): Choice<T>[] => values.map((value) => ({ value, label: say(labels[value]) }));

type RightsDraft = Pick<SubmitDraft, 'credit_as' | 'credit_name' | 'license' | 'people' | 'age'>;

/**
 * What /submit asks of a contributor's rights (issue 31): how to credit them (a name, or
 * Anonymous), the licence for reuse, whether people shown agreed, and their age. The answers are
 * kept with the submission and carried into the item an editor publishes.
 */
export function RightsFields({
  draft,
  onChange,
  errors,
}: {
  draft: RightsDraft;
  onChange<K extends keyof RightsDraft>(field: K, value: RightsDraft[K]): void;
  errors: Readonly<Record<string, string>>;
}) {
  const { t, i18n } = useLingui();
  const say = (label: MessageDescriptor) => i18n._(label);
  return (
    <>
      <ChoiceField
        legend={t`How should the archive credit you?`}
        name="credit_as"
        value={draft.credit_as}
        error={errors.credit_as}
        choices={[
          {
            value: 'name',
            label: t({
              message: 'By name',
              comment: 'An answer to "How should the archive credit you?"',
            }),
          },
          {
            value: 'anonymous',
            label: t({
              message: 'Anonymous',
              comment: 'An answer to "How should the archive credit you?": not named',
            }),
            hint: t({
              message: 'The item says “© Anonymous”.',
              comment:
                'The credit line the published item shows for a contributor who is not named: use the translation of "Anonymous" of the item\'s page',
            }),
          },
        ]}
        onChange={(value) => onChange('credit_as', value)}
      />
      {draft.credit_as === 'name' && (
        <TextField
          label={t`Name to credit`}
          name="credit_name"
          required
          maxLength={CREDIT_MAX}
          autoComplete="name"
          value={draft.credit_name}
          error={errors.credit_name}
          hint={t({
            message: 'Published with the item: “© Dana Whitfield”. A group’s name is fine.',
            comment: 'Dana Whitfield is an example of a name',
          })}
          onChange={(value) => onChange('credit_name', value)}
        />
      )}
      <ChoiceField
        legend={t`How may others reuse it?`}
        name="license"
        value={draft.license}
        error={errors.license}
        choices={SUBMIT_LICENSE_IDS.map((id) => {
          const words = licenseWords(id);
          return { value: id, label: words.name, hint: words.allows };
        })}
        onChange={(value) => onChange('license', value)}
      />
      <ChoiceField
        legend={t({
          message: 'People shown',
          comment: 'A question of /submit: whether the people in the photo or video agreed',
        })}
        name="people"
        value={draft.people}
        error={errors.people}
        choices={choicesOf(PEOPLE_ANSWERS, PEOPLE_LABELS, say)}
        onChange={(value) => onChange('people', value)}
      />
      <ChoiceField
        legend={t`Your age`}
        name="age"
        value={draft.age}
        error={errors.age}
        choices={choicesOf(AGE_ANSWERS, AGE_LABELS, say)}
        onChange={(value) => onChange('age', value)}
      />
    </>
  );
}
