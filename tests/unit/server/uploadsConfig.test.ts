import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../server/config';
import { contentSecurityPolicy } from '../../../server/securityHeaders';

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

describe('TRUST_PROXY', () => {
  it('is off unless set to 1 (or true), and names itself when unclear', () => {
    expect(readConfig({}, root).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }, root).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }, root).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: 'true' }, root).trustProxy).toBe(true);
    expect(configError({ TRUST_PROXY: 'yes please' })).toMatch(/^TRUST_PROXY:/);
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
