/**
 * The sitemap and robots.txt from the service (issue 32): exactly the public items, a hidden one
 * gone at once, each with the day it last changed; nothing without the site's address. The
 * published stories' pages too (issue 51), never a draft's or a deleted story's.
 */
import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { callApp } from '../support/appRequest';
import { describe, expect, it } from 'vitest';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { SITEMAP_PAGES } from '../../../../server/routes/seo';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { generateArchive } from '../../../fixtures/generateArchive';
import { DRAFT, storySeed, WALK } from '../support/storyFixtures';

const SITE = 'https://archive.example.org';

function service(siteUrl: string | null = SITE) {
  const archive = [
    ...generateArchive(30),
    { title: 'No id: the app cannot show it' },
    { video_id: 'no-place', title: 'No place' },
  ];
  const store = createMemoryStore(archive);
  const handler = createNodesHandler({ openStore: async () => store, siteUrl: () => siteUrl });
  const get = async (path: string) => {
    const response = await callApp(handler.app, { path });
    return { status: response.status, text: response.text, headers: response.headers };
  };
  return { store, get };
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
/** Each page's address without a prefix (the visitor's language), then in each language. */
const inEachLanguage = (address: string) => {
  const path = address.slice(SITE.length);
  return [address, ...['en', 'es', 'bs'].map((language) => `${SITE}/${language}${path}`)];
};

const XSD_DIR = new URL('../../../fixtures/xsd/', import.meta.url);
const xsd = (fileName: string) => ({
  fileName,
  contents: readFileSync(new URL(fileName, XSD_DIR), 'utf8'),
});

describe('the sitemap', () => {
  it('lists the archive’s pages and exactly the items the public sees, each with its last change', async () => {
    const { store, get } = service();
    const first = await get('/sitemap.xml');
    expect(first.status).toBe(200);
    expect(first.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    const generated = generateArchive(30).map(
      (node) => `${SITE}/${String(node.type)}/${String(node.video_id)}`,
    );
    expect(locsOf(first.text)).toEqual(
      [...SITEMAP_PAGES.map((path) => `${SITE}${path}`), ...generated].flatMap(inEachLanguage),
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(first.text).toContain(
      `<url><loc>${SITE}/es/video/gen-00000</loc><lastmod>${today}</lastmod>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/video/gen-00000"/>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${SITE}/en/video/gen-00000"/>` +
        `<xhtml:link rel="alternate" hreflang="es" href="${SITE}/es/video/gen-00000"/>` +
        `<xhtml:link rel="alternate" hreflang="bs" href="${SITE}/bs/video/gen-00000"/></url>`,
    );

    await store.deleteNode('gen-00001', 1, 'alice');
    const after = locsOf((await get('/sitemap.xml')).text);
    expect(after).not.toContain(`${SITE}/video/gen-00001`);
    expect(after).toHaveLength((SITEMAP_PAGES.length + 29) * 4);
  });

  it("is valid by the sitemap protocol's schema, its language links included (issue 49)", async () => {
    const { get } = service();
    const result = await validateXML({
      xml: [{ fileName: 'sitemap.xml', contents: (await get('/sitemap.xml')).text }],
      schema: xsd('sitemap-bundle.xsd'),
      preload: [xsd('sitemap.xsd'), xsd('sitemap-xhtml.xsd')],
    });
    expect(result.errors.map((error) => error.rawMessage)).toEqual([]);
    const broken = (await get('/sitemap.xml')).text.replace('hreflang="es"', 'hreflang="Spanish!"');
    const refused = await validateXML({
      xml: [{ fileName: 'sitemap.xml', contents: broken }],
      schema: xsd('sitemap-bundle.xsd'),
      preload: [xsd('sitemap.xsd'), xsd('sitemap-xhtml.xsd')],
    });
    expect(refused.valid).toBe(false);
  });

  it('needs the site’s address; robots.txt then names no sitemap', async () => {
    const { get } = service(null);
    expect((await get('/sitemap.xml')).status).toBe(503);
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).not.toContain('Sitemap:');
    expect(robots.text).toContain('Allow: /api/open-data/');
  });
});

describe('the sitemap’s stories (issue 51)', () => {
  function storyService() {
    const store = createMemoryStore(storySeed());
    const handler = createNodesHandler({ openStore: async () => store, siteUrl: () => SITE });
    const sitemap = async () => (await callApp(handler.app, { path: '/sitemap.xml' })).text;
    return { store, sitemap };
  }

  it('lists /stories and each published story’s page with the day it last changed, never a draft', async () => {
    const { store, sitemap } = storyService();
    const xml = await sitemap();
    const locs = locsOf(xml);
    expect(locs).toEqual(expect.arrayContaining(inEachLanguage(`${SITE}/stories`)));
    expect(locs).toEqual(expect.arrayContaining(inEachLanguage(`${SITE}/story/the-walk`)));
    expect(locs.filter((loc) => loc.includes('/story/'))).toHaveLength(4);
    expect(xml).not.toContain('unfinished');
    const changed = (await store.getStory('the-walk'))?.changedAt.slice(0, 10);
    expect(xml).toContain(
      `<url><loc>${SITE}/bs/story/the-walk</loc><lastmod>${changed}</lastmod>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/story/the-walk"/>`,
    );
    const result = await validateXML({
      xml: [{ fileName: 'sitemap.xml', contents: xml }],
      schema: xsd('sitemap-bundle.xsd'),
      preload: [xsd('sitemap.xsd'), xsd('sitemap-xhtml.xsd')],
    });
    expect(result.errors.map((error) => error.rawMessage)).toEqual([]);
  });

  it('drops a story taken back to a draft or deleted, and adds one once published', async () => {
    const { store, sitemap } = storyService();
    const walk = await store.getStory('the-walk');
    await store.updateStory('the-walk', { ...WALK, state: 'draft' }, walk?.version ?? 0, 'alice');
    expect(locsOf(await sitemap()).some((loc) => loc.includes('/story/'))).toBe(false);

    await store.updateStory('unfinished', { ...DRAFT, state: 'published' }, 1, 'alice');
    const published = locsOf(await sitemap()).filter((loc) => loc.includes('/story/'));
    expect(published).toEqual(inEachLanguage(`${SITE}/story/unfinished`));

    await store.deleteStory('unfinished', 2, 'alice');
    expect(locsOf(await sitemap()).some((loc) => loc.includes('/story/'))).toBe(false);
    // The list of stories is a page of the archive even with none to list.
    expect(locsOf(await sitemap())).toContain(`${SITE}/stories`);
  });
});
