/**
 * Who made an item and on what terms it may be reused (issue 31): a node's `credit` (a name, or
 * "Anonymous") and `license` (an SPDX id such as `CC-BY-4.0`, or `archive-only`). One list of the
 * licences the archive knows, for the shared schema, the archive file's reader, the forms and the
 * views; anything else is not a licence here.
 *
 * A licence's `short`, `name` and `allows` are the archive's English, for its data (the exports,
 * Dublin Core, open data); a visitor reads them in their language through `licenseWords`.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/i18n/i18n';

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
  /** The same words for a visitor, read in the active language (`licenseWords`). */
  messages: LicenseMessages;
}

/** A licence's words in the translation layer: its name, what it allows, and its short form where it has words. */
interface LicenseMessages {
  /** Only where the short form is words, not a code ("CC BY 4.0" is the same in every language). */
  short?: MessageDescriptor;
  name: MessageDescriptor;
  allows: MessageDescriptor;
}

const cc = (
  id: LicenseId,
  code: string,
  words: string,
  allows: string,
  messages: LicenseMessages,
  path = `licenses/${code.toLowerCase()}/4.0/`,
): License => ({
  id,
  short: `CC ${code} 4.0`,
  name: `Creative Commons ${words} 4.0 International`,
  deed: `https://creativecommons.org/${path}`,
  allows,
  messages,
});

export const LICENSES: Readonly<Record<LicenseId, License>> = {
  'CC-BY-4.0': cc(
    'CC-BY-4.0',
    'BY',
    'Attribution',
    'Anyone may share and adapt it, for any purpose, crediting you.',
    {
      name: msg({
        message: 'Creative Commons Attribution 4.0 International',
        comment:
          "A Creative Commons licence's full name: use its official name in your language where Creative Commons gives one",
      }),
      allows: msg({
        message: 'Anyone may share and adapt it, for any purpose, crediting you.',
        comment:
          'What a licence allows, said to the person who sends the media ("you") beside the choice',
      }),
    },
  ),
  'CC-BY-SA-4.0': cc(
    'CC-BY-SA-4.0',
    'BY-SA',
    'Attribution-ShareAlike',
    'Anyone may share and adapt it, crediting you and sharing what they make alike.',
    {
      name: msg({
        message: 'Creative Commons Attribution-ShareAlike 4.0 International',
        comment:
          "A Creative Commons licence's full name: use its official name in your language where Creative Commons gives one",
      }),
      allows: msg({
        message: 'Anyone may share and adapt it, crediting you and sharing what they make alike.',
        comment:
          'What a licence allows, said to the person who sends the media ("you") beside the choice',
      }),
    },
  ),
  'CC-BY-NC-4.0': cc(
    'CC-BY-NC-4.0',
    'BY-NC',
    'Attribution-NonCommercial',
    'Anyone may share and adapt it, crediting you, but not to make money.',
    {
      name: msg({
        message: 'Creative Commons Attribution-NonCommercial 4.0 International',
        comment:
          "A Creative Commons licence's full name: use its official name in your language where Creative Commons gives one",
      }),
      allows: msg({
        message: 'Anyone may share and adapt it, crediting you, but not to make money.',
        comment:
          'What a licence allows, said to the person who sends the media ("you") beside the choice',
      }),
    },
  ),
  'CC-BY-NC-SA-4.0': cc(
    'CC-BY-NC-SA-4.0',
    'BY-NC-SA',
    'Attribution-NonCommercial-ShareAlike',
    'Anyone may share and adapt it, crediting you, not to make money, sharing alike.',
    {
      name: msg({
        message: 'Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International',
        comment:
          "A Creative Commons licence's full name: use its official name in your language where Creative Commons gives one",
      }),
      allows: msg({
        message: 'Anyone may share and adapt it, crediting you, not to make money, sharing alike.',
        comment:
          'What a licence allows, said to the person who sends the media ("you") beside the choice',
      }),
    },
  ),
  'CC-BY-ND-4.0': cc(
    'CC-BY-ND-4.0',
    'BY-ND',
    'Attribution-NoDerivatives',
    'Anyone may share it unchanged, for any purpose, crediting you.',
    {
      name: msg({
        message: 'Creative Commons Attribution-NoDerivatives 4.0 International',
        comment:
          "A Creative Commons licence's full name: use its official name in your language where Creative Commons gives one",
      }),
      allows: msg({
        message: 'Anyone may share it unchanged, for any purpose, crediting you.',
        comment:
          'What a licence allows, said to the person who sends the media ("you") beside the choice',
      }),
    },
  ),
  'CC-BY-NC-ND-4.0': cc(
    'CC-BY-NC-ND-4.0',
    'BY-NC-ND',
    'Attribution-NonCommercial-NoDerivatives',
    'Anyone may share it unchanged, crediting you, but not to make money.',
    {
      name: msg({
        message: 'Creative Commons Attribution-NonCommercial-NoDerivatives 4.0 International',
        comment:
          "A Creative Commons licence's full name: use its official name in your language where Creative Commons gives one",
      }),
      allows: msg({
        message: 'Anyone may share it unchanged, crediting you, but not to make money.',
        comment:
          'What a licence allows, said to the person who sends the media ("you") beside the choice',
      }),
    },
  ),
  'CC0-1.0': {
    id: 'CC0-1.0',
    short: 'CC0 1.0',
    name: 'Creative Commons Zero 1.0 Universal (public domain)',
    deed: 'https://creativecommons.org/publicdomain/zero/1.0/',
    allows: 'Anyone may use it for anything, without asking or crediting.',
    messages: {
      name: msg({
        message: 'Creative Commons Zero 1.0 Universal (public domain)',
        comment:
          "A Creative Commons licence's full name: use its official name in your language where Creative Commons gives one",
      }),
      allows: msg({
        message: 'Anyone may use it for anything, without asking or crediting.',
        comment:
          'What a licence allows, said to the person who sends the media ("you") beside the choice',
      }),
    },
  },
  'archive-only': {
    id: 'archive-only',
    short: 'shown in this archive only',
    name: 'Shown in this archive only',
    deed: '/terms#archive-only',
    allows: 'This archive may show it; nobody else may reuse it without asking you.',
    messages: {
      short: msg({
        message: 'shown in this archive only',
        comment:
          'The licence of media that only this archive may show, at the end of its credit line: "© Dana Whitfield, shown in this archive only"',
      }),
      name: msg({
        message: 'Shown in this archive only',
        comment: 'The licence of media that only this archive may show, as a choice in the forms',
      }),
      allows: msg({
        message: 'This archive may show it; nobody else may reuse it without asking you.',
        comment:
          'What a licence allows, said to the person who sends the media ("you") beside the choice',
      }),
    },
  },
};

const BY_LOWER_CASE = new Map<string, LicenseId>(LICENSE_IDS.map((id) => [id.toLowerCase(), id]));

/** The licence `value` names (its id, in any case, blanks around it ignored), or null. */
export function readLicenseId(value: unknown): LicenseId | null {
  if (typeof value !== 'string') return null;
  return BY_LOWER_CASE.get(value.trim().toLowerCase()) ?? null;
}

/** A licence's words as a visitor reads them, in the active language (read them while rendering). */
export function licenseWords(license: LicenseId): { short: string; name: string; allows: string } {
  const { short, messages } = LICENSES[license];
  return {
    short: messages.short ? i18n._(messages.short) : short,
    name: i18n._(messages.name),
    allows: i18n._(messages.allows),
  };
}

/** The words "Rights not stated" stand for an item without a credit or a licence (read with `i18n._`). */
export const RIGHTS_NOT_STATED = msg({
  message: 'Rights not stated',
  comment: "Said of an item whose media's maker and licence are unknown",
});

/** Where a licence is explained, absolute: the archive's own terms on `siteUrl` (a path when unknown). */
export function licenseUrl(license: LicenseId, siteUrl: string | null): string {
  const deed = LICENSES[license].deed;
  return deed.startsWith('/') ? `${siteUrl ?? ''}${deed}` : deed;
}

/**
 * The rights as the archive's data states them (Dublin Core's `rights`, an item's or a story's):
 * the licence's name and where it is explained, or that none is stated. The archive's English.
 */
export function rightsStatement(license: LicenseId | null, siteUrl: string | null): string {
  return license === null
    ? 'Rights not stated: ask the archive before reusing it.'
    : `${LICENSES[license].name}: ${licenseUrl(license, siteUrl)}`;
}
