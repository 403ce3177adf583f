/**
 * The app's pages in the visitor's language on the Node server (issue 49): an address with a
 * language's prefix is answered with that language's document (its first paint in the language,
 * before any script), an item's shared page included; an address without one is sent to the
 * visitor's language (the picker's cookie, else the browser's `Accept-Language`), or answered in
 * English; hostile or odd headers only ever pick among the three languages.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUST_NO_PROXY } from '../../../../server/app/clientAddress';
import { createSiteListener } from '../../../../server/app/nodeSite';
import { createStaticFiles } from '../../../../server/app/staticFiles';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';

const DOCUMENTS = {
  'index.html': '<!doctype html><html lang="en"><head><title>Globe Archive</title></head></html>',
  'en/index.html':
    '<!doctype html><html lang="en"><head><title>Globe Archive (en)</title></head></html>',
  'es/index.html':
    '<!doctype html><html lang="es"><head><title>Globe Archive (es)</title></head></html>',
  'bs/index.html':
    '<!doctype html><html lang="bs-Latn"><head><title>Globe Archive (bs)</title></head></html>',
};

const temp = mkdtempSync(join(tmpdir(), 'globe-language-pages-'));
const store = createMemoryStore([
  { video_id: 'porch', title: 'On the porch', lat: 38.6, lng: -90.3 },
  { video_id: 'roofs', type: 'gallery', title: 'Roofs', lat: 38.6, lng: -90.2 },
]);
const handler = createNodesHandler({ openStore: async () => store });
let server: Server;
let url: string;

beforeAll(async () => {
  for (const [file, html] of Object.entries(DOCUMENTS)) {
    mkdirSync(join(temp, file, '..'), { recursive: true });
    writeFileSync(join(temp, file), html);
  }
  server = createServer(
    createSiteListener({
      api: handler.app,
      staticFiles: createStaticFiles(temp),
      identity: null,
      csp: "default-src 'self'",
      log: () => undefined,
      uploadsFolder: null,
      trustProxy: TRUST_NO_PROXY,
      sharedItem: (id) => handler.sharedItem(id, 2000),
      siteUrl: () => 'https://archive.example.org',
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await handler.close();
  rmSync(temp, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, { headers, redirect: 'manual' });

describe('an address with a language prefix', () => {
  it("is answered with that language's document, for every page of the app", async () => {
    for (const [path, language] of [
      ['/es/', 'es'],
      ['/es', 'es'],
      ['/es/submit', 'es'],
      ['/bs/category/recovery?type=video', 'bs-Latn'],
      ['/en/statement', 'en'],
      ['/bs/editor/items', 'bs-Latn'],
    ] as const) {
      const res = await get(path, { 'Accept-Language': 'en-US' });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(`<html lang="${language}">`);
    }
  });

  it("keeps its language whatever the visitor's browser or cookie prefers", async () => {
    const res = await get('/es/resources', { 'Accept-Language': 'bs', Cookie: 'lang=en' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="es">');
  });

  it("answers an item's shared link in the language, naming the item", async () => {
    const res = await get('/es/video/porch');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('On the porch');
    // Its own address is its canonical one; the item's four addresses are its alternates.
    expect(html).toContain(
      '<link rel="canonical" href="https://archive.example.org/es/video/porch" />',
    );
    expect(
      [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(
        (link) => `${link[1]} ${link[2]}`,
      ),
    ).toEqual([
      'x-default https://archive.example.org/video/porch',
      'en https://archive.example.org/en/video/porch',
      'es https://archive.example.org/es/video/porch',
      'bs https://archive.example.org/bs/video/porch',
    ]);
  });

  it('sends an item under the other type to its one address, in the same language', async () => {
    const res = await get('/bs/video/roofs?q=krov');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/bs/gallery/roofs?q=krov');
  });

  it('answers an unknown page or item with 404 in the language', async () => {
    for (const path of ['/es/no-such-page', '/es/video/no-such-id']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('<html lang="es">');
    }
  });
});

describe('an address without a prefix', () => {
  it('is English for a browser that prefers English or none of the three', async () => {
    for (const accept of ['en-US,en;q=0.9', 'fr-FR, de;q=0.8', '', 'zz']) {
      const res = await get('/submit', { 'Accept-Language': accept });
      expect(res.status, accept).toBe(200);
      expect(await res.text(), accept).toContain('<title>Globe Archive</title>');
      expect(res.headers.get('vary'), accept).toContain('Accept-Language, Cookie');
    }
  });

  it("sends a browser that prefers Spanish or Bosnian to its language's address, query kept", async () => {
    for (const [accept, location] of [
      ['es-MX,es;q=0.9,en;q=0.8', '/es/video/porch?skipIntro=true'],
      ['hr-HR,hr;q=0.9', '/bs/video/porch?skipIntro=true'],
      ['sr-Latn-BA', '/bs/video/porch?skipIntro=true'],
      ['fr;q=0.9, bs;q=0.8, en;q=0.1', '/bs/video/porch?skipIntro=true'],
      ['en;q=0.5, es;q=0.8', '/es/video/porch?skipIntro=true'],
    ] as const) {
      const res = await get('/video/porch?skipIntro=true', { 'Accept-Language': accept });
      expect(res.status, accept).toBe(302);
      expect(res.headers.get('location'), accept).toBe(location);
      expect(res.headers.get('vary'), accept).toBe('Accept-Language, Cookie');
      expect(res.headers.get('cache-control'), accept).toBe('no-cache');
    }
  });

  it("follows the picker's remembered choice before the browser's languages", async () => {
    const english = await get('/', { 'Accept-Language': 'es', Cookie: 'theme=dark; lang=en' });
    expect(english.status).toBe(302);
    expect(english.headers.get('location')).toBe('/en/');
    const bosnian = await get('/contact', { 'Accept-Language': 'en', Cookie: 'lang=bs' });
    expect(bosnian.headers.get('location')).toBe('/bs/contact');
  });

  it('reads hostile headers as no preference: never a redirect anywhere else', async () => {
    for (const headers of <Record<string, string>[]>[
      { Cookie: 'lang=../../evil' },
      { Cookie: 'lang=https://evil.example' },
      { Cookie: 'lang=pseudo' },
      { 'Accept-Language': 'es;q=2, <script>' },
      { 'Accept-Language': `${'x,'.repeat(5000)}es` },
      { 'Accept-Language': 'es;q=0' },
    ]) {
      const res = await get('/statement', headers);
      const label = JSON.stringify(headers).slice(0, 80);
      expect(res.status, label).toBe(200);
      expect(await res.text(), label).toContain('<html lang="en">');
    }
  });

  it('leaves files, the API and unknown paths alone', async () => {
    const spanish = { 'Accept-Language': 'es' };
    expect((await get('/api/nodes', spanish)).status).toBe(200);
    expect((await get('/robots.txt', spanish)).status).toBe(200);
    expect((await get('/logo.svg', spanish)).status).toBe(404);
    expect((await get('/no-such-page', spanish)).status).toBe(404);
  });
});
