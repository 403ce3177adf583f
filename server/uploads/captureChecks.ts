import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';
import type { CaptureFormat } from '@/lib/capture';
import { readPlyHeader, splatRecordsProblem } from '@/lib/splatContent';
import { CAPTURE_FORMATS_TEXT, CAPTURE_MAX_BYTES } from '@/lib/uploadLimits';
import { JsonRefused, parseBoundedJson } from './boundedJson';
import {
  ALLOWED_EXTENSIONS,
  findOutside,
  imageProblem,
  isCount,
  isObject,
  listOf,
} from './glbContent';

/**
 * Checks of a 3D capture's bytes (a gallery entry's model: glTF binary, or a Gaussian splat as
 * .ply, .splat or .spz) by what they are, never by the file's name, before the archive stores
 * one: the format is read from the content; a model must be self-contained (nothing a browser
 * would fetch from elsewhere when it loads it, and nothing it needs a downloaded decoder for); it
 * must read the same to the viewer as to these checks; sizes and vertex or splat counts are
 * bounded so a visitor's phone can show it. The checks themselves take bounded time and memory:
 * nothing is built from a file before its size says it may be.
 */

export interface CaptureLimits {
  /** Bytes of the file. */
  maxBytes: number;
  /** Vertices of a model, summed over its primitives. */
  maxVertices: number;
  /** Splats of a splat file. */
  maxSplats: number;
  /** Bytes of a model's glTF JSON (the scene's description; its geometry is in the binary chunk). */
  maxJsonBytes: number;
  /** Objects and arrays of the glTF JSON inside each other. */
  maxJsonDepth: number;
  /** Values of the glTF JSON (objects, arrays and commas, as `checkJsonBounds` counts them). */
  maxJsonItems: number;
}

/** What the archive takes: enough for a walk-around of a house, small enough for a phone. */
export const CAPTURE_LIMITS: CaptureLimits = {
  maxBytes: CAPTURE_MAX_BYTES,
  maxVertices: 2_000_000,
  maxSplats: 1_500_000,
  // A photogrammetry model's JSON is tens of kilobytes; a scene of thousands of nodes, a megabyte.
  // Within these a parse takes tens of milliseconds.
  maxJsonBytes: 4 * 1024 * 1024,
  maxJsonDepth: 64,
  maxJsonItems: 250_000,
};

/** A capture that passed, with what it holds. */
export interface CheckedCapture {
  format: CaptureFormat;
  /** Vertices (a model) or splats. */
  count: number;
}

/** Why a capture is refused: 413 for one over a limit, 415 for one that is not a usable capture. */
export class CaptureRefusal extends Error {
  override name = 'CaptureRefusal';
  constructor(
    readonly status: 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

const notCapture = (why: string) =>
  new CaptureRefusal(
    415,
    `This file is not a 3D capture the archive can show (${why}): send ${CAPTURE_FORMATS_TEXT}.`,
  );
const tooLarge = (why: string) => new CaptureRefusal(413, `The 3D capture is too large: ${why}.`);

const gunzipAsync = promisify(gunzip);

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

const usesExtension = (name: string) =>
  notCapture(`it uses the glTF extension ${name}, which the archive's viewer does not read`);

/** The glTF JSON, parsed once it is known to be small enough to build. */
function glbJsonOf(json: Buffer, limits: CaptureLimits): unknown {
  if (json.length > limits.maxJsonBytes) {
    throw tooLarge(
      `its glTF JSON is over ${limits.maxJsonBytes / 1024 / 1024} MB (a model keeps its geometry in the binary chunk)`,
    );
  }
  try {
    return parseBoundedJson(json, { maxDepth: limits.maxJsonDepth, maxItems: limits.maxJsonItems });
  } catch (error) {
    if (!(error instanceof JsonRefused)) throw error;
    if (error.reason === 'items') throw tooLarge(`its glTF JSON ${error.message}`);
    throw notCapture(`the glTF JSON ${error.message}`);
  }
}

function checkGlb(bytes: Buffer, limits: CaptureLimits): CheckedCapture {
  if (bytes.length < 20) throw notCapture('the glTF file is cut short');
  const version = bytes.readUInt32LE(4);
  if (version !== 2) throw notCapture(`glTF version ${version}; the archive shows glTF 2.0`);
  if (bytes.readUInt32LE(8) !== bytes.length) throw notCapture('the glTF file is cut short');
  const jsonLength = bytes.readUInt32LE(12);
  if (bytes.readUInt32LE(16) !== CHUNK_JSON || 20 + jsonLength > bytes.length) {
    throw notCapture('the glTF file has no readable JSON chunk');
  }
  const document = glbJsonOf(bytes.subarray(20, 20 + jsonLength), limits);
  if (!isObject(document) || !isObject(document.asset) || document.asset.version !== '2.0') {
    throw notCapture('the glTF asset version is not 2.0');
  }
  // The binary chunk, when there is one, right after the JSON (padded to 4 bytes).
  const binStart = 20 + jsonLength;
  let binLength = 0;
  if (binStart < bytes.length) {
    if (binStart + 8 > bytes.length || bytes.readUInt32LE(binStart + 4) !== CHUNK_BIN) {
      throw notCapture('the glTF binary chunk is malformed');
    }
    binLength = bytes.readUInt32LE(binStart);
    if (binStart + 8 + binLength > bytes.length) throw notCapture('the glTF file is cut short');
  }
  const outside = findOutside(document, 'gltf');
  if (outside && 'uri' in outside) {
    throw notCapture(`it refers to a file outside itself (${outside.uri})`);
  }
  if (outside) throw usesExtension(outside.extension);
  const buffers = listOf(document.buffers);
  if (buffers.length > 1) throw notCapture('it has more than its own binary buffer');
  const declared = buffers.length === 1 && isObject(buffers[0]) ? buffers[0].byteLength : 0;
  if (!isCount(declared) || declared > binLength) {
    throw notCapture('its buffer is larger than the binary chunk');
  }
  for (const view of listOf(document.bufferViews)) {
    if (!isObject(view)) throw notCapture('a buffer view is malformed');
    const offset = view.byteOffset ?? 0;
    if (!isCount(offset) || !isCount(view.byteLength) || offset + view.byteLength > declared) {
      throw notCapture('a buffer view reaches past the buffer');
    }
  }
  const needed = [...listOf(document.extensionsRequired), ...listOf(document.extensionsUsed)];
  for (const name of needed) {
    if (typeof name !== 'string' || !ALLOWED_EXTENSIONS.has(name)) {
      throw usesExtension(String(name).slice(0, 60));
    }
  }
  const image = imageProblem(document, bytes, binStart);
  if (image !== null) throw notCapture(image);
  const accessors = listOf(document.accessors);
  let vertices = 0;
  for (const mesh of listOf(document.meshes)) {
    for (const primitive of listOf(isObject(mesh) ? mesh.primitives : undefined)) {
      const position =
        isObject(primitive) && isObject(primitive.attributes)
          ? primitive.attributes.POSITION
          : undefined;
      if (position === undefined) continue;
      const accessor = isCount(position) ? accessors[position] : undefined;
      if (!isObject(accessor) || !isCount(accessor.count)) {
        throw notCapture('a mesh names positions that are not there');
      }
      vertices += accessor.count;
    }
  }
  if (vertices === 0) throw notCapture('the model has no vertices');
  if (vertices > limits.maxVertices) {
    throw tooLarge(
      `${vertices.toLocaleString('en')} vertices, at most ${limits.maxVertices.toLocaleString('en')}`,
    );
  }
  return { format: 'glb', count: vertices };
}

function checkPly(bytes: Buffer, limits: CaptureLimits): CheckedCapture {
  // Read as the viewer's loader reads it, or refused (see `readPlyHeader`).
  const reading = readPlyHeader(bytes);
  if (!reading.ok) throw notCapture(reading.why);
  const { vertices } = reading.header;
  if (vertices > limits.maxSplats) {
    throw tooLarge(
      `${vertices.toLocaleString('en')} splats, at most ${limits.maxSplats.toLocaleString('en')}`,
    );
  }
  return { format: 'ply', count: vertices };
}

/** A .splat record: position (3 floats), scale (3 floats), colour (4 bytes), rotation (4 bytes). */
const SPLAT_RECORD = 32;
/** Positions and scales beyond this are not a capture of anything on Earth's surface. */
const SPLAT_EXTENT = 1e5;

function checkSplat(bytes: Buffer, limits: CaptureLimits): CheckedCapture {
  if (bytes.length === 0 || bytes.length % SPLAT_RECORD !== 0) {
    throw notCapture('a .splat file is whole 32-byte records');
  }
  // Named .splat, read by its first bytes: the viewer must not take it for something else.
  const other = splatRecordsProblem(bytes);
  if (other !== null) throw notCapture(other);
  const count = bytes.length / SPLAT_RECORD;
  if (count > limits.maxSplats) {
    throw tooLarge(
      `${count.toLocaleString('en')} splats, at most ${limits.maxSplats.toLocaleString('en')}`,
    );
  }
  // No header to read: every record's numbers must be ones a splat has (text, or anything else
  // renamed, reads as huge or non-finite floats).
  for (let offset = 0; offset < bytes.length; offset += SPLAT_RECORD) {
    for (let i = 0; i < 6; i += 1) {
      const value = bytes.readFloatLE(offset + i * 4);
      const bad =
        !Number.isFinite(value) || Math.abs(value) > SPLAT_EXTENT || (i >= 3 && value <= 0);
      if (bad) throw notCapture('its records are not splats');
    }
  }
  return { format: 'splat', count };
}

const isGzip = (bytes: Buffer) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

const SPZ_MAGIC = 0x5053474e; // "NGSP"
const SPZ_HEADER = 16;

/** Unpacked no further than the largest capture allowed could need (SH degree 3, 64 bytes a splat). */
const spzUnpackLimit = (limits: CaptureLimits) => ({
  maxOutputLength: SPZ_HEADER + limits.maxSplats * 64,
});

/** The refusal of an .spz that did not unpack within `spzUnpackLimit`. */
function unpackRefusal(error: unknown): CaptureRefusal {
  return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
    ? tooLarge('it unpacks to more than the archive takes')
    : notCapture('the .spz file does not unpack');
}

function checkSpz(bytes: Buffer, limits: CaptureLimits): CheckedCapture {
  let unpacked: Buffer;
  try {
    unpacked = gunzipSync(bytes, spzUnpackLimit(limits));
  } catch (error) {
    throw unpackRefusal(error);
  }
  return checkUnpackedSpz(unpacked, limits);
}

function checkUnpackedSpz(unpacked: Buffer, limits: CaptureLimits): CheckedCapture {
  if (unpacked.length < SPZ_HEADER || unpacked.readUInt32LE(0) !== SPZ_MAGIC) {
    throw notCapture('the .spz header is missing');
  }
  const version = unpacked.readUInt32LE(4);
  const count = unpacked.readUInt32LE(8);
  const degree = unpacked.readUInt8(12);
  if (version < 2 || version > 3) throw notCapture(`.spz version ${version}`);
  // The viewer's reader takes no file whose reserved byte is set.
  if (degree > 3 || unpacked.readUInt8(15) !== 0) throw notCapture('the .spz header is malformed');
  if (count === 0) throw notCapture('the .spz file has no splats');
  if (count > limits.maxSplats) {
    throw tooLarge(
      `${count.toLocaleString('en')} splats, at most ${limits.maxSplats.toLocaleString('en')}`,
    );
  }
  // Positions (24-bit fixed point), alpha, colour, scale, rotation, then spherical harmonics.
  const shCoefficients = [0, 3, 8, 15][degree] ?? 0;
  const rotation = version === 3 ? 4 : 3;
  const perSplat = 9 + 1 + 3 + 3 + rotation + shCoefficients * 3;
  if (unpacked.length < SPZ_HEADER + count * perSplat)
    throw notCapture('the .spz file is cut short');
  return { format: 'spz', count };
}

/**
 * Checks a capture's bytes and says what it is. `name` is only a hint where the content has no
 * signature of its own (.splat records); it never makes other bytes pass.
 *
 * @throws CaptureRefusal (413 or 415) with the message the uploader is shown.
 */
export function checkCapture(
  bytes: Buffer,
  name = '',
  limits: CaptureLimits = CAPTURE_LIMITS,
): CheckedCapture {
  if (bytes.length > limits.maxBytes) {
    throw tooLarge(`at most ${Math.round(limits.maxBytes / 1024 / 1024)} MB`);
  }
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === GLB_MAGIC) return checkGlb(bytes, limits);
  if (bytes.subarray(0, 4).toString('latin1') === 'ply\n') return checkPly(bytes, limits);
  if (isGzip(bytes)) return checkSpz(bytes, limits);
  if (/\.splat$/i.test(name)) return checkSplat(bytes, limits);
  throw notCapture('its content is none of these formats');
}

/**
 * `checkCapture` for the server: an .spz is unpacked on the thread pool, not the server's one
 * thread, which the largest one allowed (96 MB unpacked) would hold for half a second. The other
 * formats are checked in tens of milliseconds at most.
 *
 * @throws CaptureRefusal (413 or 415) with the message the uploader is shown.
 */
export async function checkCaptureAsync(
  bytes: Buffer,
  name = '',
  limits: CaptureLimits = CAPTURE_LIMITS,
): Promise<CheckedCapture> {
  if (bytes.length > limits.maxBytes || !isGzip(bytes)) return checkCapture(bytes, name, limits);
  let unpacked: Buffer;
  try {
    unpacked = await gunzipAsync(bytes, spzUnpackLimit(limits));
  } catch (error) {
    throw unpackRefusal(error);
  }
  return checkUnpackedSpz(unpacked, limits);
}
