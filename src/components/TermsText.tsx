import type { TermsTranslation, TermsVersion } from '@/lib/terms';

/**
 * One version's words. On `/terms` (`anchored`) each section is a region with the section's id, for
 * links such as `/terms#archive-only`; elsewhere (beside a submission an editor reviews, perhaps
 * several on a page) plain sections without ids.
 *
 * With a `translation`, each heading and paragraph in its language; one it does not cover (a new
 * version not yet translated) in the English, marked as English. Without one, the English, which
 * is what a submission records.
 */
export function TermsText({
  terms,
  headingLevel = 2,
  anchored = false,
  translation = null,
}: {
  terms: TermsVersion;
  headingLevel?: 2 | 3 | 4;
  anchored?: boolean;
  translation?: TermsTranslation | null;
}) {
  const Heading = headingLevel === 2 ? 'h2' : headingLevel === 3 ? 'h3' : 'h4';
  const words = (english: string) => {
    const translated = translation?.[english];
    return translation === null || translated !== undefined
      ? { text: translated ?? english, lang: undefined }
      : { text: english, lang: 'en' };
  };
  return terms.sections.map((section) => {
    const heading = words(section.heading);
    return (
      <section
        key={section.id}
        id={anchored ? section.id : undefined}
        aria-labelledby={anchored ? `terms-${section.id}` : undefined}
      >
        <Heading id={anchored ? `terms-${section.id}` : undefined} lang={heading.lang}>
          {heading.text}
        </Heading>
        {section.paragraphs.map((paragraph) => {
          const { text, lang } = words(paragraph);
          return (
            <p key={paragraph} lang={lang}>
              {text}
            </p>
          );
        })}
      </section>
    );
  });
}
