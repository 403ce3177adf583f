/**
 * A category's OAI-PMH `setSpec` (issue 45). The protocol's schema allows a setSpec only the
 * characters `A-Z a-z 0-9 - _ . ! ~ * ' ( )` (setSpecType), while a category is named in any
 * language and identified by its slug (SPEC §3: "Río Café" → `río-café`). Harvesters keep the
 * specs they were given and ask for them again with `set=`, so a spec must never change once
 * issued: it is a pure function of the category's slug alone, never of which other categories
 * exist, and the rule below is frozen (change it and every harvester's sets break).
 *
 * - A slug that is already ASCII (`storm`, `damage-2025`) is its own spec, as it always was.
 * - Any other slug is folded to ASCII where that reads well (accents dropped through Unicode's
 *   compatibility decomposition, `ß` → `ss`, `ø` → `o` …), and gets a `.` and 8 characters of the
 *   SHA-256 of the slug (base32): `ayuda-en-español` → `ayuda-en-espanol.<hash>`, `café` →
 *   `cafe.<hash>`. A script with no ASCII reading (`日本語`) keeps only the hash, behind `set`:
 *   `set.<hash>`. The readable name stays in `setName`.
 *
 * Why a hash and not the fold alone: `Café` and `Cafe` are two categories (two slugs), and a fold
 * alone would give both `cafe`; deciding who gets the plain fold by which one came first would
 * make a spec depend on the rest of the archive, which is exactly what must not happen. A `.`
 * never occurs in a slug, so a hashed spec can never equal an ASCII slug's. Two different slugs
 * get one spec only if 40 bits of SHA-256 agree (about one chance in 10^12 for a pair); should it
 * ever happen, the two categories are one set (the route names both in its `setName`) rather
 * than either's spec changing.
 */
import { createHash } from 'node:crypto';
import { slugify } from '@/lib/slug';

/** The schema's setSpecType: colon-separated parts of the unreserved URI characters. */
export const SET_SPEC_PATTERN = /^[A-Za-z0-9\-_.!~*'()]+(?::[A-Za-z0-9\-_.!~*'()]+)*$/;

/** Letters that compatibility decomposition leaves whole, and how they are written in ASCII. */
const ASCII_OF: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  ŋ: 'ng',
  þ: 'th',
  ŧ: 't',
};

/** Base32 (RFC 4648) in lower case: letters and digits only, so it reads in any setSpec. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** The first 40 bits of the slug's SHA-256, as 8 base32 characters. */
function hashOf(slug: string): string {
  const bytes = createHash('sha256').update(slug, 'utf8').digest();
  let bits = 0n;
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(bytes[i] as number);
  let out = '';
  for (let i = 7; i >= 0; i--) out += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

/** The slug in ASCII letters and digits where it has a reading, hyphens between words. */
export function asciiFold(slug: string): string {
  return slug
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\P{ASCII}/gu, (c) => ASCII_OF[c] ?? '-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

/** The setSpec of the category named `name` (see the rule above); `''` for a name with no slug. */
export function setSpecOf(name: string): string {
  const slug = slugify(name);
  if (/^[a-z0-9-]*$/.test(slug)) return slug;
  return `${asciiFold(slug) || 'set'}.${hashOf(slug)}`;
}
