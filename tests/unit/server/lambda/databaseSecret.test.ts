import { describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../../../server/config/serverConfig';
import { databaseUrlOfSecret, withDatabaseSecret } from '../../../../server/lambda/databaseSecret';
import { readLambdaSetup } from '../../../../server/lambda/lambdaSetup';

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:globe-archive/db-AbC123';

describe('DATABASE_URL_SECRET_ARN', () => {
  it('reads the URL from the secret, leaving the environment it was given alone', async () => {
    const readSecret = vi.fn(async () => ' postgres://archive:s3cret@db.example.org:5432/archive ');
    const env = { DATABASE_URL_SECRET_ARN: ARN };
    const read = await withDatabaseSecret(env, readSecret);
    expect(readSecret).toHaveBeenCalledWith(ARN);
    expect(read.DATABASE_URL).toBe('postgres://archive:s3cret@db.example.org:5432/archive');
    expect(env).toEqual({ DATABASE_URL_SECRET_ARN: ARN });
  });

  it('makes the URL from an RDS secret, escaping what a password may hold', () => {
    const url = databaseUrlOfSecret(
      JSON.stringify({
        engine: 'postgres',
        host: 'archive.cluster-abc.us-east-1.rds.amazonaws.com',
        port: 5432,
        username: 'archive',
        password: 'p@ss/word:#?',
        dbname: 'globe',
      }),
    );
    expect(url).toBe(
      'postgres://archive:p%40ss%2Fword%3A%23%3F@archive.cluster-abc.us-east-1.rds.amazonaws.com:5432/globe?sslmode=require',
    );
    expect(new URL(url).password).toBe('p%40ss%2Fword%3A%23%3F');
  });

  it('changes nothing when it is not set, and never asks AWS then', async () => {
    const readSecret = vi.fn(async () => 'postgres://x@y/z');
    const env = { DATABASE_URL: 'postgres://a@b/c' };
    expect(await withDatabaseSecret(env, readSecret)).toBe(env);
    expect(readSecret).not.toHaveBeenCalled();
  });

  it.each([
    [{ DATABASE_URL_SECRET_ARN: ARN, DATABASE_URL: 'postgres://a@b/c' }, /one way only/],
    [{ DATABASE_URL_SECRET_ARN: 'globe-archive/db' }, /is not a Secrets Manager secret's ARN/],
    [{ DATABASE_URL_SECRET_ARN: `${ARN}\nDATABASE_URL=x` }, /is not a Secrets Manager/],
  ])('refuses %j, naming the variable', async (env, message) => {
    const readSecret = vi.fn(async () => 'postgres://x@y/z');
    await expect(withDatabaseSecret(env, readSecret)).rejects.toThrow(message);
    await expect(withDatabaseSecret(env, readSecret)).rejects.toBeInstanceOf(ConfigError);
    expect(readSecret).not.toHaveBeenCalled();
  });

  it('says why a secret cannot be used, and never what it holds', async () => {
    const denied = async () => {
      throw new Error('User is not authorized to perform: secretsmanager:GetSecretValue');
    };
    await expect(withDatabaseSecret({ DATABASE_URL_SECRET_ARN: ARN }, denied)).rejects.toThrow(
      'DATABASE_URL_SECRET_ARN: the secret could not be read: User is not authorized',
    );
    const wrong = withDatabaseSecret({ DATABASE_URL_SECRET_ARN: ARN }, async () => 'hunter2');
    await expect(wrong).rejects.toThrow(/neither a postgres:\/\/ URL nor the JSON/);
    await expect(wrong).rejects.not.toThrow(/hunter2/);
  });

  it('gives the function its database: the log names the host, never the password', async () => {
    const { summary } = await readLambdaSetup(
      { DATABASE_URL_SECRET_ARN: ARN },
      () => undefined,
      async () => 'postgres://archive:s3cret@db.example.org:5432/archive',
    );
    expect(summary).toContain('db.example.org');
    expect(summary).not.toContain('s3cret');
  });
});
