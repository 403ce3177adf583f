import type { ReactNode } from 'react';
import type * as TestingLibrary from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';

// Every component speaks through the translation layer (issue 49), which needs its context: the
// app's root gives it (main.tsx), and here every render and hook of Testing Library does, in
// English unless a test switches.
vi.mock('@testing-library/react', async (importOriginal) => {
  const library = await importOriginal<typeof TestingLibrary>();
  const { createElement } = await import('react');
  const { I18nProvider } = await import('@lingui/react');
  const { i18n } = await import('@/i18n/i18n');
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(I18nProvider, { i18n }, children);
  return {
    ...library,
    render: ((ui: Parameters<typeof library.render>[0], options?: object) =>
      library.render(ui, { wrapper, ...options })) as typeof library.render,
    renderHook: ((hook: (props: unknown) => unknown, options?: object) =>
      library.renderHook(hook, { wrapper, ...options })) as typeof library.renderHook,
  };
});

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
  const { activateLanguage } = await import('@/i18n/catalogs');
  await activateLanguage('en');
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
