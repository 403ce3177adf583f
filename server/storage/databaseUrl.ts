/**
 * `DATABASE_URL`, read without the driver: checked at start and described for logs and messages,
 * never with its password (logs of a deployment are read by more people than its secrets).
 */

/** The parts of a PostgreSQL URL that are safe to show. */
export interface DatabaseAddress {
  /** Host name, address or socket folder. */
  host: string;
  /** Port as written, or PostgreSQL's default. */
  port: string;
  /** Database name ('' when the URL leaves it to the server: the user's name). */
  database: string;
  /** Role name ('' when the URL gives none). */
  user: string;
}

const SCHEMES = ['postgres:', 'postgresql:'];

/**
 * The safe parts of a PostgreSQL URL, or null when `url` is not one (another scheme, unparsable).
 */
export function databaseAddress(url: string): DatabaseAddress | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!SCHEMES.includes(parsed.protocol)) return null;
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  // `postgres:///db?host=/run/postgresql` names a socket folder in the query instead.
  const host = decode(parsed.hostname) || parsed.searchParams.get('host') || 'localhost';
  return {
    host,
    port: parsed.port || parsed.searchParams.get('port') || '5432',
    database: decode(parsed.pathname.replace(/^\//, '')),
    user: decode(parsed.username),
  };
}

/** `database "archive" on db.example.org:5432`, for messages; never the password. */
export function describeDatabase(address: DatabaseAddress): string {
  const name = address.database || address.user;
  return `${name ? `database "${name}"` : 'the database'} on ${address.host}:${address.port}`;
}

/** `PostgreSQL, database "archive" on db.example.org:5432` for a start-up banner; never the password. */
export function describeDatabaseUrl(url: string): string {
  const address = databaseAddress(url);
  return `PostgreSQL, ${address ? describeDatabase(address) : 'DATABASE_URL (unreadable)'}`;
}
