import { useLayoutEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { TermsText } from '@/components/TermsText';
import { CURRENT_TERMS, TERMS_VERSIONS, termsOfVersion } from '@/lib/terms';
import './ContentPage.css';

/** A version's day in words ("26 November 2026"). */
function publishedOn(version: string): string {
  const [year, month, day] = version.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * `/terms`: what a contributor agrees to on `/submit`, in the current version, or an earlier one
 * with `?version=` (each version's id is the day it was published). A link to a section
 * (`/terms#archive-only`) scrolls to it.
 */
export function TermsPage() {
  const [search] = useSearchParams();
  const { hash } = useLocation();
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
  return (
    <div className="page page--content page--terms">
      <h1>Terms for contributors</h1>
      {terms === null ? (
        <p>
          There is no version {asked} of these terms.{' '}
          <Link to="/terms">Read the current terms</Link>.
        </p>
      ) : (
        <>
          <p className="terms__version">
            {terms === CURRENT_TERMS ? 'The current terms, ' : 'An earlier version, '}
            published {publishedOn(terms.version)} (version {terms.version}).
            {terms !== CURRENT_TERMS && (
              <>
                {' '}
                <Link to="/terms">Read the current terms</Link>.
              </>
            )}
          </p>
          <p>
            What you agree to when you send a video or photos with{' '}
            <Link to="/submit">Submit media</Link>.
          </p>
          <TermsText terms={terms} anchored />
        </>
      )}
      {earlier.length > 0 && (
        <section aria-labelledby="terms-earlier">
          <h2 id="terms-earlier">Earlier versions</h2>
          <ul>
            {earlier.map((version) => (
              <li key={version.version}>
                <Link to={`/terms?version=${version.version}`}>{publishedOn(version.version)}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
