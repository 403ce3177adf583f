/**
 * Storing an upload, shared by the routes that take one (a visitor's or an editor's photo or 3D
 * capture, and an editor's blurred copy of a waiting photo): a visitor's recorded first with the
 * quotas, then its files, then marked stored, so a crash leaves nothing the recovery cannot
 * finish or undo; an editor's straight to its public keys.
 */
import type { Context } from 'hono';
import { Refusal, reply, type AppEnv } from '../app/appEnv';
import type { EditableNodeStore, InboxStore } from '../storage/nodeStore';
import type { UploadQuotas } from '../uploads/uploadQuotas';
import type { UploadAdmission, UploadLimits } from '../storage/uploadLedger';
import { ImageLibraryUnavailable, type ProcessedImage } from '../uploads/imageProcessing';
import { tilePublished } from '../uploads/imageTiles';
import {
  contentTypeOfKey,
  newPendingKeys,
  newUploadKeys,
  type MediaStorage,
  type UploadKeys,
} from '../uploads/mediaStorage';
import { overQuota, uploadLimitsOf } from './uploadQuota';

/** A kind of upload: what it is called, how large it may be, and the type it must be sent as. */
export interface Upload {
  noun: string;
  plural: string;
  maxBytes: number;
  /** The 413 of a body over `maxBytes`. */
  tooLarge: string;
  sentAs(contentType: string | undefined): boolean;
  /** The 415 of a body not sent as `sentAs` takes. */
  sendAs: string;
}

/** One stored file of an upload: its public key, its private key, its bytes. */
export interface UploadFile {
  key: string;
  pendingKey: string;
  body: Buffer;
}

/** A processed photo's three files under fresh keys: public ones for its URLs, private ones. */
export function photoFiles(
  photo: ProcessedImage,
  now: Date,
): { keys: UploadKeys; pending: UploadKeys; files: [UploadFile, UploadFile, UploadFile] } {
  const keys = newUploadKeys(now);
  const pending = newPendingKeys();
  const file = (which: keyof UploadKeys): UploadFile => ({
    key: keys[which],
    pendingKey: pending[which],
    body: photo[which],
  });
  return { keys, pending, files: [file('full'), file('thumb'), file('card')] };
}

/** The answer to a stored photo: its URLs and size; `pending` while only editors see it. */
export function photoAnswer(
  storage: MediaStorage,
  keys: UploadKeys,
  photo: ProcessedImage,
  pending: boolean,
) {
  return reply(201, {
    image: {
      thumbUrl: storage.urlOf(keys.thumb),
      fullUrl: storage.urlOf(keys.full),
      cardUrl: storage.urlOf(keys.card),
    },
    width: photo.width,
    height: photo.height,
    bytes: photo.full.length,
    pending,
  });
}

/** What storing needs from the route that mounts it. */
export interface UploadStoreOptions {
  log: (line: string) => void;
  /** How many bytes visitors may store. */
  quotas: UploadQuotas;
  now: () => Date;
  /** Runs after a visitor's upload is stored (a serverless function's sweep). */
  afterVisitorUpload?: ((store: InboxStore) => Promise<void>) | undefined;
}

/** Stores uploads, and says what went wrong in the service's words. */
export function createUploadStore({ log, quotas, now, afterVisitorUpload }: UploadStoreOptions) {
  const limits = uploadLimitsOf(quotas);
  /** The answer to an upload over a limit. */
  const refuse = (admission: Exclude<UploadAdmission, { ok: true }>): Refusal =>
    overQuota(admission, { quotas, now: now() });
  /** Stores every file of an upload (a photo's three, a capture's one), or none. */
  async function putAll(
    storage: MediaStorage,
    files: readonly { key: string; body: Buffer }[],
    what: Pick<Upload, 'noun'>,
  ) {
    try {
      await Promise.all(files.map((f) => storage.put(f.key, f.body, contentTypeOfKey(f.key))));
    } catch (error) {
      // Part of an upload is useless: take back whichever parts were stored.
      await Promise.allSettled(files.map((f) => storage.delete(f.key)));
      log(
        `nodes-service: storing a ${what.noun} in ${storage.description} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      throw new Refusal(
        503,
        { error: `The ${what.noun} could not be stored; try again shortly.` },
        { 'Retry-After': '30' },
      );
    }
  }

  /**
   * Stores an upload: an editor's under its public keys at once; a visitor's recorded first (the
   * quotas are checked in the same step), then stored under its pending keys, its public keys
   * naming the URLs it will have once an editor publishes it, then recorded as stored. The store
   * records it by its first file's keys.
   */
  async function store(
    c: Context<AppEnv>,
    storage: MediaStorage,
    visitor: (EditableNodeStore & InboxStore) | null,
    [first, ...rest]: readonly [UploadFile, ...UploadFile[]],
    what: Pick<Upload, 'noun'>,
    { client = c.get('client'), within = limits }: { client?: string; within?: UploadLimits } = {},
  ): Promise<void> {
    const files = [first, ...rest];
    if (visitor === null) {
      await putAll(storage, files, what);
      // An editor's photo is public at once, so its IIIF tiles are made now (issue 52).
      await tilePublished(storage, first.key, log, first.body);
      return;
    }
    const admission = await visitor.recordUpload(
      {
        publicKey: first.key,
        pendingKey: first.pendingKey,
        client,
        // Every byte stored counts against the quotas: a photo's thumbnail and card copy too.
        bytes: files.reduce((sum, f) => sum + f.body.length, 0),
        at: now(),
        // Counted from now, claimable once stored: a process killed before then leaves a record
        // the recovery forgets, with whatever it stored.
        storing: true,
      },
      within,
    );
    if (!admission.ok) throw refuse(admission);
    try {
      await putAll(
        storage,
        files.map((f) => ({ key: f.pendingKey, body: f.body })),
        what,
      );
    } catch (error) {
      // Nothing was stored: the record must not count against the visitor or the archive.
      await visitor.forgetUploads([first.key]).catch(() => undefined);
      throw error;
    }
    await visitor.uploadStored(first.key);
    await afterVisitorUpload?.(visitor);
  }

  /** The answer to sharp's failures that are not the photo's: the library cannot be loaded. */
  function unavailable(error: unknown): unknown {
    if (!(error instanceof ImageLibraryUnavailable)) return error;
    // A packaging fault, not the visitor's: they are told to come back, the log says why.
    log(`nodes-service: ${error.message}`);
    return new Refusal(
      503,
      { error: 'Photos cannot be taken right now; try again later.' },
      { 'Retry-After': '300' },
    );
  }

  return { limits, refuse, putAll, store, unavailable };
}
