// The rules every screen shares, first: each component imports its own stylesheet, whose rules
// come after these and win a tie. They travel in the app's script, not in a <link> of the
// document's head, where they would hold the first paint back until they arrived: index.html
// styles its first frame itself, and these rules apply before the app renders anything of its own
// (scripts/stylesheetsInScripts.ts).
import '@/styles.css';
// The browser's ICU data loads in a worker of its own while the modules below are evaluated.
import '@/app/start/warmIntl';
// The visitor's language, chosen from the address, the remembered choice or the browser, and its
// words fetched while the rest of this chunk is evaluated (issue 49).
import { languageReady } from '@/i18n/startLanguage';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
// The start pauses after React, after the session's slice, after the store and after the routes
// (src/app/start/), and twice more below: seven tasks where the start chunk's evaluation was one
// of about 200 ms on a phone (issue 48). React DOM, which is CommonJS, is evaluated where this
// module first uses it: after the last of those pauses, in a task of its own (48-70 ms at ÷4).
import '@/app/start/afterReact';
import { RouterProvider } from 'react-router';
import { Provider } from 'react-redux';
import { config } from '@/app/config';
import { AuthAccessContext, createAuthAccess } from '@/features/auth/authAccess';
import { sessionChecked } from '@/features/auth/authSlice';
import '@/app/start/afterAuth';
import { makeStore } from '@/app/store';
import '@/app/start/afterStore';
import { FirstPaintContext, readFirstPaint } from '@/app/firstPaint';
import { AnalyticsContext, ServiceAccessContext } from '@/app/hooks';
import { makeRouter } from '@/app/router';
import '@/app/start/afterRoutes';
import { nextTask } from '@/app/start/nextTask';
import { createAnalytics } from '@/features/analytics/ga4Analytics';
import { serviceBaseUrl, type ServiceAccess } from '@/lib/serviceApi';
import { i18n } from '@/i18n/i18n';
import { loadRestWords } from '@/i18n/catalogs';

// A pause after React DOM's evaluation: the store and the router are made in tasks of their own.
await nextTask();

const auth = createAuthAccess(config.cognito, config.loginFunctionUrl);
const store = makeStore({ nodesUrl: config.nodesUrl, auth });
// SPEC §4: the stored session is restored on load (the library loads only if one is stored).
void store.dispatch(sessionChecked());
// And another: the router matches the address and starts its navigation in a task of its own
// (the store's and the router's making were one task of 119 ms on a phone, CPU ÷4).
await nextTask();
const router = makeRouter();
const analytics = createAnalytics(config.analyticsId);
const service: ServiceAccess = {
  baseUrl: serviceBaseUrl(config.nodesUrl),
  // The stored session, refreshed when expired: editors' calls always carry a live token.
  accessToken: async () =>
    auth.enabled && auth.hasStoredUser()
      ? ((await (await auth.load()).currentSession())?.accessToken ?? null)
      : null,
};

// Read before the app's first render replaces the document's first frame (in one commit: the
// same classes at the same sizes, so nothing moves or flashes).
const firstPaint = readFirstPaint(document);

// As a transition: React renders the app in slices of a few milliseconds, so that a tap meanwhile
// is answered (on a phone the app's first render is a task of 400 ms otherwise), and commits it in
// one piece.
const root = createRoot(document.getElementById('root') as HTMLElement);
// The first render speaks the visitor's language: its catalog, asked for at the start of this
// chunk, has usually arrived by now.
await languageReady;
// The other screens' words, fetched now and awaited by each screen loaded on demand.
void loadRestWords().catch(() => undefined);
startTransition(() =>
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <Provider store={store}>
          <AuthAccessContext value={auth}>
            <AnalyticsContext value={analytics}>
              <ServiceAccessContext value={service}>
                <FirstPaintContext value={firstPaint}>
                  <RouterProvider router={router} />
                </FirstPaintContext>
              </ServiceAccessContext>
            </AnalyticsContext>
          </AuthAccessContext>
        </Provider>
      </I18nProvider>
    </StrictMode>,
  ),
);
