import { createHash } from 'node:crypto';
import type { ServiceRequest, ServiceResponse } from './serviceTypes';
import { createCommunityRoutes } from './communityRoutes';
import { compress, MIN_COMPRESS_BYTES, negotiateEncoding, type ContentCoding } from './compression';
import { ALLOWED_METHODS, createCorsPolicy } from './cors';
import { noStoreJson } from './jsonReply';
import type { AccessTokenVerifier } from './login/accessToken';
import { createNodeWrites, routeMethods, writeRoute } from './nodeWrites';
import { hasInbox, type InboxStore, type NodeStore } from './storage/nodeStore';
import { createStoreConnection, errorMessage, Unavailable, withTimeout } from './storeConnection';
import type { MediaStorage } from './uploads/mediaStorage';
import {
  SWEEP_EVERY_MS,
  sweepUploads as sweepExpiredUploads,
  type SweepReport,
} from './uploads/uploadSweep';
import type { UploadQuotas } from './config';

/** How the nodes handler finds its store and whom it serves. */
export interface NodesHandlerOptions {
  /** Opens the store; called lazily, and again after a failed open or a failed query. */
  openStore: () => Promise<NodeStore>;
  /** Origins allowed to read the list cross-origin (`*` for any); empty means same-origin only. */
  appOrigins?: readonly string[];
  /** Longest wait for the store on one request before answering 503, ms. */
  timeoutMs?: number;
  /** After a failed open, requests answer 503 at once for this long before opening again, ms. */
  retryOpenAfterMs?: number;
  /** Where store failures are logged (stderr by default). */
  log?: (line: string) => void;
  /**
   * Checks editors' access tokens (`createAccessTokenVerifier` for the pool the /login function
   * trusts). Without it the service is read-only: writes answer 405 and `/nodes/…` 404.
   */
  verifyEditor?: AccessTokenVerifier | null;
  /** Where uploaded photos go; without it `/uploads` answers 405 and photos cannot be submitted. */
  media?: MediaStorage | null;
  /** How much visitors may upload; `DEFAULT_UPLOAD_QUOTAS` by default. */
  uploadQuotas?: UploadQuotas;
  /** The clock of uploads, their expiry and approvals (tests move it); the system's by default. */
  now?: () => Date;
  /**
   * Sweep expired uploads after a visitor's upload, at most once per `SWEEP_EVERY_MS` (a small
   * batch, awaited before the answer): for a serverless function, which has no timer of its own.
   */
  sweepOnUploads?: boolean;
}

/** The outcome of opening the store ahead of the first request. */
export type WarmUpResult =
  { ok: true; count: number; revision: string } | { ok: false; message: string };

/**
 * The nodes-service: `GET /nodes` and its HEAD and OPTIONS, the editors' writes, and the
 * community's uploads, submissions and messages.
 */
export interface NodesHandler {
  handle(request: ServiceRequest): Promise<ServiceResponse>;
  /** Opens the store and prepares the response body, so the first visitor does not wait. */
  warmUp(): Promise<WarmUpResult>;
  /**
   * Deletes visitors' uploads past keeping (see `sweepUploads`), a bounded amount per call; null
   * when there is nothing to sweep (no photo storage, or a store without an inbox).
   *
   * @throws when the store cannot be opened or read.
   */
  sweepUploads(): Promise<SweepReport | null>;
  /** Closes the store; later requests answer 503. */
  close(): Promise<void>;
}

/** SPEC-independent service limits. */
export const STORE_TIMEOUT_MS = 5000;
export const RETRY_OPEN_AFTER_MS = 5000;

interface Representation {
  revision: string;
  /** ETag opaque-tag of the identity body, without quotes. */
  tag: string;
  identity: Buffer;
  count: number;
  encoded: Map<ContentCoding, Promise<Buffer>>;
}

function lowerCaseHeaders(headers: ServiceRequest['headers']): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined)
      map.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value);
  }
  return map;
}

/**
 * Entity tags differ per content coding (RFC 9110 §8.8.3: a strong validator names one exact byte
 * sequence, and shared caches keep one variant per coding), but any of them proves the client
 * holds the current list, so all of them validate.
 */
function codingTag(tag: string, coding: ContentCoding | null): string {
  return coding === null ? `"${tag}"` : `"${tag}-${coding}"`;
}

function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((raw) => {
    const value = raw.trim().replace(/^W\//, '');
    return (
      value === '*' || value === `"${tag}"` || value === `"${tag}-br"` || value === `"${tag}-gzip"`
    );
  });
}

/** Creates the nodes-service handler. One handler owns one store for its lifetime. */
export function createNodesHandler(options: NodesHandlerOptions): NodesHandler {
  const timeoutMs = options.timeoutMs ?? STORE_TIMEOUT_MS;
  const retryOpenAfterMs = options.retryOpenAfterMs ?? RETRY_OPEN_AFTER_MS;
  const log = options.log ?? ((line: string) => console.error(line));
  const writes = options.verifyEditor
    ? createNodeWrites({ verify: options.verifyEditor, log })
    : null;
  const media = options.media ?? null;
  const now = options.now ?? (() => new Date());
  let lastSweep = Number.NEGATIVE_INFINITY;
  const community = createCommunityRoutes({
    verify: options.verifyEditor ?? null,
    media,
    appOrigins: options.appOrigins ?? [],
    log,
    now,
    ...(options.uploadQuotas ? { uploadQuotas: options.uploadQuotas } : {}),
    ...(options.sweepOnUploads && media
      ? {
          afterVisitorUpload: async (store: InboxStore) => {
            const at = now().getTime();
            if (at - lastSweep < SWEEP_EVERY_MS) return;
            lastSweep = at;
            // A failed sweep must not fail the visitor's upload; the next one tries again.
            await sweepExpiredUploads(store, media, { now, log, batchSize: 50 }).catch(
              (error: unknown) =>
                log(`nodes-service: sweeping expired uploads failed: ${errorMessage(error)}`),
            );
          },
        }
      : {}),
  });
  // Editors' calls from the app carry a bearer token and If-Match, so a preflight must allow them.
  const cors = createCorsPolicy(
    options.appOrigins ?? [],
    writes
      ? {
          methods: 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
          requestHeaders: 'If-None-Match, If-Match, Content-Type, Authorization',
        }
      : {},
  );
  const retryAfterSeconds = String(
    Math.max(1, Math.ceil(Math.max(timeoutMs, retryOpenAfterMs) / 1000)),
  );

  const connection = createStoreConnection({
    openStore: options.openStore,
    retryOpenAfterMs,
    closeTimeoutMs: timeoutMs,
    log,
  });
  let current: Representation | null = null;
  let building: { revision: string; promise: Promise<Representation> } | null = null;

  async function build(store: NodeStore, revision: string): Promise<Representation> {
    const nodes = await store.listNodes();
    const identity = Buffer.from(JSON.stringify(nodes));
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
    const safeRevision = revision.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40);
    return {
      revision,
      tag: `${safeRevision}-${hash}`,
      identity,
      count: nodes.length,
      encoded: new Map(),
    };
  }

  /** The current list, serialised once per revision and shared by concurrent requests. */
  async function representation(): Promise<Representation> {
    const store = await connection.get();
    try {
      const revision = await store.revision();
      if (current?.revision === revision) return current;
      if (building?.revision !== revision) {
        const promise = build(store, revision);
        const entry = { revision, promise };
        building = entry;
        promise.then(
          (rep) => {
            current = rep;
            if (building === entry) building = null;
          },
          () => {
            if (building === entry) building = null;
          },
        );
      }
      return await building.promise;
    } catch (error) {
      log(`nodes-service: reading the archive failed: ${errorMessage(error)}`);
      const message = 'The archive database could not be read; try again shortly.';
      connection.discard(store, message);
      throw new Unavailable(message);
    }
  }

  function loadWithDeadline(): Promise<Representation> {
    return withTimeout(representation(), timeoutMs, () => {
      // A read that hangs must not hold every later request of this revision hostage.
      building = null;
      return new Unavailable(
        connection.opening
          ? 'The archive is still opening; try again shortly.'
          : `The archive database did not answer within ${timeoutMs / 1000} s.`,
      );
    });
  }

  function encodedBody(rep: Representation, coding: ContentCoding | null): Promise<Buffer> {
    if (coding === null) return Promise.resolve(rep.identity);
    let body = rep.encoded.get(coding);
    if (!body) {
      body = compress(rep.identity, coding);
      rep.encoded.set(coding, body);
    }
    return body;
  }

  function json(
    status: number,
    body: unknown,
    grant: Record<string, string>,
    extra: Record<string, string> = {},
  ): ServiceResponse {
    const vary = cors.vary();
    return noStoreJson(status, body, { ...(vary ? { Vary: vary } : {}), ...grant, ...extra });
  }

  async function handle(request: ServiceRequest): Promise<ServiceResponse> {
    const headers = lowerCaseHeaders(request.headers);
    const origin = headers.get('origin');
    const grant = cors.headers(origin);
    const method = request.method.toUpperCase();
    const communityRoute = community.route(request.path);
    if (communityRoute) {
      return community.handle(
        {
          method,
          path: request.path,
          headers,
          query: request.query ?? '',
          body: request.body,
          clientAddress: request.clientAddress ?? 'unknown',
        },
        communityRoute,
        () => connection.get(),
        origin,
      );
    }
    const isList = request.path === '/nodes' || request.path === '/nodes/';
    const route = writes ? writeRoute(request.path) : null;
    if (!isList && route === null) {
      return json(404, { error: `No such endpoint: ${request.path}` }, grant);
    }
    if (method === 'OPTIONS') {
      const vary = cors.vary();
      return {
        status: 204,
        headers: {
          Allow: route ? routeMethods(route) : ALLOWED_METHODS,
          ...(vary ? { Vary: vary } : {}),
          ...cors.preflight(origin),
        },
        body: '',
      };
    }
    if (writes && route && !(isList && (method === 'GET' || method === 'HEAD'))) {
      return writes.handle(
        {
          method,
          path: request.path,
          headers,
          query: request.query ?? '',
          body: request.body,
        },
        route,
        () => connection.get(),
        (status, body, extra) => json(status, body, grant, extra),
      );
    }
    if (method !== 'GET' && method !== 'HEAD') {
      return json(405, { error: `${request.method} is not allowed here; use GET.` }, grant, {
        Allow: ALLOWED_METHODS,
      });
    }

    let rep: Representation;
    try {
      rep = await loadWithDeadline();
    } catch (error) {
      const message = error instanceof Unavailable ? error.message : 'The archive is unavailable.';
      if (!(error instanceof Unavailable)) log(`nodes-service: ${errorMessage(error)}`);
      return json(503, { error: message }, grant, { 'Retry-After': retryAfterSeconds });
    }

    const coding =
      rep.identity.length >= MIN_COMPRESS_BYTES
        ? negotiateEncoding(headers.get('accept-encoding'))
        : null;
    const common = {
      ETag: codingTag(rep.tag, coding),
      // Revalidate on every load so a published change shows on the next visit; 304s keep it cheap.
      'Cache-Control': 'no-cache',
      Vary: cors.vary('Accept-Encoding'),
      'X-Content-Type-Options': 'nosniff',
      ...grant,
    };
    if (matchesIfNoneMatch(headers.get('if-none-match'), rep.tag)) {
      return { status: 304, headers: common, body: '' };
    }
    const body = await encodedBody(rep, coding);
    return {
      status: 200,
      headers: {
        ...common,
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(body.length),
        ...(coding ? { 'Content-Encoding': coding } : {}),
      },
      body: method === 'HEAD' ? '' : body,
    };
  }

  return {
    handle,
    async warmUp() {
      try {
        const rep = await representation();
        return { ok: true, count: rep.count, revision: rep.revision };
      } catch (error) {
        return { ok: false, message: errorMessage(error) };
      }
    },
    async sweepUploads() {
      if (media === null) return null;
      const store = await connection.get();
      if (!hasInbox(store)) return null;
      lastSweep = now().getTime();
      return sweepExpiredUploads(store, media, { now, log, batches: 20 });
    },
    async close() {
      current = null;
      await connection.close();
    },
  };
}
