/**
 * The agreement's checks on /submit that read two fields (issue 31): a name to credit when the
 * sender chose to be credited by name, and the terms read now (the version the page showed).
 */
import { t } from '@lingui/core/macro';
import type { FieldError } from '@/lib/nodeSchema';
import { singleLine } from '@/lib/nodeSchema';
import { CURRENT_TERMS } from '@/lib/terms';

/** The agreement's rules that read two fields: a name to credit, and the terms read now. */
export function rightsErrors(input: unknown): FieldError[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  const raw = input as Record<string, unknown>;
  const errors: FieldError[] = [];
  if (
    raw.credit_as === 'name' &&
    (typeof raw.credit_name !== 'string' || singleLine(raw.credit_name) === '')
  )
    errors.push({
      path: 'credit_name',
      message: t({
        message: 'Give the name to credit, or choose Anonymous.',
        comment: '"Anonymous" is the name of the choice on /submit',
      }),
    });
  if (raw.consent === true && raw.terms_version !== CURRENT_TERMS.version)
    errors.push({
      path: 'consent',
      message: t`The terms have changed since this page was opened: read them again, then tick the line.`,
    });
  return errors;
}
