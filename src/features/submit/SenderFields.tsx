import { useLingui } from '@lingui/react/macro';
import { FieldSet, TextField } from '@/components/FormFields';
import type { SubmitDraft } from '@/features/submit/submitDraft';
import { EMAIL_MAX, SENDER_NAME_MAX } from '@/lib/submissionSchema';

/** Who sent a submission, if they say: for the editors' questions only, never published. */
export function SenderFields({
  draft,
  onChange,
  errors,
}: {
  draft: SubmitDraft;
  onChange: <K extends keyof SubmitDraft>(field: K, value: SubmitDraft[K]) => void;
  errors: Readonly<Record<string, string>>;
}) {
  const { t } = useLingui();
  return (
    <FieldSet
      legend={t`About you (optional)`}
      hint={t`Only for the editors to reach you with questions; never published.`}
    >
      <TextField
        label={t`Your name`}
        name="name"
        autoComplete="name"
        maxLength={SENDER_NAME_MAX}
        value={draft.name}
        onChange={(value) => onChange('name', value)}
        error={errors.name}
      />
      <TextField
        label={t`Your e-mail address`}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={EMAIL_MAX}
        value={draft.email}
        onChange={(value) => onChange('email', value)}
        error={errors.email}
      />
    </FieldSet>
  );
}
