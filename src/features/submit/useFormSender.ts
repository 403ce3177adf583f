import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import { focusFirstError } from '@/components/FormFields';
import type { FieldError } from '@/lib/nodeSchema';
import { ServiceError } from '@/lib/serviceApi';
import type { SendResult } from '@/features/submit/communityService';
import {
  errorsByField,
  fieldsProblem,
  sendingProblem,
  type FormProblem,
  type SentWhat,
} from '@/features/submit/formErrors';

interface Options {
  form: RefObject<HTMLFormElement | null>;
  /** The shared schema's refusals for what is typed now; empty when it may be sent. */
  validate(): readonly FieldError[];
  /** Sends it; resolves with the reference the service gave it, or kept in the outbox. */
  post(): Promise<SendResult>;
  /** Called once it is sent, even if the visitor has left the page meanwhile. */
  onSent(): void;
  /** What is being sent, for the rate-limit message ("submissions", "messages"). */
  sentWhat: SentWhat;
}

/** Where a form stands, and what its page shows for it. */
export interface FormSender {
  sending: boolean;
  /** The service's reference once sent, `''` if it gave none or it was kept; null until then. */
  sentId: string | null;
  /** It was kept on the device, to be sent when the network is back (issue 50). */
  kept: boolean;
  fieldErrors: Readonly<Record<string, string>>;
  problem: FormProblem | null;
  onSubmit(event: FormEvent): void;
  /** Forgets the field's refusal once the visitor changes it. */
  fieldChanged(field: string): void;
  /** Back to a fresh form (after a confirmation, or "Start over"), with focus in it. */
  startAgain(): void;
}

/** The form's first field a person fills in (the honeypot is out of the tab order). */
const FIRST_FIELD = 'input:not([tabindex="-1"]), textarea';

const NO_ERRORS: Readonly<Record<string, string>> = {};

/**
 * The send cycle both community forms share: check with the shared schema (no request while it
 * refuses), post, and turn the service's answer into field messages, a summary, or a confirmation.
 * After a refusal, focus moves to the first field to fix.
 */
export function useFormSender({ form, validate, post, onSent, sentWhat }: Options): FormSender {
  const [sending, setSending] = useState(false);
  const [sentId, setSentId] = useState<string | null>(null);
  const [kept, setKept] = useState(false);
  const [fieldErrors, setFieldErrors] = useState(NO_ERRORS);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  // Bumped on each refusal: focus moves once the refused fields are marked in the DOM.
  const [refusals, setRefusals] = useState(0);
  // Bumped on each fresh start: focus moves into the empty form once it is back in the DOM.
  const [restarts, setRestarts] = useState(0);

  useEffect(() => {
    if (refusals > 0) focusFirstError(form.current);
  }, [refusals, form]);

  useEffect(() => {
    if (restarts > 0) form.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, [restarts, form]);

  function refuse(errors: readonly FieldError[], next: FormProblem) {
    setFieldErrors(errorsByField(errors));
    setProblem(next);
    setRefusals((n) => n + 1);
  }

  async function send() {
    const errors = validate();
    if (errors.length > 0) {
      refuse(errors, fieldsProblem(errors));
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const result = await post();
      onSent();
      setFieldErrors(NO_ERRORS);
      setKept('kept' in result);
      setSentId('reference' in result ? result.reference : '');
    } catch (failure) {
      if (failure instanceof ServiceError && failure.status === 400 && failure.errors.length > 0)
        refuse(failure.errors, fieldsProblem(failure.errors));
      else refuse([], sendingProblem(failure, sentWhat));
    } finally {
      setSending(false);
    }
  }

  return {
    sending,
    sentId,
    kept,
    fieldErrors,
    problem,
    onSubmit(event) {
      event.preventDefault();
      if (!sending) void send();
    },
    fieldChanged(field) {
      if (fieldErrors[field] === undefined) return;
      setFieldErrors(({ [field]: _gone, ...rest }) => rest);
    },
    startAgain() {
      setSentId(null);
      setKept(false);
      setProblem(null);
      setFieldErrors(NO_ERRORS);
      setRestarts((n) => n + 1);
    },
  };
}
