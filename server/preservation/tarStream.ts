/**
 * A bag as one tar file (POSIX ustar, RFC 8493 §4.2's serialization: one top-level folder named
 * as the bag), written as a stream while the bag is made, so an editor's download of an archive
 * of any size starts at once and never sits in the server's memory.
 *
 * No tar package: what a bag needs is ustar's 512-byte header per file, and the registry's
 * tar-stream 3.3 brings the Bare runtime's file system along with it.
 */
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { BagBody, BagSink } from './bagit';

const BLOCK = 512;
/** The largest size ustar's 11 octal digits hold (8 GiB − 1); larger sizes use base-256. */
const OCTAL_SIZE_MAX = 0o77777777777;

function putText(header: Buffer, text: string, offset: number, length: number): void {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > length) throw new Error(`A tar field cannot hold ${JSON.stringify(text)}`);
  bytes.copy(header, offset);
}

function putOctal(header: Buffer, value: number, offset: number, length: number): void {
  putText(header, `${value.toString(8).padStart(length - 1, '0')}\0`, offset, length);
}

/** `name` split into ustar's prefix (≤155 bytes) and name (≤100 bytes) at a `/`. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`A path too long for a tar file: ${name}`);
}

/** The 512-byte ustar header of a regular file. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  putText(header, base, 0, 100);
  putOctal(header, 0o644, 100, 8);
  putOctal(header, 0, 108, 8);
  putOctal(header, 0, 116, 8);
  if (size <= OCTAL_SIZE_MAX) putOctal(header, size, 124, 12);
  else {
    // GNU's base-256: the first byte's high bit set, the size big-endian in the rest.
    header[124] = 0x80;
    let rest = BigInt(size);
    for (let i = 135; i > 124; i--) {
      header[i] = Number(rest & 0xffn);
      rest >>= 8n;
    }
  }
  putOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.fill(' ', 148, 156);
  header.write('0', 156, 'latin1');
  putText(header, 'ustar\0', 257, 6);
  putText(header, '00', 263, 2);
  putText(header, prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  putText(header, `${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
}

/** Every chunk of `body`, when it did not say its length (a tar header needs it first). */
async function buffered(body: BagBody): Promise<BagBody & { bytes: number }> {
  if (body.bytes !== null) return { chunks: body.chunks, bytes: body.bytes };
  const chunks: Buffer[] = [];
  for await (const chunk of body.chunks) chunks.push(chunk);
  const whole = Buffer.concat(chunks);
  return { chunks: Readable.from([whole]), bytes: whole.length };
}

/**
 * A sink that writes the bag as a tar stream under the folder `bagName`; `stream` is what to send.
 * `abort(error)` ends the stream with that error (an export that failed half way must not look
 * like a whole file to whoever receives it).
 */
export function tarSink(
  bagName: string,
  now = new Date(),
): { sink: BagSink; stream: Readable; abort: (error: Error) => void } {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const push = async (chunk: Buffer) => {
    if (!out.write(chunk)) {
      // Whichever comes first; the other's listener is taken off again.
      const done = new AbortController();
      await Promise.race([
        once(out, 'drain', { signal: done.signal }),
        once(out, 'close', { signal: done.signal }),
      ]).finally(() => done.abort());
    }
    if (out.destroyed) throw new Error('The download was stopped.');
  };
  const sink: BagSink = {
    async write(path, body) {
      const whole = await buffered(body);
      await push(tarHeader(`${bagName}/${path}`, whole.bytes, now));
      let bytes = 0;
      for await (const chunk of whole.chunks) {
        bytes += chunk.length;
        await push(chunk);
      }
      if (bytes !== whole.bytes)
        throw new Error(`${path}: ${bytes} bytes came where ${whole.bytes} were announced`);
      const pad = (BLOCK - (bytes % BLOCK)) % BLOCK;
      if (pad > 0) await push(Buffer.alloc(pad));
    },
    resumed: () => Promise.resolve(null),
    written: () => Promise.resolve(),
    async complete() {
      await push(Buffer.alloc(BLOCK * 2));
      out.end();
    },
  };
  return { sink, stream: out, abort: (error) => out.destroy(error) };
}
