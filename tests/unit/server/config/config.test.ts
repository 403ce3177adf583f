import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../../server/config/serverConfig';
import { loadDotEnv } from '../../../../server/node/dotenv';
import { contentSecurityPolicy } from '../../../../server/app/securityHeaders';

const root = '/srv/globe-archive';

function configError(env: Record<string, string>): string {
  try {
    readConfig(env, root);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('readConfig', () => {
  it('has defaults that keep the server on this machine and its data in the project', () => {
    expect(readConfig({}, root)).toEqual({
      port: 5173,
      host: '127.0.0.1',
      staticDir: join(root, 'dist'),
      dataDir: join(root, 'data/nodes'),
      archiveFile: null,
      seedFile: join(root, 'server/data/sample-archive.json'),
      databaseUrl: null,
      appOrigins: [],
      siteUrl: null,
      adminEmail: null,
      serviceOrigins: [],
      mediaOrigins: [],
      scriptOrigins: [],
      analytics: false,
      identity: {
        dir: join(root, 'data/identity'),
        confirmationCode: '123456',
        authFlow: 'USER_SRP_AUTH',
      },
      uploads: { kind: 'folder', dir: join(root, 'data/uploads') },
      uploadQuotas: { clientDailyBytes: 200 * 1024 * 1024, pendingBytes: 5120 * 1024 * 1024 },
      trustProxy: { kind: 'hops', hops: 0 },
    });
  });

  it('runs the local identity server unless IDENTITY=off, leaving nothing behind with ARCHIVE_FILE', () => {
    expect(readConfig({ IDENTITY: 'OFF' }, root).identity).toBeNull();
    expect(readConfig({ IDENTITY: 'local', ARCHIVE_FILE: 'a.json' }, root).identity).toEqual({
      dir: null,
      confirmationCode: '123456',
      authFlow: 'USER_SRP_AUTH',
    });
    // The local client allows the app's sign-in flow; a flow the app does not have is refused.
    expect(
      readConfig({ ARCHIVE_FILE: 'a.json', VITE_COGNITO_AUTH_FLOW: 'CUSTOM_AUTH' }, root).identity
        ?.authFlow,
    ).toBe('CUSTOM_AUTH');
    expect(() => readConfig({ VITE_COGNITO_AUTH_FLOW: 'ADMIN_NO_SRP_AUTH' }, root)).toThrow(
      'VITE_COGNITO_AUTH_FLOW: "ADMIN_NO_SRP_AUTH" is not one of USER_SRP_AUTH, USER_PASSWORD_AUTH, CUSTOM_AUTH.',
    );
    expect(
      readConfig(
        { ARCHIVE_FILE: 'a.json', IDENTITY_DIR: 'tmp/id', IDENTITY_CONFIRMATION_CODE: '000111' },
        root,
      ).identity,
    ).toEqual({ dir: resolve('tmp/id'), confirmationCode: '000111', authFlow: 'USER_SRP_AUTH' });
  });

  it('refuses the local identity server on a host other machines reach, unless told to allow it', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'archive.example.org', '[2001:db8::1]']) {
      expect(() => readConfig({ HOST: host }, root)).toThrow(
        new RegExp(`^IDENTITY: .*HOST=${host.replace(/[.[\]]/g, '\\$&')}.*IDENTITY=off`),
      );
      expect(readConfig({ HOST: host, IDENTITY: 'off' }, root).identity).toBeNull();
      expect(
        readConfig({ HOST: host, IDENTITY_ON_NETWORK: 'allow' }, root).identity,
      ).not.toBeNull();
    }
    for (const host of ['127.0.0.1', '127.10.0.2', 'localhost', 'LOCALHOST', '::1', '[::1]']) {
      expect(readConfig({ HOST: host }, root).identity).not.toBeNull();
    }
    // Only the explicit word counts: a typo or "1" is not a decision to expose the accounts.
    expect(() => readConfig({ HOST: '0.0.0.0', IDENTITY_ON_NETWORK: 'yes' }, root)).toThrow(
      /^IDENTITY_ON_NETWORK: "yes" is not allow/,
    );
  });

  it('reads paths given in the environment from the working directory', () => {
    const config = readConfig(
      { DATA_DIR: 'tmp/db', ARCHIVE_FILE: 'archive.json', PORT: '0' },
      root,
    );
    expect(config.dataDir).toBe(resolve('tmp/db'));
    expect(config.archiveFile).toBe(resolve('archive.json'));
    expect(config.port).toBe(0);
  });

  it('serves only the API with STATIC_DIR=none or empty', () => {
    expect(readConfig({ STATIC_DIR: 'none' }, root).staticDir).toBeNull();
    expect(readConfig({ STATIC_DIR: '' }, root).staticDir).toBeNull();
  });

  it('reads a comma-separated APP_ORIGIN list as origins', () => {
    const { appOrigins } = readConfig(
      { APP_ORIGIN: ' https://Archive.Example.org/ , http://localhost:5173,*' },
      root,
    );
    expect(appOrigins).toEqual(['https://archive.example.org', 'http://localhost:5173', '*']);
  });

  it('reads the site’s public address and the harvesters’ contact, never from a request', () => {
    const config = readConfig(
      { SITE_URL: 'https://Archive.Example.org/', ADMIN_EMAIL: ' editors@archive.example.org ' },
      root,
    );
    expect([config.siteUrl, config.adminEmail]).toEqual([
      'https://archive.example.org',
      'editors@archive.example.org',
    ]);
    expect(configError({ SITE_URL: 'https://archive.example.org/app' })).toMatch(/^SITE_URL:/);
    expect(configError({ SITE_URL: 'archive.example.org' })).toMatch(/^SITE_URL:/);
    for (const email of ['editors', 'editors@localhost', 'a b@example.org', '<x>@example.org']) {
      expect(configError({ ADMIN_EMAIL: email }), email).toMatch(/^ADMIN_EMAIL:/);
    }
  });

  it('names the variable of a value it cannot use', () => {
    expect(configError({ PORT: '70000' })).toMatch(/^PORT: "70000"/);
    expect(configError({ APP_ORIGIN: 'https://archive.example.org/app' })).toMatch(/^APP_ORIGIN:/);
    expect(configError({ APP_ORIGIN: 'https://*.example.org' })).toMatch(/^APP_ORIGIN:/);
    expect(configError({ SERVICE_ORIGINS: 'ftp://x.example' })).toMatch(/^SERVICE_ORIGINS:/);
    expect(configError({ IDENTITY: 'aws' })).toBe('IDENTITY: "aws" is neither local nor off.');
    expect(configError({ IDENTITY_CONFIRMATION_CODE: '12345' })).toMatch(
      /^IDENTITY_CONFIRMATION_CODE:/,
    );
  });

  it('takes a PostgreSQL DATABASE_URL, and never repeats a wrong one (it holds a password)', () => {
    const url = 'postgresql://archive:s3cret@db.example.org:5432/archive?sslmode=require';
    expect(readConfig({ DATABASE_URL: ` ${url} ` }, root).databaseUrl).toBe(url);
    expect(readConfig({ DATABASE_URL: 'postgres://localhost/archive' }, root).databaseUrl).toBe(
      'postgres://localhost/archive',
    );
    expect(readConfig({ DATABASE_URL: ' ' }, root).databaseUrl).toBeNull();
    const message = configError({ DATABASE_URL: 'mysql://archive:s3cret@db.example.org/archive' });
    expect(message).toMatch(/^DATABASE_URL: not a PostgreSQL URL/);
    expect(message).not.toContain('s3cret');
  });
});

describe('contentSecurityPolicy', () => {
  it('lets the app call its configured services and show configured media', () => {
    const config = readConfig(
      {
        SERVICE_ORIGINS:
          'https://cognito-idp.us-east-1.amazonaws.com,https://*.lambda-url.us-east-1.on.aws',
        MEDIA_ORIGINS: 'https://media.example.org',
        SCRIPT_ORIGINS: 'https://www.googletagmanager.com',
      },
      root,
    );
    const csp = Object.fromEntries(
      contentSecurityPolicy(config)
        .split('; ')
        .map((directive) => {
          const [name = '', ...sources] = directive.split(' ');
          return [name, sources];
        }),
    );
    expect(csp['connect-src']).toEqual([
      "'self'",
      // An editor's copy in memory of a visitor's 3D capture, which the viewer loads.
      'blob:',
      'https://i.ytimg.com',
      'https://media.example.org',
      'https://cognito-idp.us-east-1.amazonaws.com',
      'https://*.lambda-url.us-east-1.on.aws',
    ]);
    expect(csp['img-src']).toContain('https://media.example.org');
    expect(csp['script-src']).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
  });

  const policy = (env: NodeJS.ProcessEnv) =>
    Object.fromEntries(
      contentSecurityPolicy(readConfig(env, root))
        .split('; ')
        .map((directive) => {
          const [name = '', ...sources] = directive.split(' ');
          return [name, sources];
        }),
    );

  it("lets in Google's tag, its hits and the player API only when the app has analytics", () => {
    const off = policy({});
    expect(off['script-src']).toEqual(["'self'"]);
    expect(off['connect-src']?.join(' ')).not.toMatch(/google/);
    const on = policy({ VITE_GA_MEASUREMENT_ID: 'G-TEST123' });
    expect(on['script-src']).toEqual([
      "'self'",
      'https://*.googletagmanager.com',
      'https://www.youtube.com',
    ]);
    expect(on['connect-src']).toEqual(
      expect.arrayContaining([
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
      ]),
    );
    expect(on['img-src']).toContain('https://*.google-analytics.com');
    expect(policy({ VITE_GA_MEASUREMENT_ID: '  ' })['script-src']).toEqual(["'self'"]);
  });
});

describe('loadDotEnv', () => {
  it('fills in unset variables from .env.local, then .env, never over the real environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'globe-dotenv-'));
    try {
      writeFileSync(join(dir, '.env'), 'PORT=6000\nHOST=0.0.0.0\nDATA_DIR=from-env\n# comment\n');
      writeFileSync(join(dir, '.env.local'), 'DATA_DIR=from-local\n');
      const env: NodeJS.ProcessEnv = { PORT: '7000' };
      expect(loadDotEnv(dir, env)).toEqual(['.env.local', '.env']);
      expect(env).toEqual({ PORT: '7000', HOST: '0.0.0.0', DATA_DIR: 'from-local' });
      expect(loadDotEnv(join(dir, 'nowhere'), env)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
