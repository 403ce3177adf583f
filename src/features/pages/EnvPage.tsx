import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAnalytics } from '@/app/hooks';
import { InfoPage } from '@/features/pages/InfoPage';
import { probeWebgl, type WebglSupport } from '@/features/pages/webglSupport';
import type { AppConfig } from '@/lib/config';
import { isMobileUserAgent } from '@/lib/device';
import type { GlobeDiagnostics } from '@/lib/globeDiagnostics';
import './EnvPage.css';

type Row = [name: string, value: string];

/** How often the live figures are read again. */
const LIVE_INTERVAL_MS = 1000;

function readGlobe(): Row[] | null {
  const globe: GlobeDiagnostics | undefined = window.__globe;
  if (!globe) return null;
  const stats = globe.stats();
  const links = globe.links();
  const clusters = globe.clusters();
  const renderer = globe.renderer();
  return [
    ['State', globe.ready ? 'ready' : 'starting'],
    [
      'Drawn',
      `${renderer.thread === 'worker' ? 'in a worker (off the main thread)' : 'on the main thread'}, ` +
        `${renderer.software ? 'by a software renderer' : 'by the GPU'}, ` +
        `${renderer.ratio.toFixed(2)} device pixels per CSS pixel`,
    ],
    ['Cards', `${stats.revealed} shown of ${stats.cards}`],
    [
      'Draw calls',
      `${stats.drawCalls}` +
        (stats.overlayDrawCalls > 0 ? ` (${stats.overlayDrawCalls} for the canvas overlay)` : ''),
    ],
    [
      'Clusters',
      `${clusters.count} holding ${clusters.clustered} cards; ${clusters.shown} cards drawn ` +
        `(spacing ${clusters.spacing.toFixed(2)} card sizes)`,
    ],
    ['Frame time (median, CPU)', `${stats.frameTimeMs.toFixed(2)} ms`],
    ['Frames in the last second', String(stats.fps)],
    ['Card texture memory', `${(stats.textureBytes / 2 ** 20).toFixed(0)} MB`],
    [
      'Card faces',
      `${stats.faces.real} with pictures, ${stats.faces.fallback} with a fallback, ` +
        `${stats.faces.local} drawn locally, ${stats.faces.none} not drawn yet; ` +
        `${stats.faces.loading} images loading, ${stats.faces.queued} waiting`,
    ],
    ['Links drawn', `${links.related} related, ${links.category} category`],
    ['Camera distance', globe.camera().radius.toFixed(1)],
  ];
}

function Table({ label, rows }: { label: string; rows: readonly Row[] }) {
  return (
    <dl className="env-table" aria-label={label}>
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
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
  const analytics = useAnalytics();
  // Probed once, while the page first renders (a throwaway canvas, released at once).
  const [webgl] = useState<WebglSupport>(() => probeWebgl());
  const [globe, setGlobe] = useState<Row[] | null>(() => readGlobe());

  useEffect(() => {
    const timer = setInterval(() => setGlobe(readGlobe()), LIVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  const build: Row[] = [
    ['Build version', config.version],
    ['Build mode', import.meta.env.MODE],
  ];
  const services: Row[] = [
    ['Nodes-service', new URL(config.nodesUrl, window.location.origin).href],
    [
      'Accounts',
      config.cognito
        ? `on: ${config.cognito.local ? 'the local identity server (development), ' : `${config.cognito.region}, `}pool ${config.cognito.userPoolId}${config.cognito.endpoint ? `, endpoint ${config.cognito.endpoint}` : ''}, sign-in flow ${config.cognito.authFlow}`
        : 'off (VITE_ACCOUNTS=off)',
    ],
    ['Login function', config.loginFunctionUrl ?? 'not configured'],
    [
      'Analytics',
      config.analyticsId === null
        ? 'off (no measurement id)'
        : `on, ${config.analyticsId}${analytics.enabled ? '' : '; not for this browser, which asks not to be tracked'}`,
    ],
    ['Contact email', config.contactEmail ?? 'not published'],
  ];
  const browser: Row[] = [
    ['WebGL 2', webgl.webgl2 ? 'supported' : 'not supported: the globe cannot start'],
    ['Renderer', webgl.renderer ?? 'not reported'],
    ['Largest texture', webgl.maxTextureSize ? `${webgl.maxTextureSize} px` : 'unknown'],
    ['Device pixel ratio', String(window.devicePixelRatio)],
    ['Treated as mobile', isMobileUserAgent(navigator.userAgent) ? 'yes' : 'no'],
  ];

  return (
    <InfoPage title="Environment">
      <p>
        For whoever runs this copy of the archive. Nothing secret is ever part of a browser build.
      </p>
      <h2>Build</h2>
      <Table label="Build" rows={build} />
      <h2>Services</h2>
      <Table label="Services" rows={services} />
      <h2>This browser</h2>
      <Table label="This browser" rows={browser} />
      <h2>The globe, live</h2>
      {globe ? (
        <Table label="The globe, live" rows={globe} />
      ) : (
        <p>
          The globe is not running in this tab. <Link to="/">Open the globe</Link>, then come back
          here: its figures stay live while it runs.
        </p>
      )}
    </InfoPage>
  );
}
