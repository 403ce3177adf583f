import { afterEach, describe } from 'vitest';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import type { EditableNodeStore, InboxStore } from '../../../../server/storage/nodeStore';
import type { ArchiveSeed } from '../../../../server/storage/archiveFile';
import type { StoryStore } from '../../../../server/storage/storyStore';
import { openPgStore } from '../../../../server/storage/pgStore';
import { postgresSkipReason, usePostgresDatabase } from './postgresTestDatabase';
import { seedCopy, sharedPglite } from './sharedPglite';

/** What every implementation offers: the nodes, the stories and the community's inbox. */
export type TestStore = EditableNodeStore & InboxStore & StoryStore;

/** Opens a fresh store holding `seed` (nodes, or nodes and stories); closed after the test. */
export type OpenStore = (seed: readonly unknown[] | ArchiveSeed) => Promise<TestStore>;

/**
 * Runs `suite` against every store: memory (the reference), PGlite in memory, and PostgreSQL
 * (skipped, saying why, when no server is available). Call once per test file: it gives the file
 * its own PostgreSQL database, emptied before each PostgreSQL store opens.
 */
export function describeEachStore(title: string, suite: (open: OpenStore) => void): void {
  const database = usePostgresDatabase();
  const skipPostgres = database === null ? postgresSkipReason() : null;
  const opened: TestStore[] = [];
  // One PGlite database per file, emptied for each store (far cheaper than a new one).
  const openPglite = sharedPglite();
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  const implementations: [name: string, open: OpenStore, skip: string | null][] = [
    ['memoryStore', (seed) => Promise.resolve(createMemoryStore(seed)), null],
    ['pgliteStore', openPglite, null],
    [
      'pgStore',
      async (seed) => {
        if (database === null) throw new Error('no PostgreSQL server');
        await database.reset();
        return openPgStore({ url: database.url, seed: () => seedCopy(seed) });
      },
      skipPostgres,
    ],
  ];
  for (const [name, open, skip] of implementations) {
    const label = `${name} ${title}${skip === null ? '' : ` (skipped: ${skip})`}`;
    describe.skipIf(skip !== null)(label, () => {
      suite(async (seed) => {
        const store = await open(seed);
        opened.push(store);
        return store;
      });
    });
  }
}
