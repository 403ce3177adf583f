import type { PasswordPolicy } from './localPool';

/** The characters Cognito counts as symbols (its documented list, space included). */
const SYMBOL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/**
 * Why a new password breaks the pool's policy, in Cognito's words (the message of its
 * `InvalidPasswordException`), or null when it conforms. cognito-local stores any password, so the
 * SRP front checks here what Cognito would, and the app meets the same refusals locally as on AWS.
 */
export function passwordPolicyViolation(password: string, policy: PasswordPolicy): string | null {
  const rules: [broken: boolean, message: string][] = [
    [[...password].length < (policy.MinimumLength ?? 0), 'Password not long enough'],
    [
      !!policy.RequireLowercase && !/[a-z]/.test(password),
      'Password must have lowercase characters',
    ],
    [
      !!policy.RequireUppercase && !/[A-Z]/.test(password),
      'Password must have uppercase characters',
    ],
    [!!policy.RequireNumbers && !/[0-9]/.test(password), 'Password must have numeric characters'],
    [!!policy.RequireSymbols && !SYMBOL.test(password), 'Password must have symbol characters'],
  ];
  const broken = rules.find(([isBroken]) => isBroken);
  return broken ? `Password did not conform with policy: ${broken[1]}` : null;
}
