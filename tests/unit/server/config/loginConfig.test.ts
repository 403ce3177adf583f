/**
 * The /login function's configuration (`LOGIN_*`, `EDITOR_ALLOWLIST`, `APP_ORIGIN`): off without a
 * pool, derived from the pool's id where it can be, and a `ConfigError` naming the variable that
 * is wrong.
 */
import { describe, expect, it } from 'vitest';
import { readLoginConfig } from '../../../../server/config/loginConfig';
import { ConfigError } from '../../../../server/config/serverConfig';
import { APP, CLIENT_ID, POOL_ID } from '../support/loginHarness';

describe('readLoginConfig', () => {
  it('is off without LOGIN_USER_POOL_ID', () => {
    expect(readLoginConfig({})).toBeNull();
    expect(readLoginConfig({ LOGIN_USER_POOL_ID: '  ', LOGIN_CLIENT_ID: 'x' })).toBeNull();
  });

  it('derives the region, issuer and JWKS URL from the pool id', () => {
    const config = readLoginConfig({
      LOGIN_USER_POOL_ID: 'eu-west-2_AbC123',
      LOGIN_CLIENT_ID: CLIENT_ID,
      EDITOR_ALLOWLIST: ' Alice , @Example.org ,',
      APP_ORIGIN: 'https://archive.example.org/',
    });
    expect(config).toEqual({
      userPoolId: 'eu-west-2_AbC123',
      clientId: CLIENT_ID,
      region: 'eu-west-2',
      issuer: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123',
      jwksUrl: new URL(
        'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123/.well-known/jwks.json',
      ),
      adminEndpoint: null,
      local: false,
      allowList: ['Alice', '@Example.org'],
      usernamesCaseSensitive: true,
      appOrigins: [APP],
    });
  });

  it('takes explicit values', () => {
    const config = readLoginConfig({
      LOGIN_USER_POOL_ID: 'us-east-1_AbC123',
      LOGIN_CLIENT_ID: CLIENT_ID,
      LOGIN_REGION: 'us-west-2',
      LOGIN_ISSUER: 'https://issuer.example.org/pool/',
      LOGIN_JWKS_URL: 'https://keys.example.org/jwks.json',
      LOGIN_ADMIN_ENDPOINT: 'https://cognito.example.org',
      LOGIN_USERNAMES_CASE_SENSITIVE: 'false',
    });
    expect(config).toMatchObject({
      usernamesCaseSensitive: false,
      region: 'us-west-2',
      issuer: 'https://issuer.example.org/pool',
      jwksUrl: new URL('https://keys.example.org/jwks.json'),
      adminEndpoint: 'https://cognito.example.org',
      allowList: [],
      appOrigins: [],
    });
  });

  it('accepts http JWKS and admin URLs only with LOGIN_LOCAL=true', () => {
    const local = {
      LOGIN_USER_POOL_ID: 'local_GlobeArch',
      LOGIN_CLIENT_ID: CLIENT_ID,
      LOGIN_ISSUER: 'http://127.0.0.1:9229/local_GlobeArch',
      LOGIN_ADMIN_ENDPOINT: 'http://127.0.0.1:9229',
    };
    expect(() => readLoginConfig(local)).toThrow(/LOGIN_JWKS_URL \(from LOGIN_ISSUER\).*https/);
    expect(() =>
      readLoginConfig({ ...local, LOGIN_JWKS_URL: 'http://127.0.0.1:9229/jwks.json' }),
    ).toThrow(/LOGIN_JWKS_URL.*LOGIN_LOCAL=true/);
    expect(() =>
      readLoginConfig({ ...local, LOGIN_JWKS_URL: 'https://keys.example.org/jwks.json' }),
    ).toThrow(/LOGIN_ADMIN_ENDPOINT/);
    expect(readLoginConfig({ ...local, LOGIN_LOCAL: 'true' })).toMatchObject({
      region: 'local',
      local: true,
      jwksUrl: new URL('http://127.0.0.1:9229/local_GlobeArch/.well-known/jwks.json'),
      adminEndpoint: 'http://127.0.0.1:9229',
    });
  });

  it.each([
    [{ LOGIN_USER_POOL_ID: 'not a pool', LOGIN_CLIENT_ID: 'c' }, /^LOGIN_USER_POOL_ID:/],
    [{ LOGIN_USER_POOL_ID: POOL_ID }, /^LOGIN_CLIENT_ID:/],
    [{ LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: 'c', LOGIN_LOCAL: 'yes' }, /^LOGIN_LOCAL:/],
    [
      { LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: 'c', LOGIN_REGION: 'US East' },
      /^LOGIN_REGION:/,
    ],
    [{ LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: 'c', LOGIN_ISSUER: 'pool' }, /^LOGIN_ISSUER:/],
    [
      { LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: 'c', EDITOR_ALLOWLIST: 'alice, @example' },
      /^EDITOR_ALLOWLIST: "@example"/,
    ],
    [
      { LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: 'c', EDITOR_ALLOWLIST: 'alice bob' },
      /^EDITOR_ALLOWLIST:/,
    ],
    [
      { LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: 'c', APP_ORIGIN: 'https://a.org/app' },
      /^APP_ORIGIN:/,
    ],
  ])('names the variable that is wrong: %o', (env, message) => {
    expect(() => readLoginConfig(env)).toThrow(ConfigError);
    expect(() => readLoginConfig(env)).toThrow(message);
  });
});
