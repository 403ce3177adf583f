/**
 * The editors' import of archive files (issue 32): a dry run, which reports what each row of the
 * file would do, then the import they confirm, in one transaction, journaled, each item at the
 * version the dry run read (If-Match for every item at once).
 */
import type { Context, Hono, Next } from 'hono';
import { z } from 'zod';
import {
  planImportSteps,
  reportedChange,
  withPlaces,
  type ImportPlan,
  type ImportReport,
  type ImportReportRow,
  type ImportResult,
} from '@/lib/archiveImport';
import { withoutControls } from '@/lib/nodeSchema';
import { storableTextErrors } from '@/lib/storableText';
import { Refusal, reply, type AppEnv } from '../app/appEnv';
import type { AccessCheck } from '../app/accessCheck';
import { failureSays, leaveBodyUnread, readBody } from '../app/middleware';
import { resource } from '../app/resource';
import { fieldErrors, fieldsToFix } from '../app/validation';
import type { CorsPolicy } from '../app/cors';
import { editableStoreOf, type OpenStore } from '../app/communityRequest';
import { readImportFile, ImportFileRefused, type ImportFile } from '../imports/importFile';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  megabytes,
} from '../imports/importLimits';
import { createSlicer, runInSlices, type Slicer } from '../support/slices';
import { JsonRefused, parseBoundedJson } from '../uploads/boundedJson';
import { ImportConflict, type EditableNodeStore } from '../storage/nodeStore';

/** The 413 of an import whose file (or whole request) is over its limit. */
function tooLarge(): Refusal {
  const message = `The file is too large to import: at most ${megabytes(IMPORT_MAX_FILE_BYTES)} and ${IMPORT_MAX_ROWS.toLocaleString('en')} rows. Import it in parts.`;
  return new Refusal(413, { error: message, errors: [{ path: 'text', message }] });
}

/** What `POST /imports` takes. */
const importSchema = z
  .object(
    {
      name: z
        .string({ error: 'name must be the file’s name.' })
        .transform((name) => withoutControls(name).trim().slice(0, 200))
        .pipe(z.string().min(1, { error: 'name must be the file’s name.' })),
      format: z.enum(['csv', 'json'], { error: 'format must be csv or json.' }),
      text: z.string({ error: 'text must be the file’s content.' }),
      dryRun: z.boolean({ error: 'dryRun must be true or false.' }),
      /** Places the editor picked for rows that had none, by row (`Row 7`, `#7`). */
      places: z
        .record(
          z.string().max(40),
          z
            .object(
              {
                lat: z.number().min(-90).max(90),
                lng: z.number().min(-180).max(180),
              },
              { error: 'A place is a latitude and a longitude.' },
            )
            .strict(),
          { error: 'places must map rows to a latitude and a longitude.' },
        )
        .optional(),
      /** From the dry run: each row's item at the version it read (0: a new item). */
      expected: z
        .record(z.string(), z.number().int().min(0), {
          error: 'expected must map item ids to the versions the dry run read.',
        })
        .optional(),
    },
    { error: 'The import must be a JSON object.' },
  )
  .strict();

/** The rows of the file, or the refusal saying why it cannot be imported (400, 413). */
async function entriesOf(
  format: 'csv' | 'json',
  text: string,
  slicer: Slicer,
): Promise<ImportFile> {
  try {
    return await readImportFile(format, text, slicer);
  } catch (error) {
    if (!(error instanceof ImportFileRefused)) throw error;
    throw new Refusal(error.status, {
      error: `The file cannot be imported: ${error.message}`,
      errors: [{ path: 'text', message: error.message }],
    });
  }
}

/**
 * The request's JSON, checked before it is built: its file is one long text, and nothing else in
 * it (the places picked, the versions expected) is more than a value or two a row.
 */
function importRequestOf(body: Buffer | undefined): unknown {
  try {
    return parseBoundedJson(body ?? Buffer.alloc(0), {
      maxDepth: 4,
      maxItems: 6 * IMPORT_MAX_ROWS + 16,
    });
  } catch (error) {
    if (!(error instanceof JsonRefused)) throw error;
    if (error.reason === 'syntax') {
      throw new Refusal(400, { error: 'The import must be sent as JSON.' });
    }
    throw new Refusal(413, {
      error: `The import request ${error.message}; it is a file and a place and a version for each of at most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows.`,
    });
  }
}

/** The versions a plan was made against: every row the import would touch or leave. */
function expectedOf(plan: ImportPlan): Record<string, number> {
  const expected: Record<string, number> = {};
  for (const row of plan.rows) {
    if (row.action === 'create') expected[row.id] = 0;
    if (row.action === 'update' || row.action === 'unchanged') expected[row.id] = row.version;
  }
  return expected;
}

/** The plan as the editor reads it: each item's title instead of all of it, changes cut short. */
function reportOf(plan: ImportPlan): ImportReportRow[] {
  return plan.rows.map((row): ImportReportRow => {
    if (row.action === 'create') {
      const { node, ...rest } = row;
      return { ...rest, title: node.title };
    }
    if (row.action === 'update') {
      const { node, changes, ...rest } = row;
      return { ...rest, title: node.title, changes: changes.map(reportedChange) };
    }
    return row;
  });
}

/** An import request as the editor sent it, checked. */
type ImportRequest = z.infer<typeof importSchema>;

/** Refuses, from its headers, an import declared too large: such a file is not read at all. */
async function refuseDeclaredTooLarge(c: Context<AppEnv>, next: Next): Promise<void> {
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (declared > IMPORT_MAX_BYTES) {
    leaveBodyUnread(c);
    throw tooLarge();
  }
  await next();
}

/** The import request in the body, checked field by field (400) and against its limits (413). */
function checkedImportRequest(body: Buffer | undefined): ImportRequest {
  if ((body?.length ?? 0) > IMPORT_MAX_BYTES) throw tooLarge();
  const parsed = importSchema.safeParse(importRequestOf(body));
  if (!parsed.success) {
    throw new Refusal(400, {
      error: 'Some fields need fixing.',
      errors: fieldErrors(parsed.error.issues),
    });
  }
  if (Buffer.byteLength(parsed.data.text) > IMPORT_MAX_FILE_BYTES) throw tooLarge();
  const unstorable = storableTextErrors({ name: parsed.data.name });
  if (unstorable.length > 0) throw fieldsToFix(unstorable);
  return parsed.data;
}

/**
 * Carries out the plan the editor confirmed, in one transaction, refused (409) when it is not the
 * one they read: the same rows adding and changing the same items at the same versions.
 */
async function confirmedImport(
  store: EditableNodeStore,
  plan: ImportPlan,
  { name, expected }: ImportRequest,
  who: string,
): Promise<ImportResult> {
  if (expected === undefined) {
    throw new Refusal(428, {
      error: 'Run the dry run first, and send the versions it read (expected).',
    });
  }
  // The plan must be the one the editor read: the same rows adding and changing the same
  // items at the same versions (If-Match for every item at once).
  const planned = expectedOf(plan);
  const moved = [...new Set([...Object.keys(planned), ...Object.keys(expected)])].filter(
    (id) => planned[id] !== expected[id],
  );
  if (moved.length > 0) throw new ImportConflict(moved);
  const result = await store.importNodes(
    {
      creates: plan.rows.flatMap((row) => (row.action === 'create' ? [row.node] : [])),
      updates: plan.rows.flatMap((row) =>
        row.action === 'update' ? [{ node: row.node, version: row.version }] : [],
      ),
    },
    who,
    `imported from ${name} by ${who}`,
  );
  return {
    name,
    created: result.created,
    updated: result.updated,
    unchanged: plan.counts.unchanged,
    refused: plan.counts.refused,
  };
}

/** What the import route needs: the store, the preflight's policy, the editors' check. */
export interface ImportRouteContext {
  openStore: OpenStore;
  cors: CorsPolicy;
  /** Lets editors only through, before the body is read. */
  editor: AccessCheck;
}

/** Creates `POST /imports`: the dry run's report, or the confirmed import's result. */
export function importRoute(app: Hono<AppEnv>, { openStore, cors, editor }: ImportRouteContext) {
  resource(app, '/imports', {
    cors,
    allow: 'POST, OPTIONS',
    methods: {
      POST: {
        access: editor,
        steps: [
          failureSays(
            'The import could not be read or saved; nothing was imported. Try again shortly.',
          ),
          refuseDeclaredTooLarge,
          readBody({ limit: IMPORT_MAX_BYTES }),
          async (c) => {
            const request = checkedImportRequest(c.get('body'));
            const { name, format, text, dryRun, places = {} } = request;
            // Each step gives way to other requests after a slice of its work (issue 45).
            const slicer = createSlicer();
            const read = await entriesOf(format, text, slicer);
            const entries = withPlaces(read.entries, places);
            const store = await editableStoreOf(openStore);
            const existing = await store.allNodes();
            const plan = await runInSlices(planImportSteps(entries, existing), slicer);
            if (dryRun) {
              const report: ImportReport = {
                name,
                notes: read.notes,
                counts: plan.counts,
                rows: reportOf(plan),
                expected: expectedOf(plan),
              };
              return reply(200, report);
            }
            const editorName = c.get('editor').username;
            return reply(200, await confirmedImport(store, plan, request, editorName));
          },
        ],
      },
    },
  });
}
