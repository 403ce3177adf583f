import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** A content coding this server produces. */
export type ContentCoding = 'br' | 'gzip';

/** Below this size compression costs more (headers, CPU) than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Picks the coding for an `Accept-Encoding` header: the acceptable one with the highest q, brotli
 * on a tie (smaller), or `null` for the identity body.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (token === '') continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(token, Number.isFinite(value) ? value : 0);
  }
  const star = q.get('*') ?? 0;
  const br = q.get('br') ?? star;
  const gz = q.get('gzip') ?? q.get('x-gzip') ?? star;
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/**
 * Compresses a body. Callers cache the result (per archive revision, per static file), so this
 * spends CPU on a good ratio once rather than a fast one per request; brotli stops at quality 9
 * because 10-11 switch to a far slower algorithm for a few percent.
 */
export function compress(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  if (coding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, { level: 9 });
}
