/**
 * `GET /uploads/{key}`, editors only: a visitor's photo (or 3D capture) that waits for review,
 * which its public URL does not serve yet. The editor's app fetches it with the token and shows
 * it from memory (an `<img>` cannot send one), in the submissions list and the review form.
 */
import type { Context, Hono, Next } from 'hono';
import { UPLOAD_KEY_PATTERN } from '@/lib/uploadKeys';
import { bufferResponse, Refusal, param, type AppEnv, type Step } from '../app/appEnv';
import { editorOnly } from '../app/middleware';
import { resource } from '../app/resource';
import type { CorsPolicy } from '../app/cors';
import { inboxOf, type OpenStore } from '../app/communityRequest';
import type { AccessTokenVerifier } from '../login/accessToken';
import {
  contentTypeOfKey,
  filesOf,
  fullKeyOf,
  PENDING_CACHE_CONTROL,
  type MediaStorage,
} from '../uploads/mediaStorage';

/** Methods of `/uploads/{key}`. */
export const PENDING_PHOTO_METHODS = 'GET, OPTIONS';

/** The 404 of a key that names no photo waiting for review. */
export const NO_PENDING_PHOTO =
  'No photo waits for review at this address; a published photo is served at its own URL.';

/** What the route needs: the editors' check, the storage and inbox it reads, its preflight. */
export interface PendingUploadOptions {
  verify: AccessTokenVerifier;
  log: (line: string) => void;
  media: MediaStorage | null;
  openStore: OpenStore;
  cors: CorsPolicy;
  /** What an unexpected failure answers (500). */
  failure: Step;
}

/** Only the names storage gives uploads are looked up; anything else is no endpoint at all. */
async function refuseOtherNames(c: Context<AppEnv>, next: Next): Promise<void> {
  const key = c.req.param('key') ?? '';
  if (!UPLOAD_KEY_PATTERN.test(key)) {
    throw new Refusal(404, { error: `No such endpoint: ${new URL(c.req.url).pathname}` });
  }
  await next();
}

/** The waiting upload's file the key names, from its private copy; 404 once it is published. */
async function pendingFile(
  { media, openStore }: PendingUploadOptions,
  c: Context<AppEnv>,
): Promise<Response> {
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
}

/** Creates `GET /uploads/{key}` for editors. */
export function pendingUploadRoute(app: Hono<AppEnv>, options: PendingUploadOptions): void {
  const { verify, log, cors, failure } = options;
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
        steps: [failure, refuseOtherNames, (c) => pendingFile(options, c)],
      },
    },
  });
}
