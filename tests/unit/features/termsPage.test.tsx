// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TermsPage } from '@/features/pages/TermsPage';
import { LICENSES } from '@/lib/license';
import { CURRENT_TERMS, TERMS_VERSIONS, termsOfVersion } from '@/lib/terms';

function show(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <TermsPage />
    </MemoryRouter>,
  );
}

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
});
