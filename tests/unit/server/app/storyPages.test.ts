/**
 * A shared story's link on the Node server (issue 51): `/story/{id}` and `/story/{id}/{n}` of a
 * published story name it in the document's head (title, link previews with the cover, canonical
 * address, the languages' alternates, its stops as a schema.org ItemList), escaped; a draft, a
 * deleted or unknown story, or a stop it does not have, answers 404 with the app's own document,
 * as an unknown item does; and an archive that cannot be read in time delists nothing.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUST_NO_PROXY } from '../../../../server/app/clientAddress';
import {
  escapeHtml,
  inlineScriptHashes,
  withSharedStory,
  type SharedStory,
} from '../../../../server/app/firstPaintPage';
import { createSiteListener } from '../../../../server/app/nodeSite';
import { createStaticFiles } from '../../../../server/app/staticFiles';
import { createNodesHandler, type NodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { HOSTILE, storySeed, WALK } from '../support/storyFixtures';

const INDEX = readFileSync(new URL('../../../../index.html', import.meta.url), 'utf8');
const SITE = 'https://archive.example.org';

const shared = (over: Partial<SharedStory['story']> = {}): SharedStory => ({
  story: { ...WALK, changedAt: '2026-03-02T10:00:00.000Z', ...over },
  itemPages: new Map([
    ['porch', '/video/porch'],
    ['roofs', '/gallery/roofs'],
  ]),
  pictures: new Map([['porch', 'https://i.ytimg.com/vi/porch/hqdefault.jpg']]),
});

/** What a crawler reads of a document's head. */
function head(page: string) {
  const attribute = (pattern: RegExp) => pattern.exec(page)?.[1];
  const meta = (property: string) =>
    attribute(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)" />`));
  const ld = /<script type="application\/ld\+json" data-story-jsonld>([^<]*)<\/script>/.exec(page);
  return {
    title: attribute(/<title>([^<]*)<\/title>/),
    meta,
    canonical: attribute(/<link rel="canonical" href="([^"]*)" \/>/),
    alternates: [
      ...page.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)" \/>/g),
    ].map((m) => [m[1], m[2]]),
    jsonLd: ld ? (JSON.parse(ld[1] ?? '') as Record<string, unknown>) : null,
  };
}

describe('withSharedStory', () => {
  it('names the story by its title and introduction, with its cover, address and stops', () => {
    const page = withSharedStory(INDEX, shared({ title: 'The walk' }), 1, { siteUrl: SITE });
    const read = head(page);
    expect(read.title).toBe('The walk · Globe Archive');
    expect(read.meta('og:title')).toBe('The walk');
    expect(read.meta('og:type')).toBe('article');
    expect(read.meta('og:description')).toBe(WALK.intro);
    expect(read.meta('og:image')).toBe(`${SITE}/sample/porch/thumb.jpg`);
    expect(read.meta('twitter:card')).toBe('summary_large_image');
    expect(read.meta('og:url')).toBe(`${SITE}/story/the-walk`);
    expect(read.canonical).toBe(`${SITE}/story/the-walk`);
    expect(read.alternates).toEqual([
      ['x-default', `${SITE}/story/the-walk`],
      ['en', `${SITE}/en/story/the-walk`],
      ['es', `${SITE}/es/story/the-walk`],
      ['bs', `${SITE}/bs/story/the-walk`],
    ]);
    expect(read.jsonLd).toMatchObject({
      '@type': 'ItemList',
      name: 'The walk',
      url: `${SITE}/story/the-walk`,
      numberOfItems: 3,
      itemListOrder: 'https://schema.org/ItemListOrderAscending',
    });
    expect(read.jsonLd?.itemListElement).toEqual([
      expect.objectContaining({ position: 1, item: { '@id': `${SITE}/video/porch` } }),
      expect.not.objectContaining({ item: expect.anything() }),
      expect.objectContaining({ position: 3, item: { '@id': `${SITE}/gallery/roofs` } }),
    ]);
    // Under the preloader, as for an item's link: the stop's item's picture and the story's name.
    expect(page).not.toContain('<!--first-paint:item-->');
    expect(page).toContain(
      '<img class="preloader__picture" src="https://i.ytimg.com/vi/porch/hqdefault.jpg" alt=""',
    );
    expect(page).toContain('<p class="preloader__item" data-story="the-walk/1">The walk</p>');
    // The inline script (its hash) is the built one.
    expect(inlineScriptHashes(page)).toEqual(inlineScriptHashes(INDEX));
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it('names a later stop by its heading, described by its narration as plain text, at its own address', () => {
    const story = shared({ title: 'The walk' });
    const read = head(withSharedStory(INDEX, story, 2, { siteUrl: SITE, language: 'es' }));
    expect(read.title).toBe('Over the city · The walk · Globe Archive');
    expect(read.meta('og:description')).toBe(
      'Over the city: From above: the map shows where it went. Quiet now.',
    );
    expect(read.canonical).toBe(`${SITE}/es/story/the-walk/2`);
    // A place: no item's picture; the cover, a picture of this site, instead.
    const page = withSharedStory(INDEX, story, 2, { siteUrl: SITE });
    expect(page).toContain('<img class="preloader__picture" src="/sample/porch/thumb.jpg"');
    expect(page).toContain('data-story="the-walk/2">Over the city · The walk</p>');
    expect(read.alternates[0]).toEqual(['x-default', `${SITE}/story/the-walk/2`]);
    // The story's list is the same on every stop's page.
    expect(read.jsonLd?.url).toBe(`${SITE}/story/the-walk`);
  });

  it('escapes whatever the story holds: it stays text, and no title ends the data block', () => {
    const page = withSharedStory(INDEX, shared(), 3, { siteUrl: SITE });
    expect(page).not.toContain('<script>window.__pwned');
    expect(page).not.toContain('"q"');
    expect(head(page).title).toBe(escapeHtml(`Roofs ${HOSTILE} · ${WALK.title} · Globe Archive`));
    expect(page.match(/<\/script>/g)).toHaveLength((INDEX.match(/<\/script>/g) ?? []).length + 1);
    expect((head(page).jsonLd as { name: string }).name).toBe(WALK.title);
  });

  it('shows no cover the checked URL helper refuses, and says no address it does not know', () => {
    const page = withSharedStory(INDEX, shared({ cover: 'javascript:alert(1)' }), 1, {
      siteUrl: SITE,
    });
    expect(head(page).meta('og:image')).toBeUndefined();
    expect(head(page).meta('twitter:card')).toBe('summary');
    const nowhere = withSharedStory(INDEX, shared(), 1);
    expect(head(nowhere).canonical).toBeUndefined();
    expect(head(nowhere).jsonLd).toBeNull();
    // A path is no picture for a link preview without the site's address.
    expect(head(nowhere).meta('og:image')).toBeUndefined();
    // Nor under the preloader at a place, where only this site's pictures and the items' show.
    const img = '<img class="preloader__picture"';
    expect(withSharedStory(INDEX, shared({ cover: 'javascript:alert(1)' }), 2)).not.toContain(img);
    const elsewhere = shared({ cover: 'https://elsewhere.example/cover.jpg' });
    expect(withSharedStory(INDEX, elsewhere, 2)).not.toContain(img);
    expect(withSharedStory(INDEX, elsewhere, 1)).toContain(img);
  });
});

const temp = mkdtempSync(join(tmpdir(), 'globe-story-pages-'));
const servers: Server[] = [];

async function site(handler: NodesHandler, waitMs = 2000): Promise<string> {
  const server = createServer(
    createSiteListener({
      api: handler.app,
      staticFiles: createStaticFiles(temp),
      identity: null,
      csp: "default-src 'self'",
      log: () => undefined,
      uploadsFolder: null,
      trustProxy: TRUST_NO_PROXY,
      sharedItem: (id) => handler.sharedItem(id, waitMs),
      sharedStory: (id) => handler.sharedStory(id, waitMs),
      siteUrl: () => SITE,
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

const store = createMemoryStore(storySeed());
const handler = createNodesHandler({ openStore: async () => store });
let url: string;

beforeAll(async () => {
  writeFileSync(join(temp, 'index.html'), INDEX);
  // The Spanish document as the build writes it (here the same as the English one).
  mkdirSync(join(temp, 'es'));
  writeFileSync(join(temp, 'es', 'index.html'), INDEX);
  url = await site(handler);
});

afterAll(async () => {
  await Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
  await handler.close();
  rmSync(temp, { recursive: true, force: true });
});

describe("a story's page on the Node server", () => {
  it('names a published story at its first stop and any other, with 200', async () => {
    for (const [path, title] of [
      ['/story/the-walk', `${WALK.title} · Globe Archive`],
      ['/story/the-walk/1', `${WALK.title} · Globe Archive`],
      ['/story/the-walk/2/', `Over the city · ${WALK.title} · Globe Archive`],
      ['/es/story/the-walk/3', `Roofs ${HOSTILE} · ${WALK.title} · Globe Archive`],
    ] as const) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      const read = head(await res.text());
      expect(read.title, path).toBe(escapeHtml(title));
      expect(read.jsonLd?.['@type'], path).toBe('ItemList');
    }
    // Stop 1's page is the story's own: one canonical address for both.
    const first = head(await (await fetch(`${url}/story/the-walk/1`)).text());
    expect(first.canonical).toBe(`${SITE}/story/the-walk`);
  });

  it("answers a draft, an unknown story or a stop it lacks with 404 and the app's own document", async () => {
    for (const path of [
      '/story/unfinished',
      '/story/no-such-story',
      '/story/the-walk/4',
      '/story/the-walk/0',
      '/story/the-walk/02',
      '/story/the-walk/two',
      '/es/story/unfinished/1',
    ]) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'self'");
      expect(await res.text(), path).toBe(INDEX);
    }
    expect((await fetch(`${url}/story/unfinished`, { method: 'HEAD' })).status).toBe(404);
    // The list of stories is a page, whatever it lists.
    expect((await fetch(`${url}/stories`)).status).toBe(200);
  });

  it('answers 404 once the story is deleted or taken back to a draft, and 200 once published again', async () => {
    const seeded = createMemoryStore(storySeed());
    const own = createNodesHandler({ openStore: async () => seeded });
    const at = await site(own);
    expect((await fetch(`${at}/story/the-walk/2`)).status).toBe(200);
    await seeded.updateStory('the-walk', { ...WALK, state: 'draft' }, 1, 'alice');
    expect((await fetch(`${at}/story/the-walk/2`)).status).toBe(404);
    await seeded.updateStory('the-walk', WALK, 2, 'alice');
    expect((await fetch(`${at}/story/the-walk/2`)).status).toBe(200);
    await seeded.deleteStory('the-walk', 3, 'alice');
    expect((await fetch(`${at}/story/the-walk`)).status).toBe(404);
    await own.close();
  });

  it('points a stop to its item only while the archive shows the item', async () => {
    const seeded = createMemoryStore(storySeed());
    const own = createNodesHandler({ openStore: async () => seeded });
    const at = await site(own);
    await seeded.deleteNode('roofs', 1, 'alice');
    const list = head(await (await fetch(`${at}/story/the-walk`)).text()).jsonLd;
    const stops = list?.itemListElement as { position: number; item?: unknown }[];
    expect(stops.map((stop) => stop.item ?? null)).toEqual([
      { '@id': `${SITE}/video/porch` },
      null,
      null,
    ]);
    await own.close();
  });

  it('sends the document as built, with 200, when the archive cannot be read in time', async () => {
    const stalled = createNodesHandler({ openStore: () => new Promise(() => undefined) });
    const at = await site(stalled, 50);
    const res = await fetch(`${at}/story/the-walk`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
  });
});
