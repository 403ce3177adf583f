/**
 * `/removal-requests…`: "Ask for removal or correction" from an item's page (issue 31). Anyone may
 * send one about a listed item (`POST`, JSON only, rate-limited per client, a honeypot); editors
 * read the queue, hide the item at once (journaled with who and why, restorable as any deleted
 * item), or mark the request corrected or declined with a note.
 * Without a pool to trust only the collection's POST exists.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { validateRemovalRequest } from '@/lib/removalSchema';
import { reply, param, type AppEnv } from '../app/appEnv';
import { editorOnly, failureSays, readBody } from '../app/middleware';
import { resource } from '../app/resource';
import {
  editorLine,
  fieldsToFix,
  firstValue,
  jsonBody,
  MAX_JSON_BODY_BYTES,
  readPage,
  pageQuery,
  parseJsonBody,
  query,
  schemaCheck,
  validQuery,
} from '../app/validation';
import type { CorsPolicy } from '../app/cors';
import type { SharedRateLimiter } from '../app/rateLimit';
import { NodeNotFound, RemovalRequestNotFound } from '../storage/nodeStore';
import {
  jsonOnly,
  rateLimited,
  withInbox,
  type EditorVerifier,
  type OpenStore,
} from '../app/communityRequest';
import { onlyOnce } from '../app/idempotency';
import { withoutHoneypot } from '../inbox/honeypot';

/** An editor's note on a decision: one optional line. */
const note = editorLine('note');
const hideSchema = z.object({ note }, { error: 'The decision must be a JSON object.' });
const decideSchema = z.object(
  {
    status: z.enum(['corrected', 'declined'], { error: 'status must be corrected or declined.' }),
    note,
  },
  { error: 'The decision must be a JSON object.' },
);

const listQuery = pageQuery({
  status: firstValue.pipe(
    z
      .enum(['open', 'hidden', 'corrected', 'declined'], {
        error: 'status must be open, hidden, corrected or declined.',
      })
      .optional(),
  ),
});

/** What the removal routes need. */
export interface RemovalRoutesOptions {
  verify: EditorVerifier;
  log: (line: string) => void;
  /** Counts each client's requests (`FORMS_PER_MINUTE`). */
  limiter: SharedRateLimiter;
  openStore: OpenStore;
  cors: CorsPolicy;
}

/** Creates the `/removal-requests…` routes. */
export function createRemovalRoutes({
  verify,
  log,
  limiter,
  openStore,
  cors,
}: RemovalRoutesOptions) {
  const allow = verify ? 'GET, POST, OPTIONS' : 'POST, OPTIONS';
  const notListed = [
    {
      path: 'node_id',
      message: 'This item is not in the archive now; it may be hidden already.',
    },
  ];
  const failure = failureSays('The inbox could not be read or saved; try again shortly.');
  const json = readBody({ limit: MAX_JSON_BODY_BYTES });
  const app = new Hono<AppEnv>({ strict: false });

  async function ask(c: Context<AppEnv>): Promise<Response> {
    const inbox = c.get('inbox');
    const sent = parseJsonBody(c.get('body'), 'request');
    const result = validateRemovalRequest(sent);
    if (!result.ok) {
      if (!result.spam) throw fieldsToFix(result.errors);
      // A bot that filled the hidden field is answered as a person would be, so it has no reason
      // to adapt (see server/inbox/honeypot.ts); nothing is kept.
      const checked = validateRemovalRequest(withoutHoneypot(sent));
      if (!checked.ok) throw fieldsToFix(checked.errors);
      const node = await inbox.getNode(checked.request.node_id);
      if (node === null || node.deleted) throw fieldsToFix(notListed);
      return reply(201, { id: await inbox.decoyId('removalRequests'), status: 'open' });
    }
    try {
      const stored = await inbox.addRemovalRequest(result.request);
      return reply(201, { id: stored.id, status: stored.status });
    } catch (error) {
      if (error instanceof NodeNotFound) throw fieldsToFix(notListed);
      throw error;
    }
  }
  const posting = [
    failure,
    json,
    withInbox(openStore, allow),
    jsonOnly('request'),
    onlyOnce('removalRequests'),
    rateLimited(limiter, 'requests'),
    ask,
  ];

  if (verify === null) {
    resource(app, '/removal-requests', { cors, allow, methods: { POST: posting } });
    return app;
  }
  const editor = editorOnly({
    verify,
    log,
    forbidden: 'Only editors can see and decide removal requests.',
  });
  const who = (c: Context<AppEnv>) => c.get('editor').username;
  // An editor's decision: the token is checked (the method's access), then the body and the inbox.
  const deciding = [failure, json];
  const id = (c: Context<AppEnv>) => param(c, 'id');

  resource(app, '/removal-requests', {
    cors,
    allow,
    methods: {
      POST: posting,
      GET: {
        access: editor,
        steps: [
          failure,
          query(listQuery),
          withInbox(openStore, allow),
          async (c) => {
            const { status, ...paging } = validQuery(c, listQuery);
            const page = await readPage(paging, (query) =>
              c.get('inbox').listRemovalRequests({ ...query, ...(status ? { status } : {}) }),
            );
            return reply(200, { requests: page.items, older: page.older });
          },
        ],
      },
    },
  });
  resource(app, '/removal-requests/:id/hide', {
    cors,
    allow: 'POST, OPTIONS',
    methods: {
      POST: {
        access: editor,
        steps: [
          ...deciding,
          jsonBody('decision', schemaCheck(hideSchema), { emptyAs: {} }),
          withInbox(openStore, 'POST, OPTIONS'),
          async (c) => {
            const { note: text } = c.get('input') as z.output<typeof hideSchema>;
            const done = await c.get('inbox').hideForRemovalRequest(id(c), who(c), text);
            return reply(200, done);
          },
        ],
      },
    },
  });
  resource(app, '/removal-requests/:id/decide', {
    cors,
    allow: 'POST, OPTIONS',
    methods: {
      POST: {
        access: editor,
        steps: [
          ...deciding,
          jsonBody('decision', schemaCheck(decideSchema)),
          withInbox(openStore, 'POST, OPTIONS'),
          async (c) => {
            const { status, note: text } = c.get('input') as z.output<typeof decideSchema>;
            const request = await c.get('inbox').decideRemovalRequest(id(c), status, who(c), text);
            return reply(200, { request });
          },
        ],
      },
    },
  });
  resource(app, '/removal-requests/:id', {
    cors,
    allow: 'GET, OPTIONS',
    methods: {
      GET: {
        access: editor,
        steps: [
          failure,
          withInbox(openStore, 'GET, OPTIONS'),
          async (c) => {
            const request = await c.get('inbox').getRemovalRequest(id(c));
            if (!request) throw new RemovalRequestNotFound(id(c));
            return reply(200, { request });
          },
        ],
      },
    },
  });
  return app;
}
