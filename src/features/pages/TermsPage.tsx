import { Trans, useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { TermsText } from '@/components/TermsText';
import {
  translationCache,
  useShownLanguage,
  useTranslation,
  type TranslatedLanguage,
} from '@/features/pages/translatedText';
import { formatLocale } from '@/i18n/i18n';
import { CURRENT_TERMS, TERMS_VERSIONS, termsOfVersion, type TermsTranslation } from '@/lib/terms';
import './ContentPage.css';

/**
 * The terms in Spanish and Bosnian (issue 49), each a chunk of its own, fetched when the page is
 * shown in that language: an English visitor loads neither.
 */
const TRANSLATIONS: Record<TranslatedLanguage, () => Promise<TermsTranslation>> = {
  es: () => import('@/lib/terms.es').then((module) => module.TERMS_ES),
  bs: () => import('@/lib/terms.bs').then((module) => module.TERMS_BS),
};

const translations = translationCache<TermsTranslation>();

/**
 * A version's day in words, in the active language ("26 November 2026" in English, as the archive
 * writes its dates).
 */
function publishedOn(version: string): string {
  const [year, month, day] = version.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString(
    formatLocale(),
    { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  );
}

/**
 * `/terms`: what a contributor agrees to on `/submit`, in the current version, or an earlier one
 * with `?version=` (each version's id is the day it was published). A link to a section
 * (`/terms#archive-only`) scrolls to it. In Spanish and Bosnian the terms' words are translated,
 * and the visitor may read the English, which is what a submission records.
 */
export function TermsPage() {
  const { t, i18n } = useLingui();
  const [search] = useSearchParams();
  const { hash } = useLocation();
  const language = useShownLanguage(i18n.locale);
  const translation = useTranslation(
    translations,
    language === null ? null : { key: language, load: TRANSLATIONS[language] },
  );
  const [inEnglish, setInEnglish] = useState(false);
  const asked = search.get('version');
  const terms = asked === null ? CURRENT_TERMS : termsOfVersion(asked);
  useLayoutEffect(() => {
    if (hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return; // A malformed address: nothing to scroll to.
    }
    document.getElementById(id)?.scrollIntoView?.();
  }, [hash]);
  const earlier = TERMS_VERSIONS.filter((version) => version !== CURRENT_TERMS).reverse();
  const published = terms === null ? '' : publishedOn(terms.version);
  const version = terms?.version ?? '';
  return (
    <div className="page page--content page--terms">
      <h1>{t`Terms for contributors`}</h1>
      {terms === null ? (
        <p>
          <Trans>
            There is no version {asked} of these terms.{' '}
            <Link to="/terms">Read the current terms</Link>.
          </Trans>
        </p>
      ) : (
        <>
          <p className="terms__version">
            {terms === CURRENT_TERMS ? (
              <Trans comment="{published} is the day this version was published, such as 26 November 2026; {version} its id, such as 2026-11-26">
                The current terms, published {published} (version {version}).
              </Trans>
            ) : (
              <Trans comment="{published} is the day this version was published, such as 26 November 2026; {version} its id, such as 2026-11-26">
                An earlier version, published {published} (version {version}).{' '}
                <Link to="/terms">Read the current terms</Link>.
              </Trans>
            )}
          </p>
          <p>
            <Trans comment="Submit media is the name of the page with the form that sends media to the archive">
              What you agree to when you send a video or photos with{' '}
              <Link to="/submit">Submit media</Link>.
            </Trans>
          </p>
          {translation !== null && (
            <p className="terms__translation">
              {inEnglish
                ? t({
                    message: 'You are reading the English text of these terms.',
                    comment:
                      'On the terms for contributors, read in Spanish or Bosnian, after the visitor chose to see the English text',
                  })
                : t({
                    message: 'You are reading a translation of these terms.',
                    comment:
                      'On the terms for contributors: the terms were written in English, and this is their translation',
                  })}{' '}
              <button
                type="button"
                className="button-quiet"
                onClick={() => setInEnglish(!inEnglish)}
              >
                {inEnglish
                  ? t({
                      message: 'Show the translation',
                      comment:
                        'A button on the terms for contributors: back to the translated text',
                    })
                  : t({
                      message: 'Show the English text',
                      comment: 'A button on the terms for contributors: show their English text',
                    })}
              </button>
            </p>
          )}
          {/* English in a page of another language (no translation yet, the English asked for,
              or the tests' pseudo-locale), said so. */}
          {i18n.locale !== 'en' && (language === null || translation === null || inEnglish) ? (
            <div lang="en">
              <TermsText terms={terms} anchored />
            </div>
          ) : (
            <TermsText terms={terms} anchored translation={translation} />
          )}
        </>
      )}
      {earlier.length > 0 && (
        <section aria-labelledby="terms-earlier">
          <h2 id="terms-earlier">{t`Earlier versions`}</h2>
          <ul>
            {earlier.map((each) => (
              <li key={each.version}>
                <Link to={`/terms?version=${each.version}`}>{publishedOn(each.version)}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
