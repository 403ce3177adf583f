/**
 * `DATABASE_URL_SECRET_ARN`: the nodes-service function's database, read from AWS Secrets Manager
 * at start rather than from its environment, so the password is in no function configuration, no
 * template and no console page. The secret holds the URL itself (`postgres://…`), or the JSON an
 * RDS or Aurora database's generated secret has (`host`, `port`, `username`, `password`, `dbname`).
 */
import { ConfigError } from '../config/serverConfig';

/** Reads a secret's string by its ARN (Secrets Manager's GetSecretValue). */
export type SecretReader = (arn: string) => Promise<string>;

/** A Secrets Manager secret's full ARN (also the deployment template's pattern for it). */
export const SECRET_ARN = /^arn:aws[\w-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:[\w/+=.@-]+$/;

/** GetSecretValue through the AWS SDK the Lambda runtime provides (loaded only when needed). */
export const readSecretFromAws: SecretReader = async (arn) => {
  const { SecretsManagerClient, GetSecretValueCommand } =
    await import('@aws-sdk/client-secrets-manager');
  const answer = await new SecretsManagerClient({}).send(
    new GetSecretValueCommand({ SecretId: arn }),
  );
  if (answer.SecretString === undefined) throw new Error('the secret holds no text');
  return answer.SecretString;
};

interface RdsSecret {
  host: string;
  port?: number | string;
  username: string;
  password: string;
  dbname?: string;
}

function isRdsSecret(value: unknown): value is RdsSecret {
  if (typeof value !== 'object' || value === null) return false;
  const { host, username, password } = value as Record<string, unknown>;
  return typeof host === 'string' && typeof username === 'string' && typeof password === 'string';
}

/** The URL a secret's text names: the text itself, or one made from an RDS secret's JSON. */
export function databaseUrlOfSecret(text: string): string {
  const trimmed = text.trim();
  if (/^postgres(ql)?:\/\//i.test(trimmed)) return trimmed;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    parsed = null;
  }
  if (!isRdsSecret(parsed)) {
    throw new ConfigError(
      'DATABASE_URL_SECRET_ARN: the secret is neither a postgres:// URL nor the JSON of an RDS ' +
        'database secret (host, port, username, password, dbname).',
    );
  }
  const user = encodeURIComponent(parsed.username);
  const password = encodeURIComponent(parsed.password);
  const port = parsed.port === undefined ? '' : `:${String(parsed.port)}`;
  const database = encodeURIComponent(parsed.dbname ?? 'postgres');
  return `postgres://${user}:${password}@${parsed.host}${port}/${database}?sslmode=require`;
}

/**
 * The environment with `DATABASE_URL` read from the secret `DATABASE_URL_SECRET_ARN` names; the
 * environment as it is when that is not set.
 *
 * @throws ConfigError when both are set, the ARN is not one, or the secret cannot be read or used.
 */
export async function withDatabaseSecret(
  env: NodeJS.ProcessEnv,
  readSecret: SecretReader = readSecretFromAws,
): Promise<NodeJS.ProcessEnv> {
  const arn = env.DATABASE_URL_SECRET_ARN?.trim() ?? '';
  if (arn === '') return env;
  if (env.DATABASE_URL?.trim()) {
    throw new ConfigError(
      'DATABASE_URL_SECRET_ARN: DATABASE_URL is set too; name the database one way only.',
    );
  }
  if (!SECRET_ARN.test(arn)) {
    throw new ConfigError(
      `DATABASE_URL_SECRET_ARN: "${arn}" is not a Secrets Manager secret's ARN.`,
    );
  }
  let text: string;
  try {
    text = await readSecret(arn);
  } catch (error) {
    // The SDK's message names the cause (no permission, no such secret) and never the value.
    const why = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`DATABASE_URL_SECRET_ARN: the secret could not be read: ${why}`);
  }
  return { ...env, DATABASE_URL: databaseUrlOfSecret(text) };
}
