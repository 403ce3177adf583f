/**
 * `POST /uploads`: one photo as the raw request body. Editors upload with their access token
 * (photos for galleries, public at once); visitors upload without one, for `/submit`, a limited
 * number and size per client. Every photo is checked by its bytes and re-encoded (see
 * `processImage`), then stored as a full-size JPEG, a thumbnail and a card-sized copy whose URLs
 * go into a node's or a submission's `images`. A visitor's photo is stored privately: its URL
 * answers 404 until an editor approves the submission that uses it (see `routes/submissions.ts`), and
 * the sweep deletes it if none does.
 */
import { Hono, type Context } from 'hono';
import {
  COMMUNITY_UPLOADS_PER_10_MIN,
  UPLOAD_FORMATS_TEXT,
  UPLOAD_MAX_BYTES,
} from '@/lib/submissionSchema';
import { UPLOAD_KEY_PATTERN } from '@/lib/uploadKeys';
import { CAPTURE_MAX_BYTES } from '@/lib/uploadLimits';
import { bufferResponse, Refusal, reply, param, type AppEnv } from '../app/appEnv';
import {
  authoriseEditor,
  comesWithBody,
  editorOnly,
  failureSays,
  leaveBodyUnread,
  readBodyOf,
} from '../app/middleware';
import { resource } from '../app/resource';
import type { UploadQuotas } from '../uploads/uploadQuotas';
import type { CorsPolicy } from '../app/cors';
import {
  countAttempt,
  inboxOf,
  type EditorVerifier,
  type OpenStore,
} from '../app/communityRequest';
import { createSharedRateLimiter, type SharedRateLimiter } from '../app/rateLimit';
import type { EditableNodeStore, InboxStore } from '../storage/nodeStore';
import { CaptureRefusal, checkCaptureAsync, type CheckedCapture } from '../uploads/captureChecks';
import {
  MAX_INPUT_PIXELS,
  NotAPhoto,
  processImage,
  TooManyPixels,
  type ProcessedImage,
} from '../uploads/imageProcessing';
import {
  contentTypeOfKey,
  filesOf,
  fullKeyOf,
  newCaptureKey,
  newPendingCaptureKey,
  PENDING_CACHE_CONTROL,
  type MediaStorage,
} from '../uploads/mediaStorage';
import { createUploadStore, photoAnswer, photoFiles, type Upload } from './uploadStore';

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
 * Whether a body is sent as `family/*` or `application/octet-stream` (what the app sends). Both
 * make a browser ask first (a CORS preflight), which only the app's own origins pass, so a page
 * elsewhere cannot make its visitors' browsers upload here; a form's or text's type could.
 */
function sentAsBytesOf(family: 'image' | 'model') {
  const typed = new RegExp(`^${family}/[a-z0-9][a-z0-9!#$&^_.+-]*$`);
  return (header: string | undefined): boolean => {
    const type = header?.split(';')[0]?.trim().toLowerCase() ?? '';
    return typed.test(type) || type === 'application/octet-stream';
  };
}

/** Whether a body is sent as a photo: `image/*` or `application/octet-stream`. */
export const isPhotoContentType = sentAsBytesOf('image');

/** The 415 of a capture sent as a form or text: like a photo, it must make a browser ask first. */
export const SEND_CAPTURE_AS_BYTES =
  "Send the 3D capture's bytes as the body with Content-Type: application/octet-stream (or its model/* type).";

/** Whether a body is sent as a capture: a `model/*` type or `application/octet-stream`. */
export const isCaptureContentType = sentAsBytesOf('model');

const PHOTO: Upload = {
  noun: 'photo',
  plural: 'photos',
  maxBytes: UPLOAD_MAX_BYTES,
  tooLarge: PHOTO_TOO_LARGE,
  sentAs: isPhotoContentType,
  sendAs: SEND_AS_IMAGE,
};

const CAPTURE: Upload = {
  noun: '3D capture',
  plural: '3D captures',
  maxBytes: CAPTURE_MAX_BYTES,
  tooLarge: `The 3D capture is too large: at most ${CAPTURE_MAX_BYTES / 1024 / 1024} MB.`,
  sentAs: isCaptureContentType,
  sendAs: SEND_CAPTURE_AS_BYTES,
};

/** The 400 of an upload without a body. */
const nothingSent = (what: Upload) =>
  new Refusal(400, { error: `No ${what.noun} was sent: send the file's bytes as the body.` });

/** One file of an upload: its bytes, the key it is public under, and the key it waits under. */
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
  openStore: OpenStore;
  cors: CorsPolicy;
}

/** Methods of `/uploads/{key}`. */
export const PENDING_PHOTO_METHODS = 'GET, OPTIONS';

/** The 404 of a key that names no photo waiting for review. */
export const NO_PENDING_PHOTO =
  'No photo waits for review at this address; a published photo is served at its own URL.';

/**
 * Creates `POST /uploads` and, with editors, `GET /uploads/{key}`: a visitor's photo that waits
 * for review, which its public URL does not serve yet. The editor's app fetches it with the token
 * and shows it from memory (an `<img>` cannot send one), in the submissions list and the review
 * form.
 */
export function createUploadRoutes({
  verify,
  log,
  limiter,
  media,
  quotas,
  now,
  afterVisitorUpload,
  openStore,
  cors,
}: UploadRouteOptions) {
  const { limits, refuse, store, unavailable } = createUploadStore({
    log,
    quotas,
    now,
    afterVisitorUpload,
  });

  /**
   * Who may upload: an editor (null), or a visitor within the limits while the inbox takes
   * submissions (the store the visitor's upload is recorded in). `what` names the upload in the
   * answers ("photo", "3D capture").
   *
   * @throws Refusal saying why not.
   */
  async function admit(
    c: Context<AppEnv>,
    what: Upload,
  ): Promise<(EditableNodeStore & InboxStore) | null> {
    const authorization = c.req.header('authorization');
    if (authorization !== undefined) {
      if (verify === null) {
        throw new Refusal(
          401,
          {
            error: `This server checks no editors' sign-in; send the ${what.noun} without an Authorization header.`,
          },
          { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        );
      }
      await authoriseEditor(authorization, {
        verify,
        log,
        forbidden: `Only editors upload signed in; send the ${what.noun} without an Authorization header to submit it.`,
      });
      return null;
    }
    // A visitor's upload is only good for a submission: none are taken without an inbox.
    const inbox = await inboxOf(openStore, UPLOAD_METHODS);
    await countAttempt(limiter, c.get('client'), inbox, what.plural);
    // Before the file is decoded: a client over its day's quota costs no more work.
    const room = await inbox.uploadAdmission(
      { client: c.get('client'), bytes: 1, at: now() },
      limits,
    );
    if (!room.ok) throw refuse(room);
    return inbox;
  }

  /** The photo of the body, checked by its bytes and re-encoded. */
  async function photoOf(bytes: Buffer): Promise<ProcessedImage> {
    try {
      return await processImage(bytes);
    } catch (error) {
      if (error instanceof TooManyPixels) {
        throw new Refusal(413, {
          error: `The photo is too large: at most ${MAX_INPUT_PIXELS / 1e6} megapixels (this one is ${error.width} × ${error.height}).`,
        });
      }
      if (error instanceof NotAPhoto) throw new Refusal(415, { error: NOT_A_PHOTO });
      throw unavailable(error);
    }
  }

  /**
   * The checks every upload passes before a byte of its body is read: storage to take it, a
   * declared length within `maxBytes`, a body at all, the type it is sent as, and who sends it
   * (an editor's token, or a visitor within the rate limit and quotas). A request they refuse is
   * answered while its body waits in the socket, so it costs the server its headers only.
   *
   * @returns the storage and the visitor's store (null for an editor).
   */
  async function admitBeforeBody(c: Context<AppEnv>, what: Upload) {
    if (media === null) {
      throw new Refusal(
        405,
        { error: `This archive does not take ${what.noun} uploads.` },
        { Allow: 'OPTIONS' },
      );
    }
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (declared > what.maxBytes) throw new Refusal(413, { error: what.tooLarge });
    if (!(await comesWithBody(c))) throw nothingSent(what);
    const typed = what.sentAs(c.req.header('content-type'));
    // A visitor's, before the limiter: another site's post must not use up its visitor's
    // uploads. A token is checked first: its refusal says more than the type's.
    const signedIn = c.req.header('authorization') !== undefined;
    if (!signedIn && !typed) throw new Refusal(415, { error: what.sendAs });
    const visitor = await admit(c, what);
    if (!typed) throw new Refusal(415, { error: what.sendAs });
    return { storage: media, visitor };
  }

  /**
   * An upload that passed `admitBeforeBody`, with its body, read to `maxBytes` at most.
   *
   * @returns the body, the storage and the visitor's store (null for an editor).
   */
  async function received(c: Context<AppEnv>, what: Upload) {
    let admitted: Awaited<ReturnType<typeof admitBeforeBody>>;
    try {
      admitted = await admitBeforeBody(c, what);
    } catch (error) {
      leaveBodyUnread(c);
      throw error;
    }
    const bytes = await readBodyOf(c, { limit: what.maxBytes, readNothingOver: true });
    // A body without a length (chunked) is measured only as it is read.
    if (bytes === undefined) throw nothingSent(what);
    if (bytes.length > what.maxBytes) throw new Refusal(413, { error: what.tooLarge });
    return { bytes, ...admitted };
  }

  async function upload(c: Context<AppEnv>): Promise<Response> {
    const { bytes, visitor, storage } = await received(c, PHOTO);
    const photo = await photoOf(bytes);
    const { keys, files } = photoFiles(photo, now());
    await store(c, storage, visitor, files, PHOTO);
    // A visitor's photo answers 404 at its URL until an editor publishes it.
    return photoAnswer(storage, keys, photo, visitor !== null);
  }

  /**
   * `POST /captures`: a 3D capture's bytes, checked by their content (see `checkCapture`) and
   * stored as they are. `?name=` is the file's name, a hint only where the content has no
   * signature of its own (a `.splat`'s records).
   */
  async function uploadCapture(c: Context<AppEnv>): Promise<Response> {
    const { bytes, visitor, storage } = await received(c, CAPTURE);
    let checked: CheckedCapture;
    try {
      checked = await checkCaptureAsync(bytes, (c.req.query('name') ?? '').slice(0, 255));
    } catch (error) {
      if (error instanceof CaptureRefusal)
        throw new Refusal(error.status, { error: error.message });
      throw error;
    }
    const key = newCaptureKey(checked.format, now());
    const pendingKey = newPendingCaptureKey(checked.format);
    await store(c, storage, visitor, [{ key, pendingKey, body: bytes }], CAPTURE);
    return reply(201, {
      capture: { url: storage.urlOf(key), format: checked.format },
      count: checked.count,
      bytes: bytes.length,
      // A visitor's capture answers 404 at its URL until an editor publishes it.
      pending: visitor !== null,
    });
  }

  const failure = failureSays('The inbox could not be read or saved; try again shortly.');
  const app = new Hono<AppEnv>({ strict: false });
  resource(app, '/uploads', {
    cors,
    allow: UPLOAD_METHODS,
    methods: {
      POST: [failure, upload],
    },
  });
  resource(app, '/captures', {
    cors,
    allow: UPLOAD_METHODS,
    methods: {
      POST: [failure, uploadCapture],
    },
  });
  // Only editors see an upload before it is published: without a pool to trust, no such route.
  if (verify === null) return app;
  resource(app, '/uploads/:key{.+\\.(?:jpg|glb|ply|splat|spz)}', {
    cors,
    allow: PENDING_PHOTO_METHODS,
    methods: {
      GET: {
        access: editorOnly({
          verify,
          log,
          forbidden: 'Only editors see photos that wait for review.',
        }),
        steps: [
          failure,
          async (c, next) => {
            // Only the names storage gives uploads; anything else is no endpoint at all.
            const key = c.req.param('key') ?? '';
            if (!UPLOAD_KEY_PATTERN.test(key)) {
              throw new Refusal(404, { error: `No such endpoint: ${new URL(c.req.url).pathname}` });
            }
            await next();
          },
          async (c) => {
            const key = param(c, 'key');
            if (media === null) throw new Refusal(404, { error: NO_PENDING_PHOTO });
            const inbox = await inboxOf(openStore, PENDING_PHOTO_METHODS);
            const record = await inbox.findUpload(fullKeyOf(key));
            if (record === null || record.publishedAt !== null) {
              throw new Refusal(404, { error: NO_PENDING_PHOTO });
            }
            // The same file of the upload's private keys: photo, thumbnail or card-sized copy (an
            // upload made before those existed has none: 404), or a capture's one file.
            const file = filesOf(record.publicKey).indexOf(key);
            const pendingKey = filesOf(record.pendingKey)[file];
            const photo = pendingKey === undefined ? null : await media.get(pendingKey);
            if (photo === null) throw new Refusal(404, { error: NO_PENDING_PHOTO });
            return bufferResponse(photo, {
              status: 200,
              headers: {
                'Content-Type': contentTypeOfKey(key),
                'Content-Length': String(photo.length),
                'Cache-Control': PENDING_CACHE_CONTROL,
                'X-Content-Type-Options': 'nosniff',
                // An upload is never a document: opened directly, it may run nothing.
                'Content-Security-Policy': "default-src 'none'; sandbox",
              },
            });
          },
        ],
      },
    },
  });
  return app;
}
