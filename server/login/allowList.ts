/**
 * Who may be made an editor by signing in. SPEC §6 leaves open whether sign-in adds users to the
 * editor group automatically; adding everyone would make every self-registered account an editor,
 * so only the people (or email domains) the operators list here are added.
 */

/** A parsed `EDITOR_ALLOWLIST`: usernames (as the pool compares them) and email domains. */
export interface AllowList {
  /** Usernames as written, or lower-cased when the pool ignores case. */
  usernames: ReadonlySet<string>;
  /** Whether the pool tells `alice` and `ALICE` apart (Cognito's `UsernameConfiguration`). */
  caseSensitive: boolean;
  /** Domains without the leading `@`. */
  domains: ReadonlySet<string>;
}

/** Who a verified ID token says the user is. */
export interface SignedInIdentity {
  /** `cognito:username`. */
  username: string;
  /** `email`, when the token has one. */
  email: string | null;
  /** `email_verified`: only a verified address proves the user holds that domain. */
  emailVerified: boolean;
}

// Letters, digits and hyphens in dot-separated labels, at least two: enough to catch a typo
// (`@example`, `@ example.org`) without judging which top-level domains exist.
const DOMAIN = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u;

/**
 * Parses allow-list entries: `@example.org` admits every verified address of that domain (not its
 * subdomains; domains ignore case, as DNS does); anything else is a username, compared as the
 * pool compares usernames. On a case-sensitive pool (cognito-local's, and Cognito's unless the pool
 * was made case-insensitive) `alice` and `ALICE` are two accounts, and listing one must not admit
 * whoever registers the other.
 *
 * @throws RangeError naming an entry that cannot be either.
 */
export function parseAllowList(
  entries: readonly string[],
  { caseSensitive = true }: { caseSensitive?: boolean } = {},
): AllowList {
  const usernames = new Set<string>();
  const domains = new Set<string>();
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '') continue;
    if (entry.startsWith('@')) {
      const domain = entry.slice(1).toLowerCase();
      if (!DOMAIN.test(domain)) {
        throw new RangeError(`"${raw.trim()}" is not an email domain; write it like @example.org.`);
      }
      domains.add(domain);
    } else if (/\s/.test(entry)) {
      // Cognito usernames have no spaces; a space means two entries missing their comma.
      throw new RangeError(`"${raw.trim()}" is not a username (usernames have no spaces).`);
    } else {
      usernames.add(caseSensitive ? entry : entry.toLowerCase());
    }
  }
  return { usernames, caseSensitive, domains };
}

/** Whether the allow-list admits this user to the editor group. */
export function isAllowed(list: AllowList, identity: SignedInIdentity): boolean {
  const username = list.caseSensitive ? identity.username : identity.username.toLowerCase();
  if (list.usernames.has(username)) return true;
  if (!identity.emailVerified || identity.email === null) return false;
  const at = identity.email.lastIndexOf('@');
  return at > 0 && list.domains.has(identity.email.slice(at + 1).toLowerCase());
}
