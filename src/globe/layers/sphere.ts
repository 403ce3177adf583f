import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Texture } from '@babylonjs/core/Materials/Textures/texture';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import type { Scene } from '@babylonjs/core/scene';
import { textureBytes } from '@/globe/textures/atlasLayout';
import { GLOBE_RADIUS } from '@/globe/geo';
import { MAP_SPHERE_FADE_MS } from '@/lib/constants';

const MAP_VERTEX = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec3 normal;
attribute vec2 uv;
uniform mat4 world;
uniform mat4 viewProjection;
varying vec2 vUV;
varying vec3 vNormal;
varying vec3 vPosition;
void main(void) {
  vec4 p = world * vec4(position, 1.0);
  gl_Position = viewProjection * p;
  vUV = uv;
  vNormal = normalize(mat3(world) * normal);
  vPosition = p.xyz;
}
`;

const MAP_FRAGMENT = /* glsl */ `
precision highp float;
uniform sampler2D map;
uniform vec3 cameraPosition;
uniform float alpha;
varying vec2 vUV;
varying vec3 vNormal;
varying vec3 vPosition;
void main(void) {
  vec3 view = normalize(cameraPosition - vPosition);
  float facing = max(dot(normalize(vNormal), view), 0.0);
  // Unlit map, a little darker towards the limb so the globe reads as round behind bright cards.
  // Babylon's sphere runs u westward seen from outside; mirrored, east is to the right (see geo.ts).
  vec3 colour = texture2D(map, vec2(1.0 - vUV.x, vUV.y)).rgb * (0.55 + 0.45 * facing);
  gl_FragColor = vec4(colour, alpha);
}
`;

const ATMOSPHERE_FRAGMENT = /* glsl */ `
precision highp float;
uniform vec3 cameraPosition;
uniform float alpha;
varying vec3 vNormal;
varying vec3 vPosition;
void main(void) {
  vec3 view = normalize(cameraPosition - vPosition);
  float rim = pow(1.0 - abs(dot(normalize(vNormal), view)), 4.0);
  gl_FragColor = vec4(vec3(0.35, 0.65, 1.0), rim * 0.55 * alpha);
}
`;

/**
 * The map sphere and a faint atmosphere rim. The map fades in over 3 s once its texture has
 * loaded (SPEC §4), or over `fadeMs` where a view wants it sooner (the position picker).
 */
export class SphereLayer {
  private readonly map: Mesh;
  private readonly atmosphere: Mesh;
  private readonly materials: ShaderMaterial[];
  private readonly texture: Texture;
  private loadedAt: number | null = null;
  private shownAt: number | null = null;
  private readonly fadeSeconds: number;
  readonly loaded: Promise<boolean>;

  constructor(
    scene: Scene,
    mapUrl: string,
    now: () => number,
    {
      reducedMotion,
      fadeMs = MAP_SPHERE_FADE_MS,
    }: {
      reducedMotion: boolean;
      /** How long the map takes to fade in (the public globe's SPEC §4 fade by default). */
      fadeMs?: number;
    },
  ) {
    this.fadeSeconds = reducedMotion ? 0 : fadeMs / 1000;
    let settle!: (ok: boolean) => void;
    this.loaded = new Promise((resolve) => (settle = resolve));
    this.texture = new Texture(mapUrl, scene, {
      noMipmap: false,
      // Babylon's sphere has v = 0 at the north pole, where the image's first row must go.
      invertY: false,
      samplingMode: Texture.TRILINEAR_SAMPLINGMODE,
      onLoad: () => {
        this.loadedAt = now();
        settle(true);
      },
      // A missing map still shows a globe: the dark sphere and the cards.
      onError: () => {
        this.loadedAt = now();
        settle(false);
      },
    });
    this.texture.anisotropicFilteringLevel = 8;
    this.texture.wrapU = Texture.WRAP_ADDRESSMODE;
    this.texture.wrapV = Texture.CLAMP_ADDRESSMODE;

    const mapMaterial = new ShaderMaterial(
      'map',
      scene,
      { vertexSource: MAP_VERTEX, fragmentSource: MAP_FRAGMENT },
      {
        attributes: ['position', 'normal', 'uv'],
        uniforms: ['world', 'viewProjection', 'cameraPosition', 'alpha'],
        samplers: ['map'],
      },
    );
    mapMaterial.setTexture('map', this.texture);
    mapMaterial.needAlphaBlending = () => this.alpha(now()) < 1;
    const atmosphereMaterial = new ShaderMaterial(
      'atmosphere',
      scene,
      { vertexSource: MAP_VERTEX, fragmentSource: ATMOSPHERE_FRAGMENT },
      {
        attributes: ['position', 'normal', 'uv'],
        uniforms: ['world', 'viewProjection', 'cameraPosition', 'alpha'],
        needAlphaBlending: true,
      },
    );
    atmosphereMaterial.disableDepthWrite = true;
    // Built inside out: only its far inner half shows, as a halo around the globe's edge.
    atmosphereMaterial.backFaceCulling = true;
    this.materials = [mapMaterial, atmosphereMaterial];

    this.map = CreateSphere('map-sphere', { diameter: GLOBE_RADIUS * 2, segments: 64 }, scene);
    this.map.material = mapMaterial;
    this.map.isPickable = false;
    this.atmosphere = CreateSphere(
      'atmosphere',
      { diameter: GLOBE_RADIUS * 2.12, segments: 48, sideOrientation: 1 },
      scene,
    );
    this.atmosphere.material = atmosphereMaterial;
    this.atmosphere.isPickable = false;
  }

  /** The globe is on screen: the map fades in from now, or from when it loads if later. */
  show(now: number): void {
    this.shownAt ??= now;
  }

  private get fadeStart(): number | null {
    return this.loadedAt === null || this.shownAt === null
      ? null
      : Math.max(this.loadedAt, this.shownAt);
  }

  /** Map opacity at `now` seconds. */
  alpha(now: number): number {
    const start = this.fadeStart;
    if (start === null) return 0;
    return this.fadeSeconds > 0 ? Math.min(1, Math.max(0, (now - start) / this.fadeSeconds)) : 1;
  }

  /** Until when the map is still fading in (seconds): Infinity while shown but not loaded, 0 while hidden. */
  get fadingUntil(): number {
    if (this.shownAt === null) return 0;
    const start = this.fadeStart;
    return start === null ? Infinity : start + this.fadeSeconds;
  }

  /** Updates the per-frame uniforms. */
  setFrame(now: number, cameraPosition: { x: number; y: number; z: number }): void {
    const alpha = this.alpha(now);
    for (const material of this.materials) {
      material.setFloat('alpha', alpha);
      material.setVector3('cameraPosition', cameraPosition as never);
    }
  }

  get textureBytes(): number {
    const size = this.texture.getSize();
    return textureBytes(size.width, size.height);
  }

  dispose(): void {
    this.map.dispose();
    this.atmosphere.dispose();
    for (const material of this.materials) material.dispose();
    this.texture.dispose();
  }
}
