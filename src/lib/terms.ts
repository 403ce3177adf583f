/**
 * The terms a contributor agrees to on `/submit` (issue 31), every version of them. A submission
 * records the version its sender agreed to, and an editor reviewing it reads that version's
 * words, so a version is never edited once published: a change is a new version, added last.
 * `/terms` shows the current one (`?version=` an earlier one).
 */

export interface TermsSection {
  /** The section's anchor (`/terms#archive-only`). */
  id: string;
  heading: string;
  paragraphs: readonly string[];
}

export interface TermsVersion {
  /** Its id, the day it was published (`2026-11-26`). */
  version: string;
  sections: readonly TermsSection[];
}

/** The first version (stop 41). */
const FIRST: TermsVersion = {
  version: '2026-11-26',
  sections: [
    {
      id: 'what-you-send',
      heading: 'What you send',
      paragraphs: [
        'You send a video link or photos of the tornado of 16 May 2025 and the days after. You made them, or the person who did has let you send them.',
        'Editors review everything before it appears. They may shorten or correct the title, the description, the place and the date, and they may decline to publish something.',
      ],
    },
    {
      id: 'credit',
      heading: 'Credit',
      paragraphs: [
        'Your item is credited with the name you give (“© Dana Whitfield”), or as “Anonymous” if you ask not to be named. Your e-mail address is never published.',
      ],
    },
    {
      id: 'licence',
      heading: 'Licence',
      paragraphs: [
        'You keep the copyright. You choose how others may reuse what you send, and the item says it beside your credit:',
        'Creative Commons BY 4.0: anyone may share and adapt it, for any purpose, crediting you.',
        'Creative Commons BY-NC 4.0: anyone may share and adapt it, crediting you, but not to make money.',
      ],
    },
    {
      id: 'archive-only',
      heading: 'Shown in this archive only',
      paragraphs: [
        'This archive may show it to its visitors, keep copies of it to preserve it, and show it when it presents the archive. Nobody else may reuse it without asking you; ask the editors to reach you.',
      ],
    },
    {
      id: 'people-shown',
      heading: 'People shown',
      paragraphs: [
        'You confirm that nobody can be recognised in what you send, or that the people who can be recognised have agreed to it being published.',
      ],
    },
    {
      id: 'age',
      heading: 'Your age',
      paragraphs: ['You are 16 or older, or a parent or guardian has agreed to you sending it.'],
    },
    {
      id: 'privacy',
      heading: 'Privacy',
      paragraphs: [
        'Photos lose their hidden details (the place they were taken, the camera, the time) when you upload them, and so does every copy the archive makes of them. What you send stays private until an editor publishes it.',
      ],
    },
    {
      id: 'changing-your-mind',
      heading: 'Changing your mind',
      paragraphs: [
        'You, or anyone shown, may ask for an item to be removed or corrected with “Ask for removal or correction” on its page, or by writing to the editors from the Contact page. Editors can hide it at once while they look into it.',
      ],
    },
  ],
};

/** `sections` with the one whose id is `section.id` replaced by `section`. */
function replacing(sections: readonly TermsSection[], section: TermsSection): TermsSection[] {
  return sections.map((each) => (each.id === section.id ? section : each));
}

/** Every version, oldest first. */
export const TERMS_VERSIONS: readonly TermsVersion[] = [
  FIRST,
  {
    // Editors may blur parts of a photo before publishing it.
    version: '2026-11-27',
    sections: replacing(FIRST.sections, {
      id: 'privacy',
      heading: 'Privacy',
      paragraphs: [
        'Photos lose their hidden details (the place they were taken, the camera, the time) when you upload them, and so does every copy the archive makes of them. What you send stays private until an editor publishes it.',
        'Editors may blur parts of a photo before publishing it: a face, a licence plate, a house number. Then only the blurred copy is published; the photo as you sent it is never published, and it is deleted with the rest of what you sent once the editors have decided.',
      ],
    }),
  },
];

/**
 * The terms in another language (issue 49: `terms.es.ts`, `terms.bs.ts`): each English heading
 * and paragraph, of every version, with its words in that language. Keyed by the English itself,
 * so a translation belongs to the exact words it translates: a new version's new or changed words
 * show in English until they are translated. The English above stays what was agreed to, as the
 * submission records it (its version).
 */
export type TermsTranslation = Readonly<Record<string, string>>;

/** Every heading and paragraph of every version, once each: what a translation covers. */
export function termsWords(): string[] {
  const words = TERMS_VERSIONS.flatMap((terms) =>
    terms.sections.flatMap((section) => [section.heading, ...section.paragraphs]),
  );
  return [...new Set(words)];
}

/** The version `/submit` asks a contributor to agree to now. */
export const CURRENT_TERMS = TERMS_VERSIONS[TERMS_VERSIONS.length - 1] as TermsVersion;

/** A version by its id, or null. */
export function termsOfVersion(version: string | null | undefined): TermsVersion | null {
  return TERMS_VERSIONS.find((terms) => terms.version === version) ?? null;
}
