import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useReducer, useState } from 'react';
import { Link } from 'react-router';
import { useAnalytics } from '@/app/hooks';
import { InfoPage } from '@/features/pages/InfoPage';
import { probeWebgl, type WebglSupport } from '@/features/pages/webglSupport';
import type { AppConfig } from '@/lib/config';
import { isMobileUserAgent } from '@/lib/device';
import type { GlobeDiagnostics } from '@/lib/globeDiagnostics';
import './EnvPage.css';

/**
 * A figure's name and value; `system` where the value is the system's own text (a version, an
 * address, a renderer's name), never to be translated (`translate="no"`).
 */
type Row = [name: string, value: string, system?: boolean];

/** How often the live figures are read again. */
const LIVE_INTERVAL_MS = 1000;

/**
 * The running globe's figures, or null where it is not running in this tab. Said in the active
 * language when called (while rendering).
 */
function readGlobe(): Row[] | null {
  const globe: GlobeDiagnostics | undefined = window.__globe;
  if (!globe) return null;
  const stats = globe.stats();
  const links = globe.links();
  const clusters = globe.clusters();
  const renderer = globe.renderer();
  const ratio = renderer.ratio.toFixed(2);
  const { revealed, cards, drawCalls, overlayDrawCalls } = stats;
  const { count, clustered, shown } = clusters;
  const spacing = clusters.spacing.toFixed(2);
  const { real, fallback, local, none, loading, queued } = stats.faces;
  const { related, category } = links;
  return [
    [
      t({ message: 'State', comment: "/env: the globe's state, ready or starting" }),
      globe.ready
        ? t({ message: 'ready', comment: "/env: the globe's state" })
        : t({ message: 'starting', comment: "/env: the globe's state" }),
    ],
    [
      t({ message: 'Drawn', comment: '/env: where and how the globe is drawn' }),
      [
        renderer.thread === 'worker' ? t`in a worker (off the main thread)` : t`on the main thread`,
        renderer.software ? t`by a software renderer` : t`by the GPU`,
        t`${ratio} device pixels per CSS pixel`,
      ].join(', '),
    ],
    [
      t({ message: 'Cards', comment: "/env: the globe's item cards" }),
      t({ message: `${revealed} shown of ${cards}`, comment: '/env: how many cards are shown' }),
    ],
    [
      t`Draw calls`,
      overlayDrawCalls > 0
        ? t`${drawCalls} (${overlayDrawCalls} for the canvas overlay)`
        : String(drawCalls),
    ],
    [
      t({ message: 'Clusters', comment: '/env: groups of cards drawn as one on the globe' }),
      t({
        message: `${count} holding ${plural(clustered, { one: '# card', other: '# cards' })}; ${plural(shown, { one: '# card drawn', other: '# cards drawn' })} (spacing ${spacing} card sizes)`,
        comment: '/env: {count} clusters hold {clustered} cards; {spacing} is a decimal number',
      }),
    ],
    [t`Frame time (median, CPU)`, `${stats.frameTimeMs.toFixed(2)} ms`],
    [t`Frames in the last second`, String(stats.fps)],
    [t`Card texture memory`, `${(stats.textureBytes / 2 ** 20).toFixed(0)} MB`],
    [
      t`Card faces`,
      t({
        message: `${real} with pictures, ${fallback} with a fallback, ${local} drawn locally, ${none} not drawn yet; ${plural(loading, { one: '# image loading', other: '# images loading' })}, ${queued} waiting`,
        comment:
          "/env: how many of the globe's cards show their picture, a stand-in, or nothing yet",
      }),
    ],
    [
      t`Links drawn`,
      t({
        message: `${related} related, ${category} category`,
        comment:
          '/env: how many lines are drawn between related items and between items of a category',
      }),
    ],
    [t`Camera distance`, globe.camera().radius.toFixed(1)],
  ];
}

/** How accounts are on: the identity server, its pool, endpoint and sign-in flow. */
function accountsWords(cognito: NonNullable<AppConfig['cognito']>): string {
  const pool = cognito.userPoolId;
  const endpoint = cognito.endpoint;
  const flow = cognito.authFlow;
  const details = [
    cognito.local ? t`the local identity server (development)` : cognito.region,
    t({ message: `pool ${pool}`, comment: '/env: the identity user pool, by its id' }),
    ...(endpoint ? [t`endpoint ${endpoint}`] : []),
    t`sign-in flow ${flow}`,
  ].join(', ');
  return t({ message: `on: ${details}`, comment: '/env: accounts are on; {details} says how' });
}

function Table({ label, rows }: { label: string; rows: readonly Row[] }) {
  return (
    <dl className="env-table" aria-label={label}>
      {rows.map(([name, value, system = false]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd translate={system ? 'no' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * For whoever deploys: what this build is, what it talks to (no secrets are ever in a browser
 * build), what this browser's WebGL can do and, while the globe runs in this tab, its live figures.
 */
export function EnvPage({ config }: { config: AppConfig }) {
  // Re-rendered in the visitor's language; the globe's figures are read again at each render.
  const { t } = useLingui();
  const analytics = useAnalytics();
  // Probed once, while the page first renders (a throwaway canvas, released at once).
  const [webgl] = useState<WebglSupport>(() => probeWebgl());
  const [, tick] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    const timer = setInterval(tick, LIVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  const globe = readGlobe();
  const cognito = config.cognito;
  const analyticsId = config.analyticsId;
  const build: Row[] = [
    [t`Build version`, config.version, true],
    [t`Build mode`, import.meta.env.MODE, true],
  ];
  const services: Row[] = [
    [
      t({
        message: 'Nodes-service',
        comment:
          "/env: the address of the service that answers the archive's items (SPEC's name for it)",
      }),
      new URL(config.nodesUrl, window.location.origin).href,
      true,
    ],
    [
      t({ message: 'Accounts', comment: '/env: whether visitors can sign in, and with what' }),
      cognito
        ? accountsWords(cognito)
        : t({ message: 'off (VITE_ACCOUNTS=off)', comment: '/env: accounts are turned off' }),
    ],
    [t`Login function`, config.loginFunctionUrl ?? t`not configured`],
    [
      t`Analytics`,
      analyticsId === null
        ? t`off (no measurement id)`
        : analytics.enabled
          ? t({
              message: `on, ${analyticsId}`,
              comment: '/env: analytics on, with its measurement id',
            })
          : t`on, ${analyticsId}; not for this browser, which asks not to be tracked`,
    ],
    [t`Contact email`, config.contactEmail ?? t`not published`],
  ];
  const largest = webgl.maxTextureSize;
  const browser: Row[] = [
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the standard's name
    ['WebGL 2', webgl.webgl2 ? t`supported` : t`not supported: the globe cannot start`],
    [
      t({ message: 'Renderer', comment: "/env: the name of the browser's graphics renderer" }),
      webgl.renderer ?? t`not reported`,
      webgl.renderer !== null,
    ],
    [t`Largest texture`, largest ? `${largest} px` : t`unknown`],
    [t`Device pixel ratio`, String(window.devicePixelRatio)],
    [t`Treated as mobile`, isMobileUserAgent(navigator.userAgent) ? t`yes` : t`no`],
  ];
  const buildHeading = t({ message: 'Build', comment: '/env: heading over what this build is' });
  const servicesHeading = t({
    message: 'Services',
    comment: '/env: heading over the services the app talks to',
  });
  const browserHeading = t`This browser`;
  const globeHeading = t`The globe, live`;

  return (
    <InfoPage
      title={t({
        message: 'Environment',
        comment: 'The title of /env, the page for whoever deploys the archive',
      })}
    >
      <p>
        {t`For whoever runs this copy of the archive. Nothing secret is ever part of a browser build.`}
      </p>
      <h2>{buildHeading}</h2>
      <Table label={buildHeading} rows={build} />
      <h2>{servicesHeading}</h2>
      <Table label={servicesHeading} rows={services} />
      <h2>{browserHeading}</h2>
      <Table label={browserHeading} rows={browser} />
      <h2>{globeHeading}</h2>
      {globe ? (
        <Table label={globeHeading} rows={globe} />
      ) : (
        <p>
          <Trans>
            The globe is not running in this tab. <Link to="/">Open the globe</Link>, then come back
            here: its figures stay live while it runs.
          </Trans>
        </p>
      )}
    </InfoPage>
  );
}
