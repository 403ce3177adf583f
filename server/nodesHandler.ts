import type { Hono } from 'hono';
import { FORMS_PER_MINUTE } from '@/lib/submissionSchema';
import type { AppEnv } from './app/appEnv';
import { createServiceApp } from './app/serviceApp';
import { DEFAULT_UPLOAD_QUOTAS, type UploadQuotas } from './uploads/uploadQuotas';
import { createCorsPolicy, type CorsPolicy } from './app/cors';
import { nodeRoute } from '@/lib/nodeModel';
import { storyItemIds } from '@/lib/storyModel';
import { sharedPicture, type SharedItem, type SharedStory } from './app/firstPaintPage';
import type { PreparedAnswers } from './app/preparedAnswers';
import { createMessageRoutes } from './routes/messages';
import { createRemovalRoutes } from './routes/removalRequests';
import { createSubmissionRoutes } from './routes/submissions';
import { createArchiveDataRoutes } from './routes/archiveData';
import { createBagDownloadRoutes } from './routes/preservationBag';
import { editorOnly } from './app/middleware';
import { createOaiRoutes } from './routes/oai';
import { createPhotoBlurRoutes } from './routes/photoBlur';
import { createIiifRoutes } from './routes/iiif';
import { createSeoRoutes } from './routes/seo';
import type { AccessTokenVerifier } from './login/accessToken';
import { createSharedRateLimiter } from './app/rateLimit';
import { createNodeList, type NodeList, type WarmUpResult } from './routes/nodeList';
import { createNodeRoutes, LIST_METHODS } from './routes/nodes';
import { createStoryRoutes, publishedStory } from './routes/stories';
import { hasInbox, type InboxStore, type NodeStore } from './storage/nodeStore';
import {
  createStoreConnection,
  errorMessage,
  Unavailable,
  withTimeout,
  type StoreConnection,
} from './storage/storeConnection';
import type { MediaStorage } from './uploads/mediaStorage';
import { createUploadLimiter, createUploadRoutes } from './routes/uploads';
import {
  SWEEP_EVERY_MS,
  sweepUploads as sweepExpiredUploads,
  type SweepReport,
} from './uploads/uploadSweep';

export type { WarmUpResult } from './routes/nodeList';

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
  /** More routes of the same application (the local server's `/login`). */
  routes?: readonly Hono<AppEnv>[];
  /**
   * The site's public address (`SITE_URL`, else the Node server's own once it listens), for the
   * absolute links of the open data and OAI-PMH; null when unknown (a function without `SITE_URL`).
   */
  siteUrl?: () => string | null;
  /** Whom harvesters may write to (`ADMIN_EMAIL`); null: `editors@` the site's host. */
  adminEmail?: string | null;
  /**
   * Editors download the preservation package from this process (issue 52): only where answers
   * stream (the Node server), with the folder the site's own photos are served from. Absent (a
   * serverless function): the download answers 501 with the command that makes it instead.
   */
  bagDownloads?: { siteFolder: string | null };
  /**
   * The folder the site's own photos are served from (the sample's), for their IIIF canvases'
   * sizes (issue 52); absent where the function has none (a deployment's photos are uploads).
   */
  siteFolder?: string | null;
}

/**
 * The nodes-service: `GET /nodes` and its HEAD and OPTIONS, the editors' writes, and the
 * community's uploads, submissions and messages.
 */
export interface NodesHandler {
  /**
   * The application: the Node server mounts it at `/api`, Lambda serves it, and tests call it
   * with `app.request()`.
   */
  app: Hono<AppEnv>;
  /** Opens the store and prepares the response body, so the first visitor does not wait. */
  warmUp(): Promise<WarmUpResult>;
  /**
   * Finishes what an interrupted run left and deletes visitors' uploads past keeping (see
   * `sweepUploads`), a bounded amount per call; null when there is nothing to sweep (no photo
   * storage, or a store without an inbox). `unfinishedBefore`: see `RecoveryOptions`.
   *
   * @throws when the store cannot be opened or read.
   */
  sweepUploads(options?: { unfinishedBefore?: Date }): Promise<SweepReport | null>;
  /**
   * The item with this id as the app shows it, for the document of its shared link; null when
   * there is none (its page then answers 404).
   *
   * @throws when the archive cannot be read within `waitMs` (its page is then sent as built).
   */
  sharedItem(id: string, waitMs: number): Promise<SharedItem | null>;
  /**
   * The published story with this id, with the pages of the items its stops show, for the
   * document of its shared link (`/story/{id}`, `/story/{id}/{n}`); null when visitors may not
   * read it (unknown, a draft, deleted: its page then answers 404).
   *
   * @throws when the archive cannot be read within `waitMs` (its page is then sent as built).
   */
  sharedStory(id: string, waitMs: number): Promise<SharedStory | null>;
  /**
   * The list's answers as the application gave them, for the Node server to send again as they
   * are (see server/app/preparedAnswers.ts).
   */
  listAnswers: PreparedAnswers;
  /** Closes the store; later requests answer 503. */
  close(): Promise<void>;
}

/** A published story and its items' pages, read within `waitMs` (see `NodesHandler.sharedStory`). */
function readSharedStory(
  connection: StoreConnection,
  list: NodeList,
  id: string,
  waitMs: number,
): Promise<SharedStory | null> {
  const read = async (): Promise<SharedStory | null> => {
    const story = await publishedStory(await connection.get(), id);
    if (story === null) return null;
    const itemPages = new Map<string, string>();
    const pictures = new Map<string, string>();
    for (const itemId of storyItemIds(story)) {
      // The items as the list shows them (read once per revision): a stop's item deleted since
      // the story was saved has no page.
      const item = await list.item(itemId, waitMs);
      if (item === null) continue;
      itemPages.set(itemId, nodeRoute({ type: item.type, video_id: item.id }));
      const picture = sharedPicture(item);
      if (picture !== null) pictures.set(itemId, picture);
    }
    return { story, itemPages, pictures };
  };
  return withTimeout(read(), waitMs, () => new Unavailable('slow'));
}

/** SPEC-independent service limits. */
export const STORE_TIMEOUT_MS = 5000;
export const RETRY_OPEN_AFTER_MS = 5000;

/** The preservation package's download (issue 52), for editors. */
function bagDownloadRoutes(
  options: NodesHandlerOptions,
  shared: {
    verify: AccessTokenVerifier;
    openStore: () => Promise<NodeStore>;
    media: MediaStorage | null;
    cors: CorsPolicy;
    log: (line: string) => void;
    now: () => Date;
  },
) {
  const { verify, openStore, media, cors, log, now } = shared;
  const siteUrl = options.siteUrl ?? (() => null);
  return createBagDownloadRoutes({
    cors,
    editor: editorOnly({
      verify,
      log,
      forbidden: 'Only editors can download the preservation package.',
    }),
    source: options.bagDownloads
      ? {
          openStore,
          media,
          siteFolder: options.bagDownloads.siteFolder,
          about: () => ({ siteUrl: siteUrl(), contact: options.adminEmail ?? null }),
        }
      : null,
    log,
    now,
  });
}

/** Creates the nodes-service handler. One handler owns one store for its lifetime. */
export function createNodesHandler(options: NodesHandlerOptions): NodesHandler {
  const timeoutMs = options.timeoutMs ?? STORE_TIMEOUT_MS;
  const retryOpenAfterMs = options.retryOpenAfterMs ?? RETRY_OPEN_AFTER_MS;
  const log = options.log ?? ((line: string) => console.error(line));
  const verify = options.verifyEditor ?? null;
  const media = options.media ?? null;
  const now = options.now ?? (() => new Date());
  const siteUrl = options.siteUrl ?? (() => null);
  const appOrigins = options.appOrigins ?? [];
  const connection = createStoreConnection({
    openStore: options.openStore,
    retryOpenAfterMs,
    closeTimeoutMs: timeoutMs,
    log,
  });
  const openStore = () => connection.get();
  // Editors' calls from the app carry a bearer token and If-Match, so a preflight must allow them.
  const nodesCors = createCorsPolicy(
    appOrigins,
    verify
      ? {
          methods: 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
          requestHeaders: 'If-None-Match, If-Match, Content-Type, Authorization',
        }
      : { methods: LIST_METHODS },
  );
  // Public forms post JSON (Content-Type), with the outbox's Idempotency-Key, and editors send
  // their token, so preflights allow all three.
  const communityCors = createCorsPolicy(appOrigins, {
    methods: 'GET, POST, OPTIONS',
    requestHeaders: 'Content-Type, Authorization, Idempotency-Key',
  });
  const list = createNodeList({
    connection,
    timeoutMs,
    retryAfterSeconds: String(Math.max(1, Math.ceil(Math.max(timeoutMs, retryOpenAfterMs) / 1000))),
    cors: nodesCors,
    log,
  });
  // Each form has its own bucket: a visitor who sends a message can still submit a video. Counted
  // in the store where it can, so every instance of the service counts a client alike.
  const clock = () => now().getTime();
  const formLimiter = (scope: string) =>
    createSharedRateLimiter({ scope, limit: FORMS_PER_MINUTE, windowMs: 60_000, log, now: clock });
  let lastSweep = Number.NEGATIVE_INFINITY;
  const afterVisitorUpload =
    options.sweepOnUploads && media
      ? async (store: InboxStore) => {
          const at = now().getTime();
          if (at - lastSweep < SWEEP_EVERY_MS) return;
          lastSweep = at;
          // A failed sweep must not fail the visitor's upload; the next one tries again.
          await sweepExpiredUploads(store, media, { now, log, batchSize: 50 }).catch(
            (error: unknown) =>
              log(`nodes-service: sweeping expired uploads failed: ${errorMessage(error)}`),
          );
        }
      : undefined;
  const community = { verify, log, openStore, cors: communityCors };
  const app = createServiceApp(
    [
      ...(options.routes ?? []),
      createNodeRoutes({ list, openStore, cors: nodesCors, verify, log }),
      createStoryRoutes({ openStore, cors: nodesCors, verify, log }),
      createUploadRoutes({
        ...community,
        media,
        limiter: createUploadLimiter({ log, now: clock }),
        quotas: options.uploadQuotas ?? DEFAULT_UPLOAD_QUOTAS,
        now,
        ...(afterVisitorUpload ? { afterVisitorUpload } : {}),
      }),
      // Editors blur a waiting submission's photos: only with editors and photo storage.
      ...(verify && media
        ? [
            createPhotoBlurRoutes({
              ...community,
              verify,
              media,
              quotas: options.uploadQuotas ?? DEFAULT_UPLOAD_QUOTAS,
              now,
              ...(afterVisitorUpload ? { afterVisitorUpload } : {}),
            }),
          ]
        : []),
      createSubmissionRoutes({ ...community, media, now, limiter: formLimiter('submissions') }),
      createMessageRoutes({ ...community, limiter: formLimiter('messages') }),
      createRemovalRoutes({ ...community, limiter: formLimiter('removal-requests') }),
      createArchiveDataRoutes({ openStore, cors: nodesCors, verify, log, now, siteUrl }),
      ...(verify
        ? [bagDownloadRoutes(options, { verify, openStore, media, cors: nodesCors, log, now })]
        : []),
      createSeoRoutes({ openStore, cors: nodesCors, siteUrl }),
      createIiifRoutes({ openStore, media, siteFolder: options.siteFolder ?? null, siteUrl }),
      createOaiRoutes({
        openStore,
        cors: nodesCors,
        now,
        siteUrl,
        adminEmail: options.adminEmail ?? null,
      }),
    ],
    {
      cors: nodesCors,
      log,
      // A write is answered once the list shows it: whoever wrote then reads what they wrote,
      // while readers meanwhile are answered the list before (see `createNodeList`).
      afterWrites: () => list.refresh(),
    },
  );

  return {
    app,
    warmUp: () => list.warmUp(),
    sharedItem: (id, waitMs) => list.item(id, waitMs),
    sharedStory: (id, waitMs) => readSharedStory(connection, list, id, waitMs),
    listAnswers: list.prepared,
    async sweepUploads({ unfinishedBefore } = {}) {
      if (media === null) return null;
      const store: NodeStore = await connection.get();
      if (!hasInbox(store)) return null;
      lastSweep = now().getTime();
      return sweepExpiredUploads(store, media, {
        now,
        log,
        batches: 20,
        ...(unfinishedBefore ? { unfinishedBefore } : {}),
      });
    },
    async close() {
      list.forget();
      await connection.close();
    },
  };
}
