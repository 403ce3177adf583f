/**
 * What a declaration of an item's field is (`@/lib/itemFields` holds the table): the hooks each
 * field may give, and the small builders the table uses for the common kinds (a text cell, a text
 * field of the form, a coordinate).
 */
import type { MessageDescriptor } from '@lingui/core';
import { escapeCell } from '@/lib/csvCells';
import { formNumber, formText, type RawItem, type Reading } from '@/lib/itemReaders';
import type { MediaType } from '@/lib/mediaType';

/** What a field's hooks may read of the item besides its own value: what it is and where. */
export interface ItemCore {
  video_id: string;
  type: MediaType;
  lat: number;
  lng: number;
}

/** The fifteen Dublin Core elements, in the order `oai_dc` records list them. */
export const DC_ELEMENTS = [
  'title',
  'creator',
  'subject',
  'description',
  'publisher',
  'contributor',
  'date',
  'type',
  'format',
  'identifier',
  'source',
  'language',
  'relation',
  'coverage',
  'rights',
] as const;
export type DcElement = (typeof DC_ELEMENTS)[number];

/** How a field's value is one CSV cell, and back (the import's and the export's columns). */
export interface CsvCell<I> {
  write(value: I, item: ItemCore): string;
  /** The row's raw fields that the cell gives (an escaped formula already unescaped). */
  read(cell: string): Record<string, unknown>;
}

/** How the editor's form holds a field (text while typed) and sends it. */
export interface DraftSpec<D> {
  empty: D;
  /** The form's value of a stored item's field (whatever shape the archive holds). */
  of(stored: RawItem): D;
  /** What the form sends for it (`draft` is the rest of the form, for fields that depend on its type). */
  body(value: D, draft: { type: MediaType }): unknown;
}

/**
 * How the editor's form shows a field: a control the form draws from this, or its own component.
 * Its words are in the active language: a descriptor read where it is shown, or a function called
 * when the form is drawn.
 */
export type FormControl =
  | { kind: 'text'; required?: boolean; maxLength?: number; hint?: MessageDescriptor }
  | { kind: 'textarea'; maxLength: number }
  | {
      kind: 'select';
      /** Its options (made when the form is drawn). */
      options(): readonly { value: string; label: string }[];
      /** What the chosen option means (under the field). */
      hintOf(value: string): string;
      /** The option of a stored value that is not in the list, kept for the schema to name. */
      unknownLabel(value: string): string;
    }
  | { kind: 'own' };

/** Everything the archive knows about one field of an item. `M`: as the app holds it; `I`: as stored. */
export interface ItemFieldSpec<M, I, D> {
  /**
   * Its name for people: the form's label, a conflict's list of what changed, the journal's
   * summary of an edit (read in the active language where it is shown: `i18n._(spec.label)`).
   */
  label: MessageDescriptor;
  /** Read first; an item without it cannot be shown (`reading.drop`). */
  required?: true;
  /** Reads it leniently from an archive's record (`item`: the fields read before it). */
  read(raw: RawItem, reading: Reading, item: Readonly<Record<string, unknown>>): M;
  /** Absent for a field the archive keeps but no form edits (a local thumbnail). */
  stored?: {
    /** The app's value as a form would send it. */
    input(value: NoInfer<M>): I;
    /** Made by `validateNode` from another field, so an import does not compare it. */
    derived?: true;
    csv?: CsvCell<NoInfer<I>>;
    /** Its Dublin Core element and the values it gives (none: the element is left out). */
    dc?: {
      element: DcElement;
      values(value: NoInfer<I>, item: ItemCore, siteUrl: string): string[];
    };
    /** What the open data's item says of it; by default `{ [name]: value }`. */
    openData?(value: NoInfer<I>, item: ItemCore, siteUrl: string | null): Record<string, unknown>;
  };
  /** Its schema.org properties on the item's page (`@/lib/structuredData`). */
  jsonLd?(value: NoInfer<M>, item: ItemCore, siteUrl: string): Record<string, unknown>;
  /** How the editor's form holds it; absent for a field no form edits. */
  draft?: DraftSpec<D>;
  form?: FormControl;
  /**
   * How the detail view says it: one line ("Language: Spanish") in the active language (called
   * while the view renders), or null to say nothing.
   */
  detail?(value: NoInfer<M>): string | null;
  /** Whether a visitor's submission carries it (`@/lib/submissionSchema`). */
  visitor?: true;
  /** How much a word found in it counts in a search, beside 1 for the description. */
  search?: { boost: number };
}

/** Declares one field, keeping its types (`M`, `I`, `D`) for the types derived below. */
export function field<
  M,
  I = M,
  D = string,
  S extends ItemFieldSpec<M, I, D> = ItemFieldSpec<M, I, D>,
>(spec: S & ItemFieldSpec<M, I, D>): S & ItemFieldSpec<M, I, D> {
  return spec;
}

export const same = <T>(value: T): T => value;
/** A text cell, a formula-like one behind a `'` (`@/lib/csvCells`). */
export const textCell = <T extends string | null>(name: string): CsvCell<T> => ({
  write: (value) => escapeCell(value ?? ''),
  read: (cell) => ({ [name]: cell }),
});
/** A cell the archive writes itself (an id, a date, a licence): never a formula. */
export const plainCell = <T extends string | null | undefined>(name: string): CsvCell<T> => ({
  write: (value) => value ?? '',
  read: (cell) => ({ [name]: cell }),
});
/** A text field's form value: '' for none, sent as it is. */
export const draftOfText = (
  name: string,
  body: (value: string) => unknown = same,
): DraftSpec<string> => ({
  empty: '',
  of: (stored) => formText(stored[name]),
  body,
});
export const noneWhenBlank = (value: string) => (value.trim() === '' ? null : value);
export const coordinateDraft = (name: string): DraftSpec<string> => ({
  empty: '',
  of: (stored) => {
    const value = stored[name];
    return typeof value === 'number' && Number.isFinite(value) ? String(value) : formText(value);
  },
  body: formNumber,
});

/** The item's page: absolute when the site's address is known, else a path on it. */
export function pageOf(item: Pick<ItemCore, 'type' | 'video_id'>, siteUrl: string | null): string {
  return `${siteUrl ?? ''}/${item.type}/${encodeURIComponent(item.video_id)}`;
}
