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
/** The account pages load on first use too; the identity library itself loads on first sign-in. */
const SignInPage = lazy(() =>
  import('@/features/auth/SignInPage').then((m) => ({ default: m.SignInPage })),
);
const SignUpPage = lazy(() =>
  import('@/features/auth/SignUpPage').then((m) => ({ default: m.SignUpPage })),
);
const ConfirmPage = lazy(() =>
  import('@/features/auth/ConfirmPage').then((m) => ({ default: m.ConfirmPage })),
);

const loading = <p role="status">Loading…</p>;

const titled = (title: string): RouteHandle => ({ title });
const path = (route: string) => route.slice(1);

function page(name: ContentName, title: string): RouteObject {
  return {
    path: path(ROUTES[name]),
    handle: titled(title),
    element: (
      <Suspense fallback={loading}>
        <ContentPage
          name={name}
          contactEmail={config.contactEmail}
          analyticsConfigured={config.analyticsId !== null}
        />
      </Suspense>
    ),
  };
}

function lazyPage(route: string, title: string, element: ReactNode): RouteObject {
  return {
    path: path(route),
    handle: titled(title),
    element: <Suspense fallback={loading}>{element}</Suspense>,
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
              lazyPage(ROUTES.signin, 'Sign in', <SignInPage />),
              lazyPage(ROUTES.signup, 'Create an account', <SignUpPage />),
              lazyPage(ROUTES.confirm, 'Confirm your account', <ConfirmPage />),
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
