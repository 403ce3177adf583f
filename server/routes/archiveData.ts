/**
 * The archive's data in and out (issue 32): the editors' import (see archiveImports.ts) and
 * exports (JSON with every field, the stories, the journal if asked; CSV with the import's
 * columns), and the public's open-data files of the published items with their licences (and,
 * in the JSON, the published stories: issue 51).
 */
import { Hono, type Context } from 'hono';
import { archiveToCsv } from '@/lib/archiveCsv';
import { archiveInputs } from '@/lib/archiveImport';
import { openDataCsv, openDataJson } from '@/lib/openData';
import { bufferResponse, type AppEnv } from '../app/appEnv';
import type { AccessCheck } from '../app/accessCheck';
import { editorOnly, failureSays } from '../app/middleware';
import { resource } from '../app/resource';
import type { CorsPolicy } from '../app/cors';
import { editableStoreOf, storeOf, type OpenStore } from '../app/communityRequest';
import type { AccessTokenVerifier } from '../login/accessToken';
import type { NodeStore } from '../storage/nodeStore';
import { wholeList } from '../storage/pageQuery';
import { hasStories } from '../storage/storyStore';
import { importRoute } from './archiveImports';
import { publishedStories } from '../storage/publishedStories';

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

/** What the open data and the exports are made with. */
interface ArchiveDataContext {
  openStore: OpenStore;
  cors: CorsPolicy;
  siteUrl: () => string | null;
  now: () => Date;
  /** What an unexpected failure of a read answers (500). */
  failure: ReturnType<typeof failureSays>;
}

/** The published items as the form would save them, in archive order. */
async function live(store: NodeStore) {
  return archiveInputs(await store.listNodes());
}

/** The public's copy in `format`: cached a few minutes, tagged by the store's revision. */
function openData(
  { openStore, siteUrl, now }: ArchiveDataContext,
  format: 'json' | 'csv',
): (c: Context<AppEnv>) => Promise<Response> {
  return async (c) => {
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
          JSON.stringify(openDataJson(nodes, at, siteUrl(), await publishedStories(store))),
          'application/json; charset=utf-8',
          name,
          options,
        )
      : fileResponse(openDataCsv(nodes, siteUrl()), 'text/csv; charset=utf-8', name, options);
  };
}

/** Creates `/open-data/archive.json` and `/open-data/archive.csv`, open to anyone. */
function openDataRoutes(app: Hono<AppEnv>, context: ArchiveDataContext): void {
  const { cors, failure } = context;
  resource(app, '/open-data/archive.json', {
    cors,
    allow: 'GET, HEAD, OPTIONS',
    methods: { GET: [failure, openData(context, 'json')] },
  });
  resource(app, '/open-data/archive.csv', {
    cors,
    allow: 'GET, HEAD, OPTIONS',
    methods: { GET: [failure, openData(context, 'csv')] },
  });
}

/**
 * The whole archive as JSON, deleted items apart, the stories (every one not deleted, drafts
 * included, each as the story schema keeps it: `readArchiveSeed` seeds a server with them) and
 * the journal when asked for.
 */
async function archiveJsonExport(
  { openStore, now }: ArchiveDataContext,
  c: Context<AppEnv>,
): Promise<Response> {
  const store = await editableStoreOf(openStore);
  const all = await store.allNodes();
  const withJournal = ['1', 'true', 'yes'].includes(c.req.query('journal') ?? '');
  const at = now();
  const body = {
    exported_at: at.toISOString(),
    // Importable as it is: `{ "nodes": [...] }` is an archive file.
    nodes: all.filter((n) => !n.deleted).map((n) => n.node),
    deleted: all.filter((n) => n.deleted).map((n) => n.node),
    ...(hasStories(store)
      ? { stories: (await store.allStories()).filter((s) => !s.deleted).map((s) => s.story) }
      : {}),
    ...(withJournal ? { journal: await wholeList((query) => store.journal(query)) } : {}),
  };
  return fileResponse(
    JSON.stringify(body, null, 1),
    'application/json; charset=utf-8',
    `globe-archive-${today(at)}.json`,
  );
}

/** Creates the editors' `/exports/archive.json` and `/exports/archive.csv`. */
function exportRoutes(app: Hono<AppEnv>, context: ArchiveDataContext, editor: AccessCheck): void {
  const { openStore, cors, failure, now } = context;
  resource(app, '/exports/archive.json', {
    cors,
    allow: 'GET, OPTIONS',
    methods: {
      GET: { access: editor, steps: [failure, (c) => archiveJsonExport(context, c)] },
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
  const context: ArchiveDataContext = { openStore, cors, siteUrl, now, failure };
  openDataRoutes(app, context);
  if (verify === null) return app;

  const editor = editorOnly({
    verify,
    log,
    forbidden: 'Only editors can import or export the archive.',
  });
  exportRoutes(app, context, editor);
  importRoute(app, { openStore, cors, editor });
  return app;
}
