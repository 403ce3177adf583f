/**
 * `POST /uploads`: one photo as the raw request body. Editors upload with their access token
 * (photos for galleries); visitors upload without one, for `/submit`, a limited number per client.
 * Every photo is checked by its bytes and re-encoded (see `processImage`), then stored as a
 * full-size JPEG and a thumbnail whose URLs go into a node's or a submission's `images`.
 */
import {
  COMMUNITY_UPLOADS_PER_10_MIN,
  UPLOAD_FORMATS_TEXT,
  UPLOAD_MAX_BYTES,
} from '@/lib/submissionSchema';
import { authoriseEditor } from '../editorAuth';
import {
  methodNotAllowed,
  openInbox,
  tooManyRequests,
  type CommunityContext,
  type CommunityRequest,
  type EditorVerifier,
} from '../inbox/communityRequest';
import type { ServiceResponse } from '../nodesHandler';
import { createRateLimiter, type RateLimiter } from '../rateLimit';
import {
  ImageLibraryUnavailable,
  MAX_INPUT_PIXELS,
  NotAPhoto,
  processImage,
  TooManyPixels,
} from './imageProcessing';
import { newUploadKeys, UPLOAD_CONTENT_TYPE, type MediaStorage } from './mediaStorage';

/** Methods of `/uploads`. */
export const UPLOAD_METHODS = 'POST, OPTIONS';

/** The 413 of a body over `UPLOAD_MAX_BYTES`. */
export const PHOTO_TOO_LARGE = `The photo is too large: at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;
/** The 415 of anything that is not a complete photo in an accepted format. */
export const NOT_A_PHOTO = `This file is not a photo: send a ${UPLOAD_FORMATS_TEXT} image.`;

/** A limiter of community uploads: `COMMUNITY_UPLOADS_PER_10_MIN` per client. */
export function createUploadLimiter(): RateLimiter {
  return createRateLimiter({ limit: COMMUNITY_UPLOADS_PER_10_MIN, windowMs: 10 * 60_000 });
}

/** What the upload route needs from the handler that mounts it. */
export interface UploadRouteOptions {
  /** Checks editors' tokens; null when the server trusts no pool (only visitors upload then). */
  verify: EditorVerifier;
  log: (line: string) => void;
  /** Counts each visitor's uploads (editors are not counted). */
  limiter: RateLimiter;
  /** Where photos go; null when this server takes none (405). */
  media: MediaStorage | null;
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
}: UploadRouteOptions): UploadRoute {
  /** Who may upload: an editor, or a visitor within the limit while the inbox takes submissions. */
  async function admit(
    request: CommunityRequest,
    context: CommunityContext,
  ): Promise<ServiceResponse | null> {
    const { reply } = context;
    if (request.headers.has('authorization')) {
      if (verify === null) {
        return reply(
          401,
          {
            error:
              "This server checks no editors' sign-in; send the photo without an Authorization header.",
          },
          { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        );
      }
      const auth = await authoriseEditor(request.headers, reply, {
        verify,
        log,
        forbidden:
          'Only editors upload signed in; send the photo without an Authorization header to submit it.',
      });
      return 'refused' in auth ? auth.refused : null;
    }
    // A visitor's photo is only good for a submission: none are taken without an inbox.
    const inbox = await openInbox(context, UPLOAD_METHODS);
    if ('refused' in inbox) return inbox.refused;
    const decision = limiter.take(request.clientAddress);
    return decision.allowed ? null : tooManyRequests(decision, 'photos', reply);
  }

  async function store(
    storage: MediaStorage,
    photo: { full: Buffer; thumb: Buffer },
  ): Promise<{ thumbUrl: string; fullUrl: string }> {
    const keys = newUploadKeys();
    try {
      await Promise.all([
        storage.put(keys.full, photo.full, UPLOAD_CONTENT_TYPE),
        storage.put(keys.thumb, photo.thumb, UPLOAD_CONTENT_TYPE),
      ]);
    } catch (error) {
      // Half an upload is useless: take back whichever part was stored.
      await Promise.allSettled([storage.delete(keys.full), storage.delete(keys.thumb)]);
      throw error;
    }
    return { thumbUrl: storage.urlOf(keys.thumb), fullUrl: storage.urlOf(keys.full) };
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
      const refused = await admit(request, context);
      if (refused) return refused;

      const { body } = request;
      const bytes =
        body === undefined ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body) : body;
      if (bytes.length > UPLOAD_MAX_BYTES) return reply(413, { error: PHOTO_TOO_LARGE });
      if (bytes.length === 0) {
        return reply(400, { error: "No photo was sent: send the image's bytes as the body." });
      }
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
      try {
        const image = await store(media, photo);
        return reply(201, {
          image,
          width: photo.width,
          height: photo.height,
          bytes: photo.full.length,
        });
      } catch (error) {
        log(
          `nodes-service: storing a photo in ${media.description} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        return reply(
          503,
          { error: 'The photo could not be stored; try again shortly.' },
          {
            'Retry-After': '30',
          },
        );
      }
    },
  };
}
