/**
 * `/messages`: the contact form's messages. Anyone may send one (`POST`, rate-limited per
 * client); only editors may read them (`GET`).
 */
import { Hono } from 'hono';
import { validateContact } from '@/lib/submissionSchema';
import { reply, type AppEnv } from '../app/appEnv';
import { editorOnly, failureSays, readBody } from '../app/middleware';
import { resource } from '../app/resource';
import {
  fieldsToFix,
  MAX_JSON_BODY_BYTES,
  readPage,
  pageQuery,
  parseJsonBody,
  query,
  validQuery,
} from '../app/validation';
import type { CorsPolicy } from '../app/cors';
import type { SharedRateLimiter } from '../app/rateLimit';
import {
  jsonOnly,
  rateLimited,
  withInbox,
  type EditorVerifier,
  type OpenStore,
} from '../app/communityRequest';
import { onlyOnce } from '../app/idempotency';
import { withoutHoneypot } from '../inbox/honeypot';

/** What the message routes need. */
export interface MessageRoutesOptions {
  /** Checks editors' tokens; without one nobody can read messages (GET answers 405). */
  verify: EditorVerifier;
  log: (line: string) => void;
  /** Counts each client's messages (`FORMS_PER_MINUTE`). */
  limiter: SharedRateLimiter;
  openStore: OpenStore;
  cors: CorsPolicy;
}

const listQuery = pageQuery({});

/** Creates the `/messages` route. */
export function createMessageRoutes({
  verify,
  log,
  limiter,
  openStore,
  cors,
}: MessageRoutesOptions) {
  const allow = verify ? 'GET, POST, OPTIONS' : 'POST, OPTIONS';
  const failure = failureSays('The inbox could not be read or saved; try again shortly.');
  const app = new Hono<AppEnv>({ strict: false });
  resource(app, '/messages', {
    cors,
    allow,
    methods: {
      POST: [
        failure,
        readBody({ limit: MAX_JSON_BODY_BYTES }),
        withInbox(openStore, allow),
        jsonOnly('message'),
        onlyOnce('messages'),
        rateLimited(limiter, 'messages'),
        async (c) => {
          const inbox = c.get('inbox');
          const sent = parseJsonBody(c.get('body'), 'message');
          const result = validateContact(sent);
          if (!result.ok) {
            if (!result.spam) throw fieldsToFix(result.errors);
            // A bot that filled the hidden field is answered as a person would be, so it has no
            // reason to adapt (see server/inbox/honeypot.ts); nothing is kept.
            const checked = validateContact(withoutHoneypot(sent));
            if (!checked.ok) throw fieldsToFix(checked.errors);
            return reply(201, { id: await inbox.decoyId('messages') });
          }
          const stored = await inbox.addMessage(result.message);
          return reply(201, { id: stored.id });
        },
      ],
      GET: verify
        ? {
            access: editorOnly({
              verify,
              log,
              forbidden: "Only editors can read the archive's messages.",
            }),
            steps: [
              failure,
              query(listQuery),
              withInbox(openStore, allow),
              async (c) => {
                const page = await readPage(validQuery(c, listQuery), (query) =>
                  c.get('inbox').listMessages(query),
                );
                return reply(200, { messages: page.items, older: page.older });
              },
            ],
          }
        : [],
    },
  });
  return app;
}
