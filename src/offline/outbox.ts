/**
 * The outbox (issue 50): a submission (with its photos and captures), a contact message or a
 * removal request written without a connection, or whose send failed, is kept on the device, in
 * IndexedDB (with `idb`), until it is sent. Closing the tab or restarting the phone loses nothing.
 *
 * Each entry is made with its own key, sent as `Idempotency-Key` with every try of it: a send
 * whose answer was lost (the service kept it, the phone never heard) is answered the second time
 * with the first answer, so the archive keeps it once. The files of a submission (its photos, a
 * 3D capture and its poster) go first, one at a time, each recorded as it is uploaded, so a try
 * that stops halfway does not send them again. One tab sends at a time (a Web Lock), and every
 * tab hears of each change (a BroadcastChannel).
 *
 * Plain data, `fetch` and IndexedDB only (no words, no DOM): the page sends with it, and so could
 * a worker.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What an entry is, and where it goes below the service's base URL. */
export const OUTBOX_KINDS = {
  submission: '/submissions',
  message: '/messages',
  removal: '/removal-requests',
} as const;
export type OutboxKind = keyof typeof OUTBOX_KINDS;

/**
 * Where an entry stands: waiting for the network; being sent; sent (its reference kept, so the
 * visitor sees it arrived); refused by the service (it needs the visitor: fields to fix); or
 * waiting for the visitor to read terms that changed while it waited.
 */
export type OutboxState = 'waiting' | 'sending' | 'sent' | 'refused' | 'termsChanged';

/**
 * A file of a submission kept with it (a photo, or a 3D capture), by the placeholder its request
 * names it with: a photo's in an image's `thumbUrl` and `fullUrl`, a capture's in its `url`.
 */
export interface OutboxFile {
  placeholder: string;
  file: Blob;
  name: string;
}

/** An uploaded photo, as the service's upload answered it. */
export interface UploadedPhoto {
  thumbUrl: string;
  fullUrl: string;
  cardUrl?: string;
}

/** An uploaded 3D capture, as `POST /captures` answered it. */
export interface UploadedCapture {
  url: string;
  format: string;
}

export interface OutboxEntry {
  /** Also its `Idempotency-Key`. */
  id: string;
  kind: OutboxKind;
  /** The request as the form made it (a submission's files named by their placeholders). */
  body: Record<string, unknown>;
  files: OutboxFile[];
  /** The files uploaded so far, by placeholder. */
  uploaded: Record<string, UploadedPhoto | UploadedCapture>;
  /** What the entry is, in the visitor's words (a title, the start of a message). */
  summary: string;
  createdAt: number;
  state: OutboxState;
  tries: number;
  /** When it was last tried, and why that failed (the service's own words), if it did. */
  triedAt: number | null;
  problem: string | null;
  /** The reference the service gave it, once sent. */
  reference: string | null;
  sentAt: number | null;
}

/** The Background Sync tag the outbox asks the service worker to send under. */
export const OUTBOX_SYNC_TAG = 'globe-archive-outbox';

/**
 * Asks the browser to wake the service worker to send the outbox once the network is back, even
 * with no page of the archive open (Background Sync, where the browser has it: Chromium's). Elsewhere
 * the next page of the archive sends it, when it opens or when the network returns.
 */
export async function askToSendLater(): Promise<void> {
  try {
    const registration = await globalThis.navigator?.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // no worker, or sync refused: a page sends it
  }
}

/** Whether an entry still waits to be tried. */
export function waitsToBeSent(entry: OutboxEntry): boolean {
  return entry.state === 'waiting' || entry.state === 'sending';
}

/** How a photo kept for the outbox is named in a request until it is uploaded. */
export const PHOTO_PLACEHOLDER_PREFIX = '/outbox-photo/';
/** How a 3D capture kept for the outbox is named in a request until it is uploaded. */
export const CAPTURE_PLACEHOLDER_PREFIX = '/outbox-capture/';

const isCapturePlaceholder = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(CAPTURE_PLACEHOLDER_PREFIX);
const isPhotoPlaceholder = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(PHOTO_PLACEHOLDER_PREFIX);

/** Whether a URL of a request names a file kept on the device (a photo, a capture). */
export const isKeptFilePlaceholder = (value: unknown): value is string =>
  isPhotoPlaceholder(value) || isCapturePlaceholder(value);

interface OutboxSchema extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { createdAt: number } };
}

const DB_NAME = 'globe-archive-outbox';
const LOCK_NAME = 'globe-archive-outbox';
const CHANNEL_NAME = 'globe-archive-outbox';
/** How long a sent entry stays listed (its reference shown), ms. */
const SENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** How long one try of one request may take, ms (a photo on one bar). */
const TRY_TIMEOUT_MS = 120_000;

let database: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function db(): Promise<IDBPDatabase<OutboxSchema>> {
  database ??= openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(upgrading) {
      const entries = upgrading.createObjectStore('entries', { keyPath: 'id' });
      entries.createIndex('createdAt', 'createdAt');
    },
  });
  return database;
}

/** Tells this tab's listeners and the other tabs that the outbox changed. */
function changed(): void {
  for (const listener of listeners) listener();
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(CHANNEL_NAME);
    channel.postMessage('changed');
    channel.close();
  }
}

const listeners = new Set<() => void>();

/**
 * Remembered beside the page (local storage, where there is one): whether the outbox may hold an
 * entry, so a visit opens IndexedDB only when there is something in it.
 */
const HOLDS_KEY = 'globe-archive:outbox';

function remember(holds: boolean): void {
  try {
    if (holds) localStorage.setItem(HOLDS_KEY, '1');
    else localStorage.removeItem(HOLDS_KEY);
  } catch {
    // no local storage here (a worker, a browser that refuses it): the outbox is opened anyway
  }
}

/** Whether the outbox may hold an entry (true where the page cannot tell). */
export function outboxMayHold(): boolean {
  try {
    return localStorage.getItem(HOLDS_KEY) !== null;
  } catch {
    return true;
  }
}

/** Calls `listener` whenever the outbox changes, in this tab or another; returns the unsubscribe. */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  channel?.addEventListener('message', listener);
  return () => {
    listeners.delete(listener);
    channel?.close();
  };
}

/** A new entry's key: a UUID, which the service takes as an `Idempotency-Key`. */
export function newOutboxId(): string {
  // randomUUID is for secure contexts only: a page on a local network address has none.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether the browser can keep an outbox (IndexedDB; a private window of some may not). */
export function outboxAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

/** Keeps a new entry (or replaces one with its id). */
export async function keepInOutbox(
  entry: Pick<OutboxEntry, 'id' | 'kind' | 'body' | 'summary'> & { files?: OutboxFile[] },
): Promise<OutboxEntry> {
  const kept: OutboxEntry = {
    files: [],
    uploaded: {},
    createdAt: Date.now(),
    state: 'waiting',
    tries: 0,
    triedAt: null,
    problem: null,
    reference: null,
    sentAt: null,
    ...entry,
  };
  await (await db()).put('entries', kept);
  remember(true);
  changed();
  return kept;
}

/** Every entry, oldest first; sent ones a week old are forgotten. */
export async function listOutbox(now = Date.now()): Promise<OutboxEntry[]> {
  const store = await db();
  const entries = await store.getAllFromIndex('entries', 'createdAt');
  const old = entries.filter(
    (entry) => entry.state === 'sent' && (entry.sentAt ?? 0) < now - SENT_KEPT_MS,
  );
  await Promise.all(old.map((entry) => store.delete('entries', entry.id)));
  const left = entries.filter((entry) => !old.includes(entry));
  remember(left.length > 0);
  return left;
}

/** Removes an entry (the visitor gave it up, or cleared a sent one). */
export async function removeFromOutbox(id: string): Promise<void> {
  await (await db()).delete('entries', id);
  changed();
}

/** Changes an entry that is not being sent (`change` returns the new one). */
async function update(id: string, change: (entry: OutboxEntry) => OutboxEntry): Promise<void> {
  const store = await db();
  const entry = await store.get('entries', id);
  if (!entry) return;
  await store.put('entries', change(entry));
  changed();
}

/**
 * The visitor read the current terms again and agrees: the submission says that version now, and
 * waits to be sent.
 */
export function agreeAgain(id: string, termsVersion: string, termsLanguage: string): Promise<void> {
  return update(id, (entry) => ({
    ...entry,
    body: { ...entry.body, terms_version: termsVersion, terms_language: termsLanguage },
    state: 'waiting',
    problem: null,
  }));
}

/** What sending needs from the page. */
export interface OutboxSending {
  /** The service's base URL (`/api`). */
  baseUrl: string;
  /** The terms a submission must say it agreed to now (`CURRENT_TERMS.version`). */
  termsVersion: string;
  fetchImpl?: typeof fetch;
}

/** A try's failure: whether trying again later may succeed (the network), or never will. */
class TryFailed extends Error {
  constructor(
    message: string,
    readonly final: boolean,
  ) {
    super(message);
  }
}

async function post(
  { fetchImpl = fetch }: OutboxSending,
  url: string,
  init: RequestInit,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TRY_TIMEOUT_MS) });
  } catch (error) {
    throw new TryFailed((error as Error).message || 'offline', false);
  }
  const text = await response.text().catch(() => '');
  let data: unknown = null;
  try {
    data = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON: a proxy's page
  }
  if (response.ok) return data;
  const said =
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { error?: unknown }).error === 'string'
      ? (data as { error: string }).error
      : `HTTP ${response.status}`;
  // The service refused what it was sent (fields to fix, a key reused): trying again will not
  // change that. Anything else (a limit, a failure, a proxy) may pass later.
  const final =
    response.status >= 400 && response.status < 500 && ![408, 409, 429].includes(response.status);
  throw new TryFailed(said, final);
}

function uploadedPhoto(data: unknown): UploadedPhoto {
  const image = (data as { image?: Partial<UploadedPhoto> } | null)?.image;
  if (typeof image?.thumbUrl !== 'string' || typeof image.fullUrl !== 'string') {
    throw new TryFailed('The upload answered no photo.', false);
  }
  return typeof image.cardUrl === 'string'
    ? { thumbUrl: image.thumbUrl, fullUrl: image.fullUrl, cardUrl: image.cardUrl }
    : { thumbUrl: image.thumbUrl, fullUrl: image.fullUrl };
}

function uploadedCapture(data: unknown): UploadedCapture {
  const capture = (data as { capture?: Partial<UploadedCapture> } | null)?.capture;
  if (typeof capture?.url !== 'string' || typeof capture.format !== 'string') {
    throw new TryFailed('The upload answered no 3D capture.', false);
  }
  return { url: capture.url, format: capture.format };
}

/** One image of the request with its placeholders replaced by what their uploads answered. */
function imageWithUploaded(
  image: { thumbUrl?: unknown; capture?: { url?: unknown } },
  uploaded: OutboxEntry['uploaded'],
): unknown {
  let result: Record<string, unknown> = image;
  if (isPhotoPlaceholder(image.thumbUrl)) {
    const photo = uploaded[image.thumbUrl];
    // A placeholder names no card-sized copy: the upload's URLs are the image's own.
    if (photo) result = { ...result, ...photo };
  }
  const captureUrl = image.capture?.url;
  if (isCapturePlaceholder(captureUrl)) {
    const capture = uploaded[captureUrl];
    if (capture) result = { ...result, capture };
  }
  return result;
}

/** The request with each placeholder replaced by its uploaded photo or capture. */
function withUploaded(entry: OutboxEntry): Record<string, unknown> {
  const images = entry.body.images;
  if (!Array.isArray(images)) return entry.body;
  return {
    ...entry.body,
    images: images.map((image: { thumbUrl?: unknown; capture?: { url?: unknown } }) =>
      imageWithUploaded(image, entry.uploaded),
    ),
  };
}

/**
 * Uploads one kept file: a capture to `/captures` (its name the format's hint), a photo to
 * `/uploads`.
 */
async function uploadFile(
  kept: OutboxFile,
  sending: OutboxSending,
): Promise<UploadedPhoto | UploadedCapture> {
  if (isCapturePlaceholder(kept.placeholder)) {
    const data = await post(
      sending,
      `${sending.baseUrl}/captures?name=${encodeURIComponent(kept.name)}`,
      {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/octet-stream' },
        body: kept.file,
      },
    );
    return uploadedCapture(data);
  }
  const data = await post(sending, `${sending.baseUrl}/uploads`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': kept.file.type || 'application/octet-stream',
    },
    body: kept.file,
  });
  return uploadedPhoto(data);
}

/** One try of one entry: its files not yet uploaded, then the entry with its key. */
async function sendEntry(entry: OutboxEntry, sending: OutboxSending): Promise<OutboxEntry> {
  let current = entry;
  for (const kept of entry.files) {
    if (current.uploaded[kept.placeholder]) continue;
    const uploaded = await uploadFile(kept, sending);
    current = { ...current, uploaded: { ...current.uploaded, [kept.placeholder]: uploaded } };
    // Recorded at once: a try that stops after this file does not upload it again.
    await (await db()).put('entries', current);
  }
  const data = await post(sending, `${sending.baseUrl}${OUTBOX_KINDS[entry.kind]}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Idempotency-Key': `"${entry.id}"`,
    },
    body: JSON.stringify(withUploaded(current)),
  });
  const id = (data as { id?: unknown } | null)?.id;
  return {
    ...current,
    state: 'sent',
    reference: typeof id === 'string' || typeof id === 'number' ? String(id) : '',
    sentAt: Date.now(),
    problem: null,
  };
}

/** Runs `work` while no other tab sends (a Web Lock where the browser has them). */
async function alone<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return work();
  return (await locks.request(LOCK_NAME, work)) as T;
}

/**
 * Tries every entry that waits, oldest first, one at a time; resolves with how many were sent.
 * An entry the network failed stays waiting; one the service refused waits for the visitor; a
 * submission whose terms changed meanwhile waits for the visitor to read them again.
 */
export function sendOutbox(sending: OutboxSending): Promise<number> {
  return alone(async () => {
    let sent = 0;
    for (const entry of await listOutbox()) {
      if (!waitsToBeSent(entry)) continue;
      const termsRead = entry.body.terms_version;
      if (entry.kind === 'submission' && termsRead !== sending.termsVersion) {
        await update(entry.id, (kept) => ({ ...kept, state: 'termsChanged' }));
        continue;
      }
      const tried = {
        ...entry,
        state: 'sending' as const,
        tries: entry.tries + 1,
        triedAt: Date.now(),
      };
      await (await db()).put('entries', tried);
      changed();
      try {
        await (await db()).put('entries', await sendEntry(tried, sending));
        sent++;
      } catch (error) {
        const failure = error instanceof TryFailed ? error : new TryFailed(String(error), false);
        await update(entry.id, (kept) => ({
          ...kept,
          state: failure.final ? 'refused' : 'waiting',
          problem: failure.message,
        }));
        // The network is gone: the rest would fail alike.
        if (!failure.final) break;
      }
      changed();
    }
    return sent;
  });
}
