import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageAlternates } from './languages';

/**
 * The page's address in each language (`<link rel="alternate" hreflang>`, issue 49) in the
 * document's head, for the page shown now: search engines that run the app read them, as they
 * read the sitemap's. The links are the head's own (a shared item's document may come with them
 * from the server): each is kept and pointed at the page shown, never doubled.
 */
export function LanguageAlternates() {
  const { pathname } = useLocation();
  useEffect(() => {
    for (const { hreflang, href } of pageAlternates(window.location.origin, pathname)) {
      let link = document.head.querySelector<HTMLLinkElement>(
        `link[rel="alternate"][hreflang="${hreflang}"]`,
      );
      if (!link) {
        link = document.createElement('link');
        link.rel = 'alternate';
        link.hreflang = hreflang;
        document.head.append(link);
      }
      link.href = href;
    }
  }, [pathname]);
  return null;
}
