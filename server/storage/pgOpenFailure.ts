/**
 * Why a PostgreSQL connection failed, in words for the person running the server: the driver's
 * own errors range from an empty AggregateError (a refused connection on every address of
 * `localhost`) to a SQLSTATE code.
 */
import type { DatabaseAddress } from './databaseUrl';
import { errorText } from './errorText';

/** What the server said or the network did, by SQLSTATE or Node error code. */
function knownReason(code: string, address: DatabaseAddress): string | null {
  const server = `${address.host}:${address.port}`;
  const user = address.user ? `user "${address.user}"` : 'the user';
  switch (code) {
    case 'ECONNREFUSED':
      return `nothing accepts connections at ${server} (is PostgreSQL running there?)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host "${address.host}" was not found`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${server} cannot be reached (${code})`;
    case 'ECONNRESET':
      return `${server} closed the connection (does it expect SSL? add ?sslmode=require)`;
    case '28P01':
      return `the server refused the password of ${user}`;
    case '28000':
      return `the server refused ${user} (wrong user name, or pg_hba.conf does not let it in)`;
    case '3D000':
      return `the database does not exist; create it first (createdb ${address.database || '…'})`;
    case '42501':
      return `${user} may not create the tables it needs here (${code})`;
    case '53300':
      return 'the server has no connection slots left (too many clients)';
    case '57P03':
      return 'the server is starting up or shutting down; try again shortly';
    default:
      return null;
  }
}

/**
 * One line saying why `error` happened, with the URL and its password removed from anything the
 * driver said.
 */
export function openFailureReason(error: unknown, url: string, address: DatabaseAddress): string {
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? knownReason(code, address) : null;
  if (known) return known;
  let text = errorText(error);
  if (/timeout/i.test(text)) {
    return `${address.host}:${address.port} did not answer in time`;
  }
  text = text.replaceAll(url, 'DATABASE_URL');
  const password = passwordOf(url);
  // Replacing a password of a letter or two would garble ordinary words (and hides little).
  if (password.length >= 3) text = text.replaceAll(password, '***');
  return text.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}
