import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CAPTURE_LIMITS,
  CaptureRefusal,
  checkCapture,
  type CaptureLimits,
} from '../../../../server/uploads/captureChecks';
import { debrisSplat, houseModel, writeGlb } from '../../../../scripts/sample-captures.mjs';

/** The refusal `checkCapture` throws for these bytes, or null when it passes them. */
function refusal(bytes: Buffer, name = '', limits: CaptureLimits = CAPTURE_LIMITS) {
  try {
    checkCapture(bytes, name, limits);
    return null;
  } catch (error) {
    if (error instanceof CaptureRefusal) return { status: error.status, message: error.message };
    throw error;
  }
}

/** A one-triangle model with this JSON merged in. */
function triangle(extra: Record<string, unknown> = {}) {
  const bin = Buffer.from(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]).buffer);
  return writeGlb(
    {
      asset: { version: '2.0' },
      buffers: [{ byteLength: bin.length }],
      bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: bin.length }],
      accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      ...extra,
    },
    bin,
  );
}

describe('checkCapture: glTF binary models', () => {
  it("passes the sample house and counts its vertices, whatever the file's name", () => {
    expect(checkCapture(houseModel(), 'house.txt')).toEqual({ format: 'glb', count: 576 });
    expect(checkCapture(triangle())).toEqual({ format: 'glb', count: 3 });
  });

  it('refuses a model that would make a browser fetch anything from elsewhere', () => {
    const external = triangle({
      buffers: [{ byteLength: 36, uri: 'https://elsewhere.example/b.bin' }],
    });
    expect(refusal(external)).toEqual({
      status: 415,
      message:
        'This file is not a 3D capture the archive can show (it refers to a file outside itself (gltf.buffers[0].uri)): send a .glb model or a .ply, .splat or .spz splat.',
    });
    const texture = triangle({ images: [{ uri: 'data:image/png;base64,AAAA' }] });
    expect(refusal(texture)?.message).toContain('gltf.images[0].uri');
    const bufferless = triangle({ images: [{ mimeType: 'image/png' }] });
    expect(refusal(bufferless)?.message).toContain('a texture is not inside the file');
    const draco = triangle({ extensionsUsed: ['KHR_draco_mesh_compression'] });
    expect(refusal(draco)?.message).toContain('KHR_draco_mesh_compression');
    expect(refusal(triangle({ extensionsUsed: ['KHR_texture_transform'] }))).toBeNull();
  });

  it('refuses a truncated, foreign or inconsistent file', () => {
    const whole = triangle();
    expect(refusal(whole.subarray(0, whole.length - 8))?.message).toContain('cut short');
    expect(refusal(whole.subarray(0, 16))?.message).toContain('cut short');
    const v1 = Buffer.from(whole);
    v1.writeUInt32LE(1, 4);
    expect(refusal(v1)?.message).toContain('glTF version 1');
    const badJson = Buffer.from(whole);
    badJson.write('!', 20);
    expect(refusal(badJson)?.message).toContain('does not parse');
    const pastEnd = triangle({ bufferViews: [{ buffer: 0, byteOffset: 24, byteLength: 36 }] });
    expect(refusal(pastEnd)?.message).toContain('reaches past the buffer');
    expect(refusal(triangle({ meshes: [] }))?.message).toContain('no vertices');
    expect(refusal(triangle({ asset: { version: '1.0' } }))?.message).toContain('not 2.0');
  });

  it('refuses a model over the size or vertex limits with a 413', () => {
    expect(refusal(triangle(), '', { ...CAPTURE_LIMITS, maxVertices: 2 })).toEqual({
      status: 413,
      message: 'The 3D capture is too large: 3 vertices, at most 2.',
    });
    expect(refusal(triangle(), '', { ...CAPTURE_LIMITS, maxBytes: 64 })).toEqual({
      status: 413,
      message: 'The 3D capture is too large: at most 0 MB.',
    });
  });
});

describe('checkCapture: Gaussian splats', () => {
  const plyHeader = (count: number, format = 'binary_little_endian 1.0') =>
    Buffer.from(
      `ply\nformat ${format}\nelement vertex ${count}\nproperty float x\nproperty float y\nproperty float z\nproperty uchar red\nend_header\n`,
      'latin1',
    );

  it('reads a PLY header: binary little-endian, positions, every record there', () => {
    const ply = Buffer.concat([plyHeader(2), Buffer.alloc(26)]);
    expect(checkCapture(ply, 'scan.bin')).toEqual({ format: 'ply', count: 2 });
    expect(refusal(Buffer.concat([plyHeader(2), Buffer.alloc(20)]))?.message).toContain(
      'cut short',
    );
    expect(
      refusal(Buffer.concat([plyHeader(2, 'ascii 1.0'), Buffer.alloc(26)]))?.message,
    ).toContain('not binary little-endian');
    expect(refusal(Buffer.from('ply\nformat binary_little_endian 1.0\n'))?.message).toContain(
      'header does not end',
    );
    expect(
      refusal(Buffer.concat([plyHeader(5), Buffer.alloc(65)]), '', {
        ...CAPTURE_LIMITS,
        maxSplats: 4,
      })?.status,
    ).toBe(413);
  });

  it('takes .splat records only when their numbers are a splat’s', () => {
    expect(checkCapture(debrisSplat(), 'pile.splat')).toEqual({ format: 'splat', count: 6000 });
    const text = Buffer.from('x'.repeat(64));
    expect(refusal(text, 'notes.splat')?.message).toContain('its records are not splats');
    expect(refusal(text, 'notes.txt')?.message).toContain('its content is none of these formats');
    expect(refusal(debrisSplat(10).subarray(0, 300), 'pile.splat')?.message).toContain('32-byte');
  });

  it('unpacks an .spz header and checks its counts', () => {
    const header = Buffer.alloc(16);
    header.writeUInt32LE(0x5053474e, 0);
    header.writeUInt32LE(2, 4);
    header.writeUInt32LE(10, 8);
    header.writeUInt8(0, 12);
    const spz = gzipSync(Buffer.concat([header, Buffer.alloc(10 * 19)]));
    expect(checkCapture(spz, 'room.spz')).toEqual({ format: 'spz', count: 10 });
    expect(refusal(gzipSync(Buffer.concat([header, Buffer.alloc(10)])))?.message).toContain(
      'cut short',
    );
    expect(refusal(gzipSync(Buffer.from('not a splat at all, just text')))?.message).toContain(
      'header is missing',
    );
    expect(refusal(Buffer.from([0x1f, 0x8b, 1, 2, 3]))?.message).toContain('does not unpack');
    expect(refusal(spz, '', { ...CAPTURE_LIMITS, maxSplats: 4 })?.status).toBe(413);
  });
});
