/**
 * `POST /uploads`: one photo as the raw request body. Editors upload with their access token
 * (photos for galleries, public at once); visitors upload without one, for `/submit`, a limited
 * number and size per client. Every photo is checked by its bytes and re-encoded (see
 * `processImage`), then stored as a full-size JPEG, a thumbnail and a card-sized copy whose URLs
 * go into a node's or a submission's `images`. A visitor's photo is stored privately: its URL
 * answers 404 until an editor approves the submission that uses it (see `submissionRoutes`), and
 * the sweep deletes it if none does.
 */
import {
  COMMUNITY_UPLOADS_PER_10_MIN,
  UPLOAD_FORMATS_TEXT,
  UPLOAD_MAX_BYTES,
} from '@/lib/submissionSchema';
import type { UploadQuotas } from '../config';
import { authoriseEditor, type Reply } from '../editorAuth';
import {
  methodNotAllowed,
  openInbox,
  storeFailure,
  tooManyRequests,
  type CommunityContext,
  type CommunityRequest,
  type EditorVerifier,
} from '../inbox/communityRequest';
import type { ServiceResponse } from '../serviceTypes';
import { createSharedRateLimiter, type SharedRateLimiter } from '../rateLimit';
import type { EditableNodeStore, InboxStore } from '../storage/nodeStore';
import type { UploadAdmission } from '../storage/uploadLedger';
import {
  ImageLibraryUnavailable,
  MAX_INPUT_PIXELS,
  NotAPhoto,
  processImage,
  TooManyPixels,
  type ProcessedImage,
} from './imageProcessing';
import {
  newPendingKeys,
  newUploadKeys,
  UPLOAD_CONTENT_TYPE,
  type MediaStorage,
  type UploadKeys,
} from './mediaStorage';
import { overQuota, uploadLimitsOf } from './uploadQuota';

/** Methods of `/uploads`. */
export const UPLOAD_METHODS = 'POST, OPTIONS';

/** The 413 of a body over `UPLOAD_MAX_BYTES`. */
export const PHOTO_TOO_LARGE = `The photo is too large: at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;
/** The 415 of anything that is not a complete photo in an accepted format. */
export const NOT_A_PHOTO = `This file is not a photo: send a ${UPLOAD_FORMATS_TEXT} image.`;
/** The 415 of a body sent as a form or text (see `isPhotoContentType`). */
export const SEND_AS_IMAGE =
  "Send the photo's bytes as the body with its image type (Content-Type: image/jpeg, image/png…) or application/octet-stream.";

/**
 * Whether a body is sent as a photo: `image/*` or `application/octet-stream` (what the app sends).
 * Both make a browser ask first (a CORS preflight), which only the app's own origins pass, so a
 * page elsewhere cannot make its visitors' browsers upload here; a form's or text's type could.
 */
export function isPhotoContentType(header: string | undefined): boolean {
  const type = header?.split(';')[0]?.trim().toLowerCase() ?? '';
  return /^image\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type) || type === 'application/octet-stream';
}

/** A limiter of community uploads: `COMMUNITY_UPLOADS_PER_10_MIN` per client. */
export function createUploadLimiter({
  log,
  now,
}: {
  log: (line: string) => void;
  now: () => number;
}): SharedRateLimiter {
  return createSharedRateLimiter({
    scope: 'uploads',
    limit: COMMUNITY_UPLOADS_PER_10_MIN,
    windowMs: 10 * 60_000,
    log,
    now,
  });
}

/** What the upload route needs from the handler that mounts it. */
export interface UploadRouteOptions {
  /** Checks editors' tokens; null when the server trusts no pool (only visitors upload then). */
  verify: EditorVerifier;
  log: (line: string) => void;
  /** Counts each visitor's uploads (editors are not counted). */
  limiter: SharedRateLimiter;
  /** Where photos go; null when this server takes none (405). */
  media: MediaStorage | null;
  /** How many bytes visitors may store (editors are not counted). */
  quotas: UploadQuotas;
  /** The clock uploads are recorded by (tests move it). */
  now: () => Date;
  /**
   * Runs after a visitor's photo is stored, before the answer (a serverless function's
   * opportunistic sweep: work after the answer may never run there). Failures are its own.
   */
  afterVisitorUpload?: (store: InboxStore) => Promise<void>;
}

/** The `/uploads` route. */
export interface UploadRoute {
  handle(request: CommunityRequest, context: CommunityContext): Promise<ServiceResponse>;
}

/** Creates the `/uploads` route. */
export function createUploadRoute({
  verify,
  log,
  limiter,
  media,
  quotas,
  now,
  afterVisitorUpload,
}: UploadRouteOptions): UploadRoute {
  const limits = uploadLimitsOf(quotas);
  const refuse = (admission: Exclude<UploadAdmission, { ok: true }>, reply: Reply) =>
    overQuota(admission, { quotas, now: now(), reply });

  /**
   * Who may upload: an editor (`store` null), or a visitor within the limits while the inbox takes
   * submissions (`store`: where the visitor's upload is recorded).
   */
  async function admit(
    request: CommunityRequest,
    context: CommunityContext,
  ): Promise<{ store: (EditableNodeStore & InboxStore) | null } | { refused: ServiceResponse }> {
    const { reply } = context;
    if (request.headers.has('authorization')) {
      if (verify === null) {
        return {
          refused: reply(
            401,
            {
              error:
                "This server checks no editors' sign-in; send the photo without an Authorization header.",
            },
            { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
          ),
        };
      }
      const auth = await authoriseEditor(request.headers, reply, {
        verify,
        log,
        forbidden:
          'Only editors upload signed in; send the photo without an Authorization header to submit it.',
      });
      return 'refused' in auth ? auth : { store: null };
    }
    // A visitor's photo is only good for a submission: none are taken without an inbox.
    const inbox = await openInbox(context, UPLOAD_METHODS);
    if ('refused' in inbox) return inbox;
    const decision = await limiter.take(request.clientAddress, inbox.store);
    if (!decision.allowed) return { refused: tooManyRequests(decision, 'photos', reply) };
    // Before the photo is decoded: a client over its day's quota costs no more work.
    try {
      const room = await inbox.store.uploadAdmission(
        { client: request.clientAddress, bytes: 1, at: now() },
        limits,
      );
      return room.ok ? { store: inbox.store } : { refused: refuse(room, reply) };
    } catch (error) {
      return { refused: storeFailure(error, log, reply) };
    }
  }

  /** Stores every file of a photo (full size, thumbnail, card-sized copy) under `keys`, or none. */
  async function putAll(
    storage: MediaStorage,
    keys: UploadKeys,
    photo: ProcessedImage,
  ): Promise<void> {
    const files = [keys.full, keys.thumb, keys.card];
    try {
      await Promise.all([
        storage.put(keys.full, photo.full, UPLOAD_CONTENT_TYPE),
        storage.put(keys.thumb, photo.thumb, UPLOAD_CONTENT_TYPE),
        storage.put(keys.card, photo.card, UPLOAD_CONTENT_TYPE),
      ]);
    } catch (error) {
      // Part of an upload is useless: take back whichever parts were stored.
      await Promise.allSettled(files.map((key) => storage.delete(key)));
      throw error;
    }
  }

  /** The 503 of a storage failure, logged for whoever runs the server. */
  function storageFailure(
    storage: MediaStorage,
    error: unknown,
    reply: CommunityContext['reply'],
  ): ServiceResponse {
    log(
      `nodes-service: storing a photo in ${storage.description} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return reply(
      503,
      { error: 'The photo could not be stored; try again shortly.' },
      { 'Retry-After': '30' },
    );
  }

  /**
   * A visitor's photo: recorded first (the quotas are checked in the same step), then stored
   * under private keys; its public keys name the URLs it will have once an editor publishes it.
   */
  async function storeForReview(
    storage: MediaStorage,
    store: EditableNodeStore & InboxStore,
    request: CommunityRequest,
    photo: ProcessedImage,
    reply: CommunityContext['reply'],
  ): Promise<{ keys: UploadKeys } | { refused: ServiceResponse }> {
    const at = now();
    const keys = newUploadKeys(at);
    const pending = newPendingKeys();
    let admission: UploadAdmission;
    try {
      admission = await store.recordUpload(
        {
          publicKey: keys.full,
          pendingKey: pending.full,
          client: request.clientAddress,
          // Every byte stored counts against the quotas: photo, thumbnail and card-sized copy.
          bytes: photo.full.length + photo.thumb.length + photo.card.length,
          at,
        },
        limits,
      );
    } catch (error) {
      return { refused: storeFailure(error, log, reply) };
    }
    if (!admission.ok) return { refused: refuse(admission, reply) };
    try {
      await putAll(storage, pending, photo);
    } catch (error) {
      // Nothing was stored: the record must not count against the visitor or the archive.
      await store.forgetUploads([keys.full]).catch(() => undefined);
      return { refused: storageFailure(storage, error, reply) };
    }
    return { keys };
  }

  return {
    async handle(request, context) {
      const { reply } = context;
      if (request.method.toUpperCase() !== 'POST') {
        return methodNotAllowed(request.method, UPLOAD_METHODS, reply);
      }
      if (media === null) {
        return reply(
          405,
          { error: 'This archive does not take photo uploads.' },
          { Allow: 'OPTIONS' },
        );
      }
      // Before anything else: the server has not read a body it declares too large.
      const declared = Number(request.headers.get('content-length') ?? Number.NaN);
      if (declared > UPLOAD_MAX_BYTES) return reply(413, { error: PHOTO_TOO_LARGE });
      const { body } = request;
      const bytes =
        body === undefined ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body) : body;
      if (bytes.length === 0) {
        return reply(400, { error: "No photo was sent: send the image's bytes as the body." });
      }
      if (bytes.length > UPLOAD_MAX_BYTES) return reply(413, { error: PHOTO_TOO_LARGE });
      const asPhoto = isPhotoContentType(request.headers.get('content-type'));
      // A visitor's, before the limiter: another site's post must not use up its visitor's
      // uploads. A token is checked first: its refusal says more than the type's.
      const signedIn = request.headers.has('authorization');
      if (!signedIn && !asPhoto) return reply(415, { error: SEND_AS_IMAGE });
      const admitted = await admit(request, context);
      if ('refused' in admitted) return admitted.refused;
      if (!asPhoto) return reply(415, { error: SEND_AS_IMAGE });
      let photo;
      try {
        photo = await processImage(bytes);
      } catch (error) {
        if (error instanceof TooManyPixels) {
          return reply(413, {
            error: `The photo is too large: at most ${MAX_INPUT_PIXELS / 1e6} megapixels (this one is ${error.width} × ${error.height}).`,
          });
        }
        if (error instanceof NotAPhoto) return reply(415, { error: NOT_A_PHOTO });
        if (error instanceof ImageLibraryUnavailable) {
          // A packaging fault, not the visitor's: they are told to come back, the log says why.
          log(`nodes-service: ${error.message}`);
          return reply(
            503,
            { error: 'Photos cannot be taken right now; try again later.' },
            { 'Retry-After': '300' },
          );
        }
        throw error;
      }
      let keys: UploadKeys;
      if (admitted.store === null) {
        keys = newUploadKeys(now());
        try {
          await putAll(media, keys, photo);
        } catch (error) {
          return storageFailure(media, error, reply);
        }
      } else {
        const stored = await storeForReview(media, admitted.store, request, photo, reply);
        if ('refused' in stored) return stored.refused;
        keys = stored.keys;
        await afterVisitorUpload?.(admitted.store);
      }
      return reply(201, {
        image: {
          thumbUrl: media.urlOf(keys.thumb),
          fullUrl: media.urlOf(keys.full),
          cardUrl: media.urlOf(keys.card),
        },
        width: photo.width,
        height: photo.height,
        bytes: photo.full.length,
        // A visitor's photo answers 404 at its URL until an editor publishes it.
        pending: admitted.store !== null,
      });
    },
  };
}
