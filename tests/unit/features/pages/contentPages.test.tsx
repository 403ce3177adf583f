// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsContext } from '@/app/hooks';
import ContentPage, { ContentMarkdown } from '@/features/pages/ContentPage';
import { CONTENT, type ContentName } from '@/features/pages/contentSources';
import { noAnalytics, type Analytics } from '@/lib/analytics';
import { contentLinkUrl, fillContent, isEmailAddress, isSitePath } from '@/lib/content';
import { isAppPath } from '@/lib/routes';
import { recordingAnalytics } from '../../support/renderWithProviders';

const CONTENT_DIR = join(process.cwd(), 'src/content');

function renderPage(
  name: ContentName,
  {
    contactEmail = null,
    analyticsConfigured = false,
    analytics = noAnalytics,
  }: { contactEmail?: string | null; analyticsConfigured?: boolean; analytics?: Analytics } = {},
) {
  return render(
    <MemoryRouter>
      <AnalyticsContext value={analytics}>
        <ContentPage
          name={name}
          contactEmail={contactEmail}
          analyticsConfigured={analyticsConfigured}
        />
      </AnalyticsContext>
    </MemoryRouter>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the content files', () => {
  const files = readdirSync(CONTENT_DIR).filter(
    (name) => name.endsWith('.md') && name !== 'README.md',
  );

  it('are the pages the app shows, one file each', () => {
    expect(files.map((f) => f.replace('.md', '')).sort()).toEqual(Object.keys(CONTENT).sort());
  });

  it.each(Object.keys(CONTENT) as ContentName[])(
    '%s: every link is one the page will show',
    (name) => {
      const links = [...CONTENT[name].matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string);
      for (const link of links) {
        expect(contentLinkUrl(link), link).not.toBeNull();
        if (isSitePath(link)) expect(isAppPath(link), link).toBe(true);
        else expect(link, link).toMatch(/^(https:\/\/|tel:|mailto:)/);
      }
      for (const [, token] of CONTENT[name].matchAll(/\{\{\s*(\w+)\s*\}\}/g))
        expect(['contact', 'analytics', 'openData', 'oai']).toContain(token);
    },
  );

  it('resources are marked as content to review, where a visitor sees it', () => {
    renderPage('resources');
    const note = screen.getByText('Content to review.').closest('blockquote');
    expect(note?.textContent).toMatch(/call or visit\s+the organisation before you rely on them/);
    expect(screen.getByRole('link', { name: '911' }).getAttribute('href')).toBe('tel:911');
  });

  it('resources link the open data, as files of the service, not pages of the app', () => {
    renderPage('resources');
    for (const [name, href] of [
      ['as JSON', '/api/open-data/archive.json'],
      ['as CSV', '/api/open-data/archive.csv'],
      ['/api/oai', '/api/oai?verb=Identify'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      // A document link: the router does not take its click for one of the app's pages.
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(fireEvent.click(link)).toBe(true);
    }
  });

  it('the README explains how to edit them', () => {
    expect(readFileSync(join(CONTENT_DIR, 'README.md'), 'utf8')).toMatch(/\{\{contact\}\}/);
  });
});

describe('a content page', () => {
  it('renders its Markdown as headings, lists and links; site links stay in the app', () => {
    renderPage('statement');
    expect(screen.getByRole('heading', { level: 1, name: 'About this archive' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy and analytics' })).toBeTruthy();
    const contact = screen.getByRole('link', { name: 'Contact' });
    expect(contact.getAttribute('href')).toBe('/contact');
    const external = screen.getByRole('link', { name: 'Natural Earth' });
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says whether analytics is on, off, or off for this visitor', () => {
    const { unmount } = renderPage('statement');
    expect(screen.getByText(/on this copy of the archive: nothing about your visit/)).toBeTruthy();
    unmount();
    const second = renderPage('statement', {
      analyticsConfigured: true,
      analytics: recordingAnalytics(),
    });
    expect(second.container.textContent).toMatch(/Analytics is on on this copy of the archive\./);
    second.unmount();
    renderPage('statement', { analyticsConfigured: true });
    expect(document.body.textContent).toMatch(
      /but not for you: your browser asks not to be tracked/,
    );
  });

  it("shows the editors' address when one is configured, and says so when not", () => {
    const { unmount } = renderPage('contact', { contactEmail: 'editors_team@example.org' });
    const mail = screen.getByRole('link', { name: 'editors_team@example.org' });
    expect(mail.getAttribute('href')).toBe('mailto:editors_team@example.org');
    unmount();
    renderPage('submit');
    expect(screen.getByText(/has not published an email address yet/)).toBeTruthy();
  });
});

describe('content helpers', () => {
  it('fills tokens, and drops an unknown one with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(fillContent('A {{contact}} B {{ nope }}', { contact: 'x' })).toBe('A x B ');
    expect(warn).toHaveBeenCalledWith('Content token {{nope}} has no value; it is left out.');
  });

  it('accepts site paths, web, tel and mailto links, and nothing else', () => {
    expect(contentLinkUrl('/resources')).toBe('/resources');
    expect(contentLinkUrl('https://www.redcross.org/')).toBe('https://www.redcross.org/');
    expect(contentLinkUrl('tel:+18007332767')).toBe('tel:+18007332767');
    expect(contentLinkUrl('mailto:editors@example.org')).toBe('mailto:editors@example.org');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'tel:call-me-maybe!',
      'mailto:',
      'java\nscript:x',
    ])
      expect(contentLinkUrl(bad), bad).toBeNull();
    expect(isSitePath('//evil.example')).toBe(false);
  });

  it('checks a contact address', () => {
    expect(isEmailAddress('editors@example.org')).toBe(true);
    expect(isEmailAddress('editors@localhost')).toBe(false);
    expect(isEmailAddress('a b@example.org')).toBe(false);
    expect(isEmailAddress('x@y.org)](javascript:alert(1)')).toBe(false);
  });

  it('shows a hostile link in a content file as text', () => {
    const hostile = fillContent('[click](javascript:alert(1)) <img src=x onerror=alert(1)>', {});
    expect(hostile).toContain('javascript:');
    const { container } = render(
      <MemoryRouter>
        <ContentMarkdown source={hostile} />
      </MemoryRouter>,
    );
    expect(within(container).queryByRole('link')).toBeNull();
    expect(container.querySelector('img, [onerror]')).toBeNull();
    expect(container.textContent).toContain('click');
  });
});
