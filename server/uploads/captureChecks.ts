import { gunzipSync } from 'node:zlib';
import type { CaptureFormat } from '@/lib/capture';
import { CAPTURE_FORMATS_TEXT, CAPTURE_MAX_BYTES } from '@/lib/uploadLimits';

/**
 * Checks of a 3D capture's bytes (a gallery entry's model: glTF binary, or a Gaussian splat as
 * .ply, .splat or .spz) by what they are, never by the file's name, before the archive stores
 * one: the format is read from the content; a model must be self-contained (nothing a browser
 * would fetch from elsewhere when it loads it); sizes and vertex or splat counts are bounded so a
 * visitor's phone can show it.
 */

export interface CaptureLimits {
  /** Bytes of the file. */
  maxBytes: number;
  /** Vertices of a model, summed over its primitives. */
  maxVertices: number;
  /** Splats of a splat file. */
  maxSplats: number;
}

/** What the archive takes: enough for a walk-around of a house, small enough for a phone. */
export const CAPTURE_LIMITS: CaptureLimits = {
  maxBytes: CAPTURE_MAX_BYTES,
  maxVertices: 2_000_000,
  maxSplats: 1_500_000,
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

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/**
 * glTF extensions a model may use: those Babylon's loader decodes by itself. Draco, meshopt and
 * Basis textures are left out on purpose: their decoders are fetched from a CDN when a model
 * needs them, which is a request to elsewhere that a visitor's browser would make.
 */
const ALLOWED_EXTENSIONS = new Set([
  'KHR_materials_emissive_strength',
  'KHR_materials_ior',
  'KHR_materials_specular',
  'KHR_materials_unlit',
  'KHR_mesh_quantization',
  'KHR_texture_transform',
  'KHR_gaussian_splatting',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Whether a `uri` is anywhere in the document: any would make a browser fetch it. */
function findUri(value: unknown, path: string): string | null {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUri(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (!isObject(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'uri') return `${path}.uri`;
    const found = findUri(child, `${path}.${key}`);
    if (found) return found;
  }
  return null;
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
  let document: unknown;
  try {
    document = JSON.parse(bytes.subarray(20, 20 + jsonLength).toString('utf8'));
  } catch {
    throw notCapture('the glTF JSON does not parse');
  }
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
  const uri = findUri(document, 'gltf');
  if (uri) throw notCapture(`it refers to a file outside itself (${uri})`);
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
  for (const image of listOf(document.images)) {
    if (!isObject(image) || !isCount(image.bufferView)) {
      throw notCapture('a texture is not inside the file');
    }
  }
  const needed = [...listOf(document.extensionsRequired), ...listOf(document.extensionsUsed)];
  for (const name of needed) {
    if (typeof name !== 'string' || !ALLOWED_EXTENSIONS.has(name)) {
      throw notCapture(
        `it needs the glTF extension ${String(name)}, which a browser would fetch a decoder for`,
      );
    }
  }
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

const PLY_TYPE_BYTES: Record<string, number> = {
  char: 1,
  uchar: 1,
  int8: 1,
  uint8: 1,
  short: 2,
  ushort: 2,
  int16: 2,
  uint16: 2,
  int: 4,
  uint: 4,
  int32: 4,
  uint32: 4,
  float: 4,
  float32: 4,
  double: 8,
  float64: 8,
};

function checkPly(bytes: Buffer, limits: CaptureLimits): CheckedCapture {
  const head = bytes.subarray(0, Math.min(bytes.length, 64 * 1024)).toString('latin1');
  const end = head.indexOf('end_header\n');
  if (end < 0) throw notCapture('the PLY header does not end');
  const lines = head
    .slice(0, end)
    .split('\n')
    .map((line) => line.trim());
  if (!lines.includes('format binary_little_endian 1.0')) {
    throw notCapture('the PLY file is not binary little-endian');
  }
  let vertices = -1;
  let stride = 0;
  let element = '';
  const properties = new Set<string>();
  for (const line of lines) {
    const words = line.split(/\s+/);
    if (words[0] === 'element') {
      element = words[1] ?? '';
      if (element === 'vertex') vertices = Number(words[2]);
    } else if (words[0] === 'property' && element === 'vertex') {
      const size = PLY_TYPE_BYTES[words[1] ?? ''];
      if (size === undefined) throw notCapture('a PLY vertex property is not a plain number');
      stride += size;
      properties.add(words[2] ?? '');
    }
  }
  if (!isCount(vertices) || vertices === 0) throw notCapture('the PLY file has no vertices');
  if (!['x', 'y', 'z'].every((axis) => properties.has(axis))) {
    throw notCapture('the PLY vertices have no positions');
  }
  if (vertices > limits.maxSplats) {
    throw tooLarge(
      `${vertices.toLocaleString('en')} splats, at most ${limits.maxSplats.toLocaleString('en')}`,
    );
  }
  if (bytes.length - (end + 'end_header\n'.length) < vertices * stride) {
    throw notCapture('the PLY file is cut short');
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

const SPZ_MAGIC = 0x5053474e; // "NGSP"
const SPZ_HEADER = 16;

function checkSpz(bytes: Buffer, limits: CaptureLimits): CheckedCapture {
  // Unpacked no further than the largest capture allowed could need (SH degree 3, 64 bytes a splat).
  let unpacked: Buffer;
  try {
    unpacked = gunzipSync(bytes, { maxOutputLength: SPZ_HEADER + limits.maxSplats * 64 });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw tooLarge('it unpacks to more than the archive takes');
    }
    throw notCapture('the .spz file does not unpack');
  }
  if (unpacked.length < SPZ_HEADER || unpacked.readUInt32LE(0) !== SPZ_MAGIC) {
    throw notCapture('the .spz header is missing');
  }
  const version = unpacked.readUInt32LE(4);
  const count = unpacked.readUInt32LE(8);
  const degree = unpacked.readUInt8(12);
  if (version < 2 || version > 3) throw notCapture(`.spz version ${version}`);
  if (degree > 3) throw notCapture('the .spz header is malformed');
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
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return checkSpz(bytes, limits);
  if (/\.splat$/i.test(name)) return checkSplat(bytes, limits);
  throw notCapture('its content is none of these formats');
}
