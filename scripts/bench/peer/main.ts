/**
 * The benchmark's peer (issue 29): the globe a person would pick instead of ours, globe.gl, with
 * the same map image and one textured card per item, as a globe.gl user would build it: a plane
 * mesh per object in the objects layer, with the picture of its item's thumbnail URL (the same
 * 64 URLs our generated archives use), drawn at the size of our card faces. Served by
 * `npm run bench` (scripts/bench/peerServer.ts); never part of the app's build.
 *
 * Query: `n` (objects), `tile` and `tileH` (texture size, px), `cardW`, `cardH` and `cardAlt`
 * (card size and height above the ground, in globe radii), `lat`, `lng`, `altitude` and `fov`
 * (the camera), `textures=own` (a texture per card, not per URL). Publishes `window.__peer` once the objects have been drawn.
 */
import Globe from 'globe.gl';
import type { PerspectiveCamera } from 'three';
import {
  CanvasTexture,
  DoubleSide,
  Mesh,
  MeshBasicMaterial,
  PlaneGeometry,
  SRGBColorSpace,
} from 'three';

interface Item {
  lat: number;
  lng: number;
  /** Which of the pool's images the card shows. */
  image: number;
}

/** What the bench reads once the peer has drawn its objects. */
export interface PeerState {
  ready: boolean;
  objects: number;
  drawCalls: number;
  textures: number;
  error: string | null;
}

declare global {
  interface Window {
    __peer?: PeerState;
  }
}

const params = new URLSearchParams(location.search);
const num = (name: string, fallback: number) => {
  const value = Number(params.get(name));
  return params.has(name) && Number.isFinite(value) ? value : fallback;
};
/** globe.gl's globe radius, in its world units. */
const GLOBE_RADIUS = 100;
const IMAGE_POOL = 64;

/** The items' places: the same generated archive our app is given (served by the bench). */
async function loadItems(n: number): Promise<Item[]> {
  const response = await fetch(`/archive.json?n=${n}`);
  if (!response.ok) throw new Error(`/archive.json answered ${response.status}`);
  const nodes = (await response.json()) as { lat: number; lng: number }[];
  return nodes.map((node, i) => ({ lat: node.lat, lng: node.lng, image: i % IMAGE_POOL }));
}

/** The pool's images, each drawn once at the card-face size. */
async function loadFaces(width: number, height: number): Promise<HTMLCanvasElement[]> {
  return Promise.all(
    Array.from({ length: IMAGE_POOL }, async (_, k) => {
      const image = new Image();
      image.src = `/default-thumb.jpg?pool=${k}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.drawImage(image, 0, 0, width, height);
      return canvas;
    }),
  );
}

/** Resolves after `count` animation frames. */
function frames(count: number): Promise<void> {
  return new Promise((resolve) => {
    let left = count;
    const next = () => (--left <= 0 ? resolve() : requestAnimationFrame(next));
    requestAnimationFrame(next);
  });
}

async function main(): Promise<void> {
  const n = num('n', 100);
  const element = document.getElementById('globe');
  if (!element) throw new Error('no #globe element');
  const [items, faces] = await Promise.all([
    loadItems(n),
    loadFaces(num('tile', 192), num('tileH', 116)),
  ]);
  const geometry = new PlaneGeometry(
    num('cardW', 0.332) * GLOBE_RADIUS,
    num('cardH', 0.2) * GLOBE_RADIUS,
  );
  // One texture and material per image URL (64, as in the generated archives), as a careful
  // globe.gl user would cache them; `?textures=own` gives every card its own (N uploads, N
  // textures: 4-7 s a frame at 10,000 under SwiftShader).
  const ownTextures = params.get('textures') === 'own';
  const materials = new Map<number, MeshBasicMaterial>();
  const materialOf = (image: number): MeshBasicMaterial => {
    const cached = ownTextures ? undefined : materials.get(image);
    if (cached) return cached;
    const texture = new CanvasTexture(faces[image] as HTMLCanvasElement);
    texture.colorSpace = SRGBColorSpace;
    const material = new MeshBasicMaterial({ map: texture, side: DoubleSide });
    if (!ownTextures) materials.set(image, material);
    return material;
  };
  const globe = new Globe(element).globeImageUrl('/map.webp');
  await new Promise<void>((resolve) => globe.onGlobeReady(resolve));
  const camera = globe.camera() as PerspectiveCamera;
  camera.fov = num('fov', 75);
  camera.updateProjectionMatrix();
  globe.pointOfView({ lat: num('lat', 0), lng: num('lng', 0), altitude: num('altitude', 1.5) });
  globe
    .objectAltitude(num('cardAlt', 0.22))
    .objectFacesSurface(true)
    .objectThreeObject((d) => new Mesh(geometry, materialOf((d as Item).image)))
    .objectsData(items);
  // The first frames upload the textures; the bench drags after these.
  await frames(5);
  const info = globe.renderer().info;
  window.__peer = {
    ready: true,
    objects: items.length,
    drawCalls: info.render.calls,
    textures: info.memory.textures,
    error: null,
  };
}

main().catch((error: unknown) => {
  window.__peer = {
    ready: false,
    objects: 0,
    drawCalls: 0,
    textures: 0,
    error: String(error),
  };
});
