import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { useAnalytics, useServiceAccess } from '@/app/hooks';
import { CONTENT, translatedContent, type ContentName } from '@/features/pages/contentSources';
import {
  translationCache,
  useShownLanguage,
  useTranslation,
} from '@/features/pages/translatedText';
import { contentLinkUrl, fillContent, isSitePath } from '@/lib/content';
import { isAppPath } from '@/lib/routes';
import './ContentPage.css';

/** Markdown link text must not turn an address's `_` or `*` into emphasis. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]()<>#!|~]/g, '\\$&');

/** The translated pages fetched so far, by page and language (`statement.es`). */
const translations = translationCache<string>();

const components: Components = {
  a({ href, children }) {
    const url = href ? contentLinkUrl(href) : null;
    if (url === null) return <>{children}</>;
    // The app's own pages open in the app; the site's files (the open data) as files.
    if (isSitePath(url) && isAppPath(new URL(url, 'https://site.invalid').pathname)) {
      return <Link to={url}>{children}</Link>;
    }
    if (isSitePath(url)) return <a href={url}>{children}</a>;
    return (
      <a href={url} rel="noopener noreferrer">
        {children}
      </a>
    );
  },
  img({ src, alt }) {
    const url = typeof src === 'string' ? contentLinkUrl(src) : null;
    // Only the site's own images: the page policy would block other hosts anyway.
    return url !== null && isSitePath(url) ? <img src={url} alt={alt ?? ''} /> : null;
  },
};

interface Props {
  name: ContentName;
  /** What follows the words on the page (a control of the page's own). */
  children?: ReactNode;
  /** The editors' address (`VITE_CONTACT_EMAIL`), or `null` while none is published. */
  contactEmail: string | null;
  /** Whether this build has a measurement id (analytics may still be off for this visitor). */
  analyticsConfigured: boolean;
}

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * Markdown from the archive's own content files, as React elements: raw HTML is not rendered, and
 * every link and image passes the checked helper (a refused link shows as its text). With
 * `headings` false (a story's narration under its stop's heading) a heading's words stay, as a
 * paragraph's, and the page's outline stays the stops'.
 */
export function ContentMarkdown({
  source,
  headings = true,
}: {
  source: string;
  headings?: boolean;
}) {
  return (
    <Markdown
      components={components}
      skipHtml
      urlTransform={(url) => contentLinkUrl(url) ?? ''}
      {...(headings ? {} : { disallowedElements: HEADINGS, unwrapDisallowed: true })}
    >
      {source}
    </Markdown>
  );
}

/**
 * One of the archive's own pages (statement, resources, submit, contact), from its Markdown in
 * src/content/. Raw HTML in the file is not rendered, and every link passes the checked helper.
 */
export default function ContentPage({ name, contactEmail, analyticsConfigured, children }: Props) {
  const { t, i18n } = useLingui();
  const analytics = useAnalytics();
  const service = useServiceAccess();
  const language = useShownLanguage(i18n.locale);
  const load = language === null ? null : translatedContent(name, language);
  const translated = useTranslation(
    translations,
    language === null || load === null ? null : { key: `${name}.${language}`, load },
  );
  const json = `${service.baseUrl}/open-data/archive.json`;
  const csv = `${service.baseUrl}/open-data/archive.csv`;
  const link = contactEmail ? `[${escapeMarkdown(contactEmail)}](mailto:${contactEmail})` : '';
  const values = {
    openData: t({
      message: `[as JSON](${json}) or [as CSV](${csv})`,
      comment:
        'Markdown: two links to the open-data files, ending a sentence of the Resources page ("Everything published here can be downloaded…: [as JSON](…) or [as CSV](…).") Keep the [ ] and ( ) around each link.',
    }),
    oai: `[${service.baseUrl}/oai](${service.baseUrl}/oai?verb=Identify)`,
    contact: contactEmail
      ? t({
          message: `Email the editors at ${link}.`,
          comment:
            'After "Prefer e-mail?" on the Submit and Contact pages; {link} is the editors\' email address, as a link',
        })
      : t({
          message:
            '_This copy of the archive has not published an email address yet. Please check back soon._',
          comment:
            'After "Prefer e-mail?" on the Submit and Contact pages. Markdown: keep the _ at both ends (the line shows in italics)',
        }),
    analytics: !analyticsConfigured
      ? t({
          message:
            '**Analytics is off** on this copy of the archive: nothing about your visit is reported.',
          comment:
            'On the About page, under "Privacy and analytics". Markdown: the words between ** show in bold; keep the **',
        })
      : analytics.enabled
        ? t({
            message: '**Analytics is on** on this copy of the archive.',
            comment:
              'On the About page, under "Privacy and analytics". Markdown: the words between ** show in bold; keep the **',
          })
        : t({
            message:
              '**Analytics is on** on this copy of the archive, **but not for you**: your browser asks not to be tracked, so none is loaded.',
            comment:
              'On the About page, under "Privacy and analytics". Markdown: the words between ** show in bold; keep the **',
          }),
  };
  const words = (
    <Markdown components={components} skipHtml urlTransform={(url) => contentLinkUrl(url) ?? ''}>
      {fillContent(translated ?? CONTENT[name], values)}
    </Markdown>
  );
  return (
    <div className={`page page--content page--${name}`}>
      {/* The English, said so, where a page has no translation yet (or it could not be fetched, or
          in the tests' pseudo-locale, which has none). */}
      {i18n.locale !== 'en' && translated === null ? <div lang="en">{words}</div> : words}
      {children}
    </div>
  );
}
