import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Suspense, type ReactNode } from 'react';
import { lazyWithWords } from '@/i18n/catalogs';
import {
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from 'react-router';
import { AppRoot } from '@/app/AppRoot';
import { config } from '@/app/config';
import type { RouteHandle } from '@/app/DocumentTitle';
import { MainLayout } from '@/app/layouts/MainLayout';
import { HomeShell } from '@/app/routes/HomeShell';
import { ReplayIntro } from '@/features/intro/ReplayIntro';
import { NotFoundPage } from '@/features/pages/NotFoundPage';
import type { ContentName } from '@/features/pages/contentSources';
import { ROUTES } from '@/lib/routes';
import { createLanguageHistory } from '@/i18n/languageHistory';

/** The Markdown pages and their renderer load on first use, outside the globe's first paint. */
const ContentPage = lazyWithWords(() => import('@/features/pages/ContentPage'));
/** /resources' "Save the archive for offline" (issue 50). */
const ResourcesOffline = lazyWithWords(() => import('@/app/routes/ResourcesOffline'));
/** /resources' preservation package, for editors (issue 52). */
const ResourcesForEditors = lazyWithWords(() => import('@/app/routes/ResourcesForEditors'));
/** /stories, the list of the archive's stories (issue 51). */
const StoriesPage = lazyWithWords(() =>
  import('@/app/story/StoriesPage').then((m) => ({ default: m.StoriesPage })),
);
/** The account pages load on first use too; the identity library itself loads on first sign-in. */
const SignInPage = lazyWithWords(() =>
  import('@/features/auth/SignInPage').then((m) => ({ default: m.SignInPage })),
);
const SignUpPage = lazyWithWords(() =>
  import('@/features/auth/SignUpPage').then((m) => ({ default: m.SignUpPage })),
);
const ConfirmPage = lazyWithWords(() =>
  import('@/features/auth/ConfirmPage').then((m) => ({ default: m.ConfirmPage })),
);
const AccountPage = lazyWithWords(() =>
  import('@/features/auth/AccountPage').then((m) => ({ default: m.AccountPage })),
);
const ForgotPasswordPage = lazyWithWords(() =>
  import('@/features/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
/** The community's forms load on first use; their words come from the Markdown pages above them. */
const SubmitRoute = lazyWithWords(() =>
  import('@/app/routes/SubmitRoute').then((m) => ({ default: m.SubmitRoute })),
);
const TermsPage = lazyWithWords(() =>
  import('@/features/pages/TermsPage').then((m) => ({ default: m.TermsPage })),
);
const ContactPage = lazyWithWords(() =>
  import('@/features/submit/ContactPage').then((m) => ({ default: m.ContactPage })),
);

/** The deployer's /env page loads on first use. */
const EnvPage = lazyWithWords(() =>
  import('@/features/pages/EnvPage').then((m) => ({ default: m.EnvPage })),
);

/** The editor area loads only for editors, after the guard. */
const ItemListPage = lazyWithWords(() =>
  import('@/features/editor/ItemListPage').then((m) => ({ default: m.ItemListPage })),
);
const ItemEditorPage = lazyWithWords(() =>
  import('@/features/editor/ItemEditorPage').then((m) => ({ default: m.ItemEditorPage })),
);
const SubmissionsPage = lazyWithWords(() =>
  import('@/features/editor/SubmissionsPage').then((m) => ({ default: m.SubmissionsPage })),
);
const MessagesPage = lazyWithWords(() =>
  import('@/features/editor/MessagesPage').then((m) => ({ default: m.MessagesPage })),
);
/**
 * The editor area's frame, its navigation and the editor's API with it: loaded once an editor
 * goes there, never with the public pages (its counts of what waits read the API).
 */
const EditorLayout = lazyWithWords(() =>
  import('@/app/layouts/EditorLayout').then((m) => ({ default: m.EditorLayout })),
);
const RemovalRequestPage = lazyWithWords(() =>
  import('@/features/editor/RemovalRequestsPage').then((m) => ({
    default: m.RemovalRequestPage,
  })),
);
const RemovalRequestsPage = lazyWithWords(() =>
  import('@/features/editor/RemovalRequestsPage').then((m) => ({
    default: m.RemovalRequestsPage,
  })),
);
const ImportPage = lazyWithWords(() =>
  import('@/features/editor/ImportPage').then((m) => ({ default: m.ImportPage })),
);
const JournalPage = lazyWithWords(() =>
  import('@/features/editor/JournalPage').then((m) => ({ default: m.JournalPage })),
);
const StoryListPage = lazyWithWords(() =>
  import('@/features/editor/StoryListPage').then((m) => ({ default: m.StoryListPage })),
);
const StoryEditorPage = lazyWithWords(() =>
  import('@/features/editor/StoryEditorPage').then((m) => ({ default: m.StoryEditorPage })),
);
const EditorDetailPreview = lazyWithWords(() =>
  import('@/app/routes/EditorDetailPreview').then((m) => ({ default: m.EditorDetailPreview })),
);

/** Said while a page's code loads. */
function Loading() {
  const { t } = useLingui();
  return <p role="status">{t`Loading…`}</p>;
}

const loading = <Loading />;

/** A route's name for the tab title, read in the visitor's language (`DocumentTitle`). */
const titled = (title: MessageDescriptor): RouteHandle => ({ title });
const path = (route: string) => route.slice(1);

/** A Markdown page's words, as a whole page or above a form, and what follows them. */
function content(name: ContentName, after?: ReactNode) {
  return (
    <ContentPage
      name={name}
      contactEmail={config.contactEmail}
      analyticsConfigured={config.analyticsId !== null}
    >
      {after}
    </ContentPage>
  );
}

function page(name: ContentName, title: MessageDescriptor, after?: ReactNode): RouteObject {
  return {
    path: path(ROUTES[name]),
    handle: titled(title),
    element: <Suspense fallback={loading}>{content(name, after)}</Suspense>,
  };
}

const lazyElement = (element: ReactNode) => <Suspense fallback={loading}>{element}</Suspense>;

function lazyPage(route: string, title: MessageDescriptor, element: ReactNode): RouteObject {
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
              { path: path(ROUTES.story), element: null },
              { path: path(ROUTES.storyStop), element: null },
              lazyPage(
                ROUTES.stories,
                msg({
                  message: 'Stories',
                  comment: "The title of /stories, the archive's stories",
                }),
                <StoriesPage />,
              ),
              page('statement', msg`About this archive`, <ReplayIntro />),
              page(
                'resources',
                msg`Resources`,
                // The page's words do not wait for the control, which comes when it comes.
                <Suspense fallback={null}>
                  <ResourcesOffline />
                  <ResourcesForEditors />
                </Suspense>,
              ),
              lazyPage(ROUTES.terms, msg`Terms for contributors`, <TermsPage />),
              lazyPage(ROUTES.submit, msg`Submit media`, <SubmitRoute intro={content('submit')} />),
              lazyPage(ROUTES.contact, msg`Contact`, <ContactPage intro={content('contact')} />),
              {
                path: path(ROUTES.env),
                handle: titled(
                  msg({
                    message: 'Environment',
                    comment: 'The title of /env, the page for whoever deploys the archive',
                  }),
                ),
                element: lazyElement(<EnvPage config={config} />),
              },
              lazyPage(
                ROUTES.signin,
                msg({ message: 'Sign in', comment: "The sign-in page's title" }),
                <SignInPage />,
              ),
              lazyPage(ROUTES.signup, msg`Create an account`, <SignUpPage />),
              lazyPage(ROUTES.confirm, msg`Confirm your account`, <ConfirmPage />),
              lazyPage(ROUTES.forgotPassword, msg`Reset your password`, <ForgotPasswordPage />),
              lazyPage(ROUTES.account, msg`Your account`, <AccountPage />),
              { path: '*', handle: titled(msg`Page not found`), element: <NotFoundPage /> },
            ],
          },
        ],
      },
      {
        path: path(ROUTES.editor),
        handle: titled(
          msg({
            message: 'Editor',
            comment: 'The title of the editor area, where editors look after the archive',
          }),
        ),
        element: lazyElement(<EditorLayout />),
        children: [
          {
            index: true,
            handle: titled(
              msg({
                message: 'Items · Editor',
                comment: "Tab title: the list of the archive's items, in the editor area",
              }),
            ),
            element: lazyElement(<ItemListPage />),
          },
          {
            path: 'items/new',
            handle: titled(msg`New item · Editor`),
            element: lazyElement(
              <ItemEditorPage kind="create" DetailPreview={EditorDetailPreview} />,
            ),
          },
          {
            path: 'items/:id',
            handle: titled(msg`Edit item · Editor`),
            element: lazyElement(
              <ItemEditorPage kind="edit" DetailPreview={EditorDetailPreview} />,
            ),
          },
          {
            path: 'submissions',
            handle: titled(msg`Submissions · Editor`),
            element: lazyElement(<SubmissionsPage />),
          },
          {
            path: 'submissions/:id',
            handle: titled(
              msg({
                message: 'Review a submission · Editor',
                comment: 'Tab title: an editor reviews media a visitor sent',
              }),
            ),
            element: lazyElement(
              <ItemEditorPage kind="approve" DetailPreview={EditorDetailPreview} />,
            ),
          },
          {
            path: 'messages',
            handle: titled(
              msg({
                message: 'Messages · Editor',
                comment:
                  'Tab title: the messages visitors sent through the contact form, in the editor area',
              }),
            ),
            element: lazyElement(<MessagesPage />),
          },
          {
            path: 'requests',
            handle: titled(msg`Removal requests · Editor`),
            element: lazyElement(<RemovalRequestsPage />),
          },
          {
            path: 'requests/:id',
            handle: titled(msg`Removal request · Editor`),
            element: lazyElement(<RemovalRequestPage />),
          },
          {
            path: 'import',
            handle: titled(
              msg({
                message: 'Import and export · Editor',
                comment:
                  "Tab title: importing and exporting the archive's items, in the editor area",
              }),
            ),
            element: lazyElement(<ImportPage />),
          },
          {
            path: 'journal',
            handle: titled(
              msg({
                message: 'Journal · Editor',
                comment: 'Tab title: the log of what editors changed, in the editor area',
              }),
            ),
            element: lazyElement(<JournalPage />),
          },
          {
            path: 'stories',
            handle: titled(
              msg({
                message: 'Stories · Editor',
                comment: "Tab title: the editors' list of the archive's stories",
              }),
            ),
            element: lazyElement(<StoryListPage />),
          },
          {
            path: 'stories/new',
            handle: titled(msg`New story · Editor`),
            element: lazyElement(<StoryEditorPage kind="create" />),
          },
          {
            path: 'stories/:id',
            handle: titled(msg`Edit story · Editor`),
            element: lazyElement(<StoryEditorPage kind="edit" />),
          },
          {
            path: '*',
            handle: titled(msg`Page not found`),
            element: <NotFoundPage />,
          },
        ],
      },
    ],
  },
];

/**
 * The app's router: React Router's `createBrowserRouter`, made from its parts so that its history
 * is the one that keeps the address's language prefix out of the routes (issue 49,
 * src/i18n/languageHistory.ts).
 */
export const makeRouter = () =>
  createRouter({
    history: createLanguageHistory(),
    routes,
    mapRouteProperties,
    hydrationRouteProperties,
  }).initialize();
