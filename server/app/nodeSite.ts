/**
 * The local server's one request listener, on `@hono/node-server`: the service's application at
 * `/api`, the local identity server at `/identity`, uploaded photos at `/uploads/` and the built
 * app, in that order. Bodies are read from the socket by the routes that take one (bounded), so
 * the listener never buffers a request itself.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context } from 'hono';
import { createClientAddressResolver, type TrustProxy } from './clientAddress';
import type { MountedIdentity } from '../login/identityPool';
import { RequestAborted } from './requestBody';
import { compress, negotiateEncoding } from './compression';
import {
  acceptLanguageTags,
  languageOfCookie,
  preferredLanguage,
  splitLanguagePath,
  withLanguagePrefix,
  type Language,
} from '@/i18n/languages';
import { nodeRoute } from '@/lib/nodeModel';
import { isAppPath, storyOfPath } from '@/lib/routes';
import { stopNumberOf } from '@/lib/storyModel';
import {
  sharedItemRoute,
  withSharedItem,
  withSharedStory,
  type SharedItem,
  type SharedStory,
} from './firstPaintPage';
import { securityHeaders, securityHeaderValues } from './securityHeaders';
import type { StaticFiles, StaticResponse } from './staticFiles';
import { UPLOADS_PATH } from '../uploads/folderStorage';
import { serveUpload } from './uploadFiles';
import {
  answeringPrepared,
  isPreparedRequest,
  keepingAnswer,
  type PreparedAnswers,
} from './preparedAnswers';
import type { AppEnv } from './appEnv';
import { UNIMPLEMENTED_METHODS } from './resource';

/** The API's mount point on the local server (the Vite dev server proxies the same prefix). */
export const API_PREFIX = '/api';
/** The local identity server's mount point: the app's Cognito endpoint is `/identity/`. */
export const IDENTITY_PREFIX = '/identity';

/** What the local server's listener serves. */
export interface SiteParts {
  /** The service's application, served below `API_PREFIX`. */
  api: Hono<AppEnv>;
  staticFiles: StaticFiles | null;
  identity: MountedIdentity | null;
  /** The pages' Content-Security-Policy. */
  csp: string;
  log: (line: string) => void;
  /** The local photo folder served at `/uploads/`, or null (a bucket, or none). */
  uploadsFolder: string | null;
  /** Which proxies' `X-Forwarded-For` entries name the client (`TRUST_PROXY`). */
  trustProxy: TrustProxy;
  /**
   * The item a shared link (`/video/{id}`, `/gallery/{id}`) opens, which its document then names
   * (see server/app/firstPaintPage.ts); null when the archive has no such item (the page answers
   * 404). It rejects, or is absent, when that cannot be known in time: the page is sent as built.
   */
  sharedItem?: (id: string) => Promise<SharedItem | null>;
  /**
   * The published story a shared link (`/story/{id}`, `/story/{id}/{n}`) shows, which its
   * document then names; null when visitors may not read it (the page answers 404). It rejects,
   * or is absent, when that cannot be known in time: the page is sent as built.
   */
  sharedStory?: (id: string) => Promise<SharedStory | null>;
  /** The site's public address, for a shared page's canonical link and schema.org data. */
  siteUrl?: () => string | null;
  /**
   * Answers of the API the listener sends again as the API gave them, past the application (the
   * list's: see server/app/preparedAnswers.ts); their path is below `API_PREFIX`.
   */
  preparedAnswers?: PreparedAnswers;
}

function text(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers },
  });
}

/** A static answer as a response: a body in memory, or a file streamed from disk. */
function responseOf(answer: StaticResponse, extra: Record<string, string> = {}): Response {
  const headers = { ...extra, ...answer.headers };
  if (answer.body !== null) {
    const body = typeof answer.body === 'string' ? answer.body : new Uint8Array(answer.body);
    return new Response(answer.status === 304 || body.length === 0 ? null : body, {
      status: answer.status,
      headers,
    });
  }
  const file = answer.file;
  return new Response(
    file === undefined ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream),
    { status: answer.status, headers },
  );
}

/** The raw path (still percent-encoded), as the static files and photos are looked up by. */
function rawPath(c: Context<AppEnv>): string {
  return new URL(c.req.url).pathname;
}

/** TRACE and its kin, which nothing implements, answered 501 before any route looks at them. */
function refuseUnimplementedMethods(site: Hono<AppEnv>): void {
  // Said so with the page's headers: fetch's Request also refuses to carry them on to the API.
  site.use('*', async (c, next) => {
    if (!UNIMPLEMENTED_METHODS.has(c.req.method)) return next();
    return text(501, `${c.req.method} is not supported by this server.`);
  });
}

/** Hands `/api` (under its own paths) and the root's robots.txt and sitemap.xml to the API. */
function mountApi(site: Hono<AppEnv>, api: Hono<AppEnv>): void {
  // The API sees its own paths; its body is read from the socket, never from this request.
  const toApi = (c: Context<AppEnv>) => {
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice(API_PREFIX.length) || '/';
    return api.fetch(new Request(url, { method: c.req.method, headers: c.req.raw.headers }), c.env);
  };
  site.all(API_PREFIX, toApi);
  site.all(`${API_PREFIX}/*`, toApi);
  // Search engines read these at the site's root, IIIF viewers the manifests (issue 52); the
  // API makes them from the archive.
  for (const path of ['/robots.txt', '/sitemap.xml', '/iiif/*']) {
    site.all(path, (c) => {
      const url = new URL(c.req.url);
      return api.fetch(
        new Request(url, { method: c.req.method, headers: c.req.raw.headers }),
        c.env,
      );
    });
  }
}

/** Hands `/identity` to the local identity server, which writes its answers on the socket. */
function mountIdentity(site: Hono<AppEnv>, identity: MountedIdentity): void {
  // Its answers are written on the socket, past the middleware: the same headers, set by hand.
  const identityHeaders = securityHeaderValues();
  const toIdentity = async (c: Context<AppEnv>) => {
    const { incoming, outgoing } = c.env;
    if (!incoming || !outgoing) return text(500, 'Internal server error.');
    for (const [name, value] of Object.entries(await identityHeaders)) {
      outgoing.setHeader(name, value);
    }
    // The front sees the path below its mount: `/` for the API, `/{poolId}/.well-known/…`.
    const rest = (incoming.url ?? '').slice(IDENTITY_PREFIX.length).replace(/^\/?/, '/');
    await identity.handler(incoming, outgoing, rest);
    return RESPONSE_ALREADY_SENT;
  };
  site.all(IDENTITY_PREFIX, toIdentity);
  site.all(`${IDENTITY_PREFIX}/*`, toIdentity);
}

/** What a shared link's page is made with: the archive's item, the site's address, the CSP. */
interface SharedItemPages {
  pageHeaders: Record<string, string>;
  sharedItem: SiteParts['sharedItem'];
  sharedStory: SiteParts['sharedStory'];
  siteUrl: () => string | null;
}

/** The app's document as `status`, compressed as the client takes it. */
async function documentResponse(
  c: Context<AppEnv>,
  pageHeaders: Record<string, string>,
  status: 200 | 404,
  html: string,
): Promise<Response> {
  const page = Buffer.from(html);
  const coding = negotiateEncoding(c.req.header('accept-encoding'));
  const body = coding === null ? page : await compress(page, coding);
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), {
    status,
    headers: {
      ...pageHeaders,
      'Content-Type': 'text/html; charset=utf-8',
      // The title follows the archive: asked again on every load, as index.html is.
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'Content-Length': String(body.length),
      ...(coding === null ? {} : { 'Content-Encoding': coding }),
    },
  });
}

/** The permanent redirect of an item asked for under the other type's path to its one address. */
function redirectToItem(c: Context<AppEnv>, item: SharedItem, language: Language | null): Response {
  const { search } = new URL(c.req.url);
  return new Response(null, {
    status: 301,
    headers: {
      Location: `${withLanguagePrefix(nodeRoute({ type: item.type, video_id: item.id }), language)}${search}`,
      // An editor may change an item's type: the redirect is asked again, never kept.
      'Cache-Control': 'no-cache',
    },
  });
}

/**
 * A shared link's document (issue 45): the item's own page naming it (200); for an id the
 * archive does not show (unknown, deleted, hidden) the app's document as built with 404, where
 * the app says "Item not found", so search engines see no soft 404; for an item under the other
 * type's path (`/gallery/{a video's id}`, which the app opens all the same) a redirect to its
 * one address. Null when the archive cannot be read in time: the built document is then sent
 * with 200, as before, since a slow archive must never delist a real item.
 */
async function sharedItemPage(
  { pageHeaders, sharedItem, siteUrl }: SharedItemPages,
  files: StaticFiles,
  c: Context<AppEnv>,
): Promise<Response | null> {
  const method = c.req.method;
  const { language, path } = splitLanguagePath(rawPath(c));
  const route = sharedItemRoute(path);
  if (!sharedItem || route === null || (method !== 'GET' && method !== 'HEAD')) return null;
  const html = files.indexHtml(language);
  let item: SharedItem | null;
  try {
    item = await sharedItem(route.id);
  } catch {
    return null;
  }
  if (item !== null && item.type !== route.type) return redirectToItem(c, item, language);
  const document = await html;
  if (document === null) return null;
  return item === null
    ? documentResponse(c, pageHeaders, 404, document)
    : documentResponse(
        c,
        pageHeaders,
        200,
        withSharedItem(document, item, { siteUrl: siteUrl(), language }),
      );
}

/**
 * A shared story's document (issue 51), as an item's (`sharedItemPage`): the story's stop named
 * (200); for a story visitors may not read (unknown, a draft, deleted) or a stop it does not have
 * (`/story/{id}/9` of a six-stop story, `/story/{id}/02`), the app's document as built with 404,
 * as for an unknown item: no soft 404 for a search engine. Null when the archive cannot be read in time: the
 * built document is then sent with 200, since a slow archive must never delist a real story.
 */
async function sharedStoryPage(
  { pageHeaders, sharedStory, siteUrl }: SharedItemPages,
  files: StaticFiles,
  c: Context<AppEnv>,
): Promise<Response | null> {
  const method = c.req.method;
  const { language, path } = splitLanguagePath(rawPath(c));
  const route = storyOfPath(path);
  if (!sharedStory || route === null || (method !== 'GET' && method !== 'HEAD')) return null;
  const html = files.indexHtml(language);
  let shared: SharedStory | null;
  try {
    shared = await sharedStory(route.story);
  } catch {
    return null;
  }
  const document = await html;
  if (document === null) return null;
  const stop = shared === null ? null : stopNumberOf(route.stop, shared.story.stops.length);
  return shared === null || stop === null
    ? documentResponse(c, pageHeaders, 404, document)
    : documentResponse(
        c,
        pageHeaders,
        200,
        withSharedStory(document, shared, stop, { siteUrl: siteUrl(), language }),
      );
}

/** What an address without a language prefix is answered by: its own page, or another language's. */
const NEGOTIATED_BY = 'Accept-Language, Cookie';

/**
 * A page of the app whose address names no language (`/video/{id}`, the spec's routes; issue
 * 49): for a visitor who chose a language in the picker (its cookie), or whose browser prefers
 * Spanish or Bosnian, a redirect to the same page under that language's prefix, whose document
 * paints in it before any script; null for English (the page as it is). Both headers are the
 * client's own: they only pick among the three languages.
 */
function languageRedirect(c: Context<AppEnv>): Response | null {
  const method = c.req.method;
  if (method !== 'GET' && method !== 'HEAD') return null;
  const path = rawPath(c);
  if (splitLanguagePath(path).language !== null || !isAppPath(path)) return null;
  const chosen = languageOfCookie(c.req.header('cookie'));
  const browser = preferredLanguage(acceptLanguageTags(c.req.header('accept-language')));
  const language = chosen ?? (browser === 'en' ? null : browser);
  if (language === null) return null;
  const { search } = new URL(c.req.url);
  return new Response(null, {
    status: 302,
    headers: {
      Location: `${withLanguagePrefix(path, language)}${search}`,
      Vary: NEGOTIATED_BY,
      'Cache-Control': 'no-cache',
    },
  });
}

/** Everything else: a shared link's page, or the built app's files (none when STATIC_DIR is none). */
function mountApp(
  site: Hono<AppEnv>,
  staticFiles: StaticFiles | null,
  pages: SharedItemPages,
): void {
  site.all('*', async (c) => {
    if (staticFiles === null) {
      return text(
        404,
        `This server serves only the API (${API_PREFIX}/nodes); STATIC_DIR is none.`,
      );
    }
    const redirect = languageRedirect(c);
    if (redirect !== null) return redirect;
    const response =
      (await sharedItemPage(pages, staticFiles, c)) ??
      (await sharedStoryPage(pages, staticFiles, c)) ??
      responseOf(
        await staticFiles.serve(c.req.method, rawPath(c), Object.fromEntries(c.req.raw.headers)),
        pages.pageHeaders,
      );
    // An address without a prefix is answered by the visitor's language: caches keep one a
    // language (the redirect above, or this English page).
    const path = rawPath(c);
    if (splitLanguagePath(path).language === null && isAppPath(path))
      response.headers.append('Vary', NEGOTIATED_BY);
    return response;
  });
}

/** Logs a failed request and answers 500. */
function answerFailures(site: Hono<AppEnv>, log: (line: string) => void): void {
  site.onError((error, c) => {
    const what = `${c.req.method} ${c.req.url}`;
    // A client that leaves mid-request is no server fault: one line says so, with no stack.
    if (error instanceof RequestAborted || (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
      log(`${what}: ${error.message}`);
    } else {
      log(`${what} failed: ${error.stack ?? String(error)}`);
    }
    return text(500, 'Internal server error.');
  });
}

/**
 * The site as a `node:http` listener: each request carries its client's address, and the
 * prepared answers (the list's) are kept as the API gives them and sent again past the site.
 */
function nodeListener(
  site: Hono<AppEnv>,
  trustProxy: TrustProxy,
  preparedAnswers: PreparedAnswers | undefined,
) {
  const clientKeyOf = createClientAddressResolver(trustProxy);
  const preparedPath = preparedAnswers ? `${API_PREFIX}${preparedAnswers.path}` : null;
  const listener = getRequestListener(
    (request, env) => {
      const response = site.fetch(request, {
        ...env,
        clientAddress: clientKeyOf(
          env.incoming.socket.remoteAddress,
          env.incoming.headers['x-forwarded-for'],
        ),
      });
      return preparedAnswers && preparedPath && isPreparedRequest(env.incoming, preparedPath)
        ? keepingAnswer(response, preparedAnswers)
        : response;
    },
    // Bodies the routes leave unread are thrown away by them (see `readBody`), not drained here.
    { autoCleanupIncoming: false },
  );
  return preparedAnswers && preparedPath
    ? answeringPrepared(listener, preparedPath, preparedAnswers)
    : listener;
}

/** Creates the listener for `node:http`'s `createServer`. */
export function createSiteListener({
  api,
  staticFiles,
  identity,
  csp,
  log,
  uploadsFolder,
  trustProxy,
  sharedItem,
  sharedStory,
  siteUrl = () => null,
  preparedAnswers,
}: SiteParts) {
  const pageHeaders = { 'Content-Security-Policy': csp };
  const site = new Hono<AppEnv>();
  site.use('*', securityHeaders());
  refuseUnimplementedMethods(site);
  mountApi(site, api);
  if (identity !== null) mountIdentity(site, identity);
  if (uploadsFolder !== null) {
    site.all(`${UPLOADS_PATH}/*`, async (c) =>
      responseOf(await serveUpload(uploadsFolder, c.req.method, rawPath(c), siteUrl())),
    );
  }
  mountApp(site, staticFiles, { pageHeaders, sharedItem, sharedStory, siteUrl });
  answerFailures(site, log);
  return nodeListener(site, trustProxy, preparedAnswers);
}
