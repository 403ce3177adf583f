import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpApiEvent } from '../../../server/lambda';

const temp = mkdtempSync(join(tmpdir(), 'globe-lambda-'));
const archive = join(temp, 'archive.json');
const NODES = Array.from({ length: 20 }, (_, i) => ({
  video_id: `v${i}`,
  title: `Video ${i} about the recovery`,
  lat: 38.6,
  lng: -90.2,
}));
writeFileSync(archive, JSON.stringify({ nodes: NODES }));

afterAll(() => rmSync(temp, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** The module opens its store once per container, so each test loads a fresh copy. */
async function lambda(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import('../../../server/lambda');
}

function event(rawPath: string, headers: Record<string, string> = {}): HttpApiEvent {
  return { rawPath, headers, requestContext: { http: { method: 'GET' } } };
}

describe('lambda.handler', () => {
  it('answers the bundled archive, base64-encoded when compressed, behind a stage prefix', async () => {
    const { handler } = await lambda({
      ARCHIVE_FILE: archive,
      APP_ORIGIN: 'https://archive.example.org',
    });
    const result = await handler(
      event('/prod/nodes', { 'accept-encoding': 'br', origin: 'https://archive.example.org' }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(true);
    expect(result.headers['Content-Encoding']).toBe('br');
    expect(result.headers['Access-Control-Allow-Origin']).toBe('https://archive.example.org');
    const json = brotliDecompressSync(Buffer.from(result.body, 'base64')).toString();
    expect(JSON.parse(json)).toEqual(NODES);

    const plain = await handler(event('/nodes'));
    expect(plain.isBase64Encoded).toBe(false);
    expect(JSON.parse(plain.body)).toEqual(NODES);
    const revalidated = await handler(
      event('/nodes', { 'if-none-match': plain.headers.ETag ?? '' }),
    );
    expect(revalidated.statusCode).toBe(304);
  });

  it('answers 503 saying what to configure when no archive is bundled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { handler } = await lambda({ ARCHIVE_FILE: '' });
    const result = await handler(event('/nodes'));
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body).error).toMatch(/ARCHIVE_FILE is not set/);
  });
});
