import type { FieldError } from '@/lib/nodeSchema';
import { ServiceError } from '@/lib/serviceApi';

/** Why a form was not sent: a line to announce, and the field messages it comes with. */
export interface FormProblem {
  message: string;
  /** Every field message, in form order, for the summary (some fields have no place to show one). */
  details: string[];
}

/**
 * The first message for each field. A refusal deep inside a field (`images.0.thumbUrl`,
 * `place.lat`, `categories.3`) belongs to the field that shows it (`images`, `place`,
 * `categories`).
 */
export function errorsByField(errors: readonly FieldError[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const { path, message } of errors) {
    const field = path.split('.')[0] ?? '';
    byField[field] ??= message;
  }
  return byField;
}

/** The summary above a form whose fields were refused, by the browser or the service. */
export function fieldsProblem(errors: readonly FieldError[]): FormProblem {
  const details = [...new Set(errors.map((error) => error.message))];
  return {
    message:
      details.length === 1
        ? 'One thing needs attention before this can be sent:'
        : `${details.length} things need attention before this can be sent:`,
    details,
  };
}

/** How long the service asked to wait (Retry-After), in words; `fallback` when it did not say. */
export function waitText(retryAfter: number | null, fallback: string): string {
  if (retryAfter === null) return fallback;
  return retryAfter === 1 ? '1 second' : `${retryAfter} seconds`;
}

/** Words for a send that failed for some other reason than the fields: nothing typed is lost. */
export function sendingProblem(failure: unknown, sentWhat: string): FormProblem {
  if (failure instanceof ServiceError && failure.status === 429) {
    return {
      message: `You have sent several ${sentWhat} in a short time; try again in ${waitText(failure.retryAfter, 'a minute')}.`,
      details: [],
    };
  }
  const reason =
    failure instanceof ServiceError
      ? failure.message
      : 'Something went wrong while sending; try again.';
  return { message: `${reason} Everything you wrote is still here.`, details: [] };
}
