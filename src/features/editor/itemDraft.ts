/**
 * The item form's state and its two translations: from a stored node (whatever shape the archive
 * holds) to the fields, and from the fields to the JSON the service validates with the shared
 * schema. Coordinates stay text while typed, so "-9" on the way to "-90.2" is not refused.
 */
import type { MessageDescriptor } from '@lingui/core';
import { ITEM_FIELD_LIST, type ItemDraft } from '@/lib/itemFields';
import { formNumber } from '@/lib/itemReaders';
import { slugify } from '@/lib/slug';

export type { ItemDraft } from '@/lib/itemFields';

/** The fields the form edits, each with how it holds and sends its value (`@/lib/itemFields`). */
const DRAFT_FIELDS = ITEM_FIELD_LIST.flatMap(([name, spec]) =>
  spec.draft ? [{ name: name as keyof ItemDraft, draft: spec.draft, label: spec.label }] : [],
);

/** A new item's empty form. */
export const EMPTY_DRAFT = Object.fromEntries(
  DRAFT_FIELDS.map(({ name, draft }) => [name, draft.empty]),
) as ItemDraft;

/** The form of a stored node, taking SPEC §3's defaults (type video, id from either field). */
export function draftOfNode(node: Record<string, unknown>): ItemDraft {
  return Object.fromEntries(
    DRAFT_FIELDS.map(({ name, draft }) => [name, draft.of(node)]),
  ) as ItemDraft;
}

/** The JSON the service receives (the shared schema checks it on both sides). */
export function bodyOfDraft(draft: ItemDraft): Record<string, unknown> {
  const values = draft as unknown as Record<string, unknown>;
  return Object.fromEntries(
    DRAFT_FIELDS.map(({ name, draft: spec }) => [name, spec.body(values[name], draft)]),
  );
}

/** A parsed position of the form, or null while the fields do not hold one. */
export function positionOfDraft(
  draft: Pick<ItemDraft, 'lat' | 'lng'>,
): { lat: number; lng: number } | null {
  const lat = formNumber(draft.lat);
  const lng = formNumber(draft.lng);
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** An id for a new item from its title, unique among `taken` (`-2`, `-3` … when needed). */
export function suggestId(title: string, taken: ReadonlySet<string>): string {
  const base = slugify(title).slice(0, 80).replace(/-+$/, '');
  if (base === '') return '';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

/** Labels of the fields, for a conflict's list of what changed (read with `i18n._`). */
export const FIELD_LABELS = Object.fromEntries(
  DRAFT_FIELDS.map(({ name, label }) => [name, label]),
) as Record<keyof ItemDraft, MessageDescriptor>;

/** The fields whose values differ between two drafts. */
export function changedFields(a: ItemDraft, b: ItemDraft): (keyof ItemDraft)[] {
  return (Object.keys(FIELD_LABELS) as (keyof ItemDraft)[]).filter(
    (key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}
