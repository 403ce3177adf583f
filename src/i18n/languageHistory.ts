/**
 * The browser's history as the router sees it: without the address's language prefix (issue 49).
 * The router matches, links and navigates on the app's own paths (`/video/{id}`); this history
 * adds the language's prefix to every address it writes (`/es/video/{id}`) and to every link's
 * `href`, and takes it off every address it reads. Back and Forward to an entry written in
 * another language (before a switch) keep the visitor's language and correct that entry's address.
 *
 * Built on React Router's own browser history (`UNSAFE_createBrowserHistory`, the one its
 * `createBrowserRouter` uses); tests/unit/languageHistory.test.ts holds it to that contract.
 */
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  createPath,
  parsePath,
  type Location,
  type To,
} from 'react-router';
import { addressLanguage } from './languageAddress';
import { splitLanguagePath, withLanguagePrefix } from './languages';

type History = ReturnType<typeof createBrowserHistory>;

function withoutPrefix(location: Location): Location {
  const { path } = splitLanguagePath(location.pathname);
  return path === location.pathname ? location : { ...location, pathname: path };
}

function withPrefix(to: To): To {
  const path = typeof to === 'string' ? parsePath(to) : to;
  if (path.pathname === undefined || !path.pathname.startsWith('/')) return to;
  return { ...path, pathname: withLanguagePrefix(path.pathname, addressLanguage()) };
}

export function createLanguageHistory(): History {
  const browser = createBrowserHistory({ window });
  return {
    get action() {
      return browser.action;
    },
    get location() {
      return withoutPrefix(browser.location);
    },
    createHref: (to) => browser.createHref(withPrefix(to)),
    // The router's own view (it builds its requests and matches on these): no prefix.
    createURL: (to) => browser.createURL(to),
    encodeLocation: (to) => browser.encodeLocation(to),
    push: (to, state) => browser.push(withPrefix(to), state),
    replace: (to, state) => browser.replace(withPrefix(to), state),
    go: (delta) => browser.go(delta),
    listen: (listener) =>
      browser.listen((update) => {
        // An entry from before a language switch: the visitor's language stays, and the
        // entry's address says it.
        const { pathname, search, hash } = window.location;
        const { language, path } = splitLanguagePath(pathname);
        if (language !== addressLanguage())
          window.history.replaceState(
            window.history.state,
            '',
            createPath({
              pathname: withLanguagePrefix(path, addressLanguage()),
              search,
              hash,
            }),
          );
        listener({ ...update, location: withoutPrefix(update.location) });
      }),
  };
}
