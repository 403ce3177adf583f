import { useId } from 'react';
import { FieldSet, TextField } from '@/components/FormFields';
import { CREDIT_MAX, LICENSES, SUBMIT_LICENSE_IDS } from '@/lib/license';
import {
  AGE_ANSWERS,
  AGE_WORDS,
  PEOPLE_ANSWERS,
  PEOPLE_WORDS,
  type AgeAnswer,
  type PeopleAnswer,
} from '@/lib/submissionSchema';
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
  const id = useId();
  return (
    <FieldSet legend={`${legend} (required)`} error={error} className="rights-choice">
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

const PEOPLE: readonly Choice<PeopleAnswer>[] = PEOPLE_ANSWERS.map((value) => ({
  value,
  label: PEOPLE_WORDS[value],
}));
const AGE: readonly Choice<AgeAnswer>[] = AGE_ANSWERS.map((value) => ({
  value,
  label: AGE_WORDS[value],
}));

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
  return (
    <>
      <ChoiceField
        legend="How should the archive credit you?"
        name="credit_as"
        value={draft.credit_as}
        error={errors.credit_as}
        choices={[
          { value: 'name', label: 'By name' },
          { value: 'anonymous', label: 'Anonymous', hint: 'The item says “© Anonymous”.' },
        ]}
        onChange={(value) => onChange('credit_as', value)}
      />
      {draft.credit_as === 'name' && (
        <TextField
          label="Name to credit"
          name="credit_name"
          required
          maxLength={CREDIT_MAX}
          autoComplete="name"
          value={draft.credit_name}
          error={errors.credit_name}
          hint="Published with the item: “© Dana Whitfield”. A group’s name is fine."
          onChange={(value) => onChange('credit_name', value)}
        />
      )}
      <ChoiceField
        legend="How may others reuse it?"
        name="license"
        value={draft.license}
        error={errors.license}
        choices={SUBMIT_LICENSE_IDS.map((id) => ({
          value: id,
          label: LICENSES[id].name,
          hint: LICENSES[id].allows,
        }))}
        onChange={(value) => onChange('license', value)}
      />
      <ChoiceField
        legend="People shown"
        name="people"
        value={draft.people}
        error={errors.people}
        choices={PEOPLE}
        onChange={(value) => onChange('people', value)}
      />
      <ChoiceField
        legend="Your age"
        name="age"
        value={draft.age}
        error={errors.age}
        choices={AGE}
        onChange={(value) => onChange('age', value)}
      />
    </>
  );
}
