/**
 * What a visitor has typed into /submit, as kept between visits to the page, and the request body
 * the nodes-service's `POST /submissions` takes. Field names follow the service's, so a refusal's
 * `path` names the field it belongs to.
 */
import type { NodeImageInput } from '@/lib/nodeSchema';
import { readLicenseId, SUBMIT_LICENSE_IDS, type LicenseId } from '@/lib/license';
import {
  AGE_ANSWERS,
  PEOPLE_ANSWERS,
  type AgeAnswer,
  type PeopleAnswer,
  type SubmissionKind,
} from '@/lib/submissionSchema';
import { CURRENT_TERMS } from '@/lib/terms';
import { activeLanguage } from '@/i18n/i18n';
import { isLanguage, type Language } from '@/i18n/languages';

/** The language /submit showed the terms in: the visitor's (the tests' pseudo-locale's is English). */
export function termsLanguageRead(): Language {
  const language = activeLanguage();
  return isLanguage(language) ? language : 'en';
}

/** The /submit form's fields as typed (not yet cleaned: the schema trims on sending). */
export interface SubmitDraft {
  kind: SubmissionKind;
  youtube_url: string;
  /** Uploaded already: kept when the visitor switches to a video link and back. */
  images: NodeImageInput[];
  title: string;
  description: string;
  categories: string[];
  place: { lat: number; lng: number } | null;
  place_text: string;
  /** When it was recorded: ISO 8601 text (`@/lib/itemDate`), '' for not said. */
  date: string;
  name: string;
  email: string;
  /** How to credit the contributor: by `credit_name`, or Anonymous ('' not chosen yet). */
  credit_as: '' | 'name' | 'anonymous';
  credit_name: string;
  /** The licence chosen ('' not yet). */
  license: '' | LicenseId;
  people: '' | PeopleAnswer;
  age: '' | AgeAnswer;
  consent: boolean;
}

/**
 * The JSON body of `POST {base}/submissions`: the draft's fields, the version of the terms the
 * page showed, and the honeypot (empty from a person).
 */
export type SubmissionRequest = SubmitDraft & {
  terms_version: string;
  /** The language the page showed the terms in (issue 49). */
  terms_language: Language;
  website: string;
};

/** `value` when it is one of `values`, else ''. */
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | '' =>
  values.includes(value as T) ? (value as T) : '';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const isImage = (value: unknown): value is NodeImageInput =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as NodeImageInput).thumbUrl === 'string' &&
  typeof (value as NodeImageInput).fullUrl === 'string';

/** A kept photo as its upload answered it: the card-sized copy's URL only when it has one. */
function image({ thumbUrl, fullUrl, cardUrl }: NodeImageInput): NodeImageInput {
  return typeof cardUrl === 'string' ? { thumbUrl, fullUrl, cardUrl } : { thumbUrl, fullUrl };
}

function place(value: unknown): SubmitDraft['place'] {
  if (typeof value !== 'object' || value === null) return null;
  const { lat, lng } = value as { lat?: unknown; lng?: unknown };
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat + lng)
    ? { lat, lng }
    : null;
}

/**
 * A draft from whatever session storage held (nothing, an older shape, something edited by hand):
 * each field it recognises is kept, anything else starts empty.
 */
export function parseSubmitDraft(stored: unknown): SubmitDraft {
  const raw =
    typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return {
    kind: raw.kind === 'photos' ? 'photos' : 'video',
    youtube_url: text(raw.youtube_url),
    images: Array.isArray(raw.images) ? raw.images.filter(isImage).map(image) : [],
    title: text(raw.title),
    description: text(raw.description),
    categories: Array.isArray(raw.categories)
      ? raw.categories.filter((name): name is string => typeof name === 'string')
      : [],
    place: place(raw.place),
    place_text: text(raw.place_text),
    date: text(raw.date),
    name: text(raw.name),
    email: text(raw.email),
    credit_as: oneOf(['name', 'anonymous'] as const, raw.credit_as),
    credit_name: text(raw.credit_name),
    license: oneOf(SUBMIT_LICENSE_IDS, readLicenseId(raw.license)),
    people: oneOf(PEOPLE_ANSWERS, raw.people),
    age: oneOf(AGE_ANSWERS, raw.age),
    consent: raw.consent === true,
  };
}

/**
 * The request for a draft. Only the chosen kind's media goes: photos uploaded before switching to
 * a video link stay in the draft but are not sent with the video.
 */
export function submissionRequest(draft: SubmitDraft, honeypot: string): SubmissionRequest {
  return {
    ...draft,
    youtube_url: draft.kind === 'video' ? draft.youtube_url.trim() : '',
    images: draft.kind === 'photos' ? draft.images : [],
    terms_version: CURRENT_TERMS.version,
    terms_language: termsLanguageRead(),
    website: honeypot,
  };
}
