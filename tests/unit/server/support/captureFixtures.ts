/**
 * 3D captures made to attack the checks (issue 27): glTF JSON too large or too deep to build, and
 * models whose textures or extensions would make a viewer download a decoder.
 */
import { writeGlb } from '../../../../scripts/sample-captures.mjs';

/** A GLB of this JSON text, as it is (padded with spaces), and no binary chunk. */
export function glbOfJsonText(json: string): Buffer {
  const text = Buffer.from(json + ' '.repeat((4 - (json.length % 4)) % 4));
  const header = Buffer.alloc(20);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + text.length, 8);
  header.writeUInt32LE(text.length, 12);
  header.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([header, text]);
}

/** A GLB of about `bytes` whose JSON is a glTF asset with a long list of empty objects. */
export function jsonBombGlb(bytes: number): Buffer {
  const count = Math.floor((bytes - 64) / 3);
  return glbOfJsonText(`{"asset":{"version":"2.0"},"extras":[${'{},'.repeat(count)}{}]}`);
}

/** A GLB whose JSON holds arrays `depth` deep. */
export function deepGlb(depth: number): Buffer {
  return glbOfJsonText(
    `{"asset":{"version":"2.0"},"extras":${'['.repeat(depth)}${']'.repeat(depth)}}`,
  );
}

/** The first bytes of a PNG, a JPEG and a KTX2 texture (enough for a signature). */
export const IMAGE_BYTES = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]),
  ktx2: Buffer.from([0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a]),
};

/**
 * A one-triangle model with one texture of `image` typed `mimeType` (none when undefined), and
 * this JSON merged in.
 */
export function texturedModel(
  mimeType: string | undefined,
  image: Buffer,
  extra: Record<string, unknown> = {},
): Buffer {
  const positions = Buffer.from(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]).buffer);
  const bin = Buffer.concat([positions, image]);
  return writeGlb(
    {
      asset: { version: '2.0' },
      buffers: [{ byteLength: bin.length }],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: positions.length },
        { buffer: 0, byteOffset: positions.length, byteLength: image.length },
      ],
      accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' }],
      images: [{ bufferView: 1, ...(mimeType === undefined ? {} : { mimeType }) }],
      textures: [{ source: 0 }],
      materials: [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, material: 0 }] }],
      ...extra,
    },
    bin,
  );
}
