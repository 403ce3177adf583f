// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsContext } from '@/app/hooks';
import ContentPage, { ContentMarkdown } from '@/features/pages/ContentPage';
import { CONTENT, translatedContent, type ContentName } from '@/features/pages/contentSources';
import { activateLanguage } from '@/i18n/catalogs';
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
        <Suspense fallback={<p role="status">Loading…</p>}>
          <ContentPage
            name={name}
            contactEmail={contactEmail}
            analyticsConfigured={analyticsConfigured}
          />
        </Suspense>
      </AnalyticsContext>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => activateLanguage('en'));
});

const NAMES = Object.keys(CONTENT) as ContentName[];
const TRANSLATIONS = ['es', 'bs'] as const;
const read = (file: string) => readFileSync(join(CONTENT_DIR, file), 'utf8');
const linksOf = (markdown: string) =>
  [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string);
const tokensOf = (markdown: string) =>
  [...markdown.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string);
/** A page's outline: its headings' levels and its lists' and quotes' lines, in order. */
const outlineOf = (markdown: string) =>
  markdown
    .split('\n')
    .map((line) => /^(#+ |- |> \*\*)/.exec(line)?.[1])
    .filter((mark) => mark !== undefined);

describe('the content files', () => {
  const files = readdirSync(CONTENT_DIR).filter(
    (name) => name.endsWith('.md') && name !== 'README.md',
  );

  it('are the pages the app shows, one file each, each in Spanish and Bosnian beside it', () => {
    const english = files.filter((file) => !/\.(es|bs)\.md$/.test(file));
    expect(english.map((f) => f.replace('.md', '')).sort()).toEqual([...NAMES].sort());
    expect(files.filter((file) => !english.includes(file)).sort()).toEqual(
      NAMES.flatMap((name) => TRANSLATIONS.map((language) => `${name}.${language}.md`)).sort(),
    );
    for (const name of NAMES)
      for (const language of TRANSLATIONS)
        expect(translatedContent(name, language), `${name}.${language}`).not.toBeNull();
  });

  it.each(files)('%s: every link is one the page will show', (file) => {
    const markdown = read(file);
    for (const link of linksOf(markdown)) {
      expect(contentLinkUrl(link), link).not.toBeNull();
      if (isSitePath(link)) expect(isAppPath(link), link).toBe(true);
      else expect(link, link).toMatch(/^(https:\/\/|tel:|mailto:)/);
    }
    for (const token of tokensOf(markdown))
      expect(['contact', 'analytics', 'openData', 'oai']).toContain(token);
  });

  it.each(NAMES.flatMap((name) => TRANSLATIONS.map((language) => [name, language] as const)))(
    "%s in %s: the English page's links, tokens, headings and lists",
    (name, language) => {
      const translated = read(`${name}.${language}.md`);
      expect(linksOf(translated).sort()).toEqual(linksOf(CONTENT[name]).sort());
      expect(tokensOf(translated)).toEqual(tokensOf(CONTENT[name]));
      expect(outlineOf(translated)).toEqual(outlineOf(CONTENT[name]));
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

/**
 * What the page shows, now and from now on, one entry a change: its heading, or its loading line,
 * or nothing ('').
 */
function watchHeadings(): () => string[] {
  const shown: string[] = [];
  const look = () => {
    const now = document.querySelector('h1, [role=status]')?.textContent ?? '';
    if (shown.at(-1) !== now) shown.push(now);
  };
  look();
  const observer = new MutationObserver(look);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return () => {
    look();
    observer.disconnect();
    return shown;
  };
}

describe('a content page in Spanish and Bosnian', () => {
  it('shows the active language, and follows a switch without a reload', async () => {
    renderPage('statement', { contactEmail: 'editors@example.org' });
    expect(screen.getByRole('heading', { level: 1, name: 'About this archive' })).toBeTruthy();
    const shown = watchHeadings();
    await act(() => activateLanguage('es'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acerca de este archivo' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contacto' }).getAttribute('href')).toBe('/contact');
    // The translators' notes to a reviewer are HTML comments, never shown.
    expect(document.body.textContent).not.toMatch(/Review:|translation of/);
    expect(document.querySelector('[lang]')).toBeNull();
    await act(() => activateLanguage('bs'));
    expect(await screen.findByRole('heading', { level: 1, name: 'O ovom arhivu' })).toBeTruthy();
    // English is in the page's own chunk: back at once.
    await act(() => activateLanguage('en'));
    expect(screen.getByRole('heading', { level: 1, name: 'About this archive' })).toBeTruthy();
    // While each translation was fetched, the page kept its words: never the loading line.
    expect(shown()).toEqual([
      'About this archive',
      'Acerca de este archivo',
      'O ovom arhivu',
      'About this archive',
    ]);
  });

  it('waits for its translation rather than showing the English first', async () => {
    await act(() => activateLanguage('bs'));
    const shown = watchHeadings();
    // Not the English first: the loading line (the page's chunk loads then too), then the page.
    // The translation arrives after the first render: React retries it once `act` is awaited.
    await act(async () => {
      renderPage('resources');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Resursi' })).toBeTruthy();
    expect(shown()).toEqual(['', 'Loading…', 'Resursi']);
    expect(screen.getByRole('link', { name: '911' }).getAttribute('href')).toBe('tel:911');
    // The values filled in from this deployment: the same files, in the page's words.
    expect(screen.getByRole('link', { name: '/api/oai' }).getAttribute('href')).toBe(
      '/api/oai?verb=Identify',
    );
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
