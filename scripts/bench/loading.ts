/**
 * What a benchmark page load makes of loading: how the card faces filled in (from the samples of
 * tests/e2e/support/globeMarks.ts) and the bytes the page received before the globe was shown.
 */
import type { Page } from 'playwright-core';
import type { FacesSample } from '../../tests/e2e/support/globeMarks';

/** How the faces filled in, from the samples, relative to when the globe was shown. */
export interface FacesSummary {
  /** The first sample at or after shown (the init script takes one at that moment). */
  atShown: FacesSample | null;
  /** ms after shown until real faces covered half / 90 % of the cards; null: not within the watch. */
  real50Ms: number | null;
  real90Ms: number | null;
  /** The last sample, and the share of cards with real faces in it (0-1). */
  atEnd: FacesSample | null;
  realShareAtEnd: number | null;
  /** ms after shown that the last sample was taken (how long the faces were watched). */
  watchedMs: number | null;
}

export function summariseFaces(samples: FacesSample[], shownAt: number | null): FacesSummary {
  const from = shownAt ?? samples[0]?.t ?? 0;
  const after = (share: number) => {
    const hit = samples.find((s) => s.cards > 0 && s.real >= share * s.cards);
    return hit === undefined || shownAt === null ? null : Math.max(0, hit.t - shownAt);
  };
  const atEnd = samples.at(-1) ?? null;
  return {
    atShown: shownAt === null ? null : (samples.find((s) => s.t >= shownAt) ?? null),
    real50Ms: after(0.5),
    real90Ms: after(0.9),
    atEnd,
    realShareAtEnd: atEnd && atEnd.cards > 0 ? atEnd.real / atEnd.cards : null,
    watchedMs: atEnd ? atEnd.t - from : null,
  };
}

/** What the page received before a moment: bytes of responses (headers and encoded body). */
export interface TransferTotals {
  bytes: number;
  requests: number;
  /** Bytes by origin (the app's own, `https://i.ytimg.com`, …). */
  byOrigin: Record<string, number>;
  /** The largest responses, for finding what to trim. */
  largest: { url: string; bytes: number }[];
}

const LARGEST = 8;

interface Transfer {
  url: string;
  origin: string;
  /** When the last byte arrived, epoch ms. */
  endMs: number;
  bytes: number;
}

/**
 * Records every finished request of `page` (workers' included) with Playwright's sizes: headers
 * plus the encoded (compressed) body, what crossed the network. A cold cache is the caller's: a
 * fresh browser context starts with an empty HTTP cache.
 */
export function recordTransfers(page: Page) {
  const pending: Promise<Transfer | null>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const url = new URL(request.url());
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
        const sizes = await request.sizes().catch(() => null);
        if (sizes === null) return null;
        const timing = request.timing();
        const endMs = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : Date.now();
        return {
          url: url.href,
          origin: url.origin,
          endMs,
          bytes: sizes.responseHeadersSize + sizes.responseBodySize,
        };
      })(),
    );
  });
  return {
    /** Totals of the responses complete by `epochMs`. */
    async before(epochMs: number): Promise<TransferTotals> {
      const transfers = (await Promise.all(pending)).filter(
        (t): t is Transfer => t !== null && t.endMs <= epochMs,
      );
      const byOrigin: Record<string, number> = {};
      for (const t of transfers) byOrigin[t.origin] = (byOrigin[t.origin] ?? 0) + t.bytes;
      return {
        bytes: transfers.reduce((sum, t) => sum + t.bytes, 0),
        requests: transfers.length,
        byOrigin,
        largest: [...transfers]
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, LARGEST)
          .map(({ url, bytes }) => ({ url, bytes })),
      };
    },
  };
}
