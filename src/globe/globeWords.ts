/**
 * The words the globe draws on its canvas and announces (issue 49): a card's callout (what it
 * is, a cluster's count and what a click does) and a card face's badge. The engine runs in a
 * worker, apart from the page's translation layer: the page sends it the active language with
 * these messages compiled from its catalog (`GlobeInput.words`, `globeWordsOf`), and the engine
 * says them through an i18n of its own. Without words yet (tests, the first moments of a start)
 * it speaks English.
 */
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const GLOBE_MESSAGES = {
  video: msg({ message: 'Video', comment: 'What a card on the globe is, in its callout' }),
  gallery: msg({
    message: 'Photo gallery',
    comment: 'What a card on the globe is, in its callout',
  }),
  itemsHere: msg({
    message: '{size, plural, one {# item here} other {# items here}}',
    comment: "A cluster's callout on the globe: how many items its card gathers",
  }),
  matching: msg({
    message: '{matching, plural, one {# matches the filter} other {# match the filter}}',
    comment: "A cluster's callout on the globe: how many of its items the filter matches",
  }),
  spread: msg({
    message: 'click to spread them out',
    comment: "A cluster's callout on the globe, lower case after a dot: what a click on it does",
  }),
  zoomIn: msg({
    message: 'click to zoom in',
    comment: "A cluster's callout on the globe, lower case after a dot: what a click on it does",
  }),
  photos: msg({
    message: '{photos, plural, one {# photo} other {# photos}}',
    comment: "A gallery card's badge on the globe: keep it short",
  }),
  captures: msg({
    message: '{captures, plural, one {# 3D capture} other {# 3D captures}}',
    comment: "A card's badge on the globe when all it holds are 3D captures: keep it short",
  }),
  photosAnd3d: msg({
    message: '{photos} + 3D',
    comment: "A gallery card's badge: its photo count ({photos}, e.g. '6 photos') and 3D captures",
  }),
  photosAndCaptures: msg({
    message: '{photos} and {captures}',
    comment:
      "A gallery's callout on the globe: its photos ('6 photos') and its 3D captures ('1 3D capture')",
  }),
  videoBadge: msg({
    message: 'VIDEO',
    comment: "A video card's label on the globe, in capitals, before its picture arrives",
  }),
} as const satisfies Record<string, MessageDescriptor>;

/** What the page sends the engine: the language, and the globe's messages compiled in it. */
export interface GlobeWords {
  locale: string;
  /** The BCP 47 tags its plurals and numbers follow. */
  locales: string[];
  messages: Messages;
}

const words: I18n = setupI18n({ locale: 'en', locales: ['en-GB'], messages: { en: {} } });
let current: GlobeWords | null = null;

/** The page's words for the globe, from its i18n (the active language's compiled catalog). */
export function globeWordsOf(i18n: {
  locale: string;
  locales?: string | string[];
  messages: Messages;
}): GlobeWords {
  const messages: Messages = {};
  for (const descriptor of Object.values(GLOBE_MESSAGES)) {
    const compiled = i18n.messages[descriptor.id];
    if (compiled !== undefined) messages[descriptor.id] = compiled;
  }
  const locales = i18n.locales ?? i18n.locale;
  return { locale: i18n.locale, locales: Array.isArray(locales) ? locales : [locales], messages };
}

/** Takes the page's words; true when they changed (what the globe says is then said again). */
export function takeGlobeWords(next: GlobeWords | undefined): boolean {
  // Every update carries them (a copy, in the worker): only a new language is taken.
  if (next === undefined || next.locale === current?.locale) return false;
  current = next;
  words.load(next.locale, next.messages);
  words.activate(next.locale, next.locales);
  return true;
}

/** One of the globe's messages in the language the page sent last. */
export function sayOnGlobe(
  key: keyof typeof GLOBE_MESSAGES,
  values?: Record<string, unknown>,
): string {
  const { id, message } = GLOBE_MESSAGES[key] as MessageDescriptor;
  // The English itself where the build kept it (tests): the engine's words before the page's.
  return words._(id, values as Record<string, unknown> | undefined, message ? { message } : {});
}
