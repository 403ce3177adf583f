/**
 * Captures made to hurt the server or the visitors who open them (issue 27), refused by the
 * checks in bounded time and memory: a glTF JSON too large or too deep to build (findings 6 and
 * 8b), a PLY header the viewer reads otherwise (7), and textures or extensions a viewer would
 * download a decoder for (8a).
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CAPTURE_LIMITS,
  CaptureRefusal,
  checkCapture,
  checkCaptureAsync,
} from '../../../../server/uploads/captureChecks';
import { debrisSplat } from '../../../../scripts/sample-captures.mjs';
import { deepGlb, IMAGE_BYTES, jsonBombGlb, texturedModel } from '../support/captureFixtures';

const MB = 1024 * 1024;

/** The refusal `checkCapture` throws for these bytes, or null when it passes them. */
function refusal(bytes: Buffer, name = '') {
  try {
    checkCapture(bytes, name);
    return null;
  } catch (error) {
    if (error instanceof CaptureRefusal) return { status: error.status, message: error.message };
    throw error;
  }
}

const NOT_A_CAPTURE = (why: string) =>
  `This file is not a 3D capture the archive can show (${why}): send a .glb model or a .ply, .splat or .spz splat.`;

describe('a glTF JSON too large or too deep to build', () => {
  it('refuses 45 MB of empty objects by the JSON chunk’s length, in milliseconds', () => {
    const bomb = jsonBombGlb(45 * MB);
    const started = performance.now();
    expect(refusal(bomb)).toEqual({
      status: 413,
      message:
        'The 3D capture is too large: its glTF JSON is over 4 MB (a model keeps its geometry in the binary chunk).',
    });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses a JSON within that length that holds too many values, before it is parsed', () => {
    const bomb = jsonBombGlb(3.9 * MB);
    const started = performance.now();
    expect(refusal(bomb)).toEqual({
      status: 413,
      message: 'The 3D capture is too large: its glTF JSON holds more than 250,000 values.',
    });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuses JSON nested 100,000 deep with a 415 that says so, not a stack overflow', () => {
    expect(refusal(deepGlb(100_000))).toEqual({
      status: 415,
      message: NOT_A_CAPTURE('the glTF JSON nests deeper than 64 levels'),
    });
    // Brackets and commas inside strings are text, not structure.
    const quoted = texturedModel('image/png', IMAGE_BYTES.png, {
      extras: { note: `[[[[${'{,'.repeat(300_000)}` },
    });
    expect(refusal(quoted)).toBeNull();
  });

  it('keeps the limits a real model is far from', () => {
    expect(CAPTURE_LIMITS).toMatchObject({
      maxJsonBytes: 4 * MB,
      maxJsonDepth: 64,
      maxJsonItems: 250_000,
    });
  });
});

describe('textures and extensions a viewer would download a decoder for', () => {
  it('takes PNG and JPEG textures, by their type and their bytes', () => {
    expect(refusal(texturedModel('image/png', IMAGE_BYTES.png))).toBeNull();
    expect(refusal(texturedModel('image/jpeg', IMAGE_BYTES.jpeg))).toBeNull();
  });

  it('refuses a KTX2 texture, and any type but PNG and JPEG', () => {
    expect(refusal(texturedModel('image/ktx2', IMAGE_BYTES.ktx2))).toEqual({
      status: 415,
      message: NOT_A_CAPTURE(
        'a texture is image/ktx2; the archive takes PNG and JPEG textures, which a browser shows without a downloaded decoder',
      ),
    });
    for (const type of [
      'image/ktx',
      'image/basis',
      'image/webp',
      'image/avif',
      'image/vnd-ms.dds',
    ]) {
      expect(refusal(texturedModel(type, IMAGE_BYTES.png))?.message, type).toContain(type);
    }
    expect(refusal(texturedModel(undefined, IMAGE_BYTES.png))?.message).toContain(
      'a texture is of no type',
    );
    // Named PNG, a KTX2 inside: refused by its bytes.
    expect(refusal(texturedModel('image/png', IMAGE_BYTES.ktx2))?.message).toContain(
      'a texture is not the PNG image it says it is',
    );
  });

  it('refuses a decoder’s extension wherever it is, listed in extensionsUsed or not', () => {
    const uses = (name: string) =>
      NOT_A_CAPTURE(`it uses the glTF extension ${name}, which the archive's viewer does not read`);
    const basisu = texturedModel('image/png', IMAGE_BYTES.png, {
      textures: [{ source: 0, extensions: { KHR_texture_basisu: { source: 0 } } }],
    });
    expect(refusal(basisu)?.message).toBe(uses('KHR_texture_basisu'));
    const webp = texturedModel('image/png', IMAGE_BYTES.png, {
      textures: [{ source: 0, extensions: { EXT_texture_webp: { source: 0 } } }],
    });
    expect(refusal(webp)?.message).toBe(uses('EXT_texture_webp'));
    for (const name of ['EXT_meshopt_compression', 'KHR_meshopt_compression']) {
      const meshopt = texturedModel('image/png', IMAGE_BYTES.png, {
        bufferViews: [
          { buffer: 0, byteOffset: 0, byteLength: 36, extensions: { [name]: { buffer: 0 } } },
          { buffer: 0, byteOffset: 36, byteLength: IMAGE_BYTES.png.length },
        ],
      });
      expect(refusal(meshopt)?.message, name).toBe(uses(name));
    }
    const draco = texturedModel('image/png', IMAGE_BYTES.png, {
      meshes: [
        {
          primitives: [
            {
              attributes: { POSITION: 0 },
              extensions: { KHR_draco_mesh_compression: { bufferView: 0, attributes: {} } },
            },
          ],
        },
      ],
    });
    expect(refusal(draco)?.message).toBe(uses('KHR_draco_mesh_compression'));
    for (const name of ['KHR_texture_basisu', 'EXT_meshopt_compression', 'EXT_texture_avif']) {
      const required = texturedModel('image/png', IMAGE_BYTES.png, { extensionsRequired: [name] });
      expect(refusal(required)?.message, name).toBe(uses(name));
    }
    // One the viewer reads by itself passes wherever it is.
    const transform = texturedModel('image/png', IMAGE_BYTES.png, {
      extensionsUsed: ['KHR_texture_transform'],
      materials: [
        {
          pbrMetallicRoughness: {
            baseColorTexture: {
              index: 0,
              extensions: { KHR_texture_transform: { scale: [2, 2] } },
            },
          },
        },
      ],
    });
    expect(refusal(transform)).toBeNull();
  });
});

describe('a splat the viewer reads otherwise than the checks', () => {
  const header = (lines: string[]) =>
    Buffer.from(
      ['ply', 'format binary_little_endian 1.0', ...lines, 'end_header', ''].join('\n'),
      'latin1',
    );
  const xyz = ['property float x', 'property float y', 'property float z'];

  it('refuses a PLY whose comment names another vertex count (Babylon reads the comment)', () => {
    const shadowed = Buffer.concat([
      header(['comment element vertex 60000000', 'element vertex 1', ...xyz]),
      Buffer.alloc(12),
    ]);
    expect(refusal(shadowed)).toEqual({
      status: 415,
      message: NOT_A_CAPTURE(
        'the PLY header reads two ways: its vertex element counts 1, a comment before it 60,000,000',
      ),
    });
    const plainOne = Buffer.concat([header(['element vertex 1', ...xyz]), Buffer.alloc(12)]);
    expect(checkCapture(plainOne)).toEqual({ format: 'ply', count: 1 });
  });

  it('refuses .splat records that start as a ZIP or hold a PLY header mark', () => {
    const zip = debrisSplat(40);
    // "PK" in the first position's low bytes: a finite, small float still.
    zip.set([0x50, 0x4b], 0);
    expect(Number.isFinite(zip.readFloatLE(0))).toBe(true);
    expect(refusal(zip, 'pile.splat')?.message).toBe(NOT_A_CAPTURE('it starts as a ZIP archive'));
    const marked = debrisSplat(40);
    // In a record's colour and rotation bytes and the next record's first bytes, which the
    // number checks leave free.
    marked.write('end_header\n', 32 * 3 + 24, 'latin1');
    expect(Number.isFinite(marked.readFloatLE(32 * 4))).toBe(true);
    expect(refusal(marked, 'pile.splat')?.message).toContain('PLY header mark');
  });

  it('refuses an .spz whose reserved byte is set (the viewer rejects it)', () => {
    const head = Buffer.alloc(16);
    head.writeUInt32LE(0x5053474e, 0);
    head.writeUInt32LE(2, 4);
    head.writeUInt32LE(10, 8);
    head.writeUInt8(1, 15);
    const spz = gzipSync(Buffer.concat([head, Buffer.alloc(10 * 19)]));
    expect(refusal(spz)?.message).toContain('the .spz header is malformed');
  });
});

describe('the largest .spz allowed', () => {
  it('is unpacked (96 MB) off the server’s thread, which stays free for other requests', async () => {
    const head = Buffer.alloc(16);
    head.writeUInt32LE(0x5053474e, 0);
    head.writeUInt32LE(2, 4);
    head.writeUInt32LE(CAPTURE_LIMITS.maxSplats, 8);
    head.writeUInt8(3, 12);
    const spz = gzipSync(Buffer.concat([head, Buffer.alloc(CAPTURE_LIMITS.maxSplats * 64)]));
    // A 93 KB upload that unpacks to 96 MB: half a second of work, done on the thread pool.
    expect(spz.length).toBeLessThan(200 * 1024);
    let last = performance.now();
    let longest = 0;
    const ticks = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    try {
      expect(await checkCaptureAsync(spz)).toEqual({
        format: 'spz',
        count: CAPTURE_LIMITS.maxSplats,
      });
    } finally {
      clearInterval(ticks);
    }
    expect(longest).toBeLessThan(250);
    // What the synchronous check, for scripts and tests, still gives.
    expect(checkCapture(spz)).toEqual({ format: 'spz', count: CAPTURE_LIMITS.maxSplats });
  });
});
