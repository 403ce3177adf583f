import type { TermsVersion } from '@/lib/terms';

/**
 * One version's words. On `/terms` (`anchored`) each section is a region with the section's id, for
 * links such as `/terms#archive-only`; elsewhere (beside a submission an editor reviews, perhaps
 * several on a page) plain sections without ids.
 */
export function TermsText({
  terms,
  headingLevel = 2,
  anchored = false,
}: {
  terms: TermsVersion;
  headingLevel?: 2 | 3 | 4;
  anchored?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : headingLevel === 3 ? 'h3' : 'h4';
  return terms.sections.map((section) => (
    <section
      key={section.id}
      id={anchored ? section.id : undefined}
      aria-labelledby={anchored ? `terms-${section.id}` : undefined}
    >
      <Heading id={anchored ? `terms-${section.id}` : undefined}>{section.heading}</Heading>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  ));
}
