import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppRoot } from '@/app/AppRoot';
import { config } from '@/app/config';
import type { RouteHandle } from '@/app/DocumentTitle';
import { EditorLayout } from '@/app/layouts/EditorLayout';
import { MainLayout } from '@/app/layouts/MainLayout';
import { HomeShell } from '@/app/routes/HomeShell';
import { EnvPage } from '@/features/pages/EnvPage';
import { InfoPage } from '@/features/pages/InfoPage';
import { NotFoundPage } from '@/features/pages/NotFoundPage';
import type { ContentName } from '@/features/pages/contentSources';
import { ROUTES } from '@/lib/routes';

/** The Markdown pages and their renderer load on first use, outside the globe's first paint. */
const ContentPage = lazy(() => import('@/features/pages/ContentPage'));

const titled = (title: string): RouteHandle => ({ title });
const path = (route: string) => route.slice(1);

function page(name: ContentName, title: string): RouteObject {
  return {
    path: path(ROUTES[name]),
    handle: titled(title),
    element: (
      <Suspense fallback={<p role="status">Loading…</p>}>
        <ContentPage
          name={name}
          contactEmail={config.contactEmail}
          analyticsConfigured={config.analyticsId !== null}
        />
      </Suspense>
    ),
  };
}

function placeholder(route: string, title: string, children: ReactNode = null): RouteObject {
  return {
    path: path(route),
    handle: titled(title),
    element: <InfoPage title={title}>{children}</InfoPage>,
  };
}

/** Every route of SPEC §2, in its layout. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <MainLayout />,
        children: [
          {
            element: <HomeShell />,
            children: [
              // HomeShell renders every home route itself; these children only match URLs.
              { index: true, element: null },
              { path: path(ROUTES.video), element: null },
              { path: path(ROUTES.gallery), element: null },
              { path: path(ROUTES.category), element: null },
              page('statement', 'About this archive'),
              page('resources', 'Resources'),
              page('submit', 'Submit media'),
              page('contact', 'Contact'),
              {
                path: path(ROUTES.env),
                handle: titled('Environment'),
                element: <EnvPage config={config} />,
              },
              placeholder(ROUTES.signin, 'Sign in'),
              placeholder(ROUTES.signup, 'Create an account'),
              placeholder(ROUTES.confirm, 'Confirm your account'),
              { path: '*', handle: titled('Page not found'), element: <NotFoundPage /> },
            ],
          },
        ],
      },
      {
        path: `${path(ROUTES.editor)}/*`,
        handle: titled('Editor'),
        element: <EditorLayout />,
        children: [{ index: true, element: <InfoPage title="Editor">{null}</InfoPage> }],
      },
    ],
  },
];

export const makeRouter = () => createBrowserRouter(routes);
