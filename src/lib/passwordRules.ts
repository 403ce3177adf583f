import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The user pool's password rules (Cognito's default policy, which the archive's pools use), shown
 * beside the password field and checked as the person types; the pool checks them again. Each
 * `label` is read in the active language where it is shown (`i18n._(rule.label)`).
 */
export const PASSWORD_RULES: readonly {
  id: string;
  label: MessageDescriptor;
  test: (p: string) => boolean;
}[] = [
  { id: 'length', label: msg`At least 8 characters`, test: (p) => [...p].length >= 8 },
  { id: 'lower', label: msg`A lowercase letter`, test: (p) => /[a-z]/.test(p) },
  { id: 'upper', label: msg`An uppercase letter`, test: (p) => /[A-Z]/.test(p) },
  {
    id: 'digit',
    label: msg({ message: 'A number', comment: 'A password rule: the password has a digit' }),
    test: (p) => /[0-9]/.test(p),
  },
  {
    id: 'symbol',
    label: msg`A symbol, such as ! ? # or -`,
    // Cognito's symbol set: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and space
    test: (p) => /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(p),
  },
];

/** The rules a password does not meet yet (empty when it meets them all). */
export function unmetPasswordRules(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.id);
}
