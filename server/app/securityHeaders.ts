import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { UploadsConfig } from '../uploads/openMediaStorage';

/** What the pages' policy lets in besides the site itself (the server's settings of these names). */
export interface PolicySources {
  /** Origins of services the app calls (`SERVICE_ORIGINS`). */
  serviceOrigins: readonly string[];
  /** Origins of media the app shows (`MEDIA_ORIGINS`). */
  mediaOrigins: readonly string[];
  /** Origins of third-party scripts the app loads (`SCRIPT_ORIGINS`). */
  scriptOrigins: readonly string[];
  /** Whether the app was built with analytics (`VITE_GA_MEASUREMENT_ID`). */
  analytics: boolean;
  /** Where photos are kept; a bucket's public origin is let in. */
  uploads?: UploadsConfig;
}

/** YouTube thumbnails: shown as images and fetched by the globe to compose its card atlas. */
const YOUTUBE_IMAGES = 'https://i.ytimg.com';
/** SPEC §7: the player is an embed; the privacy-enhanced host is preferred, the main one allowed. */
const YOUTUBE_FRAMES = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];
/** With analytics on: Google's tag and where it sends hits (Google's published GA4 policy). */
const ANALYTICS = {
  script: ['https://*.googletagmanager.com', 'https://www.youtube.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/** The origin photos are read from when they are in a bucket (`UPLOADS_PUBLIC_URL`); [] locally. */
function uploadOrigins(uploads: UploadsConfig | undefined): string[] {
  return uploads?.kind === 's3' ? [new URL(uploads.publicUrl).origin] : [];
}

/**
 * The Content-Security-Policy for the app's pages. `scriptHashes`: the `'sha256-…'` sources of the
 * document's inline scripts (index.html names its first view with one; see `inlineScriptHashes`).
 */
export function contentSecurityPolicy(
  config: PolicySources,
  scriptHashes: readonly string[] = [],
): string {
  // The IFrame Player API (www.youtube.com) is loaded only to report plays, so only with analytics.
  const analytics = config.analytics ? ANALYTICS : { script: [], connect: [], img: [] };
  // Uploaded photos are shown (img-src) and fetched by the globe for its card atlas (connect-src).
  const uploads = uploadOrigins(config.uploads);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes, ...analytics.script, ...config.scriptOrigins],
    // React and the engine set inline styles; blocking them buys little against script injection
    // (which script-src already stops) and breaks layout in ways that are hard to trace.
    ['style-src', "'self'", "'unsafe-inline'"],
    [
      'img-src',
      "'self'",
      'data:',
      'blob:',
      YOUTUBE_IMAGES,
      ...analytics.img,
      ...config.mediaOrigins,
      ...uploads,
    ],
    ['font-src', "'self'", 'data:'],
    // The globe fetches card images (fetch + createImageBitmap), so image hosts belong here too.
    // blob: is the editors' copy in memory of a visitor's 3D capture, which the viewer loads.
    [
      'connect-src',
      "'self'",
      'blob:',
      YOUTUBE_IMAGES,
      ...analytics.connect,
      ...config.mediaOrigins,
      ...uploads,
      ...config.serviceOrigins,
    ],
    ['frame-src', ...YOUTUBE_FRAMES],
    ['media-src', "'self'", 'blob:'],
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  return directives.map((parts) => [...new Set(parts)].join(' ')).join('; ');
}

/**
 * The security headers of every answer: Hono's `secureHeaders` (nosniff, `SAMEORIGIN` framing,
 * same-origin resource and opener policies, no DNS prefetching, …) with the site's own values
 * where it needs others. A header an answer sets itself is kept (`overwrite: false`): a photo's
 * `Cross-Origin-Resource-Policy: cross-origin`, a 3D capture's sandboxing policy.
 */
export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    // The YouTube embed needs to know the embedding origin (it refuses to play without a
    // referrer); more than the origin never leaves the site.
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    // Browsers heed it over HTTPS only; whether subdomains must use HTTPS is the domain's to say.
    strictTransportSecurity: 'max-age=15552000',
    overwrite: false,
  });
}

/**
 * The headers `securityHeaders` adds to an answer that has none of them, for an answer written
 * outside the application (the local identity stand-in's, on the Node server's socket).
 */
export async function securityHeaderValues(): Promise<Record<string, string>> {
  const probe = new Hono().use(securityHeaders());
  probe.all('*', (c) => c.body(null, 204));
  return Object.fromEntries((await probe.request('http://site/')).headers);
}
