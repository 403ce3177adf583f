/**
 * `POST /submissions/:id/blur`: an editor blurs regions of a photo a waiting submission sent
 * (issue 31), before approving it.
 */
import { Hono, type Context } from 'hono';
import { blurRequestSchema, type BlurRequest } from '@/lib/blurRegions';
import { param, Refusal, type AppEnv } from '../app/appEnv';
import { inboxOf, type EditorVerifier, type OpenStore } from '../app/communityRequest';
import { editorOnly, failureSays, readBody } from '../app/middleware';
import { resource } from '../app/resource';
import { fieldsToFix, jsonBody, MAX_JSON_BODY_BYTES, schemaCheck } from '../app/validation';
import type { UploadQuotas } from '../uploads/uploadQuotas';
import type { CorsPolicy } from '../app/cors';
import { SubmissionDecided, SubmissionNotFound, type InboxStore } from '../storage/nodeStore';
import { blurImage, type ProcessedImage } from '../uploads/imageProcessing';
import { captureFormatOfKey, filesOf, fullKeyOf, type MediaStorage } from '../uploads/mediaStorage';
import { createUploadStore, photoAnswer, photoFiles } from './uploadStore';
import { NO_PENDING_PHOTO } from './uploads';

/** Methods of `/submissions/{id}/blur`. */
export const BLUR_METHODS = 'POST, OPTIONS';

/** The 400 of a blur that names a photo its submission did not send (or one published). */
export const NOT_THIS_SUBMISSIONS_PHOTO =
  'Only a photo this submission sent, still waiting for review, can be blurred.';

/** What the blur route needs from the handler that mounts it. */
export interface PhotoBlurOptions {
  verify: Exclude<EditorVerifier, null>;
  log: (line: string) => void;
  media: MediaStorage;
  quotas: UploadQuotas;
  now: () => Date;
  afterVisitorUpload?: (store: InboxStore) => Promise<void>;
  openStore: OpenStore;
  cors: CorsPolicy;
}

/** What a blurred copy is, in the answers. */
const PHOTO = { noun: 'photo' };

/** Creates `POST /submissions/:id/blur` (editors; a server with photo storage and editors only). */
export function createPhotoBlurRoutes({
  verify,
  log,
  media,
  quotas,
  now,
  afterVisitorUpload,
  openStore,
  cors,
}: PhotoBlurOptions) {
  const { limits, store, unavailable } = createUploadStore({
    log,
    quotas,
    now,
    afterVisitorUpload,
  });

  /**
   * `POST /submissions/:id/blur`: an editor's copy of a photo a waiting submission sent, with
   * regions blurred (issue 31). The copy is a new upload of that submission's, private until an
   * approval shows it. The photo as sent is never changed: an approval that shows the copy rather
   * than it leaves it private, and the sweep deletes it with the submission's other unpublished
   * files once their keeping time after the decision is over (see `sweepExpiredUploads`).
   */
  async function blur(c: Context<AppEnv>): Promise<Response> {
    const { photo, regions } = c.get('input') as BlurRequest;
    const id = param(c, 'id');
    const inbox = await inboxOf(openStore, BLUR_METHODS);
    const submission = await inbox.getSubmission(id);
    if (submission === null) throw new SubmissionNotFound(id);
    if (submission.status !== 'pending') throw new SubmissionDecided(submission);
    const key = media.keyOf(photo);
    const record =
      key === null || key !== fullKeyOf(key) || captureFormatOfKey(key) !== null
        ? null
        : await inbox.findUpload(key);
    if (record === null || record.submissionId !== id || record.publishedAt !== null) {
      throw fieldsToFix([{ path: 'photo', message: NOT_THIS_SUBMISSIONS_PHOTO }]);
    }
    const original = await media.get(record.pendingKey);
    if (original === null) throw new Refusal(404, { error: NO_PENDING_PHOTO });
    let blurred: ProcessedImage;
    try {
      blurred = await blurImage(original, regions);
    } catch (error) {
      throw unavailable(error);
    }
    const { keys, pending, files } = photoFiles(blurred, now());
    // An editor's copy counts toward the room every waiting photo shares, not a visitor's day.
    await store(c, media, inbox, files, PHOTO, {
      client: `editor:${c.get('editor').username}`,
      within: { ...limits, clientBytes: Number.POSITIVE_INFINITY },
    });
    if (!(await inbox.claimForPending(id, keys.full))) {
      // Decided meanwhile: the copy belongs to nothing, so it goes at once.
      await Promise.allSettled(filesOf(pending.full).map((file) => media.delete(file)));
      await inbox.forgetUploads([keys.full]).catch(() => undefined);
      const current = await inbox.getSubmission(id);
      if (current === null) throw new SubmissionNotFound(id);
      throw new SubmissionDecided(current);
    }
    return photoAnswer(media, keys, blurred, true);
  }

  const app = new Hono<AppEnv>({ strict: false });
  const failure = failureSays('The inbox could not be read or saved; try again shortly.');
  resource(app, '/submissions/:id/blur', {
    cors,
    allow: BLUR_METHODS,
    methods: {
      POST: {
        access: editorOnly({
          verify,
          log,
          forbidden: "Only editors can blur a submission's photos.",
        }),
        steps: [
          failure,
          readBody({ limit: MAX_JSON_BODY_BYTES }),
          jsonBody('blur', schemaCheck(blurRequestSchema)),
          blur,
        ],
      },
    },
  });
  return app;
}
