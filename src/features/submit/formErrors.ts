import { plural, t } from '@lingui/core/macro';
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
  const count = details.length;
  return {
    message: plural(count, {
      one: 'One thing needs attention before this can be sent:',
      other: '# things need attention before this can be sent:',
    }),
    details,
  };
}

/** What a form sends, for the rate limit's words. */
export type SentWhat = 'submissions' | 'messages' | 'requests';

/**
 * The rate limit's words: the form's kind of message, and the wait the service asked for
 * (Retry-After, seconds), or a minute when it did not say.
 */
function tooManyText(sentWhat: SentWhat, retryAfter: number | null): string {
  const seconds = retryAfter ?? 0;
  switch (sentWhat) {
    case 'submissions':
      return retryAfter === null
        ? t`You have sent several submissions in a short time; try again in a minute.`
        : plural(seconds, {
            one: 'You have sent several submissions in a short time; try again in # second.',
            other: 'You have sent several submissions in a short time; try again in # seconds.',
          });
    case 'messages':
      return retryAfter === null
        ? t`You have sent several messages in a short time; try again in a minute.`
        : plural(seconds, {
            one: 'You have sent several messages in a short time; try again in # second.',
            other: 'You have sent several messages in a short time; try again in # seconds.',
          });
    case 'requests':
      return retryAfter === null
        ? t({
            message: 'You have sent several requests in a short time; try again in a minute.',
            comment: 'Requests for the removal or correction of archive items',
          })
        : plural(seconds, {
            one: 'You have sent several requests in a short time; try again in # second.',
            other: 'You have sent several requests in a short time; try again in # seconds.',
          });
  }
}

/** Words for a send that failed for some other reason than the fields: nothing typed is lost. */
export function sendingProblem(failure: unknown, sentWhat: SentWhat): FormProblem {
  if (failure instanceof ServiceError && failure.status === 429)
    return { message: tooManyText(sentWhat, failure.retryAfter), details: [] };
  const reason =
    failure instanceof ServiceError
      ? failure.message
      : t`Something went wrong while sending; try again.`;
  return {
    message: t({
      message: `${reason} Everything you wrote is still here.`,
      comment:
        '{reason} is a sentence saying why the form could not be sent ("The archive service could not be reached; …")',
    }),
    details: [],
  };
}
