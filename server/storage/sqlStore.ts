/**
 * The nodes store over any `SqlDatabase`: schema, seeding, nodes and inbox, written once. The
 * PGlite and PostgreSQL adapters only open a database, guard its preparation and close it.
 */
import { migrate, type SqlDatabase, type SqlSession } from './migrations';
import type { EditableNodeStore, InboxStore } from './nodeStore';
import { withoutNul } from './postgresValues';
import { sqlInboxOperations } from './sqlInbox';
import { sqlRateOperations, type RateCounter } from './rateCounter';
import { sqlNodeOperations } from './sqlNodes';
import { rememberRevision } from './rememberedRevision';
import { seedStoriesIfNew, sqlStoryOperations } from './sqlStories';
import { seedableStories, type StoryStore } from './storyStore';
import type { ArchiveSeed } from './archiveFile';
import { storyItemIds } from '@/lib/storyModel';

/**
 * What to put into a database that has never been seeded: its nodes, or its nodes and stories
 * (`ArchiveSeed`). Called only then (or once more for the stories, by a database made before
 * stories existed), so an unreadable seed file matters only to a fresh database.
 */
export type SeedSource = () => unknown[] | ArchiveSeed | Promise<unknown[] | ArchiveSeed>;

/** The seed as nodes and stories, remembered: it is read at most once per open. */
function onceSeed(seed: SeedSource): () => Promise<ArchiveSeed> {
  let read: Promise<ArchiveSeed> | null = null;
  return () =>
    (read ??= Promise.resolve(seed()).then((value) =>
      Array.isArray(value) ? { nodes: value, stories: [] } : value,
    ));
}

/** A store backed by a SQL database, with what happened on open. */
export interface SqlNodeStore extends EditableNodeStore, InboxStore, StoryStore, RateCounter {
  /** How many nodes this open seeded (0 when the database already had its data). */
  readonly seededCount: number;
  /** The database itself, for what reads or writes it whole (a backup and its restore). */
  readonly database: SqlDatabase;
}

/**
 * Seeds a database once: an editor who later empties the archive must not get the sample back.
 * Returns how many nodes it put in.
 */
async function seedIfNew(
  db: SqlDatabase,
  seed: (() => Promise<ArchiveSeed>) | undefined,
): Promise<number> {
  return db.transaction(async (tx) => {
    // `for update` makes a second server starting at the same moment wait here, then see the seed.
    const { rows } = await tx.query<{ seeded: boolean; empty: boolean }>(
      `select seeded_at is not null as seeded, not exists (select 1 from nodes) as empty
         from archive_meta for update`,
    );
    const state = rows[0];
    if (!state || state.seeded || !state.empty || !seed) return 0;
    const entries = (await seed()).nodes;
    const nul = { n: 0 };
    const clean = withoutNul(entries, nul);
    if (nul.n > 0) {
      console.warn(`Seed archive: ${nul.n} NUL character(s) replaced with U+FFFD for PostgreSQL.`);
    }
    // One statement for the whole list; `with ordinality` keeps archive order in seq.
    await tx.query(
      `insert into nodes (data)
         select entry.value from jsonb_array_elements($1::jsonb) with ordinality as entry(value, n)
         order by entry.n`,
      [JSON.stringify(clean)],
    );
    await tx.query('update archive_meta set seeded_at = now()');
    return entries.length;
  });
}

/**
 * Brings the schema up to date and seeds a database that has never been seeded.
 * Returns how many nodes it seeded.
 *
 * @throws SchemaTooNewError when the database was written by a newer server.
 */
export async function prepareSqlDatabase(
  db: SqlDatabase,
  seed: SeedSource | undefined,
): Promise<number> {
  await migrate(db);
  const once = seed === undefined ? undefined : onceSeed(seed);
  const seeded = await seedIfNew(db, once);
  await seedStoriesIfNew(db, async (tx) => {
    if (once === undefined) return [];
    const { stories } = await once();
    const listed = await listedIds(tx, stories.flatMap(storyItemIds));
    return seedableStories(stories, (id) => listed.has(id));
  });
  return seeded;
}

/** Which of `ids` name a listed (not deleted) node. */
async function listedIds(db: SqlSession, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ video_id: string }>(
    `select video_id from nodes where deleted_at is null
        and video_id in (select jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(ids)],
  );
  return new Set(rows.map((row) => row.video_id));
}

/**
 * The store over a prepared database.
 *
 * @param close releases the database; called once however often the store is closed.
 * @param exclusive whether only this store writes the database (PGlite): its revision is then
 *   remembered between statements instead of asked on every read of the list.
 */
export function createSqlStore(
  db: SqlDatabase,
  {
    seededCount,
    close,
    exclusive = false,
  }: { seededCount: number; close: () => Promise<void>; exclusive?: boolean },
): SqlNodeStore {
  let closing: Promise<void> | null = null;
  const remembered = exclusive
    ? rememberRevision(db, (own) => sqlNodeOperations(own).revision())
    : null;
  const session = remembered?.db ?? db;
  return {
    seededCount,
    database: db,
    ...sqlNodeOperations(session),
    ...sqlInboxOperations(session),
    ...sqlStoryOperations(session),
    ...sqlRateOperations(session),
    ...(remembered ? { revision: remembered.revision, knownRevision: remembered.known } : {}),
    close() {
      closing ??= close();
      return closing;
    },
  };
}
