/**
 * Who made an item and on what terms it may be reused (issue 31): a node's `credit` (a name, or
 * "Anonymous") and `license` (an SPDX id such as `CC-BY-4.0`, or `archive-only`). One list of the
 * licences the archive knows, for the shared schema, the archive file's reader, the forms and the
 * views; anything else is not a licence here.
 */

/** The licences an item may carry: Creative Commons 4.0 and CC0 by their SPDX ids, and ours. */
export const LICENSE_IDS = [
  'CC-BY-4.0',
  'CC-BY-SA-4.0',
  'CC-BY-NC-4.0',
  'CC-BY-NC-SA-4.0',
  'CC-BY-ND-4.0',
  'CC-BY-NC-ND-4.0',
  'CC0-1.0',
  'archive-only',
] as const;
export type LicenseId = (typeof LICENSE_IDS)[number];

/** What `/submit` offers a contributor (the three: reuse with credit, not for profit, or none). */
export const SUBMIT_LICENSE_IDS: readonly LicenseId[] = [
  'CC-BY-4.0',
  'CC-BY-NC-4.0',
  'archive-only',
];

/** A credit's length, characters. */
export const CREDIT_MAX = 120;
/** The credit of a contributor who asked not to be named. */
export const ANONYMOUS_CREDIT = 'Anonymous';

export interface License {
  id: LicenseId;
  /** As a credit line writes it: "CC BY 4.0". */
  short: string;
  /** Its full name. */
  name: string;
  /** Where it is explained: the licence's deed, or the archive's terms for `archive-only`. */
  deed: string;
  /** What it allows, in plain words (the forms say it beside the choice). */
  allows: string;
}

const cc = (
  id: LicenseId,
  code: string,
  words: string,
  allows: string,
  path = `licenses/${code.toLowerCase()}/4.0/`,
): License => ({
  id,
  short: `CC ${code} 4.0`,
  name: `Creative Commons ${words} 4.0 International`,
  deed: `https://creativecommons.org/${path}`,
  allows,
});

export const LICENSES: Readonly<Record<LicenseId, License>> = {
  'CC-BY-4.0': cc(
    'CC-BY-4.0',
    'BY',
    'Attribution',
    'Anyone may share and adapt it, for any purpose, crediting you.',
  ),
  'CC-BY-SA-4.0': cc(
    'CC-BY-SA-4.0',
    'BY-SA',
    'Attribution-ShareAlike',
    'Anyone may share and adapt it, crediting you and sharing what they make alike.',
  ),
  'CC-BY-NC-4.0': cc(
    'CC-BY-NC-4.0',
    'BY-NC',
    'Attribution-NonCommercial',
    'Anyone may share and adapt it, crediting you, but not to make money.',
  ),
  'CC-BY-NC-SA-4.0': cc(
    'CC-BY-NC-SA-4.0',
    'BY-NC-SA',
    'Attribution-NonCommercial-ShareAlike',
    'Anyone may share and adapt it, crediting you, not to make money, sharing alike.',
  ),
  'CC-BY-ND-4.0': cc(
    'CC-BY-ND-4.0',
    'BY-ND',
    'Attribution-NoDerivatives',
    'Anyone may share it unchanged, for any purpose, crediting you.',
  ),
  'CC-BY-NC-ND-4.0': cc(
    'CC-BY-NC-ND-4.0',
    'BY-NC-ND',
    'Attribution-NonCommercial-NoDerivatives',
    'Anyone may share it unchanged, crediting you, but not to make money.',
  ),
  'CC0-1.0': {
    id: 'CC0-1.0',
    short: 'CC0 1.0',
    name: 'Creative Commons Zero 1.0 Universal (public domain)',
    deed: 'https://creativecommons.org/publicdomain/zero/1.0/',
    allows: 'Anyone may use it for anything, without asking or crediting.',
  },
  'archive-only': {
    id: 'archive-only',
    short: 'shown in this archive only',
    name: 'Shown in this archive only',
    deed: '/terms#archive-only',
    allows: 'This archive may show it; nobody else may reuse it without asking you.',
  },
};

const BY_LOWER_CASE = new Map<string, LicenseId>(LICENSE_IDS.map((id) => [id.toLowerCase(), id]));

/** The licence `value` names (its id, in any case, blanks around it ignored), or null. */
export function readLicenseId(value: unknown): LicenseId | null {
  if (typeof value !== 'string') return null;
  return BY_LOWER_CASE.get(value.trim().toLowerCase()) ?? null;
}

/** The words "Rights not stated" stand for an item without a credit or a licence. */
export const RIGHTS_NOT_STATED = 'Rights not stated';

/** Where a licence is explained, absolute: the archive's own terms on `siteUrl` (a path when unknown). */
export function licenseUrl(license: LicenseId, siteUrl: string | null): string {
  const deed = LICENSES[license].deed;
  return deed.startsWith('/') ? `${siteUrl ?? ''}${deed}` : deed;
}
