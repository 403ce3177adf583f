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
import { CAPTURE_MAX_BYTES } from '@/lib/uploadLimits';
import { Refusal, reply, type AppEnv } from '../app/appEnv';
import {
  authoriseEditor,
  comesWithBody,
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
import { newCaptureKey, newPendingCaptureKey, type MediaStorage } from '../uploads/mediaStorage';
import { pendingUploadRoute } from './pendingUploads';
import { createUploadStore, photoAnswer, photoFiles, type Upload } from './uploadStore';

export { NO_PENDING_PHOTO, PENDING_PHOTO_METHODS } from './pendingUploads';

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

/** What the upload routes share: the route's options, and storing as `createUploadStore` does. */
interface UploadContext extends UploadRouteOptions {
  uploads: ReturnType<typeof createUploadStore>;
}

/**
 * Who may upload: an editor (null), or a visitor within the limits while the inbox takes
 * submissions (the store the visitor's upload is recorded in). `what` names the upload in the
 * answers ("photo", "3D capture").
 *
 * @throws Refusal saying why not.
 */
async function admit(
  { verify, log, openStore, limiter, now, uploads }: UploadContext,
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
    uploads.limits,
  );
  if (!room.ok) throw uploads.refuse(room);
  return inbox;
}

/** The photo of the body, checked by its bytes and re-encoded. */
async function photoOf({ uploads }: UploadContext, bytes: Buffer): Promise<ProcessedImage> {
  try {
    return await processImage(bytes);
  } catch (error) {
    if (error instanceof TooManyPixels) {
      throw new Refusal(413, {
        error: `The photo is too large: at most ${MAX_INPUT_PIXELS / 1e6} megapixels (this one is ${error.width} × ${error.height}).`,
      });
    }
    if (error instanceof NotAPhoto) throw new Refusal(415, { error: NOT_A_PHOTO });
    throw uploads.unavailable(error);
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
async function admitBeforeBody(context: UploadContext, c: Context<AppEnv>, what: Upload) {
  const { media } = context;
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
  const visitor = await admit(context, c, what);
  if (!typed) throw new Refusal(415, { error: what.sendAs });
  return { storage: media, visitor };
}

/**
 * An upload that passed `admitBeforeBody`, with its body, read to `maxBytes` at most.
 *
 * @returns the body, the storage and the visitor's store (null for an editor).
 */
async function received(context: UploadContext, c: Context<AppEnv>, what: Upload) {
  let admitted: Awaited<ReturnType<typeof admitBeforeBody>>;
  try {
    admitted = await admitBeforeBody(context, c, what);
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

/** `POST /uploads`: a photo, re-encoded and stored as its three files. */
async function upload(context: UploadContext, c: Context<AppEnv>): Promise<Response> {
  const { bytes, visitor, storage } = await received(context, c, PHOTO);
  const photo = await photoOf(context, bytes);
  const { keys, files } = photoFiles(photo, context.now());
  await context.uploads.store(c, storage, visitor, files, PHOTO);
  // A visitor's photo answers 404 at its URL until an editor publishes it.
  return photoAnswer(storage, keys, photo, visitor !== null);
}

/**
 * `POST /captures`: a 3D capture's bytes, checked by their content (see `checkCapture`) and
 * stored as they are. `?name=` is the file's name, a hint only where the content has no
 * signature of its own (a `.splat`'s records).
 */
async function uploadCapture(context: UploadContext, c: Context<AppEnv>): Promise<Response> {
  const { bytes, visitor, storage } = await received(context, c, CAPTURE);
  let checked: CheckedCapture;
  try {
    checked = await checkCaptureAsync(bytes, (c.req.query('name') ?? '').slice(0, 255));
  } catch (error) {
    if (error instanceof CaptureRefusal) throw new Refusal(error.status, { error: error.message });
    throw error;
  }
  const key = newCaptureKey(checked.format, context.now());
  const pendingKey = newPendingCaptureKey(checked.format);
  await context.uploads.store(c, storage, visitor, [{ key, pendingKey, body: bytes }], CAPTURE);
  return reply(201, {
    capture: { url: storage.urlOf(key), format: checked.format },
    count: checked.count,
    bytes: bytes.length,
    // A visitor's capture answers 404 at its URL until an editor publishes it.
    pending: visitor !== null,
  });
}

/**
 * Creates `POST /uploads`, `POST /captures` and, with editors, `GET /uploads/{key}`: a visitor's
 * photo that waits for review, which its public URL does not serve yet (see pendingUploads.ts).
 */
export function createUploadRoutes(options: UploadRouteOptions) {
  const { verify, log, media, quotas, now, afterVisitorUpload, openStore, cors } = options;
  const context: UploadContext = {
    ...options,
    uploads: createUploadStore({ log, quotas, now, afterVisitorUpload }),
  };
  const failure = failureSays('The inbox could not be read or saved; try again shortly.');
  const app = new Hono<AppEnv>({ strict: false });
  resource(app, '/uploads', {
    cors,
    allow: UPLOAD_METHODS,
    methods: {
      POST: [failure, (c) => upload(context, c)],
    },
  });
  resource(app, '/captures', {
    cors,
    allow: UPLOAD_METHODS,
    methods: {
      POST: [failure, (c) => uploadCapture(context, c)],
    },
  });
  // Only editors see an upload before it is published: without a pool to trust, no such route.
  if (verify === null) return app;
  pendingUploadRoute(app, { verify, log, media, openStore, cors, failure });
  return app;
}
