// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TermsPage } from '@/features/pages/TermsPage';
import { activateLanguage } from '@/i18n/catalogs';
import { LICENSES } from '@/lib/license';
import { CURRENT_TERMS, TERMS_VERSIONS, termsOfVersion, termsWords } from '@/lib/terms';
import { TERMS_BS } from '@/lib/terms.bs';
import { TERMS_ES } from '@/lib/terms.es';

function show(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <TermsPage />
      </Suspense>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  await act(() => activateLanguage('en'));
});

describe('the contributors’ terms', () => {
  it('keeps every version, oldest first, each a day and each section anchored once', () => {
    const ids = TERMS_VERSIONS.map((terms) => terms.version);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(CURRENT_TERMS).toBe(TERMS_VERSIONS.at(-1));
    expect(termsOfVersion(CURRENT_TERMS.version)).toBe(CURRENT_TERMS);
    expect(termsOfVersion('1999-01-01')).toBeNull();
    for (const terms of TERMS_VERSIONS) {
      const sections = terms.sections.map((section) => section.id);
      expect(new Set(sections).size).toBe(sections.length);
    }
    // The licence an item may link to its explanation here has a section of its own.
    expect(LICENSES['archive-only'].deed).toBe('/terms#archive-only');
    expect(CURRENT_TERMS.sections.map((section) => section.id)).toContain('archive-only');
  });

  it('never changes a published version’s words: a change is a new version', () => {
    // What contributors agreed to, fingerprinted: editing a published version fails here.
    const published: Record<string, string> = {
      '2026-11-26': 'b2bfdbd4b6f053655cfedc3927869a0950be2aee80d0bd820abd4d52a26d42b1',
      '2026-11-27': '4d898795329bcb1970375403739229c0470f10aaef00a2e06c674a30a04bc08e',
    };
    for (const [version, fingerprint] of Object.entries(published)) {
      const terms = termsOfVersion(version);
      expect(terms, version).not.toBeNull();
      expect(createHash('sha256').update(JSON.stringify(terms)).digest('hex'), version).toBe(
        fingerprint,
      );
    }
    // Only the newest may be unpublished still (added with the change it describes).
    expect(TERMS_VERSIONS.slice(0, -1).every((terms) => terms.version in published)).toBe(true);
    // Since 2026-11-27 the terms say that editors may blur parts of a photo.
    const privacy = CURRENT_TERMS.sections.find((section) => section.id === 'privacy');
    expect(privacy?.paragraphs.join(' ')).toMatch(/blur parts of a photo/);
    expect(
      termsOfVersion('2026-11-26')
        ?.sections.flatMap((s) => s.paragraphs)
        .join(' '),
    ).not.toMatch(/blur/);
  });

  it('shows the current version with its day, each section a heading a link can reach', () => {
    show('/terms#archive-only');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms for contributors' })).toBeTruthy();
    expect(screen.getByText(/^The current terms, published/).textContent).toContain(
      `(version ${CURRENT_TERMS.version})`,
    );
    const section = document.getElementById('archive-only');
    expect(section?.querySelector('h2')?.textContent).toBe('Shown in this archive only');
    expect(screen.getByRole('link', { name: 'Submit media' }).getAttribute('href')).toBe('/submit');
  });

  it('says so for a version that does not exist, and leads to the current one', () => {
    show('/terms?version=<script>#%E0%A4%A');
    expect(screen.getByText(/There is no version <script> of these terms/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the current terms' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(document.querySelector('script')).toBeNull();
  });

  it('are translated whole into Spanish and Bosnian, word for word of every version', () => {
    const english = termsWords();
    for (const translation of [TERMS_ES, TERMS_BS]) {
      expect(Object.keys(translation).sort()).toEqual([...english].sort());
      for (const words of english) expect(translation[words], words).toMatch(/\S/);
    }
    // The same credit and licences by name in each.
    for (const translation of [TERMS_ES, TERMS_BS]) {
      const all = Object.values(translation).join(' ');
      for (const name of ['© Dana Whitfield', 'Anonymous', 'Creative Commons BY 4.0', 'BY-NC 4.0'])
        expect(all).toContain(name);
    }
  });

  it('shows them in the visitor’s language, with the English a click away', async () => {
    await act(() => activateLanguage('es'));
    await act(async () => {
      show('/terms');
    });
    const section = await screen.findByRole('region', { name: 'Solo se muestra en este archivo' });
    expect(section.id).toBe('archive-only');
    expect(screen.getByText(/^Las condiciones vigentes, publicadas/).textContent).toContain(
      `27 de noviembre de 2026 (versión ${CURRENT_TERMS.version})`,
    );
    expect(document.querySelector('[lang]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar el texto en inglés' }));
    const english = screen.getByRole('region', { name: 'Shown in this archive only' });
    expect(english.closest('[lang]')?.getAttribute('lang')).toBe('en');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar la traducción' }));
    expect(screen.getByRole('region', { name: 'Solo se muestra en este archivo' })).toBeTruthy();
    // A switch of language follows, without a reload.
    await act(() => activateLanguage('bs'));
    expect(await screen.findByRole('region', { name: 'Prikaz samo u ovom arhivu' })).toBeTruthy();
    expect(screen.getByText(/^Važeći uslovi/).textContent).toMatch(/27\. novemb(ar|ra) 2026\./);
    await act(() => activateLanguage('en'));
    expect(screen.getByRole('region', { name: 'Shown in this archive only' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show the English text' })).toBeNull();
    expect(document.querySelector('[lang]')).toBeNull();
  });
});
