/**
 * `/messages`: the contact form's messages. Anyone may send one (`POST`, rate-limited per
 * client); only editors may read them (`GET`).
 */
import { randomUUID } from 'node:crypto';
import { validateContact } from '@/lib/submissionSchema';
import { authoriseEditor } from '../editorAuth';
import type { ServiceResponse } from '../nodesHandler';
import type { RateLimiter } from '../rateLimit';
import {
  methodNotAllowed,
  openInbox,
  readJsonBody,
  readLimit,
  storeFailure,
  tooManyRequests,
  type CommunityContext,
  type CommunityRequest,
  type EditorVerifier,
} from './communityRequest';

/** What the message routes need from the handler that mounts them. */
export interface MessageRoutesOptions {
  /** Checks editors' tokens; without one nobody can read messages (GET answers 405). */
  verify: EditorVerifier;
  log: (line: string) => void;
  /** Counts each client's messages (`FORMS_PER_MINUTE`). */
  limiter: RateLimiter;
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

  async function send(
    request: CommunityRequest,
    context: CommunityContext,
  ): Promise<ServiceResponse> {
    const { reply } = context;
    const inbox = await openInbox(context, methods);
    if ('refused' in inbox) return inbox.refused;
    const decision = limiter.take(request.clientAddress);
    if (!decision.allowed) return tooManyRequests(decision, 'messages', reply);
    const body = readJsonBody(request.body, 'message', reply);
    if ('refused' in body) return body.refused;
    const result = validateContact(body.value);
    if (!result.ok) {
      // A bot that filled the hidden field is told it worked, so it has no reason to adapt.
      if (result.spam) return reply(201, { id: randomUUID() });
      return reply(400, { error: 'Some fields need fixing.', errors: result.errors });
    }
    try {
      const stored = await inbox.store.addMessage(result.message);
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
    const limit = readLimit(new URLSearchParams(request.query), reply);
    if ('refused' in limit) return limit.refused;
    const inbox = await openInbox(context, methods);
    if ('refused' in inbox) return inbox.refused;
    try {
      return reply(200, { messages: await inbox.store.listMessages({ limit: limit.limit }) });
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
