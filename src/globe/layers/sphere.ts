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
 * The map textures a globe tries, best first (`public/`, made by scripts/make-artwork.mjs): a
 * WebP at a ninth of the PNG's bytes; on phones one of 2048×1024 (a quarter of the bytes and of
 * the texture memory, about a texel per CSS pixel at the phone's home view, where only the
 * thinnest borders come out a little softer); then the lossless PNG, for a browser without WebP.
 */
export function defaultMapUrls(mobile: boolean): string[] {
  return [mobile ? '/map-2048.webp' : '/map.webp', '/map.png'];
}

/**
 * The map sphere and a faint atmosphere rim. The map fades in over 3 s once its texture has
 * loaded (SPEC §4), or over `fadeMs` where a view wants it sooner (the position picker).
 */
export class SphereLayer {
  private readonly map: Mesh;
  private readonly atmosphere: Mesh;
  private readonly materials: ShaderMaterial[];
  /** The map texture tried now, or the one that loaded; `null` only for an empty URL list. */
  private texture: Texture | null = null;
  private textureLoaded = false;
  private disposed = false;
  private loadedAt: number | null = null;
  private shownAt: number | null = null;
  /** The opacity of the last frame set (`setFrame`). */
  private frameAlpha = 0;
  private readonly fadeSeconds: number;
  /** Resolves `true` once a map texture has loaded, `false` once every URL has failed. */
  readonly loaded: Promise<boolean>;

  /**
   * @param mapUrl - the map image, or images to try in order: each failure (a 404, a format the
   *   browser cannot decode) moves on to the next, and only the last one's failure settles
   *   `loaded` as `false`.
   */
  constructor(
    scene: Scene,
    mapUrl: string | readonly string[],
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

    const urls = typeof mapUrl === 'string' ? [mapUrl] : mapUrl;
    const settleAt = (ok: boolean) => {
      // Babylon may report a failure twice (its fallback image fails too): the first one counts.
      if (this.loadedAt !== null) return;
      this.loadedAt = now();
      settle(ok);
    };
    const load = (index: number) => {
      const texture = new Texture(urls[index] ?? null, scene, {
        noMipmap: false,
        // Babylon's sphere has v = 0 at the north pole, where the image's first row must go.
        invertY: false,
        samplingMode: Texture.TRILINEAR_SAMPLINGMODE,
        onLoad: () => {
          if (this.disposed || this.texture !== texture) return;
          this.textureLoaded = true;
          settleAt(true);
        },
        onError: () => {
          if (this.disposed || this.texture !== texture) return;
          // A missing map still shows a globe: the dark sphere and the cards. The last texture
          // stays bound, as a single failed one always did.
          if (index === urls.length - 1) {
            settleAt(false);
            return;
          }
          texture.dispose();
          load(index + 1);
        },
      });
      texture.anisotropicFilteringLevel = 8;
      texture.wrapU = Texture.WRAP_ADDRESSMODE;
      texture.wrapV = Texture.CLAMP_ADDRESSMODE;
      this.texture = texture;
      mapMaterial.setTexture('map', texture);
    };
    if (urls.length > 0) load(0);
    else {
      this.map.setEnabled(false);
      settleAt(false);
    }
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

  /**
   * Until when the map still needs frames (seconds): Infinity while shown but not loaded, 0 while
   * hidden, else the end of its fade. A slow frame (a phone, a software renderer) can land just
   * before that end and leave the map part-faded once the loop stops, so it stays Infinity until a
   * frame at full opacity has been set.
   */
  get fadingUntil(): number {
    if (this.shownAt === null) return 0;
    const start = this.fadeStart;
    if (start === null || this.frameAlpha < 1) return Infinity;
    return start + this.fadeSeconds;
  }

  /** Updates the per-frame uniforms. */
  setFrame(now: number, cameraPosition: { x: number; y: number; z: number }): void {
    const alpha = this.alpha(now);
    this.frameAlpha = alpha;
    for (const material of this.materials) {
      material.setFloat('alpha', alpha);
      material.setVector3('cameraPosition', cameraPosition as never);
    }
  }

  /** GPU memory of the map that loaded (with its mipmaps): 0 before it loads, or if none did. */
  get textureBytes(): number {
    if (!this.textureLoaded || !this.texture) return 0;
    const size = this.texture.getSize();
    return textureBytes(size.width, size.height);
  }

  dispose(): void {
    this.disposed = true;
    this.map.dispose();
    this.atmosphere.dispose();
    for (const material of this.materials) material.dispose();
    this.texture?.dispose();
  }
}
