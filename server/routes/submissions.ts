/**
 * `/submissions…`: the `/submit` form's videos and photos. Anyone may send one (`POST
 * /submissions`, rate-limited per client, photos only from the visitor's own waiting uploads,
 * which it claims); editors list and read them, approve one (creating its node, as they finished
 * it, and publishing the photos it shows, in the same transaction, their copies after its commit)
 * or reject it with a reason.
 * Without a pool to trust only the collection's POST exists.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { validateNode, type NodeInput } from '@/lib/nodeSchema';
import { validateSubmission } from '@/lib/submissionSchema';
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
import { SubmissionNotFound } from '../storage/nodeStore';
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
  const uploadAgain = [{ path: 'images', message: 'Upload the photos again.' }];
  const collectionAllow = verify ? 'GET, POST, OPTIONS' : 'POST, OPTIONS';
  const failure = failureSays('The inbox could not be read or saved; try again shortly.');
  const json = readBody({ limit: MAX_JSON_BODY_BYTES });
  const collectionInbox = withInbox(openStore, collectionAllow);
  const posting = [
    failure,
    json,
    collectionInbox,
    jsonOnly('submission'),
    rateLimited(limiter, 'submissions'),
    submit,
  ];
  const app = new Hono<AppEnv>({ strict: false });

  async function submit(c: Context<AppEnv>): Promise<Response> {
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
        throw fieldsToFix(uploadAgain);
      }
      return reply(201, { id: await inbox.decoyId('submissions'), status: 'pending' });
    }
    // Photos must be this visitor's uploads, waiting and unclaimed: a foreign URL could track
    // whoever opens the inbox, and another submission's photo is not this one's to send.
    const uploads = uploadsOfImages(media, result.submission.images);
    if (uploads === null) throw fieldsToFix(uploadAgain);
    const claim = {
      publicKeys: uploads,
      claimableSince: new Date(now().getTime() - UNCLAIMED_UPLOAD_TTL_MS),
    };
    try {
      const stored = await inbox.addSubmission(result.submission, claim);
      return reply(201, { id: stored.id, status: stored.status });
    } catch (error) {
      if (error instanceof UploadsUnavailable) throw fieldsToFix(uploadAgain);
      throw error;
    }
  }

  if (verify === null) {
    resource(app, '/submissions', {
      cors,
      allow: collectionAllow,
      methods: { POST: posting },
    });
    return app;
  }
  const editor = editorOnly({
    verify,
    log,
    forbidden: 'Only editors can see and decide submissions.',
  });
  const who = (c: Context<AppEnv>) => c.get('editor').username;
  // An editor's decision: the token is checked (the method's access), then the body and the inbox.
  const deciding = [failure, json];
  const id = (c: Context<AppEnv>) => param(c, 'id');

  resource(app, '/submissions', {
    cors,
    allow: collectionAllow,
    methods: {
      POST: posting,
      GET: {
        access: editor,
        steps: [
          failure,
          query(listQuery),
          collectionInbox,
          async (c) => {
            const { status, ...paging } = validQuery(c, listQuery);
            const page = await readPage(paging, (query) =>
              c.get('inbox').listSubmissions({ ...query, ...(status ? { status } : {}) }),
            );
            return reply(200, { submissions: page.items, older: page.older });
          },
        ],
      },
    },
  });
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
          async (c) => {
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
          },
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
  return app;
}
