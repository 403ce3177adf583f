/**
 * `/nodes…`: the public list, and the editors' writes (create, update, delete, restore, one node
 * with its version, the journal). Every write needs an access token of the pool whose groups
 * include `editor`; bodies pass the schema the editor's form uses (`@/lib/nodeSchema`), and edits
 * carry the version they were made against in `If-Match`, so a stale edit is refused with 409.
 * Without a pool to trust the list is all there is: read-only, as a deployment without editors.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { validateNode, type NodeInput } from '@/lib/nodeSchema';
import { Refusal, reply, param, type AppEnv } from '../app/appEnv';
import { editorOnly, failureSays, readBody } from '../app/middleware';
import { resource } from '../app/resource';
import {
  firstValue,
  jsonBody,
  MAX_JSON_BODY_BYTES,
  readPage,
  pageQuery,
  query,
  validQuery,
} from '../app/validation';
import type { CorsPolicy } from '../app/cors';
import { editableStoreOf, type OpenStore } from '../app/communityRequest';
import type { AccessTokenVerifier } from '../login/accessToken';
import { NodeNotFound, type StoredNode } from '../storage/nodeStore';
import type { NodeList } from './nodeList';

/** Methods of the list without editors (and of every preflight then). */
export const LIST_METHODS = 'GET, HEAD, OPTIONS';

/** What the node routes need. */
export interface NodeRoutesOptions {
  list: NodeList;
  openStore: OpenStore;
  cors: CorsPolicy;
  /** Checks editors' tokens; null: read-only (writes 405, `/nodes/…` 404). */
  verify: AccessTokenVerifier | null;
  log: (line: string) => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `If-Match: "3"` (or `3`): the version an edit was made against, into `c.var.version`; 428
 * without one, 400 for anything else. Checked before the body: an edit without it is refused.
 */
export const ifMatch: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw = c.req.header('if-match');
  if (raw === undefined) {
    throw new Refusal(428, {
      error: 'Send the version you edited in an If-Match header (If-Match: "3").',
    });
  }
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(raw);
  if (!match?.[1]) {
    throw new Refusal(400, { error: 'If-Match must be the version number, like "3".' });
  }
  c.set('version', Number(match[1]));
  await next();
};

/** A node of the body, checked by the editor form's schema; an edit names its node in the path. */
const nodeBody = jsonBody<NodeInput>('item', (raw, c) => {
  const pathId = c.req.param('id') ?? null;
  // A body without an id edits the node of the path.
  const input =
    pathId !== null && isRecord(raw) && raw.video_id == null ? { ...raw, video_id: pathId } : raw;
  const result = validateNode(input);
  if (!result.ok) return result;
  if (pathId !== null && result.node.video_id !== pathId) {
    return {
      ok: false,
      errors: [{ path: 'video_id', message: 'The id of an item cannot be changed.' }],
    };
  }
  return { ok: true, value: result.node };
});

const journalQuery = pageQuery({ nodeId: firstValue });

function answer(stored: StoredNode, status = 200): Response {
  return reply(
    status,
    { node: stored.node, version: stored.version, deleted: stored.deleted },
    { ETag: `"${stored.version}"` },
  );
}

/** Creates the `/nodes…` routes. */
export function createNodeRoutes({ list, openStore, cors, verify, log }: NodeRoutesOptions) {
  const app = new Hono<AppEnv>({ strict: false });
  if (verify === null) {
    resource(app, '/nodes', {
      cors,
      allow: LIST_METHODS,
      methods: { GET: [list.get] },
      notAllowed: (method) => `${method} is not allowed here; use GET.`,
    });
    return app;
  }
  const access = editorOnly({ verify, log, forbidden: 'Only editors can change the archive.' });
  const writing = [
    failureSays('The change could not be saved; try again shortly.'),
    readBody({ limit: MAX_JSON_BODY_BYTES }),
  ];
  const input = (c: Context<AppEnv>) => c.get('input') as NodeInput;
  const who = (c: Context<AppEnv>) => c.get('editor').username;

  resource(app, '/nodes', {
    cors,
    allow: 'GET, HEAD, POST, OPTIONS',
    methods: {
      GET: [list.get],
      POST: {
        access,
        steps: [
          ...writing,
          nodeBody,
          async (c) =>
            answer(await (await editableStoreOf(openStore)).createNode(input(c), who(c)), 201),
        ],
      },
    },
  });
  resource(app, '/nodes/journal', {
    cors,
    allow: 'GET, OPTIONS',
    methods: {
      GET: {
        access,
        steps: [
          ...writing,
          query(journalQuery),
          async (c) => {
            const { nodeId, ...paging } = validQuery(c, journalQuery);
            const store = await editableStoreOf(openStore);
            const page = await readPage(paging, (query) =>
              store.journal({ ...query, ...(nodeId ? { nodeId } : {}) }),
            );
            return reply(200, { entries: page.items, older: page.older });
          },
        ],
      },
    },
  });
  resource(app, '/nodes/:id/restore', {
    cors,
    allow: 'POST, OPTIONS',
    methods: {
      POST: {
        access,
        steps: [
          ...writing,
          async (c) =>
            answer(await (await editableStoreOf(openStore)).restoreNode(param(c, 'id'), who(c))),
        ],
      },
    },
  });
  resource(app, '/nodes/:id', {
    cors,
    allow: 'GET, PUT, DELETE, OPTIONS',
    methods: {
      GET: {
        access,
        steps: [
          ...writing,
          async (c) => {
            const id = param(c, 'id');
            const stored = await (await editableStoreOf(openStore)).getNode(id);
            if (!stored) throw new NodeNotFound(id);
            return answer(stored);
          },
        ],
      },
      PUT: {
        access,
        steps: [
          ...writing,
          ifMatch,
          nodeBody,
          async (c) => {
            const store = await editableStoreOf(openStore);
            return answer(
              await store.updateNode(param(c, 'id'), input(c), c.get('version'), who(c)),
            );
          },
        ],
      },
      DELETE: {
        access,
        steps: [
          ...writing,
          ifMatch,
          async (c) => {
            const store = await editableStoreOf(openStore);
            return answer(await store.deleteNode(param(c, 'id'), c.get('version'), who(c)));
          },
        ],
      },
    },
  });
  return app;
}
