/**
 * `/stories…` (issue 51): the published stories for everyone, and the editors' reads and writes
 * in the shape of the items' routes (`./nodes.ts`): a token of the pool with the `editor` group,
 * bodies checked by the schema the editor's form uses (`@/lib/storySchema`), `If-Match` on every
 * edit and 409 on a stale one, the journal and restore. Drafts are answered to editors only.
 */
import { Hono, type Context } from 'hono';
import { type ListedStory, type StoryInput } from '@/lib/storyModel';
import { validateStory, type FieldError } from '@/lib/storySchema';
import { Refusal, reply, param, type AppEnv } from '../app/appEnv';
import { editorOnly, failureSays, readBody } from '../app/middleware';
import { resource } from '../app/resource';
import { firstValue, jsonBody, pageQuery, query, readPage, validQuery } from '../app/validation';
import type { CorsPolicy } from '../app/cors';
import { storeOf, type OpenStore } from '../app/communityRequest';
import type { AccessTokenVerifier } from '../login/accessToken';
import { isEditable, type NodeStore } from '../storage/nodeStore';
import { listedStory, publishedStories } from '../storage/publishedStories';
import {
  hasStories,
  StoryNotFound,
  writesStories,
  type StoredStory,
  type StoryStore,
} from '../storage/storyStore';
import { ifMatch, LIST_METHODS } from './nodes';

/** A story's body at most: 50 stops of 4,000 characters' narration fit, with room for escapes. */
export const MAX_STORY_BODY_BYTES = 512 * 1024;

/** What the story routes need. */
export interface StoryRoutesOptions {
  openStore: OpenStore;
  cors: CorsPolicy;
  /** Checks editors' tokens; null: the published list only (writes 405). */
  verify: AccessTokenVerifier | null;
  log: (line: string) => void;
}

/**
 * The story with this id if visitors may read it (as `publishedStories` lists it), else null: a
 * shared link's page reads one story, not the list.
 */
export async function publishedStory(store: NodeStore, id: string): Promise<ListedStory | null> {
  if (!hasStories(store)) return null;
  const stored = await store.getStory(id);
  return stored === null ? null : listedStory(stored);
}

/** The store with its stories' writes, or the 405 of a store without them. */
async function storyStoreOf(openStore: OpenStore): Promise<StoryStore & NodeStore> {
  const store = await storeOf(openStore);
  if (!writesStories(store)) {
    throw new Refusal(
      405,
      { error: store.readOnlyReason ?? 'This archive is read-only.' },
      { Allow: LIST_METHODS },
    );
  }
  return store;
}

/** A story of the body, checked by the editor form's schema; an edit names its story in the path. */
const storyBody = jsonBody<StoryInput>(
  'story',
  (raw, c) => {
    const pathId = c.req.param('id') ?? null;
    const record = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
    const input =
      pathId !== null && record && (raw as { story_id?: unknown }).story_id == null
        ? { ...raw, story_id: pathId }
        : raw;
    const result = validateStory(input);
    if (!result.ok) return result;
    if (pathId !== null && result.story.story_id !== pathId) {
      return {
        ok: false,
        errors: [{ path: 'story_id', message: 'The id of a story cannot be changed.' }],
      };
    }
    return { ok: true, value: result.story };
  },
  { limit: MAX_STORY_BODY_BYTES },
);

/**
 * The stops whose item the archive does not list (none, or deleted): a visitor would reach a
 * stop of nothing. Read by id, so a story costs as many reads as it has items.
 */
async function missingItems(store: NodeStore, story: StoryInput): Promise<FieldError[]> {
  if (!isEditable(store)) return [];
  const errors: FieldError[] = [];
  const listed = new Map<string, boolean>();
  for (const [index, stop] of story.stops.entries()) {
    if (stop.item === null) continue;
    let found = listed.get(stop.item);
    if (found === undefined) {
      const node = await store.getNode(stop.item);
      found = node !== null && !node.deleted;
      listed.set(stop.item, found);
    }
    if (!found) {
      errors.push({
        path: `stops.${index}.item`,
        message: `No item of the archive has the id "${stop.item}".`,
      });
    }
  }
  return errors;
}

function answer(stored: StoredStory, status = 200): Response {
  return reply(status, stored, { ETag: `"${stored.version}"` });
}

const journalQuery = pageQuery({ storyId: firstValue });

/** Creates the `/stories…` routes. */
export function createStoryRoutes({ openStore, cors, verify, log }: StoryRoutesOptions) {
  const app = new Hono<AppEnv>({ strict: false });
  const list = async (c: Context<AppEnv>) => {
    const store = await storeOf(openStore);
    const revision = await store.revision();
    const tag = `"stories-${revision}"`;
    const vary = cors.vary();
    const headers = { ETag: tag, 'Cache-Control': 'no-cache', ...(vary ? { Vary: vary } : {}) };
    if (
      c.req
        .header('if-none-match')
        ?.split(/\s*,\s*/)
        .includes(tag)
    ) {
      return new Response(null, { status: 304, headers });
    }
    return reply(200, { stories: await publishedStories(store) }, headers);
  };
  const reading = [failureSays('The stories could not be read; try again shortly.')];
  if (verify === null) {
    resource(app, '/stories', { cors, allow: LIST_METHODS, methods: { GET: [...reading, list] } });
    return app;
  }
  const access = editorOnly({ verify, log, forbidden: 'Only editors can change the stories.' });
  const writing = [
    failureSays('The change could not be saved; try again shortly.'),
    readBody({ limit: MAX_STORY_BODY_BYTES }),
  ];
  const input = (c: Context<AppEnv>) => c.get('input') as StoryInput;
  const who = (c: Context<AppEnv>) => c.get('editor').username;
  /** Refuses a story that shows items the archive does not list, in the fields' shape. */
  const itemsListed = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const errors = await missingItems(await storeOf(openStore), input(c));
    if (errors.length > 0) throw new Refusal(400, { error: 'Some fields need fixing.', errors });
    await next();
  };

  resource(app, '/stories', {
    cors,
    allow: 'GET, HEAD, POST, OPTIONS',
    methods: {
      GET: [...reading, list],
      POST: {
        access,
        steps: [
          ...writing,
          storyBody,
          itemsListed,
          async (c) =>
            answer(await (await storyStoreOf(openStore)).createStory(input(c), who(c)), 201),
        ],
      },
    },
  });
  resource(app, '/stories/all', {
    cors,
    allow: 'GET, OPTIONS',
    methods: {
      GET: {
        access,
        steps: [
          ...reading,
          async () => reply(200, { stories: await (await storyStoreOf(openStore)).allStories() }),
        ],
      },
    },
  });
  resource(app, '/stories/journal', {
    cors,
    allow: 'GET, OPTIONS',
    methods: {
      GET: {
        access,
        steps: [
          ...reading,
          query(journalQuery),
          async (c) => {
            const { storyId, ...paging } = validQuery(c, journalQuery);
            const store = await storyStoreOf(openStore);
            const page = await readPage(paging, (q) =>
              store.storyJournal({ ...q, ...(storyId ? { storyId } : {}) }),
            );
            return reply(200, { entries: page.items, older: page.older });
          },
        ],
      },
    },
  });
  resource(app, '/stories/:id/restore', {
    cors,
    allow: 'POST, OPTIONS',
    methods: {
      POST: {
        access,
        steps: [
          ...writing,
          async (c) =>
            answer(await (await storyStoreOf(openStore)).restoreStory(param(c, 'id'), who(c))),
        ],
      },
    },
  });
  resource(app, '/stories/:id', {
    cors,
    allow: 'GET, PUT, DELETE, OPTIONS',
    methods: {
      GET: {
        access,
        steps: [
          ...reading,
          async (c) => {
            const id = param(c, 'id');
            const stored = await (await storyStoreOf(openStore)).getStory(id);
            if (!stored) throw new StoryNotFound(id);
            return answer(stored);
          },
        ],
      },
      PUT: {
        access,
        steps: [
          ...writing,
          ifMatch,
          storyBody,
          itemsListed,
          async (c) => {
            const store = await storyStoreOf(openStore);
            return answer(
              await store.updateStory(param(c, 'id'), input(c), c.get('version'), who(c)),
            );
          },
        ],
      },
      DELETE: {
        access,
        steps: [
          ...writing,
          ifMatch,
          async (c) => {
            const store = await storyStoreOf(openStore);
            return answer(await store.deleteStory(param(c, 'id'), c.get('version'), who(c)));
          },
        ],
      },
    },
  });
  return app;
}
