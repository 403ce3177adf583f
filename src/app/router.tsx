import { createBrowserRouter, type RouteObject } from 'react-router';
import { config } from '@/app/config';
import type { RouteHandle } from '@/app/DocumentTitle';
import { EditorLayout } from '@/app/layouts/EditorLayout';
import { MainLayout } from '@/app/layouts/MainLayout';
import { HomeRoute } from '@/app/routes/HomeRoute';
import { EnvPage } from '@/features/pages/EnvPage';
import { InfoPage } from '@/features/pages/InfoPage';
import { NotFoundPage } from '@/features/pages/NotFoundPage';
import { ROUTES } from '@/lib/routes';

const titled = (title: string): RouteHandle => ({ title });
const path = (route: string) => route.slice(1);

/** Every route of SPEC §2, in its layout. */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      {
        element: <HomeRoute />,
        children: [
          // The home element renders every home route itself; the children only match URLs.
          { index: true, element: null },
          { path: path(ROUTES.video), element: null },
          { path: path(ROUTES.gallery), element: null },
          { path: path(ROUTES.category), element: null },
        ],
      },
      {
        path: path(ROUTES.statement),
        handle: titled('About this archive'),
        element: (
          <InfoPage title="About this archive">
            <p>
              On 16 May 2025 a mile-wide tornado devastated St. Louis, starting in Clayton and
              continuing into North City. Globe Archive is a growing library of videos and media
              covering the response efforts and the stories of the community.
            </p>
          </InfoPage>
        ),
      },
      {
        path: path(ROUTES.resources),
        handle: titled('Resources'),
        element: (
          <InfoPage title="Resources">
            <p>Where people affected by the tornado can find help is listed here.</p>
          </InfoPage>
        ),
      },
      {
        path: path(ROUTES.submit),
        handle: titled('Submit media'),
        element: (
          <InfoPage title="Submit media">
            <p>Community submissions of videos and photos are received here.</p>
          </InfoPage>
        ),
      },
      {
        path: path(ROUTES.contact),
        handle: titled('Contact'),
        element: (
          <InfoPage title="Contact">
            <p>Messages to the archive&apos;s editors are received here.</p>
          </InfoPage>
        ),
      },
      {
        path: path(ROUTES.env),
        handle: titled('Environment'),
        element: <EnvPage config={config} />,
      },
      {
        path: path(ROUTES.signin),
        handle: titled('Sign in'),
        element: <InfoPage title="Sign in">{null}</InfoPage>,
      },
      {
        path: path(ROUTES.signup),
        handle: titled('Create an account'),
        element: <InfoPage title="Create an account">{null}</InfoPage>,
      },
      {
        path: path(ROUTES.confirm),
        handle: titled('Confirm your account'),
        element: <InfoPage title="Confirm your account">{null}</InfoPage>,
      },
      { path: '*', handle: titled('Page not found'), element: <NotFoundPage /> },
    ],
  },
  {
    path: `${path(ROUTES.editor)}/*`,
    handle: titled('Editor'),
    element: <EditorLayout />,
    children: [{ index: true, element: <InfoPage title="Editor">{null}</InfoPage> }],
  },
];

export const makeRouter = () => createBrowserRouter(routes);
