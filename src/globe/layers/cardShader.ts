/**
 * The card shader. Every per-card value lives in instance buffers and every animation runs here
 * against a `time` uniform: a reveal, a filter fade or a hover costs one buffer write for the card
 * that changed, and no CPU work per frame.
 *
 * Instance attributes:
 * - `uvRect` (u0, vBottom, u1, vTop): the card's face in the atlas.
 * - `style` (r, g, b, face): category colour; where the face comes from: 0 nowhere yet (a plain
 *   card in the category colour is drawn), 1 the atlas, 2 the sharp atlas (hovered, focused).
 * - `tweenA` (start s, duration s, scaleFrom, scaleTo) and `tweenB` (opacityFrom, opacityTo,
 *   liftFrom, liftTo): one tween for scale, opacity and hover lift (which also drives the glow).
 *
 * The same shader draws two passes over the same instances: `pass` 0 keeps fully opaque cards
 * (depth-written, so no sorting is needed) and 1 keeps faded ones, blended over everything. The
 * vertex stage drops a card from the pass that does not keep it, so each card is rasterised once.
 */
export const CARD_VERTEX = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec2 uv;
attribute vec4 uvRect;
attribute vec4 style;
attribute vec4 tweenA;
attribute vec4 tweenB;
#include<instancesDeclaration>
uniform mat4 viewProjection;
uniform float time;
uniform float maxLift;
uniform float pass;
varying vec2 vUV;
varying vec2 vLocal;
varying vec4 vStyle;
varying float vOpacity;
varying float vGlow;

void main(void) {
  #include<instancesVertex>
  float k = tweenA.y > 0.0 ? clamp((time - tweenA.x) / tweenA.y, 0.0, 1.0) : 1.0;
  float e = 1.0 - pow(1.0 - k, 3.0);
  float scale = mix(tweenA.z, tweenA.w, e);
  float lift = mix(tweenB.z, tweenB.w, e);
  vOpacity = mix(tweenB.x, tweenB.y, e);
  // Each pass keeps its own cards; the others (and cards shrunk away: cluster members) are moved
  // outside the clip volume here, so they cost no fragment at all.
  float opaque = step(0.995, vOpacity);
  if ((pass < 0.5 ? opaque < 0.5 : opaque > 0.5) || scale < 0.001) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  vGlow = maxLift > 0.0 ? lift / maxLift : 0.0;
  // Local -Z points away from the globe: lifting moves the card outwards.
  vec3 p = vec3(position.xy * scale, position.z - lift);
  gl_Position = viewProjection * finalWorld * vec4(p, 1.0);
  vUV = mix(uvRect.xy, uvRect.zw, uv);
  vLocal = uv;
  vStyle = style;
}
`;

export const CARD_FRAGMENT = /* glsl */ `
precision highp float;
uniform sampler2D atlas;
uniform sampler2D sharpAtlas;
uniform vec3 glowColor;
varying vec2 vUV;
varying vec2 vLocal;
varying vec4 vStyle;
varying float vOpacity;
varying float vGlow;

void main(void) {
  vec3 colour;
  if (vStyle.w > 1.5) {
    colour = texture2D(sharpAtlas, vUV).rgb;
  } else if (vStyle.w > 0.5) {
    colour = texture2D(atlas, vUV).rgb;
  } else {
    // No face yet: a quiet card in the category colour, so the reveal never shows holes.
    float bar = step(0.955, vLocal.y);
    colour = mix(mix(vec3(0.05, 0.09, 0.17), vStyle.rgb * 0.45, vLocal.y * 0.6), vStyle.rgb, bar);
  }
  vec2 edge = abs(vLocal * 2.0 - 1.0);
  float rim = smoothstep(0.9, 1.0, max(edge.x, edge.y));
  colour = colour * (1.0 + 0.18 * vGlow) + glowColor * vGlow * (0.12 + 0.7 * rim);
  gl_FragColor = vec4(colour, vOpacity);
}
`;
