/**
 * The archive's revision, remembered between statements, for a database that only this process
 * writes (issue 45): the embedded PGlite has one connection, and its folder is locked to this
 * process, so nothing can change the nodes but a statement sent through this handle. Every read
 * of the list asks the revision (it feeds the ETag), and on PGlite that query was 40-50 % of the
 * server's time under load; now it is asked again only after another statement has run.
 */
import type { SqlDatabase } from './migrations';

/** A database handle that counts its statements, and the revision remembered between them. */
export interface RememberedRevision {
  /** The handle every other operation of the store uses: each statement forgets the revision. */
  db: SqlDatabase;
  /** The revision: remembered when no statement ran since it was read, else read again. */
  revision(): Promise<string>;
  /** The remembered revision once its read has answered and no statement ran since; else null. */
  known(): string | null;
}

/**
 * Wraps `db` so that `read` (the revision's query, on `db` itself) is run again only once another
 * statement has started or ended since it last ran. Any statement counts, reads included: which
 * statement may change the nodes (triggers, imports, a transaction) is not this module's to judge.
 * A transaction counts when it ends, not while it runs: until it commits, what others read is
 * what was committed before it, so the revision remembered then is still the one to answer (an
 * import's transaction holds the embedded database for seconds, and the list is answered
 * meanwhile without waiting for it: issue 45).
 */
export function rememberRevision(
  db: SqlDatabase,
  read: (db: SqlDatabase) => Promise<string>,
): RememberedRevision {
  /** Bumped when a statement starts and when it ends, so one in flight is never missed. */
  let statements = 0;
  let remembered: { at: number; revision: Promise<string>; value?: string } | null = null;
  async function counted<R>(run: () => Promise<R>, { fromStart = true } = {}): Promise<R> {
    if (fromStart) statements++;
    try {
      return await run();
    } finally {
      statements++;
    }
  }
  return {
    db: {
      exec: (sql) => counted(() => db.exec(sql)),
      query: (sql, params) => counted(() => db.query(sql, params)),
      transaction: (fn) => counted(() => db.transaction(fn), { fromStart: false }),
    },
    revision() {
      if (remembered?.at === statements) return remembered.revision;
      const at = statements;
      const revision = read(db);
      const entry: { at: number; revision: Promise<string>; value?: string } = { at, revision };
      remembered = entry;
      revision.then(
        (value) => {
          entry.value = value;
        },
        // A failed read is not remembered: the next request asks the database again.
        () => {
          if (remembered === entry) remembered = null;
        },
      );
      return revision;
    },
    known() {
      return remembered?.at === statements ? (remembered.value ?? null) : null;
    },
  };
}
