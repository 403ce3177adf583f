/**
 * `GET /uploads/{key}` with an editor's access token: a visitor's photo that waits for review,
 * which its public URL does not serve yet. The editor's app fetches it with the token and shows it
 * from memory (an `<img>` cannot send one), in the submissions list and the review form.
 */
import { UPLOAD_KEY_PATTERN } from '@/lib/uploadKeys';
import { authoriseEditor } from '../editorAuth';
import {
  methodNotAllowed,
  openInbox,
  storeFailure,
  type CommunityContext,
  type CommunityRequest,
  type EditorVerifier,
} from '../inbox/communityRequest';
import type { ServiceResponse } from '../serviceTypes';
import {
  fullKeyOf,
  keysOf,
  PENDING_CACHE_CONTROL,
  UPLOAD_CONTENT_TYPE,
  type MediaStorage,
} from './mediaStorage';

/** Methods of `/uploads/{key}`. */
export const PENDING_PHOTO_METHODS = 'GET, OPTIONS';

/** The 404 of a key that names no photo waiting for review. */
export const NO_PENDING_PHOTO =
  'No photo waits for review at this address; a published photo is served at its own URL.';

/** The public key of a path `/uploads/{key}`, or null when the path is no such route. */
export function pendingPhotoKey(path: string): string | null {
  const key = /^\/uploads\/(.+)$/.exec(path)?.[1];
  return key !== undefined && UPLOAD_KEY_PATTERN.test(key) ? key : null;
}

/** What the route needs from the handler that mounts it. */
export interface PendingPhotoRouteOptions {
  /** Checks editors' tokens (the route exists only with a pool to trust). */
  verify: NonNullable<EditorVerifier>;
  log: (line: string) => void;
  media: MediaStorage | null;
}

/** The `/uploads/{key}` route. */
export interface PendingPhotoRoute {
  /** Answers `request` for `key`; `grant` holds the CORS and Vary headers of the answer. */
  handle(
    request: CommunityRequest,
    key: string,
    context: CommunityContext,
    grant: Record<string, string>,
  ): Promise<ServiceResponse>;
}

/** Creates the `/uploads/{key}` route. */
export function createPendingPhotoRoute({
  verify,
  log,
  media,
}: PendingPhotoRouteOptions): PendingPhotoRoute {
  return {
    async handle(request, key, context, grant) {
      const { reply } = context;
      if (request.method.toUpperCase() !== 'GET') {
        return methodNotAllowed(request.method, PENDING_PHOTO_METHODS, reply);
      }
      const auth = await authoriseEditor(request.headers, reply, {
        verify,
        log,
        forbidden: 'Only editors see photos that wait for review.',
      });
      if ('refused' in auth) return auth.refused;
      if (media === null) return reply(404, { error: NO_PENDING_PHOTO });
      const inbox = await openInbox(context, PENDING_PHOTO_METHODS);
      if ('refused' in inbox) return inbox.refused;
      let photo: Buffer | null;
      try {
        const record = await inbox.store.findUpload(fullKeyOf(key));
        if (record === null || record.publishedAt !== null) {
          return reply(404, { error: NO_PENDING_PHOTO });
        }
        // The same file of the upload's private keys: photo, thumbnail or card-sized copy (an
        // upload made before those existed has none: 404).
        const [publicKeys, pendingKeys] = [keysOf(record.publicKey), keysOf(record.pendingKey)];
        const file = (['full', 'thumb', 'card'] as const).find(
          (which) => publicKeys[which] === key,
        );
        photo = file === undefined ? null : await media.get(pendingKeys[file]);
      } catch (error) {
        return storeFailure(error, log, reply);
      }
      if (photo === null) return reply(404, { error: NO_PENDING_PHOTO });
      return {
        status: 200,
        headers: {
          ...grant,
          'Content-Type': UPLOAD_CONTENT_TYPE,
          'Content-Length': String(photo.length),
          'Cache-Control': PENDING_CACHE_CONTROL,
          'X-Content-Type-Options': 'nosniff',
          // A photo is never a document: opened directly, it may run nothing.
          'Content-Security-Policy': "default-src 'none'; sandbox",
        },
        body: photo,
      };
    },
  };
}
