// @vitest-environment jsdom
/**
 * Issue 49: the page's addresses in each language are in the document's head, for the page shown
 * now, and follow the visitor's moves without piling up.
 */
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageAlternates } from '@/i18n/LanguageAlternates';

const alternates = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"]')].map(
    (link) => `${link.hreflang} ${link.href.replace(window.location.origin, '')}`,
  );

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="alternate"]')) link.remove();
});

describe('the language alternates in the head', () => {
  it("names the page shown in every language, the server's links reused, and follows navigation", async () => {
    // A shared item's document comes with the server's links (absolute, on the site's address).
    const served = document.createElement('link');
    served.rel = 'alternate';
    served.hreflang = 'es';
    served.href = 'https://archive.example.org/es/video/porch';
    document.head.append(served);
    const router = createMemoryRouter([{ path: '*', element: <LanguageAlternates /> }], {
      initialEntries: ['/video/porch'],
    });
    render(<RouterProvider router={router} />);
    expect(alternates()).toEqual([
      'es /es/video/porch',
      'x-default /video/porch',
      'en /en/video/porch',
      'bs /bs/video/porch',
    ]);
    await act(() => router.navigate('/gallery/roofs'));
    expect(alternates()).toEqual([
      'es /es/gallery/roofs',
      'x-default /gallery/roofs',
      'en /en/gallery/roofs',
      'bs /bs/gallery/roofs',
    ]);
  });
});
