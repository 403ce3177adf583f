/**
 * The app's document as the Node server sends it: index.html paints the first frame itself
 * (before any script), and for a shared item's link (`/video/{id}`, `/gallery/{id}`) the server,
 * which knows the archive, names the item there: in the tab and link previews (`<title>` and
 * Open Graph tags) and under the preloader, with its picture (the app keeps them: see
 * src/app/firstPaint.ts). A shared story's link (`/story/{id}`, `/story/{id}/{n}`, issue 51) is
 * named the same way in the head, with its cover and its stops as schema.org data. A static host
 * cannot know titles; it sends index.html as built.
 */
import { createHash } from 'node:crypto';
import { pageAlternates, withLanguagePrefix, type Language } from '@/i18n/languages';
import { DEFAULT_THUMBNAIL_URL, SHARED_PICTURE_SIZE, SITE_NAME } from '@/lib/constants';
import { escapeMarkup } from '@/lib/markupText';
import type { MediaType } from '@/lib/mediaType';
import { markdownPlainText } from '@/lib/markdownText';
import { nodeRoute, nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';
import { storyRoute } from '@/lib/routes';
import { storyPageName, type ListedStory } from '@/lib/storyModel';
import { itemJsonLd, jsonLdText, storyCoverUrl, storyJsonLd } from '@/lib/structuredData';
import { safeUrl } from '@/lib/url';

/** What the document says of a shared item. */
export interface SharedItem {
  id: string;
  type: MediaType;
  title: string;
  description: string;
  /** The item as the app shows it: with the site's address, its schema.org description. */
  node?: MediaNode;
}

/** What the document says of a shared story. */
export interface SharedStory {
  /** The story as visitors read it (published). */
  story: ListedStory;
  /** The page of each item its stops show that the archive shows (`/video/{id}`), by item id. */
  itemPages: ReadonlyMap<string, string>;
  /** The picture a shared link of each of those items shows (`sharedPicture`), by item id. */
  pictures: ReadonlyMap<string, string>;
}

/** Where index.html takes the preloader's line naming the item. */
export const ITEM_MARKER = '<!--first-paint:item-->';

/** Longest title put in the document, in characters (the preloader shows two lines of it). */
const TITLE_MAX = 200;
/** Longest description put in the document's meta tags, in characters. */
const DESCRIPTION_MAX = 300;

/** Text as HTML text or a quoted attribute value: nothing in it can open a tag or end a quote. */
export const escapeHtml = escapeMarkup;

/** The item a path opens (`/video/{id}`, `/gallery/{id}`, percent-decoded), or null. */
export function sharedItemRoute(pathname: string): { type: MediaType; id: string } | null {
  const match = /^\/(video|gallery)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return { type: match[1] as MediaType, id: decodeURIComponent(match[2] as string) };
  } catch {
    return null;
  }
}

/**
 * The picture the preloader shows above a shared item's title (issue 48): its video's thumbnail
 * or its gallery's first photo, as the list and the globe show it, through the one checked URL
 * helper; none for an item with only the archive's default picture. A visitor who came by the
 * link sees what it shares while the globe loads, and a phone paints its largest picture then,
 * not once the item opens over the globe seconds later.
 */
export function sharedPicture(item: SharedItem): string | null {
  if (!item.node) return null;
  const url = safeUrl(nodeThumbnailUrl(item.node));
  return url === null || url === DEFAULT_THUMBNAIL_URL ? null : url;
}

/** Collapses white space and cuts at `max` characters, on a word where it can. */
function shortened(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * A shared page's addresses (with the site's): its one address for search engines (`og:url`,
 * canonical) and every language's as its alternates. Each language's address is its own
 * canonical one; all of them are its alternates (issue 49).
 */
function pageAddresses(siteUrl: string | null, route: string, language: Language | null): string[] {
  if (siteUrl === null) return [];
  const page = escapeHtml(`${siteUrl}${withLanguagePrefix(route, language)}`);
  return [
    `<meta property="og:url" content="${page}" />`,
    `<link rel="canonical" href="${page}" />`,
    ...pageAlternates(siteUrl, route).map(
      ({ hreflang, href }) =>
        `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`,
    ),
  ];
}

/** The document with `title` (escaped already) as its title and `meta` at the end of its head. */
function withHead(html: string, title: string, meta: readonly string[]): string {
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace('</head>', () => `  ${meta.join('\n    ')}\n  </head>`);
}

/**
 * index.html naming `item`: its title in `<title>` (as the app names an open item's tab) and in
 * Open Graph tags with its description, and its title under the preloader. Every value is
 * escaped; a document without the marks is returned with what it has.
 */
export function withSharedItem(
  html: string,
  item: SharedItem,
  {
    siteUrl = null,
    language = null,
  }: {
    siteUrl?: string | null;
    /** The language the address names (`/es/video/…`), or null for the one without a prefix. */
    language?: Language | null;
  } = {},
): string {
  const name = shortened(item.title, TITLE_MAX);
  const title = escapeHtml(`${name} · ${SITE_NAME}`);
  // As the app describes an open item (useItemMeta), in link previews only: the page's own
  // description stays the archive's, which the app puts back when the item is closed.
  const kind = item.type === 'video' ? 'Video' : 'Photo gallery';
  const about = shortened(item.description, DESCRIPTION_MAX);
  const description = about ? escapeHtml(`${kind}: ${about}`) : '';
  // With the site's address: the page's one address for search engines, and what it shows as
  // schema.org data (a data block: never run, so the page's script policy needs no hash of it).
  const route = nodeRoute({ type: item.type, video_id: item.id });
  const meta = [
    `<meta property="og:title" content="${escapeHtml(name)}" />`,
    `<meta property="og:type" content="${item.type === 'video' ? 'video.other' : 'website'}" />`,
    ...(description ? [`<meta property="og:description" content="${description}" />`] : []),
    ...pageAddresses(siteUrl, route, language),
    ...(siteUrl !== null && item.node
      ? [
          `<script type="application/ld+json" data-item-jsonld>${jsonLdText(itemJsonLd(item.node, siteUrl))}</script>`,
        ]
      : []),
  ];
  return withPreloaderLines(
    withHead(html, title, meta),
    sharedPicture(item),
    `data-item="${escapeHtml(item.id)}"`,
    name,
  );
}

/**
 * A story's picture in link previews: its cover through the one checked URL helper, absolute (a
 * preview reads no relative address), or an absolute cover as it is where the site's address is
 * unknown; null for none.
 */
function storyPicture(story: ListedStory, siteUrl: string | null): string | null {
  if (siteUrl !== null) return storyCoverUrl(story, siteUrl);
  const cover = safeUrl(story.cover);
  return cover !== null && /^https?:\/\//i.test(cover) ? cover : null;
}

/**
 * index.html naming a stop of `shared`'s story (`stop`, 1-based): the first stop's page is the
 * story's own, named by its title and described by its introduction; a later stop's page adds its
 * heading to the title and is described by its heading and the start of its narration, as plain
 * text. Link previews show the cover (`og:image`, a large card where there is one). With the
 * site's address, the page's canonical address and its languages' alternates (each stop is a page
 * of its own, as `storyRoute` writes it), and the story as a schema.org `ItemList` of its stops
 * (`storyJsonLd`). Under the preloader, as for an item's link, the stop's picture and its name
 * (`data-story`: the story and the stop, which the app's preloader keeps). Every value is escaped.
 */
export function withSharedStory(
  html: string,
  shared: SharedStory,
  stop: number,
  { siteUrl = null, language = null }: { siteUrl?: string | null; language?: Language | null } = {},
): string {
  const { story, itemPages } = shared;
  const shown = stop > 1 ? story.stops[stop - 1] : undefined;
  const storyName = shortened(story.title, TITLE_MAX);
  const name = shown ? shortened(storyPageName(story, stop), TITLE_MAX) : storyName;
  const about = shown
    ? [shown.heading, markdownPlainText(shown.narration)].filter((t) => t.trim() !== '').join(': ')
    : story.intro;
  const description = escapeHtml(shortened(about, DESCRIPTION_MAX));
  const picture = storyPicture(story, siteUrl);
  const meta = [
    `<meta property="og:title" content="${escapeHtml(name)}" />`,
    '<meta property="og:type" content="article" />',
    ...(description ? [`<meta property="og:description" content="${description}" />`] : []),
    ...(picture === null ? [] : [`<meta property="og:image" content="${escapeHtml(picture)}" />`]),
    `<meta name="twitter:card" content="${picture === null ? 'summary' : 'summary_large_image'}" />`,
    ...pageAddresses(siteUrl, storyRoute(story.story_id, stop), language),
    ...(siteUrl === null
      ? []
      : [
          `<script type="application/ld+json" data-story-jsonld>${jsonLdText(storyJsonLd(story, siteUrl, (id) => itemPages.get(id)))}</script>`,
        ]),
  ];
  return withPreloaderLines(
    withHead(html, escapeHtml(`${name} · ${SITE_NAME}`), meta),
    stopPicture(shared, stop),
    `data-story="${escapeHtml(`${story.story_id}/${stop}`)}"`,
    name,
  );
}

/**
 * The document with a shared page's lines under the preloader: its picture (none: null) and its
 * name, the line marked with `mark` (an item's id, a story's stop) for the app to carry on from.
 */
function withPreloaderLines(
  document: string,
  picture: string | null,
  mark: string,
  name: string,
): string {
  // As the app's list and detail view ask for it (CORS), so that the browser keeps one copy.
  const img =
    picture === null
      ? ''
      : `<img class="preloader__picture" src="${escapeHtml(picture)}" alt="" width="${SHARED_PICTURE_SIZE.width}" height="${SHARED_PICTURE_SIZE.height}" crossorigin="anonymous" decoding="async" />`;
  return document.replace(
    ITEM_MARKER,
    () => `${img}<p class="preloader__item" ${mark}>${escapeHtml(name)}</p>`,
  );
}

/**
 * The picture under the preloader of a shared stop, as an item's link has its own: the stop's
 * item's, else the story's cover where it is a picture of this site (a path: the page's policy
 * loads no other host's but the thumbnails'); null for none.
 */
function stopPicture({ story, pictures }: SharedStory, stop: number): string | null {
  const item = story.stops[stop - 1]?.item ?? null;
  const ofItem = item === null ? undefined : pictures.get(item);
  if (ofItem !== undefined) return ofItem;
  const cover = safeUrl(story.cover);
  return cover !== null && cover.startsWith('/') && !cover.startsWith('//') ? cover : null;
}

/** JavaScript types a `<script>` runs as; any other (`application/json`: data) is never run. */
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

function runsAsScript(attributes: string): boolean {
  const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
  return SCRIPT_TYPES.has((type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase());
}

/**
 * The Content-Security-Policy sources that allow a document's inline scripts (`'sha256-…'` of
 * each `<script>` without `src` that runs as JavaScript, byte for byte as it is in the document;
 * a data block such as the built page's list of the app's modules needs none).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\ssrc\s*=/i.test(attributes) || body === '' || !runsAsScript(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}
