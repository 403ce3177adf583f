/**
 * The editors' writes on the nodes-service (issue 7): create, update, delete, restore, one node
 * with its version, and the journal. Every route needs an access token of the pool whose groups
 * include `editor`; bodies pass the schema the editor's form uses (`@/lib/nodeSchema`), and edits
 * carry the version they were made against in `If-Match`, so a stale edit is refused with 409.
 */
import { validateNode, type FieldError, type NodeInput } from '@/lib/nodeSchema';
import { authoriseEditor, type Reply } from './editorAuth';
import { pageOf, readBefore } from './listPage';
import type { AccessTokenVerifier } from './login/accessToken';
import type { ServiceResponse } from './serviceTypes';
import {
  isEditable,
  NodeExists,
  NodeNotFound,
  VersionConflict,
  type EditableNodeStore,
  type NodeStore,
  type StoredNode,
} from './storage/nodeStore';

/** Largest request body a write accepts, bytes (413 beyond). */
export const MAX_WRITE_BODY_BYTES = 64 * 1024;
/** Journal entries answered when the request names no `limit`, and the most it may name. */
export const JOURNAL_DEFAULT_LIMIT = 50;
export const JOURNAL_MAX_LIMIT = 500;

/** Methods of `/nodes/{id}`, `/nodes/{id}/restore` and `/nodes/journal`. */
const ITEM_METHODS = 'GET, PUT, DELETE, OPTIONS';
const RESTORE_METHODS = 'POST, OPTIONS';
const JOURNAL_METHODS = 'GET, OPTIONS';

/** A write request, after the handler has read its headers. */
export interface WriteRequest {
  method: string;
  path: string;
  /** Lower-cased header names. */
  headers: ReadonlyMap<string, string>;
  /** The query string without `?`. */
  query: string;
  body: Buffer | string | undefined;
}

/** The routes below `/nodes` and POST `/nodes`. */
type Route =
  | { kind: 'create' }
  | { kind: 'journal' }
  | { kind: 'item'; id: string }
  | { kind: 'restore'; id: string };

/** The route of a path, or null when there is none. */
export function writeRoute(path: string): Route | null {
  if (path === '/nodes' || path === '/nodes/') return { kind: 'create' };
  const match = /^\/nodes\/([^/]+)(\/restore)?\/?$/.exec(path);
  if (!match?.[1]) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  if (match[2]) return { kind: 'restore', id };
  return id === 'journal' ? { kind: 'journal' } : { kind: 'item', id };
}

/** The methods a route answers (for `Allow` and preflights). */
export function routeMethods(route: Route): string {
  switch (route.kind) {
    case 'create':
      return 'GET, HEAD, POST, OPTIONS';
    case 'journal':
      return JOURNAL_METHODS;
    case 'restore':
      return RESTORE_METHODS;
    case 'item':
      return ITEM_METHODS;
  }
}

function allows(route: Route, method: string): boolean {
  return routeMethods(route)
    .split(', ')
    .some((allowed) => allowed === method);
}

/** `If-Match: "3"` (or `3`): the version an edit was made against; `undefined` when absent. */
function expectedVersion(headers: ReadonlyMap<string, string>): number | null | undefined {
  const raw = headers.get('if-match');
  if (raw === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(raw);
  return match?.[1] ? Number(match[1]) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the writes need from the handler that mounts them. */
export interface NodeWritesOptions {
  /** Checks the bearer token against the pool. */
  verify: AccessTokenVerifier;
  log: (line: string) => void;
}

/** The editors' routes. */
export interface NodeWrites {
  /**
   * Answers a request to a write route (`writeRoute(path)` is not null and, for `/nodes`, the
   * method is POST). `store` opens the store or rejects with a reason for a 503.
   */
  handle(
    request: WriteRequest,
    route: Route,
    store: () => Promise<NodeStore>,
    reply: Reply,
  ): Promise<ServiceResponse>;
}

/** Creates the write routes. One instance per handler (the verifier caches the pool's keys). */
export function createNodeWrites({ verify, log }: NodeWritesOptions): NodeWrites {
  /** The validated node of a JSON body, or the reply refusing it. */
  function readNode(
    body: WriteRequest['body'],
    pathId: string | null,
    reply: Reply,
  ): { node: NodeInput } | { refused: ServiceResponse } {
    const size = body === undefined ? 0 : Buffer.byteLength(body);
    if (size > MAX_WRITE_BODY_BYTES) {
      return {
        refused: reply(413, {
          error: `The item is too large: at most ${MAX_WRITE_BODY_BYTES / 1024} KB of JSON.`,
        }),
      };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(body === undefined ? '' : body.toString());
    } catch {
      const errors: FieldError[] = [{ path: '', message: 'The item must be sent as JSON.' }];
      return { refused: reply(400, { error: 'The item is not valid JSON.', errors }) };
    }
    // An edit names its node in the path; a body without an id edits that node.
    const input =
      pathId !== null && isRecord(raw) && raw.video_id == null ? { ...raw, video_id: pathId } : raw;
    const result = validateNode(input);
    if (!result.ok) {
      return { refused: reply(400, { error: 'Some fields need fixing.', errors: result.errors }) };
    }
    if (pathId !== null && result.node.video_id !== pathId) {
      const errors: FieldError[] = [
        { path: 'video_id', message: 'The id of an item cannot be changed.' },
      ];
      return { refused: reply(400, { error: 'Some fields need fixing.', errors }) };
    }
    return { node: result.node };
  }

  function answer(stored: StoredNode, reply: Reply, status = 200): ServiceResponse {
    return reply(
      status,
      { node: stored.node, version: stored.version, deleted: stored.deleted },
      { ETag: `"${stored.version}"` },
    );
  }

  function failure(error: unknown, reply: Reply): ServiceResponse {
    if (error instanceof VersionConflict) {
      const { current } = error;
      return reply(409, {
        error: error.message,
        current: current.node,
        version: current.version,
        deleted: current.deleted,
      });
    }
    if (error instanceof NodeExists) {
      return reply(409, {
        error: error.message,
        errors: [{ path: 'video_id', message: error.message }],
      });
    }
    if (error instanceof NodeNotFound) return reply(404, { error: error.message });
    log(
      `nodes-service: a write failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return reply(500, { error: 'The change could not be saved; try again shortly.' });
  }

  return {
    async handle(request, route, openStore, reply) {
      const method = request.method.toUpperCase();
      if (!allows(route, method) || (route.kind === 'create' && method !== 'POST')) {
        return reply(
          405,
          { error: `${request.method} is not allowed here.` },
          { Allow: routeMethods(route) },
        );
      }
      const auth = await authoriseEditor(request.headers, reply, { verify, log });
      if ('refused' in auth) return auth.refused;
      const who = auth.claims.username;

      let version: number | undefined;
      if (route.kind === 'item' && (method === 'PUT' || method === 'DELETE')) {
        const expected = expectedVersion(request.headers);
        if (expected === undefined) {
          return reply(428, {
            error: 'Send the version you edited in an If-Match header (If-Match: "3").',
          });
        }
        if (expected === null) {
          return reply(400, { error: 'If-Match must be the version number, like "3".' });
        }
        version = expected;
      }
      let node: NodeInput | undefined;
      if (route.kind === 'create' || (route.kind === 'item' && method === 'PUT')) {
        const read = readNode(request.body, route.kind === 'item' ? route.id : null, reply);
        if ('refused' in read) return read.refused;
        node = read.node;
      }

      let store: EditableNodeStore;
      try {
        const opened = await openStore();
        if (!isEditable(opened)) {
          return reply(
            405,
            { error: opened.readOnlyReason ?? 'This archive is read-only.' },
            { Allow: 'GET, HEAD, OPTIONS' },
          );
        }
        store = opened;
      } catch (error) {
        return reply(
          503,
          { error: error instanceof Error ? error.message : 'The archive is unavailable.' },
          { 'Retry-After': '5' },
        );
      }

      try {
        if (route.kind === 'create' && node) {
          return answer(await store.createNode(node, who), reply, 201);
        }
        if (route.kind === 'journal') {
          const params = new URLSearchParams(request.query);
          const limitText = params.get('limit');
          const limit = limitText === null ? JOURNAL_DEFAULT_LIMIT : Number(limitText);
          if (!Number.isInteger(limit) || limit < 1 || limit > JOURNAL_MAX_LIMIT) {
            return reply(400, {
              error: `limit must be a whole number from 1 to ${JOURNAL_MAX_LIMIT}.`,
            });
          }
          const before = readBefore(params, reply);
          if ('refused' in before) return before.refused;
          const nodeId = params.get('nodeId');
          const page = pageOf(
            await store.journal({ limit: limit + 1, ...before, ...(nodeId ? { nodeId } : {}) }),
            limit,
          );
          return reply(200, { entries: page.items, older: page.older });
        }
        if (route.kind === 'restore') return answer(await store.restoreNode(route.id, who), reply);
        if (route.kind === 'item') {
          if (method === 'GET') {
            const stored = await store.getNode(route.id);
            return stored
              ? answer(stored, reply)
              : reply(404, { error: new NodeNotFound(route.id).message });
          }
          if (method === 'PUT' && node && version !== undefined) {
            return answer(await store.updateNode(route.id, node, version, who), reply);
          }
          if (method === 'DELETE' && version !== undefined) {
            return answer(await store.deleteNode(route.id, version, who), reply);
          }
        }
        return reply(
          405,
          { error: `${request.method} is not allowed here.` },
          { Allow: routeMethods(route) },
        );
      } catch (error) {
        return failure(error, reply);
      }
    },
  };
}
