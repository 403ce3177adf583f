import { TermsText } from '@/components/TermsText';
import { LICENSES } from '@/lib/license';
import { AGE_WORDS, PEOPLE_WORDS, type SubmissionInput } from '@/lib/submissionSchema';
import { termsOfVersion } from '@/lib/terms';
import './editor.css';

/**
 * What the contributor agreed to (issue 31), for the editor deciding on a submission: the credit,
 * the licence, the people shown, their age, and the terms' version with its words to read. A
 * submission sent before the form asked says so.
 */
export function SubmissionRightsSummary({ submission }: { submission: SubmissionInput }) {
  const rights = submission.rights;
  if (!rights) {
    return (
      <p className="inbox__meta submission-rights">
        Sent before the form asked for a credit, a licence and consent: ask the sender before
        publishing.
      </p>
    );
  }
  const terms = termsOfVersion(rights.terms);
  return (
    <div className="submission-rights">
      <dl className="submission-rights__list">
        <dt>Credit</dt>
        <dd>{rights.credit}</dd>
        <dt>Licence</dt>
        <dd>{LICENSES[rights.license].name}</dd>
        <dt>People shown</dt>
        <dd>{PEOPLE_WORDS[rights.people]}</dd>
        <dt>Age</dt>
        <dd>{AGE_WORDS[rights.age]}</dd>
        <dt>Terms agreed</dt>
        <dd>Version {rights.terms}</dd>
      </dl>
      {terms ? (
        <details className="submission-rights__terms">
          <summary>Read version {rights.terms} of the terms</summary>
          <TermsText terms={terms} headingLevel={3} />
        </details>
      ) : (
        <p className="inbox__meta">This archive holds no copy of version {rights.terms}.</p>
      )}
    </div>
  );
}
