/**
 * `GET|POST /oai`: the archive for libraries' harvesters, OAI-PMH 2.0 (see `../oai/oaiPmh`). The
 * items and the published stories, their datestamps and sets are read once per store revision; a
 * list's pages are read by key (`../oai/resumptionToken`), so a new revision between two pages
 * shifts nothing. Items and stories are one list in one order (datestamp, then identifier), so a
 * harvest of everything gets both and its tokens page through both alike.
 */
import { Hono, type Context } from 'hono';
import { archiveInputs } from '@/lib/archiveImport';
import { nodeRoute } from '@/lib/nodeModel';
import type { NodeInput } from '@/lib/nodeSchema';
import { slugify } from '@/lib/slug';
import { isPublished, storyItemIds, type StoryInput } from '@/lib/storyModel';
import { bufferResponse, Refusal, type AppEnv } from '../app/appEnv';
import { failureSays, readBody } from '../app/middleware';
import { resource } from '../app/resource';
import type { CorsPolicy } from '../app/cors';
import { storeOf, type OpenStore } from '../app/communityRequest';
import {
  answerOai,
  datestampOf,
  repositoryIdOf,
  STORIES_SET,
  STORY_ID_PREFIX,
  type OaiItem,
  type OaiRecordItem,
} from '../oai/oaiPmh';
import { setSpecOf } from '../oai/setSpec';
import { isEditable, type DatedNode, type NodeStore } from '../storage/nodeStore';
import { hasStories, writesStories, type StoredStory } from '../storage/storyStore';
import { listedStory } from '../storage/publishedStories';

export interface OaiRouteOptions {
  openStore: OpenStore;
  cors: CorsPolicy;
  now: () => Date;
  /** The site's public address; null: OAI-PMH answers 503 (it needs absolute identifiers). */
  siteUrl: () => string | null;
  /** Whom harvesters may write to; null: `editors@` the repository's domain. */
  adminEmail: string | null;
}

/** The largest form body a POST may send (its arguments are a few short values). */
const FORM_MAX_BYTES = 8 * 1024;

interface Catalogue {
  revision: string;
  items: OaiItem[];
  sets: { spec: string; name: string }[];
}

/** Ordered as lists page through them (`keyBefore`): by datestamp, then id. */
function byKey(a: OaiItem, b: OaiItem): number {
  if (a.datestamp !== b.datestamp) return a.datestamp < b.datestamp ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A story as the repository takes it: published (its record), or published once and not now
 * (deleted, or taken back to a draft: `story` null, a deleted record). A story never published is
 * not in the repository at all: its draft is the editors' own.
 */
export interface CatalogueStory {
  id: string;
  changedAt: string;
  story: StoryInput | null;
}

/**
 * The stories' records: each published story with the pages of the items its stops show that the
 * public sees, in the stories' set; each once-published one as a deleted record. A story whose
 * identifier an item of the archive already holds (an archive file's id with a `:`) is left out:
 * the item's identifier was issued first.
 */
function storyItemsOf(
  stories: readonly CatalogueStory[],
  live: readonly OaiRecordItem[],
  taken: ReadonlySet<string>,
): OaiItem[] {
  const pages = new Map(live.map((item) => [item.id, nodeRoute(item.node)]));
  return stories.flatMap(({ id, changedAt, story }): OaiItem[] => {
    const key = `${STORY_ID_PREFIX}${id}`;
    if (taken.has(key)) return [];
    const datestamp = datestampOf(changedAt);
    if (story === null) return [{ id: key, datestamp, deleted: true }];
    const itemPages = storyItemIds(story).flatMap((item) => pages.get(item) ?? []);
    return [{ id: key, datestamp, deleted: false, story, itemPages, setSpecs: [STORIES_SET.spec] }];
  });
}

/**
 * The items as the repository serves them: every node the archive can show, and each hidden one
 * as a deleted record that keeps nothing but its id and when it was hidden; and the stories
 * (`storyItemsOf`).
 */
function catalogueOf(
  nodes: readonly DatedNode[],
  stories: readonly CatalogueStory[],
  revision: string,
): Catalogue {
  const changed = new Map<string, string>();
  for (const node of nodes) {
    const id = (node.node as { video_id?: unknown }).video_id;
    if (typeof id === 'string' && !changed.has(id)) changed.set(id, datestampOf(node.changedAt));
  }
  const datestamp = (id: string) => changed.get(id) ?? datestampOf(new Date(0).toISOString());
  // Many items share a category: each name is hashed once (setSpecOf).
  const specs = new Map<string, string>();
  const specOf = (name: string) => {
    let spec = specs.get(name);
    if (spec === undefined) specs.set(name, (spec = setSpecOf(name)));
    return spec;
  };
  const live = archiveInputs(nodes.filter((node) => !node.deleted).map((node) => node.node)).map(
    (input: NodeInput): OaiRecordItem => ({
      id: input.video_id,
      datestamp: datestamp(input.video_id),
      deleted: false,
      node: input,
      setSpecs: [...new Set(input.categories.map(specOf))],
    }),
  );
  const liveIds = new Set(live.map((item) => item.id));
  const gone = archiveInputs(nodes.filter((node) => node.deleted).map((node) => node.node))
    .filter((input) => !liveIds.has(input.video_id))
    .map((input): OaiItem => ({
      id: input.video_id,
      datestamp: datestamp(input.video_id),
      deleted: true,
    }));
  // A set is named by its categories' names, the first spelling of each slug (one name in all
  // but the one-in-10^12 case of two slugs with one spec: see ../oai/setSpec).
  const sets = new Map<string, Map<string, string>>();
  for (const item of live) {
    for (const name of item.node.categories) {
      const names = sets.get(specOf(name)) ?? new Map<string, string>();
      if (!names.has(slugify(name))) names.set(slugify(name), name);
      sets.set(specOf(name), names);
    }
  }
  const told = storyItemsOf(stories, live, new Set([...live, ...gone].map((item) => item.id)));
  const named = [...sets].map(([spec, names]) => ({ spec, name: [...names.values()].join(' / ') }));
  if (told.some((item) => !item.deleted)) named.push({ ...STORIES_SET });
  return {
    revision,
    items: [...live, ...gone, ...told].sort(byKey),
    sets: named.sort((a, b) => (a.spec < b.spec ? -1 : 1)),
  };
}

/** Whether a story's journal says it was ever published (a create, an edit or a delete of it). */
async function everPublished(store: NodeStore, id: string): Promise<boolean> {
  if (!writesStories(store)) return false;
  const published = (value: unknown) =>
    typeof value === 'object' && value !== null && isPublished(value);
  let before: number | undefined;
  for (;;) {
    const page = await store.storyJournal({
      storyId: id,
      limit: 500,
      ...(before ? { before } : {}),
    });
    if (page.some((entry) => published(entry.before) || published(entry.after))) return true;
    const last = page.at(-1);
    if (page.length < 500 || last === undefined) return false;
    before = last.id;
  }
}

/**
 * The stories as the repository takes them (`CatalogueStory`). One not published now is a deleted
 * record if it ever was: where the store keeps a journal, as it says; else if it was published
 * when it was deleted (a read-only store's stories do not change).
 */
async function catalogueStories(store: NodeStore): Promise<CatalogueStory[]> {
  if (!hasStories(store)) return [];
  const stories: CatalogueStory[] = [];
  for (const stored of await store.allStories()) {
    const { story_id: id } = stored.story;
    const listed = listedStory(stored);
    if (listed !== null) {
      stories.push({ id, changedAt: stored.changedAt, story: listed });
    } else if (await wasPublished(store, stored)) {
      stories.push({ id, changedAt: stored.changedAt, story: null });
    }
  }
  return stories;
}

async function wasPublished(store: NodeStore, stored: StoredStory): Promise<boolean> {
  if (stored.deleted && isPublished(stored.story)) return true;
  return everPublished(store, stored.story.story_id);
}

/** Every node with the time it last changed; a read-only store's all at the start. */
async function datedNodes(store: NodeStore, startedAt: string): Promise<DatedNode[]> {
  if (isEditable(store)) return store.allNodes();
  return (await store.listNodes()).map((node) => ({
    node: node as Record<string, unknown>,
    version: 1,
    deleted: false,
    changedAt: startedAt,
  }));
}

/** Creates `/oai`. */
export function createOaiRoutes({ openStore, cors, now, siteUrl, adminEmail }: OaiRouteOptions) {
  const app = new Hono<AppEnv>({ strict: false });
  const startedAt = now().toISOString();
  let cached: Promise<Catalogue> | null = null;

  async function catalogue(store: NodeStore): Promise<Catalogue> {
    const revision = await store.revision();
    const current = await cached?.catch(() => null);
    if (current?.revision === revision) return current;
    const building = Promise.all([datedNodes(store, startedAt), catalogueStories(store)]).then(
      ([nodes, stories]) => catalogueOf(nodes, stories, revision),
    );
    cached = building;
    return building;
  }

  async function answer(c: Context<AppEnv>, args: [string, string][]): Promise<Response> {
    const site = siteUrl();
    if (site === null) {
      throw new Refusal(503, {
        error:
          "OAI-PMH needs the site's public address: set SITE_URL (https://archive.example.org).",
      });
    }
    const store = await storeOf(openStore);
    const { items, sets } = await catalogue(store);
    const xml = answerOai(
      args,
      {
        siteUrl: site,
        baseUrl: `${site}/api/oai`,
        adminEmail: adminEmail ?? `editors@${repositoryIdOf(site)}`,
        items,
        sets,
      },
      now(),
    );
    return bufferResponse(Buffer.from(xml), {
      status: 200,
      headers: {
        'Content-Type': 'text/xml; charset=utf-8',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        // Read by harvesters, never a page: it may run nothing.
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    });
  }

  const failure = failureSays('The archive could not be read; try again shortly.');
  resource(app, '/oai', {
    cors,
    allow: 'GET, POST, OPTIONS',
    methods: {
      GET: [failure, (c) => answer(c, [...new URL(c.req.url).searchParams])],
      POST: [
        failure,
        readBody({ limit: FORM_MAX_BYTES }),
        (c) => {
          const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
          if (type !== 'application/x-www-form-urlencoded') {
            throw new Refusal(415, {
              error: 'Send the arguments as application/x-www-form-urlencoded, or use GET.',
            });
          }
          const body = c.get('body');
          if ((body?.length ?? 0) > FORM_MAX_BYTES) {
            throw new Refusal(413, { error: 'The request is too long for OAI-PMH arguments.' });
          }
          return answer(c, [...new URLSearchParams(body?.toString() ?? '')]);
        },
      ],
    },
  });
  return app;
}
