/** The stories' reads and writes in SQL, over `SqlDatabase` (PGlite and PostgreSQL alike). */
import type { JournalAction } from '@/lib/archiveRecords';
import type { SqlDatabase, SqlSession } from './migrations';
import { isoTime, jsonParam, rowBefore, rowLimit } from './postgresValues';
import {
  StoryExists,
  StoryNotFound,
  StoryVersionConflict,
  type StoredStory,
  type StoryInput,
  type StoryJournalEntry,
  type StoryStore,
} from './storyStore';

interface StoryRow {
  data: StoryInput;
  version: number;
  deleted: boolean;
  changed_at: Date | string;
}

const COLUMNS = `data, version, deleted_at is not null as deleted, updated_at as changed_at`;

function storedOf(row: StoryRow): StoredStory {
  return {
    story: row.data,
    version: row.version,
    deleted: row.deleted,
    changedAt: isoTime(row.changed_at),
  };
}

async function lockStory(tx: SqlSession, id: string): Promise<StoryRow | null> {
  const { rows } = await tx.query<StoryRow>(
    `select ${COLUMNS} from stories where story_id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

async function lockCurrent(tx: SqlSession, id: string, expectedVersion: number) {
  const row = await lockStory(tx, id);
  if (row === null) throw new StoryNotFound(id);
  if (row.deleted || row.version !== expectedVersion) {
    throw new StoryVersionConflict(storedOf(row));
  }
  return row;
}

/** Changes the story's row (`set`, with `$1` its id) and journals the change. */
async function change(
  tx: SqlSession,
  id: string,
  set: string,
  params: unknown[],
  journal: { action: JournalAction; who: string; before: unknown },
): Promise<StoredStory> {
  const { rows } = await tx.query<StoryRow>(
    `update stories set ${set}, version = version + 1, updated_at = now()
       where story_id = $1 returning ${COLUMNS}`,
    [id, ...params],
  );
  const row = rows[0];
  if (!row) throw new Error('the story vanished during its own transaction');
  await record(tx, id, journal.action, journal.who, journal.before, row.deleted ? null : row.data);
  return storedOf(row);
}

async function record(
  tx: SqlSession,
  id: string,
  action: JournalAction,
  who: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx.query(
    `insert into story_journal (story_id, action, who, before, after)
       values ($1, $2, $3, $4::jsonb, $5::jsonb)`,
    [id, action, who, jsonParam(before), jsonParam(after)],
  );
}

/** The stories' operations over `db`. */
export function sqlStoryOperations(db: SqlDatabase): StoryStore {
  return {
    async allStories() {
      const { rows } = await db.query<StoryRow>(`select ${COLUMNS} from stories order by seq`);
      return rows.map(storedOf);
    },
    async getStory(id) {
      const { rows } = await db.query<StoryRow>(
        `select ${COLUMNS} from stories where story_id = $1`,
        [id],
      );
      return rows[0] ? storedOf(rows[0]) : null;
    },
    createStory(story, who) {
      return db.transaction(async (tx) => {
        // One writer at a time decides whether an id is free (a lock cannot guard a missing row).
        await tx.query('lock table stories in share row exclusive mode');
        const existing = await lockStory(tx, story.story_id);
        if (existing) throw new StoryExists(story.story_id, existing.deleted);
        const { rows } = await tx.query<StoryRow>(
          `insert into stories (data) values ($1::jsonb) returning ${COLUMNS}`,
          [jsonParam(story)],
        );
        const row = rows[0] as StoryRow;
        await record(tx, story.story_id, 'create', who, null, row.data);
        return storedOf(row);
      });
    },
    updateStory(id, story, expectedVersion, who) {
      return db.transaction(async (tx) => {
        const before = await lockCurrent(tx, id, expectedVersion);
        return change(tx, id, 'data = $2::jsonb', [jsonParam({ ...story, story_id: id })], {
          action: 'update',
          who,
          before: before.data,
        });
      });
    },
    deleteStory(id, expectedVersion, who) {
      return db.transaction(async (tx) => {
        const before = await lockCurrent(tx, id, expectedVersion);
        return change(tx, id, 'deleted_at = now()', [], {
          action: 'delete',
          who,
          before: before.data,
        });
      });
    },
    restoreStory(id, who) {
      return db.transaction(async (tx) => {
        const row = await lockStory(tx, id);
        if (row === null) throw new StoryNotFound(id);
        if (!row.deleted) throw new StoryVersionConflict(storedOf(row));
        return change(tx, id, 'deleted_at = null', [], { action: 'restore', who, before: null });
      });
    },
    async storyJournal({ storyId, limit, before }) {
      const { rows } = await db.query<{
        id: string;
        story_id: string;
        action: JournalAction;
        who: string;
        at: Date | string;
        before: unknown;
        after: unknown;
        reason: string;
      }>(
        `select id, story_id, action, who, at, before, after, reason from story_journal
          where ($1::text is null or story_id = $1) and ($2::bigint is null or id < $2)
          order by id desc limit $3`,
        [storyId ?? null, rowBefore(before), rowLimit(limit)],
      );
      return rows.map((row): StoryJournalEntry => ({
        id: Number(row.id),
        storyId: row.story_id,
        action: row.action,
        who: row.who,
        at: isoTime(row.at),
        before: row.before,
        after: row.after,
        reason: row.reason,
      }));
    },
  };
}

/**
 * Puts `seed` into a database whose stories were never seeded (and that holds none), once. Runs
 * after the nodes' seeding, so a database made before stories existed gets them at its next start.
 * Returns how many it put in.
 */
export async function seedStoriesIfNew(
  db: SqlDatabase,
  seed: (tx: SqlSession) => readonly StoryInput[] | Promise<readonly StoryInput[]>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ seeded: boolean; empty: boolean }>(
      `select stories_seeded_at is not null as seeded, not exists (select 1 from stories) as empty
         from archive_meta for update`,
    );
    const state = rows[0];
    if (!state || state.seeded) return 0;
    const stories = state.empty ? await seed(tx) : [];
    if (stories.length > 0) {
      await tx.query(
        `insert into stories (data)
           select entry.value from jsonb_array_elements($1::jsonb) with ordinality as entry(value, n)
           order by entry.n`,
        [jsonParam(stories)],
      );
    }
    await tx.query('update archive_meta set stories_seeded_at = now()');
    return stories.length;
  });
}
