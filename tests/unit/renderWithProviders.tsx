import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { makeStore, type StoreOptions } from '@/app/store';

/**
 * Renders the whole app (real routes, real store) at a URL, as the browser would, for a
 * returning visitor unless `firstVisit` asks for the intro.
 */
export function renderApp(url: string, options: StoreOptions & { firstVisit?: boolean } = {}) {
  if (!options.firstVisit) window.localStorage.setItem('hasSeenIntro', 'true');
  const store = makeStore(options);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, ...view };
}
