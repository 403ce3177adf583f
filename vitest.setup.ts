import { afterEach, beforeAll, beforeEach } from 'vitest';

if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  // jsdom has no media queries: answer "no match" (no reduced motion, no dark-mode switch).
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

beforeEach(() => {
  if (typeof window !== 'undefined') window.localStorage.clear();
});

// A wait on the page's state (`findBy…`, `waitFor`) ends as soon as the state arrives; its bound
// only catches a page that never gets there, so it is sized for a busy two-core machine running
// browsers beside it (Testing Library's 1 s default failed there), not for a quiet one.
beforeAll(async () => {
  if (typeof document !== 'undefined') {
    const { configure } = await import('@testing-library/react');
    configure({ asyncUtilTimeout: 10_000 });
  }
});

// Component tests render into jsdom; unmount after each so tests never see each other's DOM.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
