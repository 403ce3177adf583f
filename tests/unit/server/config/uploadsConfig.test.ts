import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../../server/config/serverConfig';
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

const BUCKET = {
  UPLOADS_BUCKET: 'archive-photos',
  UPLOADS_PUBLIC_URL: 'https://photos.example.org/',
};

describe('uploads settings', () => {
  it('keep photos in data/uploads, UPLOADS_DIR, or a temporary folder with ARCHIVE_FILE', () => {
    expect(readConfig({}, root).uploads).toEqual({
      kind: 'folder',
      dir: join(root, 'data/uploads'),
    });
    expect(readConfig({ UPLOADS_DIR: 'tmp/photos' }, root).uploads).toEqual({
      kind: 'folder',
      dir: resolve('tmp/photos'),
    });
    expect(readConfig({ ARCHIVE_FILE: 'a.json' }, root).uploads).toEqual({
      kind: 'folder',
      dir: null,
    });
    expect(readConfig({ ARCHIVE_FILE: 'a.json', UPLOADS_DIR: 'p' }, root).uploads).toEqual({
      kind: 'folder',
      dir: resolve('p'),
    });
  });

  it('name a bucket, its public URL and an optional prefix', () => {
    expect(readConfig(BUCKET, root).uploads).toEqual({
      kind: 's3',
      bucket: 'archive-photos',
      publicUrl: 'https://photos.example.org',
      prefix: '',
    });
    expect(readConfig({ ...BUCKET, UPLOADS_PREFIX: '/community/photos/' }, root).uploads).toEqual(
      expect.objectContaining({ prefix: 'community/photos/' }),
    );
  });

  it('name the variable of a value they cannot use', () => {
    expect(configError({ UPLOADS_BUCKET: 'archive-photos' })).toMatch(
      /^UPLOADS_PUBLIC_URL: required with UPLOADS_BUCKET/,
    );
    expect(configError({ ...BUCKET, UPLOADS_PUBLIC_URL: 'ftp://photos.example.org' })).toMatch(
      /^UPLOADS_PUBLIC_URL:/,
    );
    expect(configError({ ...BUCKET, UPLOADS_PUBLIC_URL: 'https://x.example/?a=1' })).toMatch(
      /^UPLOADS_PUBLIC_URL:/,
    );
    expect(configError({ ...BUCKET, UPLOADS_BUCKET: 'Archive_Photos' })).toMatch(
      /^UPLOADS_BUCKET:/,
    );
    expect(configError({ ...BUCKET, UPLOADS_PREFIX: 'a/../b' })).toMatch(/^UPLOADS_PREFIX:/);
    expect(configError({ ...BUCKET, UPLOADS_PREFIX: 'a b' })).toMatch(/^UPLOADS_PREFIX:/);
    expect(configError({ ...BUCKET, UPLOADS_DIR: 'p' })).toMatch(/^UPLOADS_DIR:/);
  });
});

describe('upload quotas', () => {
  const MB = 1024 * 1024;

  it('allow a client 200 MB a day and 5 GB waiting for review in all, unless set in whole MB', () => {
    expect(readConfig({}, root).uploadQuotas).toEqual({
      clientDailyBytes: 200 * MB,
      pendingBytes: 5120 * MB,
    });
    expect(
      readConfig({ UPLOADS_CLIENT_DAILY_MB: ' 50 ', UPLOADS_PENDING_MAX_MB: '1024' }, root)
        .uploadQuotas,
    ).toEqual({ clientDailyBytes: 50 * MB, pendingBytes: 1024 * MB });
    expect(readConfig({ UPLOADS_CLIENT_DAILY_MB: '' }, root).uploadQuotas.clientDailyBytes).toBe(
      200 * MB,
    );
  });

  it('refuse anything but a whole number of megabytes, naming the variable', () => {
    for (const value of ['0', '-5', '1.5', '200MB', '1e3', '0x10', 'lots', '9999999999']) {
      expect(configError({ UPLOADS_CLIENT_DAILY_MB: value }), value).toMatch(
        /^UPLOADS_CLIENT_DAILY_MB: ".*" is not a whole number of megabytes/,
      );
      expect(configError({ UPLOADS_PENDING_MAX_MB: value }), value).toMatch(
        /^UPLOADS_PENDING_MAX_MB:/,
      );
    }
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string) => readConfig({ TRUST_PROXY: value }, root).trustProxy;

  it('is off when unset, empty, 0 or off', () => {
    const off = { kind: 'hops', hops: 0 };
    expect(readConfig({}, root).trustProxy).toEqual(off);
    for (const value of ['', ' ', '0', 'off', 'false', 'OFF'])
      expect(trustProxy(value)).toEqual(off);
  });

  it('reads a number of hops; 1 (and true, as when it was a switch) is one proxy', () => {
    expect(trustProxy('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(trustProxy('true')).toEqual({ kind: 'hops', hops: 1 });
    expect(trustProxy(' 3 ')).toEqual({ kind: 'hops', hops: 3 });
  });

  it('reads a list of proxy addresses and CIDR ranges', () => {
    expect(trustProxy('10.0.0.0/8, 127.0.0.1,::1,10.0.0.0/8')).toEqual({
      kind: 'proxies',
      ranges: ['10.0.0.0/8', '127.0.0.1/32', '::1/128'],
    });
  });

  it('refuses anything else, naming itself', () => {
    for (const value of [
      'yes please',
      '-1',
      '1.5',
      '11',
      '1,10.0.0.1',
      '10.0.0.0/33',
      'proxy.internal',
      '10.0.0.1:80',
      ',',
    ]) {
      expect(configError({ TRUST_PROXY: value }), value).toMatch(/^TRUST_PROXY: /);
    }
    expect(configError({ TRUST_PROXY: '10.0.0.0/8,lb.internal' })).toBe(
      'TRUST_PROXY: "lb.internal" is neither a number of proxy hops (0, 1, 2…) nor a ' +
        "proxy's IP address or CIDR range; write it like 1, or 10.0.0.0/8,127.0.0.1.",
    );
  });
});

describe('the Content-Security-Policy with uploads', () => {
  const directives = (env: Record<string, string>) =>
    Object.fromEntries(
      contentSecurityPolicy(readConfig(env, root))
        .split('; ')
        .map((directive) => {
          const [name = '', ...sources] = directive.split(' ');
          return [name, sources];
        }),
    );

  it('lets in the bucket’s origin for images and the globe’s fetches', () => {
    const csp = directives({ ...BUCKET, UPLOADS_PUBLIC_URL: 'https://cdn.example.org/photos' });
    expect(csp['img-src']).toContain('https://cdn.example.org');
    expect(csp['connect-src']).toContain('https://cdn.example.org');
  });

  it('needs nothing more for photos served by this server', () => {
    expect(directives({})).toEqual(directives({ UPLOADS_DIR: 'p' }));
    expect(directives({})['img-src']).toContain("'self'");
  });
});
