// @vitest-environment jsdom
/**
 * The router's history keeps the address's language prefix out of the routes (issue 49): the
 * router reads `/video/x` where the address says `/es/video/x`, every address and link it writes
 * carries the visitor's language, and an entry written in another language (Back after a switch)
 * is corrected to the visitor's language, which stays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sayLanguageInAddress } from '@/i18n/languageAddress';
import { createLanguageHistory } from '@/i18n/languageHistory';

afterEach(() => {
  sayLanguageInAddress(null);
  window.history.replaceState(null, '', '/');
});

describe("the router's history", () => {
  it('reads the address without its prefix', () => {
    window.history.replaceState(null, '', '/es/video/porch?q=roof#top');
    sayLanguageInAddress('es');
    const history = createLanguageHistory();
    expect(history.location.pathname).toBe('/video/porch');
    expect(history.location.search).toBe('?q=roof');
    expect(history.location.hash).toBe('#top');
  });

  it("writes every address and link in the visitor's language", () => {
    sayLanguageInAddress('bs');
    const history = createLanguageHistory();
    expect(history.createHref({ pathname: '/submit', search: '?x=1' })).toBe('/bs/submit?x=1');
    expect(history.createHref('/')).toBe('/bs/');
    history.push('/gallery/roofs?type=gallery');
    expect(window.location.pathname + window.location.search).toBe(
      '/bs/gallery/roofs?type=gallery',
    );
    expect(history.location.pathname).toBe('/gallery/roofs');
    history.replace({ pathname: '/contact' });
    expect(window.location.pathname).toBe('/bs/contact');
  });

  it('writes no prefix for a language the address does not say', () => {
    const history = createLanguageHistory();
    history.push('/statement');
    expect(window.location.pathname).toBe('/statement');
    expect(history.createHref('/video/porch')).toBe('/video/porch');
  });

  it('switches the address in place: the same entry, the same path', () => {
    const history = createLanguageHistory();
    history.push('/video/porch?skipIntro=true');
    const entries = window.history.length;
    sayLanguageInAddress('es');
    expect(window.location.pathname + window.location.search).toBe(
      '/es/video/porch?skipIntro=true',
    );
    expect(window.history.length).toBe(entries);
    expect(history.location.pathname).toBe('/video/porch');
    sayLanguageInAddress('en');
    expect(window.location.pathname).toBe('/en/video/porch');
  });

  it("keeps the visitor's language when Back reaches an entry written in another", async () => {
    const history = createLanguageHistory();
    const seen: string[] = [];
    const stop = history.listen(({ location }) => seen.push(location.pathname));
    history.push('/statement');
    history.push('/resources');
    sayLanguageInAddress('es');
    const popped = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    history.go(-1);
    await popped;
    // The router sees the app's path; the address says the visitor's language.
    expect(seen).toEqual(['/statement']);
    expect(window.location.pathname).toBe('/es/statement');
    stop();
  });
});
