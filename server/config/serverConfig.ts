import { DEFAULT_QUOTA_MB, type UploadQuotas } from '../uploads/uploadQuotas';
import { displayPath } from '../support/displayPath';
import type { UploadsConfig } from '../uploads/openMediaStorage';
import { resolve } from 'node:path';
import {
  MAX_TRUSTED_HOPS,
  parseAddressRange,
  TRUST_NO_PROXY,
  type TrustProxy,
} from '../app/clientAddress';
import { AUTH_FLOWS } from '@/lib/config';
import { databaseAddress } from '../storage/databaseUrl';

/**
 * Everything the local services read from the environment, in one place. Relative paths given in
 * the environment are taken from the working directory; the defaults from the project root, so
 * `node dist-server/main.js` works from anywhere.
 */
export interface ServerConfig {
  /** `PORT`, default 5173; 0 picks a free port. */
  port: number;
  /** `HOST`, default 127.0.0.1 (this machine only); `0.0.0.0` exposes the server to the network. */
  host: string;
  /** `STATIC_DIR`, default `dist`; `none` (or empty) serves only the API. Absolute path. */
  staticDir: string | null;
  /** `DATA_DIR`, default `data/nodes`: the persistent nodes database. Absolute path. */
  dataDir: string;
  /**
   * `ARCHIVE_FILE`: when set, a fresh in-memory database is seeded from this file on every start
   * and nothing is written to `dataDir`. Absolute path.
   */
  archiveFile: string | null;
  /** `SEED_FILE`, default `server/data/sample-archive.json`: seeds a new `dataDir`. Absolute path. */
  seedFile: string;
  /**
   * `DATABASE_URL` (postgres://user:password@host:5432/database): keeps the nodes on that
   * PostgreSQL server instead of `dataDir` (seeded from `seedFile` when never seeded). Null: unset.
   */
  databaseUrl: string | null;
  /** `APP_ORIGIN`: origins allowed to read the API cross-origin (comma-separated, or `*`). */
  appOrigins: string[];
  /**
   * `SITE_URL`: the public address of the archive's site (https://archive.example.org), for the
   * absolute links that leave it: the sitemap, OAI-PMH's base URL and identifiers, the open data.
   * Never read from a request's Host header, which any client writes. Null: unset (the Node
   * server then uses its own address).
   */
  siteUrl: string | null;
  /**
   * `ADMIN_EMAIL`: whom libraries harvesting the archive (OAI-PMH's Identify) may write to. Null:
   * unset (`editors@` the site's host is said instead).
   */
  adminEmail: string | null;
  /** `SERVICE_ORIGINS`: origins the app calls from the browser (identity provider, functions). */
  serviceOrigins: string[];
  /** `MEDIA_ORIGINS`: origins of gallery images and local thumbnails hosted elsewhere. */
  mediaOrigins: string[];
  /** `SCRIPT_ORIGINS`: origins of third-party scripts the app loads (an analytics tag). */
  scriptOrigins: string[];
  /**
   * `VITE_GA_MEASUREMENT_ID` set (the app was built with analytics): the policy then lets in
   * Google's tag, its hits, and the video player's IFrame API that reports plays.
   */
  analytics: boolean;
  /**
   * `IDENTITY`: `local` (the default) runs the local identity server (a development Cognito) and
   * serves it at `/identity/`; `off` runs none (null), as a deployment must.
   */
  identity: LocalIdentityConfig | null;
  /** Where uploaded photos go: a local folder, or an S3 bucket when `UPLOADS_BUCKET` is set. */
  uploads: UploadsConfig;
  /** How much visitors may upload: `UPLOADS_CLIENT_DAILY_MB`, `UPLOADS_PENDING_MAX_MB`. */
  uploadQuotas: UploadQuotas;
  /**
   * `TRUST_PROXY`: the reverse proxies in front of the server, as a number of hops (`1`) or their
   * addresses (`10.0.0.0/8,127.0.0.1`); rate limits then count the address the outermost of them
   * saw, read from the right end of `X-Forwarded-For`. Off (the default), the header is ignored:
   * without a proxy that writes it, anyone could send a fresh one with every request.
   */
  trustProxy: TrustProxy;
}

/** The local identity server's settings. */
export interface LocalIdentityConfig {
  /**
   * `IDENTITY_DIR`, default `data/identity`: where its users are kept. Absolute path. Null when
   * `ARCHIVE_FILE` is set and `IDENTITY_DIR` is not: a fresh temporary folder, removed on stop,
   * so such a server leaves nothing behind.
   */
  dir: string | null;
  /** `IDENTITY_CONFIRMATION_CODE`, default 123456: confirms every sign-up. */
  confirmationCode: string;
  /**
   * `VITE_COGNITO_AUTH_FLOW`, the sign-in flow the app is built with: the local app client allows
   * it beside SRP, so that a build set to the plain-password or the custom flow signs in locally.
   */
  authFlow: LocalAuthFlow;
}

/** The sign-in flows the app's library starts, which the local client may allow. */
export type LocalAuthFlow = (typeof AUTH_FLOWS)[number];

/** Thrown for an unusable environment; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Where the defaults live, relative to the project root. */
export const DEFAULTS = {
  port: 5173,
  host: '127.0.0.1',
  staticDir: 'dist',
  dataDir: 'data/nodes',
  seedFile: 'server/data/sample-archive.json',
  identityDir: 'data/identity',
  uploadsDir: 'data/uploads',
  uploadsClientDailyMb: DEFAULT_QUOTA_MB.clientDaily,
  uploadsPendingMaxMb: DEFAULT_QUOTA_MB.pendingMax,
  confirmationCode: '123456',
} as const;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function readOrigin(name: string, value: string, { wildcardHost }: { wildcardHost: boolean }) {
  // CSP sources may name every subdomain (https://*.example.org); CORS origins may not.
  const match = /^(https?):\/\/(\*\.)?([^/?#*]+)\/?$/i.exec(value);
  if (!match || (match[2] && !wildcardHost)) {
    throw new ConfigError(
      `${name}: "${value}" is not an origin; write it like https://example.org (scheme and host, no path).`,
    );
  }
  const origin = new URL(`${match[1]}://${match[3]}`).origin;
  return match[2] ? origin.replace('://', '://*.') : origin;
}

/** `ADMIN_EMAIL`: an address with a domain (OAI-PMH's schema wants a dot in it), or null. */
function readAdminEmail(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (!/^[^\s@<>"]+@([^\s@<>".]+\.)+[^\s@<>".]+$/.test(text)) {
    throw new ConfigError(
      `ADMIN_EMAIL: "${text}" is not an e-mail address (like editors@example.org).`,
    );
  }
  return text;
}

function readPort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULTS.port;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT: "${value}" is not a port number (0-65535).`);
  }
  return port;
}

/**
 * Whether `host` answers only on this machine: `localhost`, 127.0.0.0/8 or ::1. A name that
 * resolves elsewhere, a wildcard or any other address does not.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    bare === 'localhost' ||
    bare === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare) ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare)
  );
}

function readIdentity(env: NodeJS.ProcessEnv, root: string): LocalIdentityConfig | null {
  const mode = env.IDENTITY?.trim().toLowerCase() || 'local';
  if (mode === 'off') return null;
  if (mode !== 'local') {
    throw new ConfigError(`IDENTITY: "${env.IDENTITY}" is neither local nor off.`);
  }
  const host = env.HOST?.trim() || DEFAULTS.host;
  const onNetwork = env.IDENTITY_ON_NETWORK?.trim().toLowerCase() ?? '';
  if (onNetwork !== '' && onNetwork !== 'allow') {
    throw new ConfigError(
      `IDENTITY_ON_NETWORK: "${env.IDENTITY_ON_NETWORK}" is not allow; leave it unset to keep the local identity server on this machine.`,
    );
  }
  const allowNetwork = onNetwork === 'allow';
  if (!isLoopbackHost(host) && !allowNetwork) {
    // Its accounts' passwords are in the source and printed at start, its confirmation code is
    // fixed, and it keeps passwords in clear text: facing a network, anyone could be an editor.
    throw new ConfigError(
      `IDENTITY: the local identity server is for development on this machine and does not ` +
        `start with HOST=${host}, where other machines could reach it (its seeded passwords are ` +
        `public). Set IDENTITY=off and configure a real user pool (LOGIN_USER_POOL_ID…), or ` +
        `HOST=127.0.0.1; only on a network you control, IDENTITY_ON_NETWORK=allow starts it anyway.`,
    );
  }
  const code = env.IDENTITY_CONFIRMATION_CODE?.trim() || DEFAULTS.confirmationCode;
  if (!/^\d{6}$/.test(code)) {
    throw new ConfigError(`IDENTITY_CONFIRMATION_CODE: "${code}" is not six digits.`);
  }
  const flow = env.VITE_COGNITO_AUTH_FLOW?.trim() || 'USER_SRP_AUTH';
  if (!(AUTH_FLOWS as readonly string[]).includes(flow)) {
    throw new ConfigError(
      `VITE_COGNITO_AUTH_FLOW: "${flow}" is not one of ${AUTH_FLOWS.join(', ')}.`,
    );
  }
  const settings = { confirmationCode: code, authFlow: flow as LocalAuthFlow };
  const dir = env.IDENTITY_DIR?.trim();
  if (dir) return { dir: resolve(dir), ...settings };
  // A server of ARCHIVE_FILE writes nothing to data/: its users go to a temporary folder.
  if (env.ARCHIVE_FILE?.trim()) return { dir: null, ...settings };
  return { dir: resolve(root, DEFAULTS.identityDir), ...settings };
}

function readDatabaseUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  // The value holds a password, so the message never repeats it.
  if (databaseAddress(url) === null) {
    throw new ConfigError(
      'DATABASE_URL: not a PostgreSQL URL; write it like ' +
        'postgres://user:password@host:5432/database.',
    );
  }
  return url;
}

function readUploads(env: NodeJS.ProcessEnv, root: string): UploadsConfig {
  const bucket = env.UPLOADS_BUCKET?.trim();
  const dir = env.UPLOADS_DIR?.trim();
  if (!bucket) {
    if (dir) return { kind: 'folder', dir: resolve(dir) };
    // A server of ARCHIVE_FILE writes nothing to data/: its photos go to a temporary folder.
    if (env.ARCHIVE_FILE?.trim()) return { kind: 'folder', dir: null };
    return { kind: 'folder', dir: resolve(root, DEFAULTS.uploadsDir) };
  }
  if (dir) {
    throw new ConfigError(
      'UPLOADS_DIR: set either UPLOADS_DIR (a folder) or UPLOADS_BUCKET, not both.',
    );
  }
  // S3's rules for new buckets: 3-63 lower-case letters, digits, dots and hyphens.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`UPLOADS_BUCKET: "${bucket}" is not an S3 bucket name.`);
  }
  const publicUrl = env.UPLOADS_PUBLIC_URL?.trim().replace(/\/+$/, '') ?? '';
  const parsed = URL.canParse(publicUrl) ? new URL(publicUrl) : null;
  if (
    parsed === null ||
    (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') ||
    parsed.search !== '' ||
    parsed.hash !== '' ||
    parsed.username !== ''
  ) {
    throw new ConfigError(
      publicUrl === ''
        ? 'UPLOADS_PUBLIC_URL: required with UPLOADS_BUCKET: the address visitors read the ' +
            'photos from, like https://photos.example.org or https://bucket.s3.amazonaws.com.'
        : `UPLOADS_PUBLIC_URL: "${publicUrl}" is not an http(s) address without query.`,
    );
  }
  const prefix = env.UPLOADS_PREFIX?.trim().replace(/^\/+|\/+$/g, '') ?? '';
  const segments = prefix === '' ? [] : prefix.split('/');
  if (
    segments.some((segment) => !/^[A-Za-z0-9!_.*'()-]+$/.test(segment) || /^\.+$/.test(segment))
  ) {
    throw new ConfigError(
      `UPLOADS_PREFIX: "${prefix}" may use only letters, digits, "/" and !_.*'()- (S3's safe characters), and no "." or ".." folder.`,
    );
  }
  return { kind: 's3', bucket, publicUrl, prefix: prefix === '' ? '' : `${prefix}/` };
}

/**
 * `TRUST_PROXY`: off, a number of hops, or a list of proxy addresses and ranges. `true`/`on` stay
 * one hop, as they were when the setting was a switch, so existing configurations keep working.
 */
function readTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === 'off') return TRUST_NO_PROXY;
  if (text === 'true' || text === 'on') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_TRUSTED_HOPS) {
      throw new ConfigError(
        `TRUST_PROXY: ${text} proxy hops is more than any real chain (at most ${MAX_TRUSTED_HOPS}).`,
      );
    }
    return { kind: 'hops', hops };
  }
  const ranges = list(text).map((item) => {
    const range = parseAddressRange(item);
    if (range === null) {
      throw new ConfigError(
        `TRUST_PROXY: "${item}" is neither a number of proxy hops (0, 1, 2…) nor a proxy's ` +
          'IP address or CIDR range; write it like 1, or 10.0.0.0/8,127.0.0.1.',
      );
    }
    return range;
  });
  if (ranges.length === 0) {
    throw new ConfigError(`TRUST_PROXY: "${value}" names no proxy; leave it empty to trust none.`);
  }
  return { kind: 'proxies', ranges: [...new Set(ranges)] };
}

/** Largest quota a setting may name, MB (a petabyte: anything more is a typing slip). */
const MAX_QUOTA_MB = 1_000_000_000;

/** A quota in whole megabytes (MiB), as bytes: digits only, no unit, at least 1. */
function readMegabytes(name: string, value: string | undefined, fallback: number): number {
  const text = value?.trim() ?? '';
  if (text === '') return fallback * 1024 * 1024;
  const megabytes = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(megabytes) || megabytes < 1 || megabytes > MAX_QUOTA_MB) {
    throw new ConfigError(
      `${name}: "${value}" is not a whole number of megabytes from 1 to ${MAX_QUOTA_MB} (write 200, not 200MB).`,
    );
  }
  return megabytes * 1024 * 1024;
}

function readUploadQuotas(env: NodeJS.ProcessEnv): UploadQuotas {
  return {
    clientDailyBytes: readMegabytes(
      'UPLOADS_CLIENT_DAILY_MB',
      env.UPLOADS_CLIENT_DAILY_MB,
      DEFAULTS.uploadsClientDailyMb,
    ),
    pendingBytes: readMegabytes(
      'UPLOADS_PENDING_MAX_MB',
      env.UPLOADS_PENDING_MAX_MB,
      DEFAULTS.uploadsPendingMaxMb,
    ),
  };
}

function readPath(value: string | undefined, fallback: string, root: string): string {
  return value !== undefined && value.trim() !== '' ? resolve(value) : resolve(root, fallback);
}

/**
 * Reads the services' configuration.
 *
 * @param root the project root the defaults are relative to.
 * @throws ConfigError naming the variable that is wrong.
 */
export function readConfig(env: NodeJS.ProcessEnv, root: string = process.cwd()): ServerConfig {
  const staticDir = env.STATIC_DIR?.trim();
  return {
    port: readPort(env.PORT),
    host: env.HOST?.trim() || DEFAULTS.host,
    staticDir:
      staticDir === '' || staticDir?.toLowerCase() === 'none'
        ? null
        : readPath(staticDir, DEFAULTS.staticDir, root),
    dataDir: readPath(env.DATA_DIR, DEFAULTS.dataDir, root),
    archiveFile: env.ARCHIVE_FILE?.trim() ? resolve(env.ARCHIVE_FILE.trim()) : null,
    seedFile: readPath(env.SEED_FILE, DEFAULTS.seedFile, root),
    databaseUrl: readDatabaseUrl(env.DATABASE_URL),
    appOrigins: list(env.APP_ORIGIN).map((value) =>
      value === '*' ? value : readOrigin('APP_ORIGIN', value, { wildcardHost: false }),
    ),
    siteUrl: env.SITE_URL?.trim()
      ? readOrigin('SITE_URL', env.SITE_URL.trim(), { wildcardHost: false })
      : null,
    adminEmail: readAdminEmail(env.ADMIN_EMAIL),
    serviceOrigins: list(env.SERVICE_ORIGINS).map((value) =>
      readOrigin('SERVICE_ORIGINS', value, { wildcardHost: true }),
    ),
    mediaOrigins: list(env.MEDIA_ORIGINS).map((value) =>
      readOrigin('MEDIA_ORIGINS', value, { wildcardHost: true }),
    ),
    scriptOrigins: list(env.SCRIPT_ORIGINS).map((value) =>
      readOrigin('SCRIPT_ORIGINS', value, { wildcardHost: true }),
    ),
    analytics: (env.VITE_GA_MEASUREMENT_ID ?? '').trim() !== '',
    identity: readIdentity(env, root),
    uploads: readUploads(env, root),
    uploadQuotas: readUploadQuotas(env),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
  };
}

export { displayPath };
export type { UploadsConfig };
