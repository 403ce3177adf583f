import type { BaseTexture } from '@babylonjs/core/Materials/Textures/baseTexture';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { CreatePlane } from '@babylonjs/core/Meshes/Builders/planeBuilder';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import type { Scene } from '@babylonjs/core/scene';
import '@babylonjs/core/Shaders/ShadersInclude/instancesDeclaration';
import '@babylonjs/core/Shaders/ShadersInclude/instancesVertex';
import { CARD_FRAGMENT, CARD_VERTEX } from '@/globe/layers/cardShader';
import { CARD_HEIGHT, CARD_WIDTH } from '@/lib/constants';

/**
 * The two draw calls every card goes through, whatever their number: one quad mesh per pass with
 * the card shader, pass 0 for opaque cards (`cards-opaque`) and pass 1 for faded ones, blended
 * (`cards-faded`). Both draw the same instances; the shader keeps each card in one of them.
 */
export class CardPasses {
  /** The opaque pass's mesh, then the faded one's. */
  readonly meshes: readonly [Mesh, Mesh];
  private readonly materials: ShaderMaterial[];
  private sharpBound = false;

  /** @param maxLift How far a hovered card lifts (its glow grows with the lift). */
  constructor(scene: Scene, maxLift: number) {
    this.materials = [0, 1].map((pass) => {
      const material = new ShaderMaterial(
        `cards-${pass}`,
        scene,
        { vertexSource: CARD_VERTEX, fragmentSource: CARD_FRAGMENT },
        {
          attributes: ['position', 'uv', 'uvRect', 'style', 'tweenA', 'tweenB'],
          uniforms: ['world', 'viewProjection', 'time', 'pass', 'maxLift', 'glowColor'],
          samplers: ['atlas', 'sharpAtlas'],
          needAlphaBlending: pass === 1,
        },
      );
      material.setFloat('pass', pass);
      material.setFloat('maxLift', maxLift);
      material.setColor3('glowColor', new Color3(0.55, 0.8, 1));
      material.backFaceCulling = true;
      if (pass === 1) material.disableDepthWrite = true;
      return material;
    });
    const mesh = (name: string, material: ShaderMaterial) => {
      const quad = CreatePlane(name, { width: CARD_WIDTH, height: CARD_HEIGHT }, scene);
      quad.material = material;
      quad.isPickable = false;
      // Cards surround the globe: culling them as one box would only ever keep them all.
      quad.alwaysSelectAsActiveMesh = true;
      quad.doNotSyncBoundingInfo = true;
      return quad;
    };
    this.meshes = [
      mesh('cards-opaque', this.materials[0] as ShaderMaterial),
      mesh('cards-faded', this.materials[1] as ShaderMaterial),
    ];
  }

  /** Sets the shader clock; called once per rendered frame. */
  setTime(seconds: number): void {
    for (const material of this.materials) material.setFloat('time', seconds);
  }

  /** The atlas every card's face is drawn from. */
  setAtlas(texture: BaseTexture): void {
    for (const material of this.materials) {
      material.setTexture('atlas', texture);
      // Bound to something until a sharp face needs its own atlas.
      if (!this.sharpBound) material.setTexture('sharpAtlas', texture);
    }
  }

  /** The atlas sharp faces are drawn from (set once, when the first one is wanted). */
  setSharpAtlas(texture: BaseTexture): void {
    this.sharpBound = true;
    for (const material of this.materials) material.setTexture('sharpAtlas', texture);
  }

  /** Releases the meshes and their materials. */
  dispose(): void {
    for (const mesh of this.meshes) mesh.dispose();
    for (const material of this.materials) material.dispose();
  }
}
