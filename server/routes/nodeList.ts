/**
 * `GET /nodes`: the whole archive, serialised once per store revision, compressed once per coding
 * and answered with a strong ETag per coding, so a revisit costs a 304 and a busy server one
 * `JSON.stringify` per change. The application's whole answer (its middleware's headers
 * included) is kept too, per revision, coding, validator and origin grant, for the Node server to
 * send again as it is (`prepared`, see server/app/preparedAnswers.ts).
 */
import { createHash } from 'node:crypto';
import type { Handler } from 'hono';
import { normalizeArchive } from '@/lib/nodeModel';
import { bufferOf, bufferResponse, reply, type AppEnv } from '../app/appEnv';
import {
  compress,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
  type ContentCoding,
} from '../app/compression';
import type { CorsPolicy } from '../app/cors';
import type { SharedItem } from '../app/firstPaintPage';
import type { PreparedAnswer, PreparedAnswers } from '../app/preparedAnswers';
import type { NodeStore } from '../storage/nodeStore';
import {
  errorMessage,
  Unavailable,
  withTimeout,
  type StoreConnection,
} from '../storage/storeConnection';

interface Representation {
  revision: string;
  /** ETag opaque-tag of the identity body, without quotes. */
  tag: string;
  identity: Buffer;
  count: number;
  encoded: Map<ContentCoding, Promise<Buffer>>;
  /** The archive as the app shows it, by id: made on the first shared link of the revision. */
  items?: Map<string, SharedItem>;
  /** The application's whole answers of this revision, by `answerKey`. */
  answers: Map<string, PreparedAnswer>;
}

/** The outcome of opening the store ahead of the first request. */
export type WarmUpResult =
  { ok: true; count: number; revision: string } | { ok: false; message: string };

/** What the list needs. */
export interface NodeListOptions {
  connection: StoreConnection;
  /** Longest wait for the store on one request before answering 503, ms. */
  timeoutMs: number;
  /** The `Retry-After` of a 503, seconds. */
  retryAfterSeconds: string;
  cors: CorsPolicy;
  log: (line: string) => void;
}

/** The list's route handler, and its warm-up. */
export interface NodeList {
  get: Handler<AppEnv>;
  /** Opens the store and prepares the body, so the first visitor does not wait. */
  warmUp(): Promise<WarmUpResult>;
  /** Drops the prepared body (the store is closing). */
  forget(): void;
  /**
   * Reads the list again if the store changed, and resolves once it is ready: a write is answered
   * after it, so whoever wrote reads what they wrote (readers meanwhile get the list before).
   *
   * @throws when the store cannot be read in time.
   */
  refresh(): Promise<void>;
  /**
   * The item with this id as the app shows it (SPEC §3's rules applied), or null when the archive
   * has none (deleted and hidden items included).
   *
   * @throws when the archive cannot be read within `waitMs`: a page never waits long on a title,
   *   and an archive not read says nothing of whether the item exists.
   */
  item(id: string, waitMs: number): Promise<SharedItem | null>;
  /** The list's answers kept whole, for the Node server to send again (path `/nodes`). */
  prepared: PreparedAnswers;
}

/**
 * Entity tags differ per content coding (RFC 9110 §8.8.3: a strong validator names one exact byte
 * sequence, and shared caches keep one variant per coding), but any of them proves the client
 * holds the current list, so all of them validate.
 */
function codingTag(tag: string, coding: ContentCoding | null): string {
  return coding === null ? `"${tag}"` : `"${tag}-${coding}"`;
}

function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((raw) => {
    const value = raw.trim().replace(/^W\//, '');
    return (
      value === '*' || value === `"${tag}"` || value === `"${tag}-br"` || value === `"${tag}-gzip"`
    );
  });
}

/**
 * What of a request the list's answer for one revision depends on, the middleware's part
 * included: the coding, whether it validates (304), and the CORS grant its `Origin` gets.
 */
function answerKey(coding: ContentCoding | null, notModified: boolean, grant: string): string {
  return `${coding ?? 'identity'} ${notModified ? 304 : 200} ${grant}`;
}

async function build(store: NodeStore, revision: string): Promise<Representation> {
  const nodes = await store.listNodes();
  const identity = Buffer.from(JSON.stringify(nodes));
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const safeRevision = revision.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40);
  return {
    revision,
    tag: `${safeRevision}-${hash}`,
    identity,
    count: nodes.length,
    encoded: new Map(),
    answers: new Map(),
  };
}

/**
 * How long the reading and compressing of a changed list may take before a reader is answered the
 * list served until then (ms): rebuilding 10,000 items takes half a second, which no visitor
 * should wait through.
 */
const REBUILD_WAIT_MS = 150;

/** What `promise` gives, if it does within `ms`; else null (a later failure of it is ignored). */
async function soonOrNull<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A representation being read and compressed after a change, and the revision it is of. */
interface Building {
  revision: string;
  promise: Promise<Representation>;
}

/** The list as it stands between requests, and what it was created with. */
interface ListState extends NodeListOptions {
  /** The representation served. */
  current: Representation | null;
  /** The representation being read after a change, if any. */
  building: Building | null;
  /** The answers `get` made, with their representation and key, until `keep` sees them. */
  made: WeakMap<Response, { rep: Representation; key: string }>;
}

/** The body of `rep` in `coding`, compressed once and shared by every request that takes it. */
function encodedBody(rep: Representation, coding: ContentCoding | null): Promise<Buffer> {
  if (coding === null) return Promise.resolve(rep.identity);
  let body = rep.encoded.get(coding);
  if (!body) {
    body = compress(rep.identity, coding);
    rep.encoded.set(coding, body);
  }
  return body;
}

/**
 * Starts reading the list of `revision`, which becomes the one served once ready. Each new list
 * is compressed at once, Brotli (what browsers take) first and gzip after it, in Node's thread
 * pool; it is ready once its Brotli is.
 */
function startBuilding(state: ListState, store: NodeStore, revision: string): Building {
  const promise = build(store, revision).then(async (rep) => {
    if (rep.identity.length < MIN_COMPRESS_BYTES) return rep;
    const brotli = encodedBody(rep, 'br');
    void brotli.then(
      () => encodedBody(rep, 'gzip'),
      () => undefined,
    );
    await brotli;
    return rep;
  });
  const entry = { revision, promise };
  state.building = entry;
  promise.then(
    (rep) => {
      state.current = rep;
      if (state.building === entry) state.building = null;
    },
    () => {
      if (state.building === entry) state.building = null;
    },
  );
  return entry;
}

/** The current list, serialised once per revision and shared by concurrent requests. */
async function representation(state: ListState, { fresh = false } = {}): Promise<Representation> {
  const { connection, log } = state;
  const store = await connection.get();
  try {
    // Known without asking when nothing was written since it was read: also while a write's
    // transaction holds the embedded database, whose committed list is still the one read.
    const revision = store.knownRevision?.() ?? (await store.revision());
    if (state.current?.revision === revision) return state.current;
    const building =
      state.building?.revision === revision
        ? state.building
        : startBuilding(state, store, revision);
    // A list takes a moment to read and compress after a change (half a second at 10,000
    // items): a reader waits for it 0.15 s at most, then is answered the list
    // served until then. Whoever wrote does not read that: a write is answered once the new
    // list is ready (`refresh`).
    const ready = building.promise;
    if (state.current === null || fresh) return await ready;
    return (await soonOrNull(ready, REBUILD_WAIT_MS)) ?? state.current;
  } catch (error) {
    log(`nodes-service: reading the archive failed: ${errorMessage(error)}`);
    const message = 'The archive database could not be read; try again shortly.';
    connection.discard(store, message);
    throw new Unavailable(message);
  }
}

function codingOf(rep: Representation, acceptEncoding: string | undefined) {
  return rep.identity.length >= MIN_COMPRESS_BYTES ? negotiateEncoding(acceptEncoding) : null;
}

/** The CORS headers the application's middleware adds for this `Origin`, as a key. */
function grantOf(cors: CorsPolicy, origin: string | undefined): string {
  return JSON.stringify(cors.headers(origin));
}

/**
 * The representation served, when it is known to be current without waiting: the store is open
 * and knows its revision without asking its database (`NodeStore.knownRevision`); else null.
 */
function currentNow({ connection, current, building }: ListState): Representation | null {
  const store = connection.openStore;
  if (current === null || building !== null || store === null) return null;
  return store.knownRevision?.() === current.revision ? current : null;
}

/** The answer kept of `rep` for a request with these headers, if any. */
function keptAnswer(
  cors: CorsPolicy,
  rep: Representation,
  header: (name: string) => string | undefined,
): PreparedAnswer | null {
  const coding = codingOf(rep, header('accept-encoding'));
  const notModified = matchesIfNoneMatch(header('if-none-match'), rep.tag);
  return rep.answers.get(answerKey(coding, notModified, grantOf(cors, header('origin')))) ?? null;
}

/** The representation to answer with, or the 503 that says why there is none in time. */
async function representationInTime(state: ListState): Promise<Representation | Response> {
  const { connection, timeoutMs, log } = state;
  try {
    return await withTimeout(representation(state), timeoutMs, () => {
      // A read that hangs must not hold every later request of this revision hostage.
      state.building = null;
      return new Unavailable(
        connection.opening
          ? 'The archive is still opening; try again shortly.'
          : `The archive database did not answer within ${timeoutMs / 1000} s.`,
      );
    });
  } catch (error) {
    const message = error instanceof Unavailable ? error.message : 'The archive is unavailable.';
    if (!(error instanceof Unavailable)) log(`nodes-service: ${errorMessage(error)}`);
    return reply(503, { error: message }, { 'Retry-After': state.retryAfterSeconds });
  }
}

/** `GET /nodes`: the list in the coding the client takes, or 304 when it holds it already. */
const getList =
  (state: ListState): Handler<AppEnv> =>
  async (c) => {
    const rep = await representationInTime(state);
    if (rep instanceof Response) return rep;
    const coding = codingOf(rep, c.req.header('accept-encoding'));
    const notModified = matchesIfNoneMatch(c.req.header('if-none-match'), rep.tag);
    const key = answerKey(coding, notModified, grantOf(state.cors, c.req.header('origin')));
    const common = {
      ETag: codingTag(rep.tag, coding),
      // Revalidate on every load so a published change shows on the next visit; 304s keep it cheap.
      'Cache-Control': 'no-cache',
      Vary: state.cors.vary('Accept-Encoding'),
      'X-Content-Type-Options': 'nosniff',
    };
    let response: Response;
    if (notModified) {
      response = new Response(null, { status: 304, headers: common });
    } else {
      const body = await encodedBody(rep, coding);
      response = bufferResponse(body, {
        status: 200,
        headers: {
          ...common,
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': String(body.length),
          ...(coding ? { 'Content-Encoding': coding } : {}),
        },
      });
    }
    state.made.set(response, { rep, key });
    return response;
  };

/** The list's answers kept whole, for the Node server to send again. */
function preparedAnswers(state: ListState): PreparedAnswers {
  return {
    path: '/nodes',
    find(header) {
      // Only when the store knows its revision without asking (PGlite, the memory store): a
      // store shared with other servers (PostgreSQL) is asked by `get` on every request, with
      // its timeout and its 503, as before.
      const now = currentNow(state);
      return now === null ? null : keptAnswer(state.cors, now, header);
    },
    keep(response) {
      const answer = state.made.get(response);
      // A HEAD's answer is another Response (without the body): never kept as a GET's.
      if (answer === undefined || answer.rep !== state.current) return;
      const body = response.status === 304 ? null : (bufferOf(response) ?? null);
      if (response.status !== 304 && body === null) return;
      answer.rep.answers.set(answer.key, {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body,
      });
    },
  };
}

/** The archive of `rep` as the app shows it, by id. */
function itemsOf(rep: Representation): Map<string, SharedItem> {
  return new Map(
    normalizeArchive(JSON.parse(rep.identity.toString('utf8'))).nodes.map((node) => [
      node.video_id,
      {
        id: node.video_id,
        type: node.type,
        title: node.title,
        description: node.description,
        node,
      },
    ]),
  );
}

/** Creates the list. */
export function createNodeList(options: NodeListOptions): NodeList {
  const state: ListState = { ...options, current: null, building: null, made: new WeakMap() };

  return {
    get: getList(state),
    async warmUp() {
      try {
        const rep = await representation(state);
        return { ok: true, count: rep.count, revision: rep.revision };
      } catch (error) {
        return { ok: false, message: errorMessage(error) };
      }
    },
    forget() {
      state.current = null;
    },
    async refresh() {
      await withTimeout(representation(state, { fresh: true }), state.timeoutMs, () => {
        state.building = null;
        return new Unavailable('The archive was not read again in time.');
      });
    },
    prepared: preparedAnswers(state),
    async item(id, waitMs) {
      const rep = await withTimeout(representation(state), waitMs, () => new Unavailable('slow'));
      rep.items ??= itemsOf(rep);
      return rep.items.get(id) ?? null;
    },
  };
}
