/**
 * The editors' download of the preservation package (issue 52): the archive as a BagIt bag in one
 * tar file, streamed while it is made (server/preservation/), so that it starts at once and an
 * archive of any size never sits in memory, neither the server's nor the browser's.
 *
 * A browser saves a streamed file only when it follows a link itself, and a link carries no
 * access token; so an editor first asks `POST /exports/archive-bag` (with their token) for a
 * ticket, a link to `GET /exports/archive-bag.tar?ticket=…` good once and for a minute, signed
 * with a key this process made at start and never shows.
 *
 * A serverless function cannot stream a package this size (its answer is bounded to a few MB):
 * there the POST answers 501, naming the command that makes the same package from a computer.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { reply, type AppEnv } from '../app/appEnv';
import type { AccessCheck } from '../app/accessCheck';
import type { CorsPolicy } from '../app/cors';
import { failureSays } from '../app/middleware';
import { resource } from '../app/resource';
import { storeOf, type OpenStore } from '../app/communityRequest';
import { bagWriter } from '../preservation/bagit';
import { writeArchiveBag, type ArchiveAbout } from '../preservation/archiveBag';
import { tarSink } from '../preservation/tarStream';
import type { MediaStorage } from '../uploads/mediaStorage';

/** How long a ticket may wait before its link is followed, ms. */
export const BAG_TICKET_MS = 60_000;

/** The path of the download a ticket opens. */
export const BAG_DOWNLOAD_PATH = '/exports/archive-bag.tar';

/** What the package is made from. */
export interface BagSource {
  openStore: OpenStore;
  /** Where the photos are; null: a package of the items, their photos listed as not found. */
  media: MediaStorage | null;
  /** The folder the site's own files are served from (see `ArchiveBagOptions.siteFolder`). */
  siteFolder: string | null;
  about: () => ArchiveAbout;
}

export interface BagDownloadOptions {
  cors: CorsPolicy;
  editor: AccessCheck;
  /** Null where answers cannot stream (a serverless function): the POST then answers 501. */
  source: BagSource | null;
  log: (line: string) => void;
  now?: () => Date;
}

/** Tickets: made signed, taken once, forgotten once past their time. */
function ticketBook(now: () => number) {
  const key = randomBytes(32);
  const taken = new Map<string, number>();
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  return {
    issue(): { ticket: string; expiresAt: number } {
      const expiresAt = now() + BAG_TICKET_MS;
      const body = `${expiresAt}.${randomBytes(16).toString('base64url')}`;
      return { ticket: `${body}.${sign(body)}`, expiresAt };
    },
    /** Whether `ticket` is one this process signed, unexpired and not yet taken; takes it. */
    take(ticket: string): boolean {
      const match = /^(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
      if (!match) return false;
      const [, expires, nonce, signature] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(`${expires}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      const at = now();
      for (const [seen, until] of taken) if (until < at) taken.delete(seen);
      if (Number(expires) < at || taken.has(nonce)) return false;
      taken.set(nonce, Number(expires));
      return true;
    },
  };
}

/** The package's folder and file name: `globe-archive-bag-2026-12-03`. */
export const bagNameOf = (at: Date) => `globe-archive-bag-${at.toISOString().slice(0, 10)}`;

/**
 * Creates `POST /exports/archive-bag` (editors: a ticket) and `GET /exports/archive-bag.tar`
 * (a ticket's download). Without a `source` (a serverless function), the POST answers 501.
 */
export function createBagDownloadRoutes({
  cors,
  editor,
  source,
  log,
  now = () => new Date(),
}: BagDownloadOptions) {
  const app = new Hono<AppEnv>({ strict: false });
  const tickets = ticketBook(() => now().getTime());
  resource(app, '/exports/archive-bag', {
    cors,
    allow: 'POST, OPTIONS',
    methods: {
      POST: {
        access: editor,
        steps: [
          () => {
            if (source === null)
              return reply(501, {
                error:
                  'This deployment cannot send a package this large from its function. Make it from a computer with the deployment’s settings: npm run export:bag -- FOLDER.',
              });
            const { ticket, expiresAt } = tickets.issue();
            return reply(200, {
              url: `${BAG_DOWNLOAD_PATH}?ticket=${ticket}`,
              expiresAt: new Date(expiresAt).toISOString(),
            });
          },
        ],
      },
    },
  });
  if (source === null) return app;

  const { openStore, media, siteFolder, about } = source;
  const failure = failureSays('The package could not be made; try again shortly.');

  resource(app, BAG_DOWNLOAD_PATH, {
    cors,
    allow: 'GET, OPTIONS',
    methods: {
      GET: [
        failure,
        async (c) => {
          if (!tickets.take(c.req.query('ticket') ?? ''))
            return reply(403, {
              error:
                'This download link has expired or was used already. Ask for the package again on the Resources page.',
            });
          const store = await storeOf(openStore);
          const at = now();
          const name = bagNameOf(at);
          const { sink, stream, abort } = tarSink(name, at);
          // The package is written while it is sent; a failure half way cuts the download off,
          // so that no one takes a part for the whole.
          writeArchiveBag(bagWriter(sink), {
            store,
            media,
            about: about(),
            siteFolder,
            now: at,
          }).catch((error: unknown) => {
            log(
              `The preservation package stopped: ${error instanceof Error ? error.message : String(error)}`,
            );
            abort(error instanceof Error ? error : new Error(String(error)));
          });
          return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
            status: 200,
            headers: {
              'Content-Type': 'application/x-tar',
              'Content-Disposition': `attachment; filename="${name}.tar"`,
              'Cache-Control': 'no-store',
              'X-Content-Type-Options': 'nosniff',
            },
          });
        },
      ],
    },
  });
  return app;
}
