/**
 * `/submissions…`: the `/submit` form's videos and photos. Anyone may send one (`POST
 * /submissions`, rate-limited per client, photos only from the visitor's own waiting uploads,
 * which it claims); editors list and read them, approve one (creating its node, as they finished
 * it, and publishing the photos it shows, in the same transaction) or reject it with a reason.
 */
import { z } from 'zod';
import { validateNode, type FieldError } from '@/lib/nodeSchema';
import { validateSubmission } from '@/lib/submissionSchema';
import { authoriseEditor } from '../editorAuth';
import { pageOf, readBefore } from '../listPage';
import type { ServiceResponse } from '../serviceTypes';
import type { SharedRateLimiter } from '../rateLimit';
import {
  NodeExists,
  SubmissionDecided,
  SubmissionNotFound,
  type InboxStore,
  type SubmissionStatus,
} from '../storage/nodeStore';
import type { MediaStorage } from '../uploads/mediaStorage';
import { PhotosOfAnotherSubmission, UploadsUnavailable } from '../storage/uploadLedger';
import { PhotoPublishFailed, photoPublisher, uploadsOfImages } from '../uploads/photoPublishing';
import { UNCLAIMED_UPLOAD_TTL_MS } from '../uploads/uploadSweep';
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

/** Longest reason an editor may give for a rejection, characters. */
export const REJECT_REASON_MAX = 500;

const STATUSES: readonly SubmissionStatus[] = ['pending', 'approved', 'rejected'];

/** The routes below `/submissions`. */
export type SubmissionRoute =
  | { kind: 'collection' }
  | { kind: 'item'; id: string }
  | { kind: 'decision'; id: string; decision: 'approve' | 'reject' };

/**
 * The route of a path, or null when there is none. Without editors (`editors` false) only the
 * collection exists, as the nodes' own editor routes vanish without a pool to trust.
 */
export function submissionRoute(path: string, editors: boolean): SubmissionRoute | null {
  if (path === '/submissions' || path === '/submissions/') return { kind: 'collection' };
  if (!editors) return null;
  const match = /^\/submissions\/([^/]+)(?:\/(approve|reject))?\/?$/.exec(path);
  if (!match?.[1]) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const decision = match[2];
  return decision === 'approve' || decision === 'reject'
    ? { kind: 'decision', id, decision }
    : { kind: 'item', id };
}

/** The methods a route answers (for `Allow` and preflights). */
export function submissionRouteMethods(route: SubmissionRoute, editors: boolean): string {
  if (route.kind === 'collection') return editors ? 'GET, POST, OPTIONS' : 'POST, OPTIONS';
  return route.kind === 'item' ? 'GET, OPTIONS' : 'POST, OPTIONS';
}

/** A rejection's body: an optional one-line reason. */
const rejectionSchema = z.object(
  {
    reason: z
      .string({ error: 'The reason must be text.' })
      .nullish()
      // eslint-disable-next-line no-control-regex
      .transform((value) => (value ?? '').replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim())
      .pipe(
        z.string().max(REJECT_REASON_MAX, {
          error: `A reason must be at most ${REJECT_REASON_MAX} characters.`,
        }),
      ),
  },
  { error: 'The rejection must be a JSON object.' },
);

function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** What the submission routes need from the handler that mounts them. */
export interface SubmissionRoutesOptions {
  verify: EditorVerifier;
  log: (line: string) => void;
  /** Counts each client's submissions (`FORMS_PER_MINUTE`). */
  limiter: SharedRateLimiter;
  /** Where photos are uploaded; a submission's photos must be its own. Null: no photos taken. */
  media: MediaStorage | null;
  /** The clock of claims and approvals (tests move it); the system's by default. */
  now?: () => Date;
}

/** The `/submissions…` routes. */
export interface SubmissionRoutes {
  handle(
    request: CommunityRequest,
    route: SubmissionRoute,
    context: CommunityContext,
  ): Promise<ServiceResponse>;
}

/** Creates the `/submissions…` routes. */
export function createSubmissionRoutes({
  verify,
  log,
  limiter,
  media,
  now = () => new Date(),
}: SubmissionRoutesOptions): SubmissionRoutes {
  const editors = verify !== null;
  const decoys = createDecoyIds();
  const uploadAgain: FieldError[] = [{ path: 'images', message: 'Upload the photos again.' }];

  async function submit(
    request: CommunityRequest,
    context: CommunityContext,
  ): Promise<ServiceResponse> {
    const { reply } = context;
    const inbox = await openInbox(context, submissionRouteMethods({ kind: 'collection' }, editors));
    if ('refused' in inbox) return inbox.refused;
    // Before the limiter: another site's post must not use up its visitor's submissions.
    const notJson = refuseUnlessJson(request.headers, 'submission', reply);
    if (notJson) return notJson;
    const decision = await limiter.take(request.clientAddress, inbox.store);
    if (!decision.allowed) return tooManyRequests(decision, 'submissions', reply);
    const body = readJsonBody(request.body, 'submission', reply);
    if ('refused' in body) return body.refused;
    const result = validateSubmission(body.value);
    if (!result.ok) {
      // A bot that filled the hidden field is told it worked, so it has no reason to adapt.
      if (result.spam) {
        const newest = async () => (await inbox.store.listSubmissions({ limit: 1 }))[0]?.id ?? null;
        return reply(201, { id: await decoys.next(newest), status: 'pending' });
      }
      return reply(400, { error: 'Some fields need fixing.', errors: result.errors });
    }
    // Photos must be this visitor's uploads, waiting and unclaimed: a foreign URL could track
    // whoever opens the inbox, and another submission's photo is not this one's to send.
    const uploads = uploadsOfImages(media, result.submission.images);
    if (uploads === null) {
      return reply(400, { error: 'Some fields need fixing.', errors: uploadAgain });
    }
    const claim = {
      publicKeys: uploads,
      claimableSince: new Date(now().getTime() - UNCLAIMED_UPLOAD_TTL_MS),
    };
    try {
      const stored = await inbox.store.addSubmission(result.submission, claim);
      decoys.observe(stored.id);
      return reply(201, { id: stored.id, status: stored.status });
    } catch (error) {
      if (error instanceof UploadsUnavailable) {
        return reply(400, { error: 'Some fields need fixing.', errors: uploadAgain });
      }
      return storeFailure(error, log, reply);
    }
  }

  /** Store failures an editor can act on, in words; anything else is a logged 500. */
  function storeRefusal(error: unknown, reply: CommunityContext['reply']): ServiceResponse {
    if (error instanceof SubmissionNotFound) return reply(404, { error: error.message });
    if (error instanceof SubmissionDecided) {
      return reply(409, { error: error.message, submission: error.current });
    }
    if (error instanceof NodeExists) {
      return reply(409, {
        error: error.message,
        errors: [{ path: 'video_id', message: error.message }],
      });
    }
    if (error instanceof PhotosOfAnotherSubmission) {
      return reply(400, {
        error: 'Some fields need fixing.',
        errors: [{ path: 'images', message: error.message }],
      });
    }
    if (error instanceof PhotoPublishFailed) {
      log(`nodes-service: ${error.message} ${String(error.cause)}`);
      return reply(
        503,
        { error: `${error.message} Nothing was approved; try again shortly.` },
        { 'Retry-After': '30' },
      );
    }
    return storeFailure(error, log, reply);
  }

  /**
   * An editor's request, once authorised (`who` is the editor's username): the body and query
   * are checked first, so a bad request is refused without touching the store.
   */
  function editorWork(
    request: CommunityRequest,
    route: SubmissionRoute,
    reply: CommunityContext['reply'],
    who: string,
  ): { work: (inbox: InboxStore) => Promise<ServiceResponse> } | { refused: ServiceResponse } {
    if (route.kind === 'collection') {
      const params = new URLSearchParams(request.query);
      const status = params.get('status');
      const known = STATUSES.find((candidate) => candidate === status);
      if (status !== null && known === undefined) {
        return { refused: reply(400, { error: 'status must be pending, approved or rejected.' }) };
      }
      const limit = readLimit(params, reply);
      if ('refused' in limit) return limit;
      const before = readBefore(params, reply);
      if ('refused' in before) return before;
      const query = { limit: limit.limit + 1, ...before, ...(known ? { status: known } : {}) };
      return {
        work: async (inbox) => {
          const page = pageOf(await inbox.listSubmissions(query), limit.limit);
          return reply(200, { submissions: page.items, older: page.older });
        },
      };
    }
    if (route.kind === 'item') {
      return {
        work: async (inbox) => {
          const submission = await inbox.getSubmission(route.id);
          return submission
            ? reply(200, { submission })
            : reply(404, { error: new SubmissionNotFound(route.id).message });
        },
      };
    }
    if (route.decision === 'approve') {
      const body = readJsonBody(request.body, 'item', reply);
      if ('refused' in body) return body;
      const result = validateNode(body.value);
      if (!result.ok) {
        return {
          refused: reply(400, { error: 'Some fields need fixing.', errors: result.errors }),
        };
      }
      return {
        work: async (inbox) => {
          // The visitor's photos the item shows become public in the approval's own step.
          const publishing = media ? photoPublisher(media, result.node.images, now()) : null;
          const done = await inbox.approveSubmission(
            route.id,
            result.node,
            who,
            publishing?.photos,
          );
          await publishing?.afterApproval();
          return reply(
            201,
            { submission: done.submission, node: done.node.node, version: done.node.version },
            { ETag: `"${done.node.version}"` },
          );
        },
      };
    }
    const body = readJsonBody(request.body, 'rejection', reply, { emptyAs: {} });
    if ('refused' in body) return body;
    const result = rejectionSchema.safeParse(body.value);
    if (!result.success) {
      const errors = fieldErrors(result.error.issues);
      return { refused: reply(400, { error: 'Some fields need fixing.', errors }) };
    }
    return {
      work: async (inbox) =>
        reply(200, { submission: await inbox.rejectSubmission(route.id, who, result.data.reason) }),
    };
  }

  return {
    async handle(request, route, context) {
      const method = request.method.toUpperCase();
      const allow = submissionRouteMethods(route, editors);
      if (route.kind === 'collection' && method === 'POST') return submit(request, context);
      const expected = route.kind === 'decision' ? 'POST' : 'GET';
      if (method !== expected || verify === null) {
        return methodNotAllowed(request.method, allow, context.reply);
      }
      const auth = await authoriseEditor(request.headers, context.reply, {
        verify,
        log,
        forbidden: 'Only editors can see and decide submissions.',
      });
      if ('refused' in auth) return auth.refused;
      const prepared = editorWork(request, route, context.reply, auth.claims.username);
      if ('refused' in prepared) return prepared.refused;
      const inbox = await openInbox(context, allow);
      if ('refused' in inbox) return inbox.refused;
      try {
        return await prepared.work(inbox.store);
      } catch (error) {
        return storeRefusal(error, context.reply);
      }
    },
  };
}
