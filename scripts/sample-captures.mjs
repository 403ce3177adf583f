/**
 * The sample archive's own 3D captures, made by script so that they are the project's own and the
 * same on every run (a seeded PRNG): a glTF binary model of a house that lost part of its roof
 * and a wall, and a Gaussian splat (.splat records) of a curbside debris pile. Both are marked as
 * sample content in their data. `writeGlb` is also what the tests build their models with.
 *
 *   node scripts/sample-captures.mjs    # writes the two files under public/sample/
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the sample captures live, relative to public/. */
export const SAMPLE_CAPTURES = {
  house: 'sample/roof-frames-rising/capture-house.glb',
  debris: 'sample/debris-piles-curbside/capture-debris.splat',
};

/** A glTF binary (GLB 2.0) of `json` and `bin`, both padded to 4 bytes as the format asks. */
export function writeGlb(json, bin = Buffer.alloc(0)) {
  const pad = (buffer, fill) => {
    const extra = (4 - (buffer.length % 4)) % 4;
    return extra ? Buffer.concat([buffer, Buffer.alloc(extra, fill)]) : buffer;
  };
  const jsonChunk = pad(Buffer.from(JSON.stringify(json), 'utf8'), 0x20);
  const binChunk = pad(Buffer.from(bin), 0);
  const chunkHeader = (length, type) => {
    const header = Buffer.alloc(8);
    header.writeUInt32LE(length, 0);
    header.writeUInt32LE(type, 4);
    return header;
  };
  const parts = [chunkHeader(jsonChunk.length, 0x4e4f534a), jsonChunk];
  if (binChunk.length > 0) parts.push(chunkHeader(binChunk.length, 0x004e4942), binChunk);
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + body.length, 8);
  return Buffer.concat([header, body]);
}

function makeRng(seed) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

/**
 * A box as 24 vertices (flat normals per face) and 36 indices, turned `yaw` radians about the
 * vertical and `tilt` about its own x axis, centred at `at`.
 */
function box({ size: [w, h, d], at: [cx, cy, cz], yaw = 0, tilt = 0 }) {
  const faces = [
    [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    [
      [-1, 0, 0],
      [0, 1, 0],
      [0, 0, -1],
    ],
    [
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
    ],
    [
      [0, -1, 0],
      [0, 0, -1],
      [1, 0, 0],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
  ];
  const half = [w / 2, h / 2, d / 2];
  const turn = ([x, y, z]) => {
    const y1 = y * Math.cos(tilt) - z * Math.sin(tilt);
    const z1 = y * Math.sin(tilt) + z * Math.cos(tilt);
    return [x * Math.cos(yaw) + z1 * Math.sin(yaw), y1, -x * Math.sin(yaw) + z1 * Math.cos(yaw)];
  };
  const positions = [];
  const normals = [];
  const indices = [];
  for (const [n, u, v] of faces) {
    const base = positions.length / 3;
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ]) {
      const local = [0, 1, 2].map((k) => (n[k] + a * u[k] + b * v[k]) * half[k]);
      const [x, y, z] = turn(local);
      positions.push(cx + x, cy + y, cz + z);
      normals.push(...turn(n));
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return { positions, normals, indices };
}

/**
 * The damaged house: a floor slab, three walls whole and one broken down to a stub, the roof's
 * back slope in place and its front slope gone but for two rafters, and a scatter of debris.
 * About a metre to a unit, the ground at y = 0.
 */
export function houseModel() {
  const rng = makeRng('sample-house');
  const parts = {
    floor: [box({ size: [6.4, 0.2, 8.4], at: [0, 0.1, 0] })],
    walls: [
      box({ size: [0.25, 3, 8], at: [-3, 1.6, 0] }),
      box({ size: [0.25, 3, 8], at: [3, 1.6, 0] }),
      box({ size: [6, 3, 0.25], at: [0, 1.6, -4] }),
      // The front wall, broken: a stub at each corner and a low remnant between.
      box({ size: [1.6, 2.6, 0.25], at: [-2.1, 1.4, 4] }),
      box({ size: [1.1, 1.4, 0.25], at: [2.35, 0.8, 4] }),
      box({ size: [2.6, 0.6, 0.25], at: [0.2, 0.4, 4] }),
    ],
    roof: [
      box({ size: [6.8, 0.15, 4.6], at: [0, 4.1, -2], tilt: -0.55 }),
      box({ size: [0.15, 0.15, 4.4], at: [-1.5, 4.1, 2], tilt: 0.55 }),
      box({ size: [0.15, 0.15, 3.1], at: [1.6, 3.8, 1.6], tilt: 0.7 }),
    ],
    debris: Array.from({ length: 14 }, () =>
      box({
        size: [0.4 + rng() * 1.6, 0.06 + rng() * 0.12, 0.1 + rng() * 0.25],
        at: [(rng() - 0.5) * 6, 0.25 + rng() * 0.35, 4.6 + rng() * 1.8],
        yaw: rng() * Math.PI,
        tilt: (rng() - 0.5) * 0.6,
      }),
    ),
  };
  const materials = [
    {
      name: 'concrete',
      pbrMetallicRoughness: {
        baseColorFactor: [0.55, 0.55, 0.52, 1],
        metallicFactor: 0,
        roughnessFactor: 0.95,
      },
    },
    {
      name: 'brick',
      pbrMetallicRoughness: {
        baseColorFactor: [0.56, 0.25, 0.18, 1],
        metallicFactor: 0,
        roughnessFactor: 0.9,
      },
    },
    {
      name: 'roofing',
      pbrMetallicRoughness: {
        baseColorFactor: [0.2, 0.21, 0.24, 1],
        metallicFactor: 0,
        roughnessFactor: 0.8,
      },
    },
    {
      name: 'lumber',
      pbrMetallicRoughness: {
        baseColorFactor: [0.62, 0.47, 0.3, 1],
        metallicFactor: 0,
        roughnessFactor: 0.85,
      },
    },
  ];
  const chunks = [];
  const bufferViews = [];
  const accessors = [];
  const meshes = [];
  let offset = 0;
  const addView = (buffer, target) => {
    chunks.push(buffer);
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: buffer.length, target });
    offset += buffer.length;
    return bufferViews.length - 1;
  };
  Object.values(parts).forEach((boxes, material) => {
    const positions = boxes.flatMap((b) => b.positions);
    const normals = boxes.flatMap((b) => b.normals);
    let base = 0;
    const indices = boxes.flatMap((b) => {
      const shifted = b.indices.map((i) => i + base);
      base += b.positions.length / 3;
      return shifted;
    });
    const min = [0, 1, 2].map((k) => Math.min(...positions.filter((_, i) => i % 3 === k)));
    const max = [0, 1, 2].map((k) => Math.max(...positions.filter((_, i) => i % 3 === k)));
    const position = addView(Buffer.from(new Float32Array(positions).buffer), 34962);
    const normal = addView(Buffer.from(new Float32Array(normals).buffer), 34962);
    const index = addView(Buffer.from(new Uint16Array(indices).buffer), 34963);
    // Keep every view 4-byte aligned.
    if (offset % 4) addView(Buffer.alloc(4 - (offset % 4)), undefined);
    const count = positions.length / 3;
    accessors.push(
      { bufferView: position, componentType: 5126, count, type: 'VEC3', min, max },
      { bufferView: normal, componentType: 5126, count, type: 'VEC3' },
      { bufferView: index, componentType: 5123, count: indices.length, type: 'SCALAR' },
    );
    const first = accessors.length - 3;
    meshes.push({
      name: materials[material].name,
      primitives: [
        { attributes: { POSITION: first, NORMAL: first + 1 }, indices: first + 2, material },
      ],
    });
  });
  for (const view of bufferViews) if (view.target === undefined) delete view.target;
  const bin = Buffer.concat(chunks);
  const json = {
    asset: {
      version: '2.0',
      generator: 'Globe Archive sample-captures.mjs',
      copyright: 'Sample content made for the Globe Archive sample archive; not a real capture.',
      extras: { sample: true },
    },
    scene: 0,
    scenes: [{ nodes: meshes.map((_, i) => i) }],
    nodes: meshes.map((mesh, i) => ({ mesh: i, name: mesh.name })),
    meshes,
    materials,
    accessors,
    bufferViews,
    buffers: [{ byteLength: bin.length }],
  };
  return writeGlb(json, bin);
}

/**
 * The debris pile as Gaussian splats in .splat records (32 bytes: position, scale, RGBA, rotation
 * as w, x, y, z bytes): a low heap of broken lumber, insulation and shingles on a strip of grass.
 */
export function debrisSplat(count = 6000) {
  const rng = makeRng('sample-debris');
  const out = Buffer.alloc(count * 32);
  const palette = [
    [150, 112, 70],
    [120, 88, 58],
    [214, 196, 120],
    [60, 62, 68],
    [88, 120, 64],
  ];
  for (let i = 0; i < count; i += 1) {
    const grass = i < count * 0.3;
    const r = grass ? 2.6 * Math.sqrt(rng()) : 1.6 * Math.sqrt(rng());
    const a = rng() * Math.PI * 2;
    const x = Math.cos(a) * r * 1.4;
    const z = Math.sin(a) * r;
    const height = grass ? 0.02 : Math.max(0.02, (1 - r / 1.6) * 0.9 * (0.6 + rng() * 0.4));
    const y = grass ? rng() * 0.04 : rng() * height;
    const colour = grass ? palette[4] : palette[Math.floor(rng() * 4)];
    const o = i * 32;
    out.writeFloatLE(x, o);
    out.writeFloatLE(-y, o + 4);
    out.writeFloatLE(z, o + 8);
    const s = grass ? 0.05 : 0.025 + rng() * 0.04;
    out.writeFloatLE(s * (1 + rng()), o + 12);
    out.writeFloatLE(s * 0.6, o + 16);
    out.writeFloatLE(s * (1 + rng()), o + 20);
    const shade = 0.8 + rng() * 0.3;
    for (let k = 0; k < 3; k += 1) out[o + 24 + k] = Math.min(255, Math.round(colour[k] * shade));
    out[o + 27] = 230;
    const w = rng() * 2 - 1;
    const q = [w, rng() * 2 - 1, rng() * 2 - 1, rng() * 2 - 1];
    const length = Math.hypot(...q) || 1;
    q.forEach((value, k) => (out[o + 28 + k] = Math.round((value / length) * 127.5 + 127.5)));
  }
  return out;
}

/** Writes both sample captures under `publicDir`. */
export function writeSampleCaptures(publicDir) {
  for (const [file, bytes] of [
    [SAMPLE_CAPTURES.house, houseModel()],
    [SAMPLE_CAPTURES.debris, debrisSplat()],
  ]) {
    const target = path.join(publicDir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  writeSampleCaptures(path.join(root, 'public'));
  console.log(`Wrote public/${SAMPLE_CAPTURES.house} and public/${SAMPLE_CAPTURES.debris}`);
}
