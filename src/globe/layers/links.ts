import { Material } from '@babylonjs/core/Materials/material';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import { arcPoints, type Vec3 } from '@/globe/geo';

/** Curve segments: one per ~4.5° of arc, between 4 and 24 (short links need few). */
const MIN_SEGMENTS = 4;
const MAX_SEGMENTS = 24;
const RADIANS_PER_SEGMENT = 0.08;

function segmentsFor(link: LinkSpec): number {
  const la = Math.hypot(...link.from);
  const lb = Math.hypot(...link.to);
  const cos =
    (link.from[0] * link.to[0] + link.from[1] * link.to[1] + link.from[2] * link.to[2]) /
    (la * lb || 1);
  const angle = Math.acos(Math.min(1, Math.max(-1, cos)));
  return Math.min(MAX_SEGMENTS, Math.max(MIN_SEGMENTS, Math.ceil(angle / RADIANS_PER_SEGMENT)));
}
/** A link fades in over this long once both of its cards are revealed, seconds. */
const APPEAR_SECONDS = 0.4;

const VERTEX = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec4 color;
attribute float appear;
uniform mat4 world;
uniform mat4 viewProjection;
uniform float time;
uniform float fadeSeconds;
varying vec4 vColor;
void main(void) {
  gl_Position = viewProjection * world * vec4(position, 1.0);
  float k = fadeSeconds > 0.0 ? clamp((time - appear) / fadeSeconds, 0.0, 1.0) : step(appear, time);
  vColor = vec4(color.rgb, color.a * k);
}
`;

const FRAGMENT = /* glsl */ `
precision highp float;
varying vec4 vColor;
void main(void) {
  if (vColor.a <= 0.001) discard;
  gl_FragColor = vColor;
}
`;

/** One curve between two points of the card shell. */
export interface LinkSpec {
  from: Vec3;
  to: Vec3;
  /** RGBA, 0-1. */
  colour: [number, number, number, number];
  /** When it may appear (seconds on the engine clock): once both ends are revealed. */
  appearAt: number;
}

/**
 * A set of curved links drawn as one line-list mesh (one draw call however many links). Each
 * vertex carries when its link appears, so links fade in during the reveal without any upload.
 */
export class LinkLayer {
  private mesh: Mesh | null = null;
  private readonly material: ShaderMaterial;
  private appearTimes: number[] = [];

  constructor(
    private readonly scene: Scene,
    private readonly name: string,
    { reducedMotion }: { reducedMotion: boolean },
  ) {
    this.material = new ShaderMaterial(
      name,
      scene,
      { vertexSource: VERTEX, fragmentSource: FRAGMENT },
      {
        attributes: ['position', 'color', 'appear'],
        uniforms: ['world', 'viewProjection', 'time', 'fadeSeconds'],
        needAlphaBlending: true,
      },
    );
    this.material.fillMode = Material.LineListDrawMode;
    this.material.disableDepthWrite = true;
    this.material.backFaceCulling = false;
    this.material.setFloat('fadeSeconds', reducedMotion ? 0 : APPEAR_SECONDS);
  }

  /** Replaces every link of this layer. */
  set(links: readonly LinkSpec[]): void {
    this.mesh?.dispose();
    this.mesh = null;
    this.appearTimes = links.map((l) => l.appearAt);
    if (links.length === 0) return;
    const segments = links.map(segmentsFor);
    const total = segments.reduce((sum, n) => sum + n, 0);
    const vertices = total + links.length;
    const positions = new Float32Array(vertices * 3);
    const colors = new Float32Array(vertices * 4);
    const appear = new Float32Array(vertices);
    const indices = new Uint32Array(total * 2);
    let v = 0;
    let i = 0;
    for (const [k, link] of links.entries()) {
      const count = segments[k] as number;
      const points = arcPoints(link.from, link.to, count);
      const first = v;
      for (const p of points) {
        positions.set(p, v * 3);
        colors.set(link.colour, v * 4);
        appear[v] = link.appearAt;
        v++;
      }
      for (let s = 0; s < count; s++) {
        indices[i++] = first + s;
        indices[i++] = first + s + 1;
      }
    }
    const mesh = new Mesh(this.name, this.scene);
    const data = new VertexData();
    data.positions = positions;
    data.colors = colors;
    data.indices = indices;
    data.applyToMesh(mesh, false);
    mesh.setVerticesData('appear', appear, false, 1);
    mesh.material = this.material;
    mesh.isPickable = false;
    mesh.alwaysSelectAsActiveMesh = true;
    mesh.hasVertexAlpha = true;
    this.mesh = mesh;
  }

  setTime(seconds: number): void {
    this.material.setFloat('time', seconds);
  }

  /** Links shown by `now` (their both ends revealed). */
  visibleCount(now: number): number {
    let n = 0;
    for (const t of this.appearTimes) if (t <= now) n++;
    return n;
  }

  /** When the last link has faded in, seconds. */
  get settledAt(): number {
    return this.appearTimes.length === 0 ? 0 : Math.max(...this.appearTimes) + APPEAR_SECONDS;
  }

  dispose(): void {
    this.mesh?.dispose();
    this.material.dispose();
  }
}
