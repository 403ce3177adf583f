/**
 * The database schema as an ordered list of SQL steps, each applied once and recorded in
 * `schema_migrations`. Plain PostgreSQL only (no PGlite-only features), so the same steps run on a
 * hosted PostgreSQL server once the service moves there.
 */

/** One schema step. Versions are consecutive and never reused; a released step is never edited. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The part of a database client the migrations need (PGlite and its transactions both fit). */
export interface SqlSession {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A client that can also run a function inside one transaction. */
export interface SqlDatabase extends SqlSession {
  transaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T>;
}

/** Every schema step, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'nodes and archive revision',
    sql: `
      -- Nodes are kept as the raw JSON of the archive, so nothing a file held is lost; seq keeps
      -- archive order. video_id is derived from the JSON so it can never disagree with it.
      create table nodes (
        seq serial primary key,
        video_id text generated always as (data ->> 'video_id') stored,
        data jsonb not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index nodes_video_id_idx on nodes (video_id);

      -- One row. The revision is bumped by a trigger, so every change to nodes (the service's own
      -- writes, an editor's, or a hand-run SQL fix) invalidates HTTP caches.
      create table archive_meta (
        singleton boolean primary key default true check (singleton),
        revision bigint not null default 0,
        seeded_at timestamptz,
        updated_at timestamptz not null default now()
      );
      insert into archive_meta default values;

      create function bump_archive_revision() returns trigger language plpgsql as $$
      begin
        update archive_meta set revision = revision + 1, updated_at = now();
        return null;
      end;
      $$;
      create trigger nodes_changed after insert or update or delete on nodes
        for each statement execute function bump_archive_revision();
      create trigger nodes_truncated after truncate on nodes
        for each statement execute function bump_archive_revision();
    `,
  },
  {
    version: 2,
    name: 'node versions, soft delete and the journal',
    sql: `
      -- version drives optimistic concurrency; deleted_at hides a node without losing it.
      alter table nodes add column version integer not null default 1;
      alter table nodes add column deleted_at timestamptz;

      -- Every editor's change, with the node before and after it (null where there is none).
      create table node_journal (
        id bigserial primary key,
        node_id text not null,
        action text not null check (action in ('create', 'update', 'delete', 'restore')),
        who text not null,
        at timestamptz not null default now(),
        before jsonb,
        after jsonb
      );
      create index node_journal_node_idx on node_journal (node_id, id);
    `,
  },
  {
    version: 3,
    name: 'the community inbox: submissions and contact messages',
    sql: `
      -- What visitors send, kept apart from nodes: a submission changes neither the public list
      -- nor the archive revision until an editor approves it (which creates its node).
      create table submissions (
        id bigserial primary key,
        status text not null default 'pending'
          check (status in ('pending', 'approved', 'rejected')),
        data jsonb not null,
        received_at timestamptz not null default now(),
        decided_at timestamptz,
        decided_by text,
        node_id text,
        reason text not null default '',
        -- A decision always says when and by whom; an approval always names its node.
        check ((status = 'pending') = (decided_at is null and decided_by is null)),
        check ((status = 'approved') = (node_id is not null))
      );
      create index submissions_status_idx on submissions (status, id);

      create table contact_messages (
        id bigserial primary key,
        data jsonb not null,
        received_at timestamptz not null default now()
      );
    `,
  },
  {
    version: 4,
    name: "visitors' uploads, private until an approval publishes them",
    sql: `
      -- A visitor's photo waits under pending_key, which only the service knows, until an
      -- approval copies it to public_key (the address its submission holds). client and bytes feed
      -- the daily quota; times come from the service, so every instance and test counts alike.
      create table uploads (
        public_key text primary key,
        pending_key text not null unique,
        client text not null,
        bytes integer not null check (bytes >= 0),
        created_at timestamptz not null,
        submission_id bigint references submissions (id),
        published_at timestamptz,
        -- Only a claimed photo is published: its submission's approval does it.
        check (published_at is null or submission_id is not null)
      );
      create index uploads_client_idx on uploads (client, created_at);
      create index uploads_created_idx on uploads (created_at);
      create index uploads_submission_idx on uploads (submission_id);
    `,
  },
  {
    version: 5,
    name: 'rate limits counted across instances',
    sql: `
      -- One row per attempt a rate limit let through, so every instance of the service on this
      -- database counts the same client alike. Rows leave once older than any window.
      create table rate_attempts (
        scope text not null,
        client text not null,
        at timestamptz not null
      );
      create index rate_attempts_key_idx on rate_attempts (scope, client, at);
      create index rate_attempts_at_idx on rate_attempts (at);
    `,
  },
  {
    version: 6,
    name: "uploads' files follow their records after a crash",
    sql: `
      -- Storage is written after the commit that decides what it must hold, and these flags say
      -- what is still to be done, so a crash between the two is finished by the recovery (at
      -- start and in every sweep) instead of leaving a file nobody approved in public.
      -- stored: false from a visitor's upload's record until all its private files are stored;
      -- a record left so by a crash is forgotten and whatever it stored deleted.
      alter table uploads add column stored boolean not null default true;
      -- settling: with published_at, the approval's public copies are still to be made; without,
      -- public copies may exist that must go.
      alter table uploads add column settling boolean not null default false;
      alter table uploads add constraint uploads_stored_before_claimed
        check (stored or submission_id is null);
      -- Older servers copied an approval's photos to their public keys before its commit: a crash
      -- there left a photo public while its submission still waited (and after it was rejected).
      -- Only a claimed photo was ever copied so.
      update uploads set settling = true where published_at is null and submission_id is not null;
      create index uploads_settling_idx on uploads (public_key) where settling;
      create index uploads_unstored_idx on uploads (created_at) where not stored;
    `,
  },
  {
    version: 7,
    name: 'removal and correction requests, and why a change was made',
    sql: `
      -- Why an editor made a change, where they said (an item hidden for a removal request).
      alter table node_journal add column reason text not null default '';

      -- "Ask for removal or correction", from an item's page. title is the item's when the
      -- request came, so the queue names it once the item is hidden.
      create table removal_requests (
        id bigserial primary key,
        node_id text not null,
        title text not null default '',
        status text not null default 'open'
          check (status in ('open', 'hidden', 'corrected', 'declined')),
        data jsonb not null,
        received_at timestamptz not null default now(),
        decided_at timestamptz,
        decided_by text,
        note text not null default '',
        -- A decision always says when and by whom.
        check ((status = 'open') = (decided_at is null and decided_by is null))
      );
      create index removal_requests_status_idx on removal_requests (status, id);
    `,
  },
  {
    version: 8,
    name: 'answers of requests sent with an idempotency key',
    sql: `
      -- A form sent again with the same Idempotency-Key (the app's outbox retrying after a lost
      -- answer) gets the first answer, not a second entry (issue 50). A row is claimed before
      -- the entry is made (answer null) and holds the answer once it is.
      create table once_answers (
        list text not null,
        key text not null,
        request_hash text not null,
        status integer,
        body text,
        created_at timestamptz not null default now(),
        primary key (list, key),
        check ((status is null) = (body is null))
      );
    `,
  },
  {
    version: 9,
    name: 'stories and their journal',
    sql: `
      -- Editors' stories (issue 51), kept as the JSON the story schema checked, versioned and
      -- soft-deleted like nodes. story_id is derived from the JSON so it cannot disagree with it.
      create table stories (
        seq serial primary key,
        story_id text generated always as (data ->> 'story_id') stored unique,
        data jsonb not null,
        version integer not null default 1,
        deleted_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create table story_journal (
        id bigserial primary key,
        story_id text not null,
        action text not null check (action in ('create', 'update', 'delete', 'restore')),
        who text not null,
        at timestamptz not null default now(),
        before jsonb,
        after jsonb,
        reason text not null default ''
      );
      create index story_journal_story_idx on story_journal (story_id, id);

      -- Stories are seeded once, as nodes are: a database seeded before stories existed gets the
      -- sample's stories at its next start; one whose editor deleted them does not get them back.
      alter table archive_meta add column stories_seeded_at timestamptz;
      create trigger stories_changed after insert or update or delete on stories
        for each statement execute function bump_archive_revision();
    `,
  },
];

/** Thrown when the database was written by a newer version of the service than this one. */
export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError';
}

/**
 * Brings the schema up to date and returns the versions it applied (empty when already current).
 * Each step runs in its own transaction together with its record, so a failed step leaves no half
 * schema behind and is simply retried on the next open.
 *
 * @throws SchemaTooNewError when the database has steps this version does not know.
 */
export async function migrate(
  db: SqlDatabase,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  await db.exec(`
    create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )
  `);
  const { rows } = await db.query<{ version: number }>('select version from schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  const known = new Set(migrations.map((m) => m.version));
  const unknown = [...applied].filter((version) => !known.has(version));
  if (unknown.length > 0) {
    // Running old code against a newer schema could corrupt data it does not understand.
    throw new SchemaTooNewError(
      `the database has schema version ${Math.max(...unknown)}, newer than this server knows ` +
        `(${Math.max(0, ...known)}); run a newer version of the server`,
    );
  }
  const done: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    });
    done.push(migration.version);
  }
  return done;
}
