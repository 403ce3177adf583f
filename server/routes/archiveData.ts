/**
 * The archive's data in and out (issue 32): the editors' import (a dry run, then the import they
 * confirm, one transaction, journaled, each item at the version the dry run read) and exports
 * (JSON with every field, the journal if asked; CSV with the import's columns), and the public's
 * open-data files of the published items with their licences.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { archiveToCsv } from '@/lib/archiveCsv';
import {
  archiveInputs,
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
import { openDataCsv, openDataJson } from '@/lib/openData';
import { bufferResponse, Refusal, reply, type AppEnv } from '../app/appEnv';
import { editorOnly, failureSays, leaveBodyUnread, readBody } from '../app/middleware';
import { resource } from '../app/resource';
import { fieldErrors, fieldsToFix } from '../app/validation';
import type { CorsPolicy } from '../app/cors';
import { editableStoreOf, storeOf, type OpenStore } from '../app/communityRequest';
import type { AccessTokenVerifier } from '../login/accessToken';
import { readImportFile, ImportFileRefused, type ImportFile } from '../imports/importFile';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  megabytes,
} from '../imports/importLimits';
import { createSlicer, runInSlices, type Slicer } from '../support/slices';
import { JsonRefused, parseBoundedJson } from '../uploads/boundedJson';
import {
  ImportConflict,
  type EditableNodeStore,
  type JournalEntry,
  type NodeStore,
} from '../storage/nodeStore';

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

/** Every journal entry, oldest first, read a page at a time. */
async function wholeJournal(store: EditableNodeStore): Promise<JournalEntry[]> {
  const entries: JournalEntry[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await store.journal({ limit: 500, ...(before ? { before } : {}) });
    entries.push(...page);
    const last = page.at(-1);
    if (page.length < 500 || last === undefined) break;
    before = last.id;
  }
  return entries.reverse();
}

/** Today's date for a file name (`2026-11-27`). */
const today = (now: Date) => now.toISOString().slice(0, 10);

/** A file to save (`attachment`) or to show (`inline`), cached as `cache` says. */
function fileResponse(
  body: string,
  type: string,
  fileName: string,
  {
    cache = 'no-store',
    inline = false,
    etag,
  }: { cache?: string; inline?: boolean; etag?: string } = {},
): Response {
  return bufferResponse(Buffer.from(body), {
    status: 200,
    headers: {
      'Content-Type': type,
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${fileName}"`,
      'Cache-Control': cache,
      'X-Content-Type-Options': 'nosniff',
      ...(etag ? { ETag: etag } : {}),
    },
  });
}

export interface ArchiveDataOptions {
  openStore: OpenStore;
  cors: CorsPolicy;
  /** Checks editors' tokens; null: only the open data (no import, no editors' export). */
  verify: AccessTokenVerifier | null;
  log: (line: string) => void;
  /** The site's public address, for the open data's links; null: paths on the site. */
  siteUrl?: () => string | null;
  now?: () => Date;
}

/** Creates `/imports`, `/exports/archive.json|csv` (editors) and `/open-data/archive.json|csv`. */
export function createArchiveDataRoutes({
  openStore,
  cors,
  verify,
  log,
  siteUrl = () => null,
  now = () => new Date(),
}: ArchiveDataOptions) {
  const app = new Hono<AppEnv>({ strict: false });
  const failure = failureSays('The archive could not be read or saved; try again shortly.');

  /** The published items as the form would save them, in archive order. */
  async function live(store: NodeStore) {
    return archiveInputs(await store.listNodes());
  }

  // The public's copy: cached a few minutes, tagged by the store's revision.
  const openData = (format: 'json' | 'csv') => async (c: Context<AppEnv>) => {
    const store = await storeOf(openStore);
    const etag = `"${await store.revision()}-${format}"`;
    if (c.req.header('if-none-match') === etag) {
      return new Response(null, { status: 304, headers: { ETag: etag } });
    }
    const nodes = await live(store);
    const at = now();
    const name = `globe-archive-open-data-${today(at)}.${format}`;
    const options = { cache: 'public, max-age=300', inline: true, etag };
    return format === 'json'
      ? fileResponse(
          JSON.stringify(openDataJson(nodes, at, siteUrl())),
          'application/json; charset=utf-8',
          name,
          options,
        )
      : fileResponse(openDataCsv(nodes, siteUrl()), 'text/csv; charset=utf-8', name, options);
  };
  resource(app, '/open-data/archive.json', {
    cors,
    allow: 'GET, HEAD, OPTIONS',
    methods: { GET: [failure, openData('json')] },
  });
  resource(app, '/open-data/archive.csv', {
    cors,
    allow: 'GET, HEAD, OPTIONS',
    methods: { GET: [failure, openData('csv')] },
  });
  if (verify === null) return app;

  const editor = editorOnly({
    verify,
    log,
    forbidden: 'Only editors can import or export the archive.',
  });
  const who = (c: Context<AppEnv>) => c.get('editor').username;

  resource(app, '/exports/archive.json', {
    cors,
    allow: 'GET, OPTIONS',
    methods: {
      GET: {
        access: editor,
        steps: [
          failure,
          async (c) => {
            const store = await editableStoreOf(openStore);
            const all = await store.allNodes();
            const withJournal = ['1', 'true', 'yes'].includes(c.req.query('journal') ?? '');
            const at = now();
            const body = {
              exported_at: at.toISOString(),
              // Importable as it is: `{ "nodes": [...] }` is an archive file.
              nodes: all.filter((n) => !n.deleted).map((n) => n.node),
              deleted: all.filter((n) => n.deleted).map((n) => n.node),
              ...(withJournal ? { journal: await wholeJournal(store) } : {}),
            };
            return fileResponse(
              JSON.stringify(body, null, 1),
              'application/json; charset=utf-8',
              `globe-archive-${today(at)}.json`,
            );
          },
        ],
      },
    },
  });
  resource(app, '/exports/archive.csv', {
    cors,
    allow: 'GET, OPTIONS',
    methods: {
      GET: {
        access: editor,
        steps: [
          failure,
          async () => {
            const store = await editableStoreOf(openStore);
            return fileResponse(
              archiveToCsv(await live(store)),
              'text/csv; charset=utf-8',
              `globe-archive-${today(now())}.csv`,
            );
          },
        ],
      },
    },
  });
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
          async (c, next) => {
            // Refused from its headers: a file declared too large is not read at all.
            const declared = Number(c.req.header('content-length') ?? Number.NaN);
            if (declared > IMPORT_MAX_BYTES) {
              leaveBodyUnread(c);
              throw tooLarge();
            }
            await next();
          },
          readBody({ limit: IMPORT_MAX_BYTES }),
          async (c) => {
            const body = c.get('body');
            if ((body?.length ?? 0) > IMPORT_MAX_BYTES) throw tooLarge();
            const parsed = importSchema.safeParse(importRequestOf(body));
            if (!parsed.success) {
              throw new Refusal(400, {
                error: 'Some fields need fixing.',
                errors: fieldErrors(parsed.error.issues),
              });
            }
            const { name, format, text, dryRun, expected, places = {} } = parsed.data;
            if (Buffer.byteLength(text) > IMPORT_MAX_FILE_BYTES) throw tooLarge();
            const unstorable = storableTextErrors({ name });
            if (unstorable.length > 0) throw fieldsToFix(unstorable);
            // Each step gives way to other requests after a slice of its work (issue 45).
            const slicer = createSlicer();
            const read = await entriesOf(format, text, slicer);
            const entries = withPlaces(read.entries, places);
            const { notes } = read;
            const store = await editableStoreOf(openStore);
            const existing = await store.allNodes();
            const plan = await runInSlices(planImportSteps(entries, existing), slicer);
            const planned = expectedOf(plan);
            if (dryRun) {
              const report: ImportReport = {
                name,
                notes,
                counts: plan.counts,
                rows: reportOf(plan),
                expected: planned,
              };
              return reply(200, report);
            }
            if (expected === undefined) {
              throw new Refusal(428, {
                error: 'Run the dry run first, and send the versions it read (expected).',
              });
            }
            // The plan must be the one the editor read: the same rows adding and changing the same
            // items at the same versions (If-Match for every item at once).
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
              who(c),
              `imported from ${name} by ${who(c)}`,
            );
            const done: ImportResult = {
              name,
              created: result.created,
              updated: result.updated,
              unchanged: plan.counts.unchanged,
              refused: plan.counts.refused,
            };
            return reply(200, done);
          },
        ],
      },
    },
  });
  return app;
}
