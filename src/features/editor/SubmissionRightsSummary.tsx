import { useLingui } from '@lingui/react/macro';
import { TermsText } from '@/components/TermsText';
import { LICENSES } from '@/lib/license';
import { AGE_WORDS, PEOPLE_WORDS, type SubmissionInput } from '@/lib/submissionSchema';
import { languageName } from '@/lib/language';
import { termsOfVersion } from '@/lib/terms';
import './editor.css';

/**
 * What the contributor agreed to (issue 31), for the editor deciding on a submission: the credit,
 * the licence, the people shown, their age, and the terms' version with its words to read. A
 * submission sent before the form asked says so.
 */
export function SubmissionRightsSummary({ submission }: { submission: SubmissionInput }) {
  const { t } = useLingui();
  const rights = submission.rights;
  if (!rights) {
    return (
      <p className="inbox__meta submission-rights">
        {t`Sent before the form asked for a credit, a licence and consent: ask the sender before publishing.`}
      </p>
    );
  }
  const terms = termsOfVersion(rights.terms);
  const version = rights.terms;
  // Said where the sender's page said it (issue 49): older submissions do not.
  const readIn = rights.termsLanguage ? languageName(rights.termsLanguage) : null;
  return (
    <div className="submission-rights">
      <dl className="submission-rights__list">
        <dt>
          {t({
            message: 'Credit',
            comment: "The editor's field of who made an item, as the item credits them",
          })}
        </dt>
        <dd>{rights.credit}</dd>
        <dt>{t`Licence`}</dt>
        <dd>{LICENSES[rights.license].name}</dd>
        <dt>
          {t({
            message: 'People shown',
            comment: 'What the sender said of the people their photos or video show',
          })}
        </dt>
        <dd>{PEOPLE_WORDS[rights.people]}</dd>
        <dt>
          {t({ message: 'Age', comment: 'What the sender said of their age (an adult or not)' })}
        </dt>
        <dd>{AGE_WORDS[rights.age]}</dd>
        <dt>{t`Terms agreed`}</dt>
        <dd>
          {t({
            message: `Version ${version}`,
            comment: 'The version of the terms the sender agreed to',
          })}
          {readIn !== null &&
            ` · ${t({
              message: `read in ${readIn}`,
              comment:
                'After the version of the terms the sender agreed to: the language they read them in (a language name)',
            })}`}
        </dd>
      </dl>
      {terms ? (
        <details className="submission-rights__terms">
          <summary>{t`Read version ${version} of the terms`}</summary>
          <TermsText terms={terms} headingLevel={3} />
        </details>
      ) : (
        <p className="inbox__meta">{t`This archive holds no copy of version ${version}.`}</p>
      )}
    </div>
  );
}
