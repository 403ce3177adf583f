/**
 * The community side of the nodes-service (issue 7): photo uploads (`/uploads`), submissions
 * (`/submissions…`) and contact messages (`/messages`). Public routes are rate-limited per client;
 * editor routes check tokens as the node writes do. This module only routes; each route lives in
 * its own module.
 */
import { FORMS_PER_MINUTE } from '@/lib/submissionSchema';
import { DEFAULT_UPLOAD_QUOTAS, type UploadQuotas } from './config';
import { createCorsPolicy } from './cors';
import type { Reply } from './editorAuth';
import type { CommunityRequest, EditorVerifier } from './inbox/communityRequest';
import { createMessageRoutes } from './inbox/messageRoutes';
import {
  createSubmissionRoutes,
  submissionRoute,
  submissionRouteMethods,
  type SubmissionRoute,
} from './inbox/submissionRoutes';
import { noStoreJson } from './jsonReply';
import type { ServiceResponse } from './serviceTypes';
import { createSharedRateLimiter } from './rateLimit';
import type { InboxStore, NodeStore } from './storage/nodeStore';
import type { MediaStorage } from './uploads/mediaStorage';
import {
  createPendingPhotoRoute,
  pendingPhotoKey,
  PENDING_PHOTO_METHODS,
} from './uploads/pendingPhotoRoute';
import { createUploadLimiter, createUploadRoute, UPLOAD_METHODS } from './uploads/uploadRoute';

/** A community route. */
export type CommunityRoute =
  | { kind: 'uploads' }
  | { kind: 'pendingPhoto'; key: string }
  | { kind: 'messages' }
  | { kind: 'submissions'; route: SubmissionRoute };

/** What the community routes need from the handler that mounts them. */
export interface CommunityRoutesOptions {
  /** Checks editors' tokens; null when the server trusts no pool. */
  verify: EditorVerifier;
  /** Where photos are uploaded; null when this server takes none. */
  media: MediaStorage | null;
  /** Origins allowed to call cross-origin (`APP_ORIGIN`). */
  appOrigins: readonly string[];
  log: (line: string) => void;
  /** How much visitors may upload; `DEFAULT_UPLOAD_QUOTAS` when not given. */
  uploadQuotas?: UploadQuotas;
  /** The clock of uploads, claims and approvals (tests move it); the system's by default. */
  now?: () => Date;
  /** Runs after each visitor's stored upload (see `UploadRouteOptions.afterVisitorUpload`). */
  afterVisitorUpload?: (store: InboxStore) => Promise<void>;
}

/** The community routes of one handler (they own its rate limits). */
export interface CommunityRoutes {
  /** The route of a path, or null when it is not a community path. */
  route(path: string): CommunityRoute | null;
  /**
   * Answers a request (any method, OPTIONS included) to a route `route` found; `origin` is its
   * `Origin` header, for CORS.
   */
  handle(
    request: CommunityRequest,
    route: CommunityRoute,
    openStore: () => Promise<NodeStore>,
    origin: string | undefined,
  ): Promise<ServiceResponse>;
}

/** One minute, the window of `FORMS_PER_MINUTE`. */
const FORM_WINDOW_MS = 60_000;

/** Creates the community routes. */
export function createCommunityRoutes({
  verify,
  media,
  appOrigins,
  log,
  uploadQuotas = DEFAULT_UPLOAD_QUOTAS,
  now = () => new Date(),
  afterVisitorUpload,
}: CommunityRoutesOptions): CommunityRoutes {
  const editors = verify !== null;
  // Public forms post JSON (Content-Type) and editors send their token, so preflights allow both.
  const cors = createCorsPolicy(appOrigins, {
    methods: 'GET, POST, OPTIONS',
    requestHeaders: 'Content-Type, Authorization',
  });
  // Each form has its own bucket: a visitor who sends a message can still submit a video. Counted
  // in the store where it can, so every instance of the service counts a client alike.
  const clock = () => now().getTime();
  const formLimiter = (scope: string) =>
    createSharedRateLimiter({
      scope,
      limit: FORMS_PER_MINUTE,
      windowMs: FORM_WINDOW_MS,
      log,
      now: clock,
    });
  const submissions = createSubmissionRoutes({
    verify,
    log,
    media,
    now,
    limiter: formLimiter('submissions'),
  });
  const messages = createMessageRoutes({ verify, log, limiter: formLimiter('messages') });
  const uploads = createUploadRoute({
    verify,
    log,
    media,
    limiter: createUploadLimiter({ log, now: clock }),
    quotas: uploadQuotas,
    now,
    ...(afterVisitorUpload ? { afterVisitorUpload } : {}),
  });
  // Only editors see a photo before it is published: without a pool to trust, no such route.
  const pendingPhotos = verify ? createPendingPhotoRoute({ verify, log, media }) : null;

  function methodsOf(route: CommunityRoute): string {
    if (route.kind === 'uploads') return UPLOAD_METHODS;
    if (route.kind === 'pendingPhoto') return PENDING_PHOTO_METHODS;
    if (route.kind === 'messages') return messages.methods;
    return submissionRouteMethods(route.route, editors);
  }

  return {
    route(path) {
      if (path === '/uploads' || path === '/uploads/') return { kind: 'uploads' };
      const key = pendingPhotos ? pendingPhotoKey(path) : null;
      if (key !== null) return { kind: 'pendingPhoto', key };
      if (path === '/messages' || path === '/messages/') return { kind: 'messages' };
      const found = submissionRoute(path, editors);
      return found ? { kind: 'submissions', route: found } : null;
    },
    async handle(request, route, openStore, origin) {
      const grant = cors.headers(origin);
      const vary = cors.vary();
      const varyHeader: Record<string, string> = vary ? { Vary: vary } : {};
      if (request.method.toUpperCase() === 'OPTIONS') {
        return {
          status: 204,
          headers: { Allow: methodsOf(route), ...varyHeader, ...cors.preflight(origin) },
          body: '',
        };
      }
      const reply: Reply = (status, body, extra = {}) =>
        noStoreJson(status, body, { ...varyHeader, ...grant, ...extra });
      const context = { openStore, reply };
      if (route.kind === 'uploads') return uploads.handle(request, context);
      if (route.kind === 'pendingPhoto') {
        return pendingPhotos
          ? pendingPhotos.handle(request, route.key, context, { ...varyHeader, ...grant })
          : reply(404, { error: `No such endpoint: ${request.path}` });
      }
      if (route.kind === 'messages') return messages.handle(request, context);
      return submissions.handle(request, route.route, context);
    },
  };
}
