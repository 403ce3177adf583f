import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { AuthenticatorSecret } from '@/features/auth/AuthenticatorSecret';
import { CodeField, useNewPassword } from '@/features/auth/AuthFields';
import type { SignInStep } from '@/features/auth/cognitoAuth';

/** A challenge step: the form, and what to do with the answer (which may be another step). */
interface StepProps<K extends SignInStep['kind']> {
  step: Extract<SignInStep, { kind: K }>;
  pending: boolean;
  onAnswer: (next: () => Promise<SignInStep>) => void;
}

function Form({
  label,
  pending,
  submitLabel,
  onSubmit,
  children,
}: {
  label: string;
  pending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <form
      className="auth-form"
      aria-label={label}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (!pending) onSubmit();
      }}
    >
      {children}
      <button type="submit" className="auth-form__submit" disabled={pending} aria-busy={pending}>
        {pending ? t`Please wait…` : submitLabel}
      </button>
    </form>
  );
}

/** SPEC §4 NEW_PASSWORD_REQUIRED: the account was created with a temporary password. */
export function NewPasswordForm({ step, pending, onAnswer }: StepProps<'newPasswordRequired'>) {
  const { t } = useLingui();
  const newPassword = useNewPassword('newPassword');
  return (
    <Form
      label={t`Choose a new password`}
      pending={pending}
      submitLabel={t`Set password and sign in`}
      onSubmit={() => {
        if (newPassword.accept()) onAnswer(() => step.complete(newPassword.password));
      }}
    >
      <p>{t`Your account was set up with a temporary password. Choose your own to continue.`}</p>
      {newPassword.fields}
    </Form>
  );
}

/**
 * SPEC §4 SMS_MFA and SOFTWARE_TOKEN_MFA: a code from a text message or an authenticator, and
 * whether to remember this device so that it skips this step next time.
 */
export function MfaCodeForm({
  step,
  pending,
  onAnswer,
  remember,
  onRememberChange,
}: StepProps<'mfaCode'> & { remember: boolean; onRememberChange: (remember: boolean) => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const { destination } = step;
  return (
    <Form
      label={t`Enter your sign-in code`}
      pending={pending}
      submitLabel={t({ message: 'Verify', comment: 'The button that sends a sign-in code' })}
      onSubmit={() => onAnswer(() => step.submit(code))}
    >
      <p>
        {step.method !== 'SMS_MFA'
          ? t`Enter the 6-digit code from your authenticator app.`
          : destination
            ? t({
                message: `Enter the 6-digit code sent by text message to ${destination}.`,
                comment: 'The destination is the phone number, partly hidden (+*******1234)',
              })
            : t`Enter the 6-digit code sent by text message.`}
      </p>
      <CodeField value={code} onChange={setCode} />
      <label className="field__choice">
        <input
          type="checkbox"
          checked={remember}
          onChange={(event) => onRememberChange(event.target.checked)}
        />
        {t`Remember this device: don’t ask for a code on it again`}
      </label>
    </Form>
  );
}

const MFA_NAMES: Record<string, MessageDescriptor> = {
  SMS_MFA: msg`A code by text message`,
  SOFTWARE_TOKEN_MFA: msg`A code from an authenticator app`,
};

/** SPEC §4 SELECT_MFA_TYPE: the pool lets the person choose how to get a code. */
export function SelectMfaForm({ step, pending, onAnswer }: StepProps<'selectMfa'>) {
  const { t, i18n } = useLingui();
  const [choice, setChoice] = useState(step.options[0] ?? '');
  return (
    <Form
      label={t`Choose how to verify`}
      pending={pending}
      submitLabel={t`Continue`}
      onSubmit={() => onAnswer(() => step.choose(choice))}
    >
      <fieldset className="field">
        <legend>{t`How would you like to get your sign-in code?`}</legend>
        {step.options.map((option) => (
          <label key={option} className="field__choice">
            <input
              type="radio"
              name="mfa"
              value={option}
              checked={choice === option}
              onChange={() => setChoice(option)}
            />
            {MFA_NAMES[option] ? i18n._(MFA_NAMES[option]) : option}
          </label>
        ))}
      </fieldset>
    </Form>
  );
}

/** SPEC §4 MFA_SETUP: an authenticator app is set up from the secret (as text and a QR code). */
export function MfaSetupForm({ step, pending, onAnswer }: StepProps<'mfaSetup'>) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  return (
    <Form
      label={t`Set up an authenticator app`}
      pending={pending}
      submitLabel={t`Verify and sign in`}
      onSubmit={() => onAnswer(() => step.verify(code))}
    >
      <p>
        {t`This account needs an authenticator app. Scan the code with the app, or type in the secret, then enter the 6-digit code it shows.`}
      </p>
      <AuthenticatorSecret setup={step} />
      <CodeField value={code} onChange={setCode} />
    </Form>
  );
}

/**
 * What a custom challenge asks, in the pool's own words: its `prompt` parameter (what the archive's
 * pools set), else any other public parameter that reads as a question. Shown as text.
 */
export function customChallengePrompt(parameters: Readonly<Record<string, string>>): string | null {
  const prompt = parameters.prompt ?? parameters.question;
  return typeof prompt === 'string' && prompt.trim() !== '' ? prompt.trim() : null;
}

/**
 * SPEC §4 custom challenge (CUSTOM_AUTH): the pool's prompt and a field for the answer, sent with
 * RespondToAuthChallenge. A pool that asks again after a wrong answer gets the form again, saying
 * so (`retry`).
 */
export function CustomChallengeForm({
  step,
  pending,
  onAnswer,
  retry,
}: StepProps<'customChallenge'> & { retry: boolean }) {
  const { t } = useLingui();
  const [answer, setAnswer] = useState('');
  const id = useId();
  // The pool's own question stays in the pool's words.
  const prompt = customChallengePrompt(step.parameters);
  return (
    <Form
      label={t`Answer the sign-in question`}
      pending={pending}
      submitLabel={t`Continue`}
      onSubmit={() => onAnswer(() => step.answer(answer.trim()))}
    >
      <p>{prompt ?? t`This archive asks one more thing before you sign in.`}</p>
      {retry && (
        <p className="form-error" role="alert">
          {t`That answer was not accepted. Check it and try again.`}
        </p>
      )}
      <div className="field">
        <label htmlFor={id}>{t`Your answer`}</label>
        <input
          id={id}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
        />
      </div>
    </Form>
  );
}
