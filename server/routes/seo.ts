/**
 * What search engines read first (issue 32): `/sitemap.xml`, every public page of the archive
 * (its home, its own pages, every published item and every published story (issue 51), with when
 * each last changed), and
 * `/robots.txt`, which points to it and keeps crawlers out of the editors' area and the API. The
 * Node server answers both at the site's root.
 */
import { PAGE_ALTERNATES, pageAlternates } from '@/i18n/languages';
import { Hono } from 'hono';
import { archiveInputs } from '@/lib/archiveImport';
import { nodeRoute } from '@/lib/nodeModel';
import { storyRoute } from '@/lib/routes';
import { bufferResponse, Refusal, type AppEnv } from '../app/appEnv';
import { failureSays } from '../app/middleware';
import { resource } from '../app/resource';
import type { CorsPolicy } from '../app/cors';
import { storeOf, type OpenStore } from '../app/communityRequest';
import { xmlText } from '../oai/oaiPmh';
import { isEditable, type NodeStore } from '../storage/nodeStore';
import { publishedStories } from '../storage/publishedStories';

/** The archive's own pages a visitor may land on from a search. */
export const SITEMAP_PAGES = [
  '/',
  '/stories',
  '/statement',
  '/resources',
  '/submit',
  '/contact',
  '/terms',
];

/** The sitemap protocol's limit on one file; past it, a sitemap index would be needed. */
const SITEMAP_MAX_URLS = 50_000;

/** The public items' paths, in archive order, each with the day it last changed when known. */
async function publicPages(store: NodeStore): Promise<{ path: string; changed: string | null }[]> {
  // One read: the live nodes with their times where the store keeps them, else the list.
  const live = isEditable(store)
    ? (await store.allNodes()).filter((node) => !node.deleted)
    : (await store.listNodes()).map((node) => ({ node, changedAt: null }));
  const changed = new Map<string, string>();
  for (const { node, changedAt } of live) {
    const id = (node as { video_id?: unknown }).video_id;
    if (typeof id === 'string' && changedAt !== null && !changed.has(id)) {
      changed.set(id, changedAt.slice(0, 10));
    }
  }
  return archiveInputs(live.map(({ node }) => node)).map((node) => ({
    path: nodeRoute(node),
    changed: changed.get(node.video_id) ?? null,
  }));
}

/**
 * The published stories' pages (`/story/{id}`, their first stop), each with the day it last
 * changed: what `/stories` lists, so a draft or a deleted story is never in the sitemap. A stop's
 * own page (`/story/{id}/{n}`) is found from its story's, which links every stop.
 */
async function storyPages(store: NodeStore): Promise<{ path: string; changed: string }[]> {
  return (await publishedStories(store)).map((story) => ({
    path: storyRoute(story.story_id),
    changed: story.changedAt.slice(0, 10),
  }));
}

/** The sitemap of `pages` on `siteUrl`, each page in every language with its alternates. */
export function sitemapXml(
  siteUrl: string,
  pages: readonly { path: string; changed: string | null }[],
): string {
  const urls = pages
    .slice(0, Math.floor(SITEMAP_MAX_URLS / PAGE_ALTERNATES.length))
    .flatMap(({ path, changed }) => {
      const addresses = pageAlternates(siteUrl, path).map(({ hreflang, href }) => ({
        hreflang,
        href: xmlText(href),
      }));
      const alternates = addresses
        .map(
          ({ hreflang, href }) =>
            `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`,
        )
        .join('');
      return addresses.map(
        ({ href }) =>
          `<url><loc>${href}</loc>${changed ? `<lastmod>${changed}</lastmod>` : ''}${alternates}</url>`,
      );
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

/**
 * robots.txt: everything public may be crawled; the editors' area, accounts and the API not. The
 * Allow lines come before the Disallow that covers them: RFC 9309 (and Google) take the longest
 * matching rule wherever it stands, older parsers (Python's `urllib.robotparser`) the first one
 * in the file, and this order means the same to both (issue 45).
 */
export function robotsTxt(siteUrl: string | null): string {
  return [
    'User-agent: *',
    // The open data and the harvesting protocol are meant to be found.
    'Allow: /api/open-data/',
    'Allow: /api/oai',
    'Disallow: /api/',
    'Disallow: /editor',
    'Disallow: /account',
    'Disallow: /signin',
    'Disallow: /signup',
    'Disallow: /confirm',
    'Disallow: /forgot-password',
    'Disallow: /env',
    ...(siteUrl === null ? [] : ['', `Sitemap: ${siteUrl}/sitemap.xml`]),
    '',
  ].join('\n');
}

function textResponse(body: string, type: string): Response {
  return bufferResponse(Buffer.from(body), {
    status: 200,
    headers: {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export interface SeoRouteOptions {
  openStore: OpenStore;
  cors: CorsPolicy;
  siteUrl: () => string | null;
}

/** Creates `/sitemap.xml` and `/robots.txt`. */
export function createSeoRoutes({ openStore, cors, siteUrl }: SeoRouteOptions) {
  const app = new Hono<AppEnv>({ strict: false });
  const failure = failureSays('The archive could not be read; try again shortly.');
  resource(app, '/sitemap.xml', {
    cors,
    allow: 'GET, HEAD, OPTIONS',
    methods: {
      GET: [
        failure,
        async () => {
          const site = siteUrl();
          if (site === null) {
            throw new Refusal(503, {
              error: "The sitemap needs the site's public address: set SITE_URL.",
            });
          }
          const store = await storeOf(openStore);
          const pages = [
            ...SITEMAP_PAGES.map((path) => ({ path, changed: null })),
            ...(await publicPages(store)),
            ...(await storyPages(store)),
          ];
          return textResponse(sitemapXml(site, pages), 'application/xml; charset=utf-8');
        },
      ],
    },
  });
  resource(app, '/robots.txt', {
    cors,
    allow: 'GET, HEAD, OPTIONS',
    methods: {
      GET: [failure, () => textResponse(robotsTxt(siteUrl()), 'text/plain; charset=utf-8')],
    },
  });
  return app;
}
