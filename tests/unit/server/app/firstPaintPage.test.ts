import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../../server/config/serverConfig';
import {
  escapeHtml,
  inlineScriptHashes,
  ITEM_MARKER,
  sharedItemRoute,
  sharedPicture,
  withSharedItem,
  type SharedItem,
} from '../../../../server/app/firstPaintPage';
import { startServer, type RunningServer } from '../../../../server/node/http';
import { normalizeArchive, type MediaNode } from '../../../../src/lib/nodeModel';

/** The app's own document, as `npm run build` copies it (Vite leaves its inline script alone). */
const INDEX = readFileSync(new URL('../../../../index.html', import.meta.url), 'utf8');
const HOSTILE = '</title><script>window.__pwned=1</script> "quoted" & \'single\'';

const item = (over: Partial<SharedItem> = {}): SharedItem => ({
  id: 'clayton-first-responders',
  type: 'video',
  title: 'First Responders in Clayton',
  description: 'Crews at work on the morning after.',
  ...over,
});

describe('sharedItemRoute', () => {
  it('reads the item of a video or gallery link, decoded', () => {
    expect(sharedItemRoute('/video/clayton-first-responders')).toEqual({
      type: 'video',
      id: 'clayton-first-responders',
    });
    expect(sharedItemRoute('/gallery/caf%C3%A9/')).toEqual({ type: 'gallery', id: 'café' });
  });

  it('reads nothing from other paths, nor from a path that does not decode', () => {
    for (const path of [
      '/',
      '/category/x',
      '/video/',
      '/video/a/b',
      '/statement',
      '/video/%E0%A4%A',
    ])
      expect(sharedItemRoute(path), path).toBeNull();
  });
});

describe('withSharedItem', () => {
  it("names the item in the tab, the link previews and under the app's preloader", () => {
    const page = withSharedItem(INDEX, item());
    expect(page).toContain('<title>First Responders in Clayton · Globe Archive</title>');
    expect(page).toContain('<meta property="og:title" content="First Responders in Clayton" />');
    expect(page).toContain(
      '<meta property="og:description" content="Video: Crews at work on the morning after." />',
    );
    // The page's own description stays the archive's: the app puts it back when the item closes.
    expect(/name="description"\s+content="([^"]*)"/.exec(page)?.[1]).toMatch(/^A public archive/);
    expect(page).toContain(
      '<p class="preloader__item" data-item="clayton-first-responders">First Responders in Clayton</p>',
    );
    expect(page).not.toContain(ITEM_MARKER);
    // Nothing else changes: the inline script (and so its hash) is the built one.
    expect(inlineScriptHashes(page)).toEqual(inlineScriptHashes(INDEX));
  });

  it('escapes whatever the title and description hold: they stay text', () => {
    const page = withSharedItem(INDEX, item({ title: HOSTILE, description: HOSTILE }));
    expect(page).not.toContain('<script>window.__pwned');
    expect(page).not.toContain('"quoted"');
    expect(page).toContain(`>${escapeHtml(HOSTILE)}</p>`);
    // One title element, still closed where the document closes it.
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/<\/title>/g)).toHaveLength(1);
  });

  it("shows the item's picture above its title, as the list shows it, through the checked URL helper", () => {
    const node = (raw: Record<string, unknown>) =>
      normalizeArchive([{ video_id: 'a', title: 'A', lat: 38.6, lng: -90.2, ...raw }])
        .nodes[0] as MediaNode;
    const video = node({ thumbUrl: '/sample/a/thumb.jpg' });
    const page = withSharedItem(INDEX, item({ node: video }));
    expect(page).toContain(
      '<img class="preloader__picture" src="/sample/a/thumb.jpg" alt="" width="320" height="180" crossorigin="anonymous" decoding="async" /><p class="preloader__item"',
    );
    const gallery = node({
      type: 'gallery',
      images: [
        {
          url: 'https://photos.example.org/1.jpg',
          thumbUrl: 'https://photos.example.org/1-thumb.jpg',
        },
      ],
    });
    expect(sharedPicture(item({ type: 'gallery', node: gallery }))).toBe(
      'https://photos.example.org/1-thumb.jpg',
    );
    // No picture of its own, or none the document may show: no picture at all.
    expect(sharedPicture(item())).toBeNull();
    expect(sharedPicture(item({ node: node({}) }))).toBeNull();
    const hostile = { ...video, thumbUrl: 'javascript:alert(1)' };
    expect(sharedPicture(item({ node: hostile }))).toBeNull();
    expect(withSharedItem(INDEX, item({ node: hostile }))).not.toContain(
      '<img class="preloader__picture"',
    );
    const quoted = { ...video, thumbUrl: '/a.jpg" onerror="alert(1)' };
    const escaped = withSharedItem(INDEX, item({ node: quoted }));
    expect(escaped).not.toContain('" onerror="');
    expect(escaped).toContain(`src="${escapeHtml('/a.jpg" onerror="alert(1)')}"`);
  });

  it('shortens a very long title on a word, and leaves out an empty description', () => {
    const page = withSharedItem(INDEX, item({ title: 'storm '.repeat(100), description: ' ' }));
    const title = /<title>(.*)<\/title>/.exec(page)?.[1] ?? '';
    expect(title.length).toBeLessThan(230);
    expect(title).toMatch(/storm… · Globe Archive$/);
    expect(page).not.toContain('og:description');
  });
});

describe('inlineScriptHashes', () => {
  it("hashes each inline script's text byte for byte, and no script with a src", () => {
    const page =
      '<script>a()</script><script type="module" src="/x.js"></script><script>\n  b();\n</script>';
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptHashes(page)).toEqual([sha('a()'), sha('\n  b();\n')]);
  });

  it('hashes inline scripts of every JavaScript type, and no data block (which never runs)', () => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const page =
      '<script type="application/json" id="app-modules">{"entry":"/a.js"}</script>' +
      '<script type=module>m()</script><script type="text/javascript">t()</script>' +
      "<script type='APPLICATION/JSON'>{}</script>";
    expect(inlineScriptHashes(page)).toEqual([sha('m()'), sha('t()')]);
  });

  it('finds the one script of the app document', () => {
    expect(inlineScriptHashes(INDEX)).toHaveLength(1);
  });
});

describe('the Node server', () => {
  const temp = mkdtempSync(join(tmpdir(), 'globe-first-paint-'));
  const staticDir = join(temp, 'dist');
  let app: RunningServer;

  beforeAll(async () => {
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), INDEX);
    writeFileSync(
      join(temp, 'archive.json'),
      JSON.stringify([
        { video_id: 'clayton-first-responders', title: 'First Responders', lat: 38.6, lng: -90.2 },
        { video_id: 'hostile', title: HOSTILE, lat: 38.6, lng: -90.2 },
        { video_id: 'porches', type: 'gallery', title: 'Porches', lat: 38.6, lng: -90.2 },
      ]),
    );
    app = await startServer(
      readConfig(
        {
          PORT: '0',
          HOST: '127.0.0.1',
          IDENTITY: 'off',
          STATIC_DIR: staticDir,
          ARCHIVE_FILE: join(temp, 'archive.json'),
          SITE_URL: 'https://archive.example.org',
        },
        temp,
      ),
      { log: () => undefined },
    );
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    rmSync(temp, { recursive: true, force: true });
  });

  it("allows the document's inline script by its hash, and no other inline script", async () => {
    const res = await fetch(`${app.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
    expect(scriptSrc).toEqual(["'self'", ...inlineScriptHashes(INDEX)]);
    expect(csp).not.toContain("'unsafe-inline' 'sha");
    expect(await res.text()).toBe(INDEX);
  });

  it('names a shared item in its document, escaped, compressed and revalidated', async () => {
    const res = await fetch(`${app.url}/video/hostile`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain('script-src');
    const page = await res.text();
    expect(page).toContain(`<title>${escapeHtml(HOSTILE)} · Globe Archive</title>`);
    expect(page).not.toContain('<script>window.__pwned');

    const gallery = await fetch(`${app.url}/gallery/porches`).then((r) => r.text());
    expect(gallery).toContain('data-item="porches">Porches</p>');

    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve) => {
      const { hostname, port } = new URL(app.url);
      void import('node:http').then(({ get }) =>
        get(
          {
            hostname,
            port,
            path: '/video/clayton-first-responders',
            headers: { 'accept-encoding': 'gzip' },
          },
          (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () =>
              resolve({
                encoding: r.headers['content-encoding'],
                body: Buffer.concat(chunks),
              }),
            );
          },
        ),
      );
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toContain(
      '<title>First Responders · Globe Archive</title>',
    );
  });

  it("gives a shared item's document its canonical address and schema.org data, which runs nothing", async () => {
    const res = await fetch(`${app.url}/video/hostile`);
    const page = await res.text();
    expect(page).toContain(
      '<link rel="canonical" href="https://archive.example.org/video/hostile" />',
    );
    expect(page).toContain(
      '<meta property="og:url" content="https://archive.example.org/video/hostile" />',
    );
    const blocks = [
      ...page.matchAll(/<script type="application\/ld\+json" data-item-jsonld>(.*?)<\/script>/g),
    ];
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks[0]?.[1] ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'VideoObject',
      name: HOSTILE,
      url: 'https://archive.example.org/video/hostile',
    });
    expect(page).not.toContain('<script>window.__pwned');
    // A data block: the page's script policy still allows only the document's own script.
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '');
    expect(scriptSrc?.[1]?.split(' ')).toEqual(["'self'", ...inlineScriptHashes(INDEX)]);
    const gallery = await fetch(`${app.url}/gallery/porches`).then((r) => r.text());
    expect(gallery).toMatch(/"@type":"ImageGallery"/);
  });

  it('answers robots.txt and the sitemap at the root: every public page, and no private one', async () => {
    const robots = await fetch(`${app.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const rules = await robots.text();
    expect(rules).toContain('Disallow: /editor');
    expect(rules).toContain('Disallow: /api/');
    expect(rules).toContain('Sitemap: https://archive.example.org/sitemap.xml');
    const sitemap = await fetch(`${app.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    // Each page without a language prefix (the visitor's), then in each language (issue 49).
    expect(locs.filter((loc) => /\/(video|gallery)\//.test(loc ?? ''))).toEqual(
      ['/video/clayton-first-responders', '/video/hostile', '/gallery/porches'].flatMap((path) =>
        ['', '/en', '/es', '/bs'].map((prefix) => `https://archive.example.org${prefix}${path}`),
      ),
    );
    expect(locs).toContain('https://archive.example.org/resources');
    expect(locs.some((loc) => /editor|signin|account/.test(loc ?? ''))).toBe(false);
  });

  it('answers an unknown item with 404 and the document as built; an item under the wrong route goes to its own', async () => {
    const res = await fetch(`${app.url}/video/nobody`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(INDEX);
    for (const [path, own] of [
      ['/video/porches', '/gallery/porches'],
      ['/gallery/clayton-first-responders', '/video/clayton-first-responders'],
    ] as const) {
      const wrong = await fetch(`${app.url}${path}`, { redirect: 'manual' });
      expect(wrong.status, path).toBe(301);
      expect(wrong.headers.get('location'), path).toBe(own);
    }
  });
});
