import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { FirstPaintContext, NO_FIRST_PAINT, type FirstPaint } from '@/app/firstPaint';
import { AnalyticsContext, ServiceAccessContext } from '@/app/hooks';
import { AuthAccessContext, noAuth } from '@/features/auth/authAccess';
import { routes } from '@/app/router';
import { makeStore, type StoreOptions } from '@/app/store';
import { noAnalytics, type Analytics } from '@/lib/analytics';
import type { ServiceAccess } from '@/lib/serviceApi';

/** Analytics that records every report, switched on, for assertions. */
export function recordingAnalytics() {
  return {
    enabled: true,
    pageView: vi.fn<Analytics['pageView']>(),
    click: vi.fn<Analytics['click']>(),
    video: vi.fn<Analytics['video']>(),
    story: vi.fn<Analytics['story']>(),
    search: vi.fn<Analytics['search']>(),
  } satisfies Analytics;
}

/**
 * Renders the whole app (real routes, real store) at a URL, as the browser would, for a
 * returning visitor unless `firstVisit` asks for the intro.
 */
export function renderApp(
  url: string,
  options: StoreOptions & {
    firstVisit?: boolean;
    analytics?: Analytics;
    service?: ServiceAccess;
    /** What the document painted before the app (main.tsx reads it from index.html's markup). */
    firstPaint?: FirstPaint;
  } = {},
) {
  if (!options.firstVisit) window.localStorage.setItem('hasSeenIntro', 'true');
  const store = makeStore(options);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <Provider store={store}>
      <AuthAccessContext value={options.auth ?? noAuth}>
        <AnalyticsContext value={options.analytics ?? noAnalytics}>
          <ServiceAccessContext
            value={options.service ?? { baseUrl: '/api', accessToken: () => Promise.resolve(null) }}
          >
            <FirstPaintContext value={options.firstPaint ?? NO_FIRST_PAINT}>
              <RouterProvider router={router} />
            </FirstPaintContext>
          </ServiceAccessContext>
        </AnalyticsContext>
      </AuthAccessContext>
    </Provider>,
  );
  return { store, router, ...view };
}
