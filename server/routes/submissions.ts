/**
 * `/submissions…`: the `/submit` form's videos and photos. Anyone may send one (`POST
 * /submissions`, rate-limited per client, photos only from the visitor's own waiting uploads,
 * which it claims); editors list and read them, approve one (creating its node, as they finished
 * it, and publishing the photos it shows, in the same transaction, their copies after its commit)
 * or reject it with a reason.
 * Without a pool to trust only the collection's POST exists.
 */
import { Hono, type Context } from 'hono';
import type { AccessCheck } from '../app/accessCheck';
import { z } from 'zod';
import { validateNode, type NodeInput } from '@/lib/nodeSchema';
import { Reading, readCategories, type RawItem } from '@/lib/itemReaders';
import { slugify } from '@/lib/slug';
import { validateSubmission } from '@/lib/submissionSchema';
import { reply, param, type AppEnv, type Step } from '../app/appEnv';
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
import { SubmissionNotFound, type NodeStore } from '../storage/nodeStore';
import { UploadsUnavailable } from '../storage/uploadLedger';
import type { MediaStorage } from '../uploads/mediaStorage';
import { photoPublisher, uploadsOfImages } from '../uploads/photoPublishing';
import { UNCLAIMED_UPLOAD_TTL_MS } from '../uploads/uploadSweep';
import {
  jsonOnly,
  rateLimited,
  withInbox,
  type EditorVerifier,
  type OpenStore,
} from '../app/communityRequest';
import { onlyOnce } from '../app/idempotency';
import { withoutHoneypot } from '../inbox/honeypot';

/** A rejection's body: an optional one-line reason. */
const rejectionSchema = z.object(
  { reason: editorLine('reason') },
  { error: 'The rejection must be a JSON object.' },
);

const listQuery = pageQuery({
  status: firstValue.pipe(
    z
      .enum(['pending', 'approved', 'rejected'], {
        error: 'status must be pending, approved or rejected.',
      })
      .optional(),
  ),
});

/** What the submission routes need. */
export interface SubmissionRoutesOptions {
  verify: EditorVerifier;
  log: (line: string) => void;
  /** Counts each client's submissions (`FORMS_PER_MINUTE`). */
  limiter: SharedRateLimiter;
  /** Where photos are uploaded; a submission's photos must be its own. Null: no photos taken. */
  media: MediaStorage | null;
  /** The clock of claims and approvals (tests move it); the system's by default. */
  now?: () => Date;
  openStore: OpenStore;
  cors: CorsPolicy;
}

/** The answer that asks a visitor to upload their photos again (gone, or not theirs). */
const UPLOAD_AGAIN = [{ path: 'images', message: 'Upload the photos again.' }];

/**
 * What a category the archive does not have answers (issue 47): a visitor picks among the
 * archive's categories; a new one is an editor's decision, made in the review.
 */
const NOT_A_CATEGORY =
  'Choose categories from the archive’s list. If none fits, say so in the description.';

/**
 * `names` as the archive spells its categories (matched by slug, as the archive reads its records:
 * `readCategories`), or null where one is none of them.
 */
async function inArchiveSpelling(
  store: NodeStore,
  names: readonly string[],
): Promise<string[] | null> {
  if (names.length === 0) return [];
  const archive = new Map<string, string>();
  for (const raw of await store.listNodes()) {
    if (raw === null || typeof raw !== 'object') continue;
    for (const { slug, name } of readCategories(raw as RawItem, new Reading()))
      if (!archive.has(slug)) archive.set(slug, name);
  }
  const spelled = names.map((name) => archive.get(slugify(name)));
  return spelled.every((name) => name !== undefined) ? spelled : null;
}

/** What the submission routes share. */
interface SubmissionsContext {
  log: (line: string) => void;
  media: MediaStorage | null;
  now: () => Date;
  openStore: OpenStore;
  cors: CorsPolicy;
  /** What an unexpected failure answers (500). */
  failure: Step;
  /** Reads a JSON body within its limit. */
  json: Step;
  /** The collection's `Allow`: its GET is there only with a pool to trust. */
  collectionAllow: string;
  /** The inbox for the collection's methods. */
  collectionInbox: Step;
}

/** The submission of a video or photos a visitor sends, into the inbox (201). */
async function submit({ media, now }: SubmissionsContext, c: Context<AppEnv>): Promise<Response> {
  const inbox = c.get('inbox');
  const sent = parseJsonBody(c.get('body'), 'submission');
  const result = validateSubmission(sent);
  if (!result.ok) {
    if (!result.spam) throw fieldsToFix(result.errors);
    // A bot that filled the hidden field is answered as a person would be, so it has no reason
    // to adapt (see server/inbox/honeypot.ts); nothing is kept.
    const checked = validateSubmission(withoutHoneypot(sent));
    if (!checked.ok) throw fieldsToFix(checked.errors);
    if (uploadsOfImages(media, checked.submission.images) === null) {
      throw fieldsToFix(UPLOAD_AGAIN);
    }
    return reply(201, { id: await inbox.decoyId('submissions'), status: 'pending' });
  }
  const categories = await inArchiveSpelling(inbox, result.submission.categories);
  if (categories === null) throw fieldsToFix([{ path: 'categories', message: NOT_A_CATEGORY }]);
  const submission = { ...result.submission, categories };
  // Photos must be this visitor's uploads, waiting and unclaimed: a foreign URL could track
  // whoever opens the inbox, and another submission's photo is not this one's to send.
  const uploads = uploadsOfImages(media, submission.images);
  if (uploads === null) throw fieldsToFix(UPLOAD_AGAIN);
  const claim = {
    publicKeys: uploads,
    claimableSince: new Date(now().getTime() - UNCLAIMED_UPLOAD_TTL_MS),
  };
  try {
    const stored = await inbox.addSubmission(submission, claim);
    return reply(201, { id: stored.id, status: stored.status });
  } catch (error) {
    if (error instanceof UploadsUnavailable) throw fieldsToFix(UPLOAD_AGAIN);
    throw error;
  }
}

/** The editor who decides, by name. */
const who = (c: Context<AppEnv>) => c.get('editor').username;
/** The submission a route names. */
const id = (c: Context<AppEnv>) => param(c, 'id');

/** The editors' list of submissions, by status, a page at a time. */
async function listSubmissions(c: Context<AppEnv>): Promise<Response> {
  const { status, ...paging } = validQuery(c, listQuery);
  const page = await readPage(paging, (query) =>
    c.get('inbox').listSubmissions({ ...query, ...(status ? { status } : {}) }),
  );
  return reply(200, { submissions: page.items, older: page.older });
}

/**
 * Creates `/submissions`: anyone's POST, rate-limited per client; the editors' GET (the list)
 * when `editor` checks them, none without a pool to trust.
 */
function collectionRoute(
  app: Hono<AppEnv>,
  context: SubmissionsContext,
  limiter: SharedRateLimiter,
  editor: AccessCheck | null,
): void {
  const { cors, failure, json, collectionAllow, collectionInbox } = context;
  const posting = [
    failure,
    json,
    collectionInbox,
    jsonOnly('submission'),
    onlyOnce('submissions'),
    rateLimited(limiter, 'submissions'),
    (c: Context<AppEnv>) => submit(context, c),
  ];
  resource(app, '/submissions', {
    cors,
    allow: collectionAllow,
    methods:
      editor === null
        ? { POST: posting }
        : {
            POST: posting,
            GET: {
              access: editor,
              steps: [failure, query(listQuery), collectionInbox, listSubmissions],
            },
          },
  });
}

/**
 * Approving a submission as the editor finished it: its node is created and the visitor's photos
 * it shows are published, in the same transaction.
 */
async function approveSubmission(
  { media, now, log }: SubmissionsContext,
  c: Context<AppEnv>,
): Promise<Response> {
  const node = c.get('input') as NodeInput;
  const inbox = c.get('inbox');
  // The visitor's photos the item shows are recorded published in the approval's own
  // step and copied to their public keys once it committed (never before: a crash
  // would leave a photo public that nobody approved); the recovery makes any copy left.
  const publishing = media ? photoPublisher(media, node.images, now(), log) : null;
  const done = await inbox.approveSubmission(id(c), node, who(c), publishing?.photos);
  await publishing?.afterApproval();
  return reply(
    201,
    { submission: done.submission, node: done.node.node, version: done.node.version },
    { ETag: `"${done.node.version}"` },
  );
}

/** Creates the editors' `/submissions/:id/approve` and `/submissions/:id/reject`. */
function decisionRoutes(app: Hono<AppEnv>, context: SubmissionsContext, editor: AccessCheck): void {
  const { cors, failure, json, openStore } = context;
  // An editor's decision: the token is checked (the method's access), then the body and the inbox.
  const deciding = [failure, json];
  resource(app, '/submissions/:id/approve', {
    cors,
    allow: 'POST, OPTIONS',
    methods: {
      POST: {
        access: editor,
        steps: [
          ...deciding,
          jsonBody<NodeInput>('item', (value) => {
            const result = validateNode(value);
            return result.ok ? { ok: true, value: result.node } : result;
          }),
          withInbox(openStore, 'POST, OPTIONS'),
          (c) => approveSubmission(context, c),
        ],
      },
    },
  });
  resource(app, '/submissions/:id/reject', {
    cors,
    allow: 'POST, OPTIONS',
    methods: {
      POST: {
        access: editor,
        steps: [
          ...deciding,
          jsonBody('rejection', schemaCheck(rejectionSchema), { emptyAs: {} }),
          withInbox(openStore, 'POST, OPTIONS'),
          async (c) => {
            const { reason } = c.get('input') as z.output<typeof rejectionSchema>;
            const submission = await c.get('inbox').rejectSubmission(id(c), who(c), reason);
            return reply(200, { submission });
          },
        ],
      },
    },
  });
}

/** Creates the editors' `/submissions/:id`: one submission, as the visitor sent it. */
function submissionRoute(
  app: Hono<AppEnv>,
  { cors, failure, openStore }: SubmissionsContext,
  editor: AccessCheck,
): void {
  resource(app, '/submissions/:id', {
    cors,
    allow: 'GET, OPTIONS',
    methods: {
      GET: {
        access: editor,
        steps: [
          failure,
          withInbox(openStore, 'GET, OPTIONS'),
          async (c) => {
            const submission = await c.get('inbox').getSubmission(id(c));
            if (!submission) throw new SubmissionNotFound(id(c));
            return reply(200, { submission });
          },
        ],
      },
    },
  });
}

/** Creates the `/submissions…` routes. */
export function createSubmissionRoutes({
  verify,
  log,
  limiter,
  media,
  now = () => new Date(),
  openStore,
  cors,
}: SubmissionRoutesOptions) {
  const collectionAllow = verify ? 'GET, POST, OPTIONS' : 'POST, OPTIONS';
  const context: SubmissionsContext = {
    log,
    media,
    now,
    openStore,
    cors,
    failure: failureSays('The inbox could not be read or saved; try again shortly.'),
    json: readBody({ limit: MAX_JSON_BODY_BYTES }),
    collectionAllow,
    collectionInbox: withInbox(openStore, collectionAllow),
  };
  const app = new Hono<AppEnv>({ strict: false });
  if (verify === null) {
    collectionRoute(app, context, limiter, null);
    return app;
  }
  const editor = editorOnly({
    verify,
    log,
    forbidden: 'Only editors can see and decide submissions.',
  });
  collectionRoute(app, context, limiter, editor);
  decisionRoutes(app, context, editor);
  submissionRoute(app, context, editor);
  return app;
}
