import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { CreatePlane } from '@babylonjs/core/Meshes/Builders/planeBuilder';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import type { Scene } from '@babylonjs/core/scene';
import { cardBasis, GLOBE_RADIUS, type Vec3 } from '@/globe/geo';

/** The marker's diameter on screen, CSS pixels, at any zoom. */
export const MARKER_DIAMETER_PX = 30;
/** Height of the marker's disc over the map: above its tessellation, well within depth precision. */
const LIFT = 0.01;
/** Drawn after the map and its halo, still depth-tested against the map (the far side hides it). */
const MARKER_RENDERING_GROUP = 1;

const VERTEX = /* glsl */ `
precision highp float;
attribute vec3 position;
uniform mat4 viewProjection;
uniform vec3 centre;
uniform vec3 right;
uniform vec3 up;
uniform float halfSize;
varying vec2 vLocal;
void main(void) {
  // The unit quad laid flat on the map at the marker, sized on the CPU to a constant screen size.
  vLocal = position.xy;
  vec3 p = centre + (right * position.x + up * position.y) * halfSize;
  gl_Position = viewProjection * vec4(p, 1.0);
}
`;

const FRAGMENT = /* glsl */ `
precision highp float;
varying vec2 vLocal;
// About one screen pixel in vLocal units at the marker's size, for soft edges without derivatives.
const float AA = 0.07;
float band(float r, float inner, float outer) {
  return smoothstep(inner - AA, inner, r) * (1.0 - smoothstep(outer, outer + AA, r));
}
void main(void) {
  float r = length(vLocal);
  if (r > 1.0) discard;
  // From outside in: a dark rim, a bright red ring, the map showing through, a dark edge, a white core.
  vec3 dark = vec3(0.04, 0.08, 0.15);
  vec3 ring = vec3(1.0, 0.31, 0.43);
  float rim = band(r, 0.78, 0.93);
  float ringBand = band(r, 0.58, 0.8);
  float coreEdge = 1.0 - smoothstep(0.34, 0.34 + AA, r);
  float core = 1.0 - smoothstep(0.24, 0.24 + AA, r);
  vec4 colour = vec4(dark, 0.75 * rim);
  colour = mix(colour, vec4(ring, 1.0), ringBand);
  colour = mix(colour, vec4(dark, 0.9), coreEdge);
  colour = mix(colour, vec4(1.0), core);
  if (colour.a < 0.01) discard;
  gl_FragColor = colour;
}
`;

/**
 * The picked position: a white dot in a red ring lying flat on the map, the same size on screen
 * at any zoom (one quad, one draw call). Hidden while no position is set or it is on the far side.
 */
export class MarkerLayer {
  private readonly mesh: Mesh;
  private readonly material: ShaderMaterial;
  private point: Vec3 | null = null;
  private readonly centre = new Vector3();
  private readonly right = new Vector3();
  private readonly up = new Vector3();

  constructor(scene: Scene) {
    this.material = new ShaderMaterial(
      'position-marker',
      scene,
      { vertexSource: VERTEX, fragmentSource: FRAGMENT },
      {
        attributes: ['position'],
        uniforms: ['viewProjection', 'centre', 'right', 'up', 'halfSize'],
        needAlphaBlending: true,
      },
    );
    this.material.backFaceCulling = false;
    this.material.disableDepthWrite = true;
    this.mesh = CreatePlane('position-marker', { size: 2 }, scene);
    this.mesh.material = this.material;
    this.mesh.isPickable = false;
    // The vertex shader places the quad, so its bounding box (at the origin) says nothing.
    this.mesh.alwaysSelectAsActiveMesh = true;
    this.mesh.renderingGroupId = MARKER_RENDERING_GROUP;
    scene.setRenderingAutoClearDepthStencil(MARKER_RENDERING_GROUP, false, false, false);
    this.mesh.isVisible = false;
  }

  /** Puts the marker at a point of the map (any radius; it is moved onto the map), or hides it. */
  set(point: Vec3 | null): void {
    if (point === null) {
      this.point = null;
      this.mesh.isVisible = false;
      return;
    }
    const l = Math.hypot(point[0], point[1], point[2]) || 1;
    const k = (GLOBE_RADIUS + LIFT) / l;
    this.point = [point[0] * k, point[1] * k, point[2] * k];
    const { up, right } = cardBasis(this.point);
    this.centre.set(...this.point);
    this.right.set(...right);
    this.up.set(...up);
  }

  /**
   * Sizes the marker for this frame: `camera` is the camera's position, `fov` its vertical field
   * of view (radians) and `heightPx` the canvas's CSS height.
   */
  setFrame(camera: Vec3, fov: number, heightPx: number): void {
    const p = this.point;
    if (p === null) return;
    const toCamera: Vec3 = [camera[0] - p[0], camera[1] - p[1], camera[2] - p[2]];
    const distance = Math.hypot(toCamera[0], toCamera[1], toCamera[2]);
    // On the far side its face turns away from the camera; the map would hide it, save at the rim.
    this.mesh.isVisible = p[0] * toCamera[0] + p[1] * toCamera[1] + p[2] * toCamera[2] > 0;
    const worldPerPixel = (2 * distance * Math.tan(fov / 2)) / Math.max(1, heightPx);
    this.material.setFloat('halfSize', (MARKER_DIAMETER_PX / 2) * worldPerPixel);
    this.material.setVector3('centre', this.centre);
    this.material.setVector3('right', this.right);
    this.material.setVector3('up', this.up);
  }

  /** Disposes the quad and its material. */
  dispose(): void {
    this.mesh.dispose();
    this.material.dispose();
  }
}
