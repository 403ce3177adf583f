import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { useAnalytics, useServiceAccess } from '@/app/hooks';
import { CONTENT, type ContentName } from '@/features/pages/contentSources';
import { contentLinkUrl, fillContent, isSitePath } from '@/lib/content';
import { isAppPath } from '@/lib/routes';
import './ContentPage.css';

/** Markdown link text must not turn an address's `_` or `*` into emphasis. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]()<>#!|~]/g, '\\$&');

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

/**
 * Markdown from the archive's own content files, as React elements: raw HTML is not rendered, and
 * every link and image passes the checked helper (a refused link shows as its text).
 */
export function ContentMarkdown({ source }: { source: string }) {
  return (
    <Markdown components={components} skipHtml urlTransform={(url) => contentLinkUrl(url) ?? ''}>
      {source}
    </Markdown>
  );
}

/**
 * One of the archive's own pages (statement, resources, submit, contact), from its Markdown in
 * src/content/. Raw HTML in the file is not rendered, and every link passes the checked helper.
 */
export default function ContentPage({ name, contactEmail, analyticsConfigured, children }: Props) {
  const analytics = useAnalytics();
  const service = useServiceAccess();
  const values = {
    openData: `[as JSON](${service.baseUrl}/open-data/archive.json) or [as CSV](${service.baseUrl}/open-data/archive.csv)`,
    oai: `[${service.baseUrl}/oai](${service.baseUrl}/oai?verb=Identify)`,
    contact: contactEmail
      ? `Email the editors at [${escapeMarkdown(contactEmail)}](mailto:${contactEmail}).`
      : '_This copy of the archive has not published an email address yet. Please check back soon._',
    analytics: !analyticsConfigured
      ? '**Analytics is off** on this copy of the archive: nothing about your visit is reported.'
      : analytics.enabled
        ? '**Analytics is on** on this copy of the archive.'
        : '**Analytics is on** on this copy of the archive, **but not for you**: your browser asks not to be tracked, so none is loaded.',
  };
  return (
    <div className={`page page--content page--${name}`}>
      <Markdown components={components} skipHtml urlTransform={(url) => contentLinkUrl(url) ?? ''}>
        {fillContent(CONTENT[name], values)}
      </Markdown>
      {children}
    </div>
  );
}
