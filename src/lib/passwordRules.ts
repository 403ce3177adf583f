/**
 * The user pool's password rules (Cognito's default policy, which the archive's pools use), shown
 * beside the password field and checked as the person types; the pool checks them again.
 */
export const PASSWORD_RULES: readonly {
  id: string;
  label: string;
  test: (p: string) => boolean;
}[] = [
  { id: 'length', label: 'At least 8 characters', test: (p) => [...p].length >= 8 },
  { id: 'lower', label: 'A lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'upper', label: 'An uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'digit', label: 'A number', test: (p) => /[0-9]/.test(p) },
  {
    id: 'symbol',
    label: 'A symbol, such as ! ? # or -',
    // Cognito's symbol set: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and space
    test: (p) => /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(p),
  },
];

/** The rules a password does not meet yet (empty when it meets them all). */
export function unmetPasswordRules(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.id);
}
