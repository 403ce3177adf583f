/**
 * The /login function on Lambda: the same route behind API Gateway's stage prefix and base64
 * bodies, and a 503 that says what to configure when the function is off or misconfigured.
 */
import { describe, expect, it, vi } from 'vitest';
import type { LoginHttpApiEvent } from '../../../../server/lambda/loginLambda';
import { APP, CLIENT_ID, idToken, pool, POOL_ID, useFakePool } from '../support/loginHarness';

useFakePool();

describe('loginLambda.handler', () => {
  /** The module builds its handler at init, so each test loads a fresh copy. */
  async function lambda(env: Record<string, string | undefined>) {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    return import('../../../../server/lambda/loginLambda');
  }

  function event(
    method: string,
    rawPath: string,
    headers: Record<string, string> = {},
  ): LoginHttpApiEvent {
    return { rawPath, headers, requestContext: { http: { method } } };
  }

  const localPool = () => ({
    LOGIN_USER_POOL_ID: 'local_TestPool',
    LOGIN_CLIENT_ID: CLIENT_ID,
    LOGIN_LOCAL: 'true',
    LOGIN_ISSUER: `${pool.url}/local_TestPool`,
    LOGIN_ADMIN_ENDPOINT: pool.url,
    EDITOR_ALLOWLIST: 'alice',
    APP_ORIGIN: APP,
    // The emulator takes any signature: with none of these the function signs with stand-ins.
    AWS_ACCESS_KEY_ID: undefined,
    AWS_PROFILE: undefined,
    AWS_WEB_IDENTITY_TOKEN_FILE: undefined,
    AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: undefined,
    AWS_CONTAINER_CREDENTIALS_FULL_URI: undefined,
  });

  it('ensures the editor group behind a stage prefix, decoding a base64 body', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { handler } = await lambda(localPool());
    const token = await idToken({}, { issuer: `${pool.url}/local_TestPool` });
    const result = await handler({
      ...event('POST', '/prod/login', { authorization: `Bearer ${token}`, origin: APP }),
      body: Buffer.from('{}').toString('base64'),
      isBase64Encoded: true,
    });
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(false);
    expect(JSON.parse(result.body)).toEqual({ editor: true, added: true });
    expect(result.headers['Access-Control-Allow-Origin']).toBe(APP);
    expect(pool.adminCalls).toHaveLength(1);
    expect(pool.adminCalls[0]?.body).toEqual({
      UserPoolId: 'local_TestPool',
      Username: 'alice',
      GroupName: 'editor',
    });

    const preflight = await handler(event('OPTIONS', '/login', { origin: APP }));
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['Access-Control-Allow-Headers']).toMatch(/Authorization/);
    expect((await handler(event('GET', '/login'))).statusCode).toBe(405);
    expect((await handler(event('POST', '/login'))).statusCode).toBe(401);
  });

  it('answers 503 saying what to configure when the function is off or misconfigured', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const off = await lambda({ LOGIN_USER_POOL_ID: '' });
    const result = await off.handler(event('POST', '/login'));
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body).error).toMatch(/LOGIN_USER_POOL_ID is not set/);

    vi.resetModules();
    const broken = await lambda({ LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: '' });
    const answer = await broken.handler(event('POST', '/login'));
    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(answer.body).error).toMatch(/^LOGIN_CLIENT_ID:/);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/LOGIN_CLIENT_ID/));
  });
});
