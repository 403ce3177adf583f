/**
 * `/messages`: the contact form's messages. Anyone may send one (`POST`, rate-limited per
 * client); only editors may read them (`GET`).
 */
import { validateContact } from '@/lib/submissionSchema';
import { authoriseEditor } from '../editorAuth';
import { pageOf, readBefore } from '../listPage';
import type { ServiceResponse } from '../serviceTypes';
import type { SharedRateLimiter } from '../rateLimit';
import {
  methodNotAllowed,
  openInbox,
  readJsonBody,
  readLimit,
  refuseUnlessJson,
  storeFailure,
  tooManyRequests,
  type CommunityContext,
  type CommunityRequest,
  type EditorVerifier,
} from './communityRequest';
import { createDecoyIds } from './decoyIds';

/** What the message routes need from the handler that mounts them. */
export interface MessageRoutesOptions {
  /** Checks editors' tokens; without one nobody can read messages (GET answers 405). */
  verify: EditorVerifier;
  log: (line: string) => void;
  /** Counts each client's messages (`FORMS_PER_MINUTE`). */
  limiter: SharedRateLimiter;
}

/** The `/messages` route. */
export interface MessageRoutes {
  /** The methods `/messages` answers, for `Allow` and preflights. */
  readonly methods: string;
  handle(request: CommunityRequest, context: CommunityContext): Promise<ServiceResponse>;
}

/** Creates the `/messages` route. */
export function createMessageRoutes({ verify, log, limiter }: MessageRoutesOptions): MessageRoutes {
  const methods = verify ? 'GET, POST, OPTIONS' : 'POST, OPTIONS';
  const decoys = createDecoyIds();

  async function send(
    request: CommunityRequest,
    context: CommunityContext,
  ): Promise<ServiceResponse> {
    const { reply } = context;
    const inbox = await openInbox(context, methods);
    if ('refused' in inbox) return inbox.refused;
    // Before the limiter: another site's post must not use up its visitor's messages.
    const notJson = refuseUnlessJson(request.headers, 'message', reply);
    if (notJson) return notJson;
    const decision = await limiter.take(request.clientAddress, inbox.store);
    if (!decision.allowed) return tooManyRequests(decision, 'messages', reply);
    const body = readJsonBody(request.body, 'message', reply);
    if ('refused' in body) return body.refused;
    const result = validateContact(body.value);
    if (!result.ok) {
      // A bot that filled the hidden field is told it worked, so it has no reason to adapt.
      if (result.spam) {
        const newest = async () => (await inbox.store.listMessages({ limit: 1 }))[0]?.id ?? null;
        return reply(201, { id: await decoys.next(newest) });
      }
      return reply(400, { error: 'Some fields need fixing.', errors: result.errors });
    }
    try {
      const stored = await inbox.store.addMessage(result.message);
      decoys.observe(stored.id);
      return reply(201, { id: stored.id });
    } catch (error) {
      return storeFailure(error, log, reply);
    }
  }

  async function list(
    request: CommunityRequest,
    context: CommunityContext,
    verifyEditor: NonNullable<EditorVerifier>,
  ): Promise<ServiceResponse> {
    const { reply } = context;
    const auth = await authoriseEditor(request.headers, reply, {
      verify: verifyEditor,
      log,
      forbidden: "Only editors can read the archive's messages.",
    });
    if ('refused' in auth) return auth.refused;
    const params = new URLSearchParams(request.query);
    const limit = readLimit(params, reply);
    if ('refused' in limit) return limit.refused;
    const before = readBefore(params, reply);
    if ('refused' in before) return before.refused;
    const inbox = await openInbox(context, methods);
    if ('refused' in inbox) return inbox.refused;
    try {
      const page = pageOf(
        await inbox.store.listMessages({ limit: limit.limit + 1, ...before }),
        limit.limit,
      );
      return reply(200, { messages: page.items, older: page.older });
    } catch (error) {
      return storeFailure(error, log, reply);
    }
  }

  return {
    methods,
    handle(request, context) {
      const method = request.method.toUpperCase();
      if (method === 'POST') return send(request, context);
      if (method === 'GET' && verify) return list(request, context, verify);
      return Promise.resolve(methodNotAllowed(request.method, methods, context.reply));
    },
  };
}
