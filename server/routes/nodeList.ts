/**
 * `GET /nodes`: the whole archive, serialised once per store revision, compressed once per coding
 * and answered with a strong ETag per coding, so a revisit costs a 304 and a busy server one
 * `JSON.stringify` per change.
 */
import { createHash } from 'node:crypto';
import type { Handler } from 'hono';
import { normalizeArchive } from '@/lib/nodeModel';
import { bufferResponse, reply, type AppEnv } from '../app/appEnv';
import {
  compress,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
  type ContentCoding,
} from '../app/compression';
import type { CorsPolicy } from '../app/cors';
import type { SharedItem } from '../app/firstPaintPage';
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
   * The item with this id as the app shows it (SPEC §3's rules applied), or null when the archive
   * has none, or cannot be read within `waitMs`: a page never waits long on a title.
   */
  item(id: string, waitMs: number): Promise<SharedItem | null>;
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
  };
}

/** Creates the list. */
export function createNodeList({
  connection,
  timeoutMs,
  retryAfterSeconds,
  cors,
  log,
}: NodeListOptions): NodeList {
  let current: Representation | null = null;
  let building: { revision: string; promise: Promise<Representation> } | null = null;

  /** The current list, serialised once per revision and shared by concurrent requests. */
  async function representation(): Promise<Representation> {
    const store = await connection.get();
    try {
      const revision = await store.revision();
      if (current?.revision === revision) return current;
      if (building?.revision !== revision) {
        const promise = build(store, revision);
        const entry = { revision, promise };
        building = entry;
        promise.then(
          (rep) => {
            current = rep;
            if (building === entry) building = null;
          },
          () => {
            if (building === entry) building = null;
          },
        );
      }
      return await building.promise;
    } catch (error) {
      log(`nodes-service: reading the archive failed: ${errorMessage(error)}`);
      const message = 'The archive database could not be read; try again shortly.';
      connection.discard(store, message);
      throw new Unavailable(message);
    }
  }

  function encodedBody(rep: Representation, coding: ContentCoding | null): Promise<Buffer> {
    if (coding === null) return Promise.resolve(rep.identity);
    let body = rep.encoded.get(coding);
    if (!body) {
      body = compress(rep.identity, coding);
      rep.encoded.set(coding, body);
    }
    return body;
  }

  return {
    async get(c) {
      let rep: Representation;
      try {
        rep = await withTimeout(representation(), timeoutMs, () => {
          // A read that hangs must not hold every later request of this revision hostage.
          building = null;
          return new Unavailable(
            connection.opening
              ? 'The archive is still opening; try again shortly.'
              : `The archive database did not answer within ${timeoutMs / 1000} s.`,
          );
        });
      } catch (error) {
        const message =
          error instanceof Unavailable ? error.message : 'The archive is unavailable.';
        if (!(error instanceof Unavailable)) log(`nodes-service: ${errorMessage(error)}`);
        return reply(503, { error: message }, { 'Retry-After': retryAfterSeconds });
      }
      const coding =
        rep.identity.length >= MIN_COMPRESS_BYTES
          ? negotiateEncoding(c.req.header('accept-encoding'))
          : null;
      const common = {
        ETag: codingTag(rep.tag, coding),
        // Revalidate on every load so a published change shows on the next visit; 304s keep it cheap.
        'Cache-Control': 'no-cache',
        Vary: cors.vary('Accept-Encoding'),
        'X-Content-Type-Options': 'nosniff',
      };
      if (matchesIfNoneMatch(c.req.header('if-none-match'), rep.tag)) {
        return new Response(null, { status: 304, headers: common });
      }
      const body = await encodedBody(rep, coding);
      return bufferResponse(body, {
        status: 200,
        headers: {
          ...common,
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': String(body.length),
          ...(coding ? { 'Content-Encoding': coding } : {}),
        },
      });
    },
    async warmUp() {
      try {
        const rep = await representation();
        return { ok: true, count: rep.count, revision: rep.revision };
      } catch (error) {
        return { ok: false, message: errorMessage(error) };
      }
    },
    forget() {
      current = null;
    },
    async item(id, waitMs) {
      let rep: Representation;
      try {
        rep = await withTimeout(representation(), waitMs, () => new Unavailable('slow'));
      } catch {
        return null;
      }
      rep.items ??= new Map(
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
      return rep.items.get(id) ?? null;
    },
  };
}
