/**
 * The logos' words ("Globe Archive", its tagline and the "GA" monogram) as outlines of Inter, the
 * face the artwork was drawn for (logos.mjs draws them into public/logo.svg, public/TPR-Logo.svg
 * and index.html's inline symbol).
 *
 * Why outlines and not `<text>`: a `<text>` is set in whatever face the visitor's system finds for
 * its family list (Segoe UI, Helvetica Neue, Liberation Sans…), so the logo looked different on
 * every platform, and each size and weight cost the first layout a font lookup of its own (on
 * Linux a round trip to the browser process per face, per size and weight: with the page's own
 * faces, a third of the first layout on a phone-slowed CPU, issue 48). Outlines are drawn the same
 * everywhere and need no font at all.
 *
 * Each word keeps its `<text>`'s geometry: it starts at `x` (or is centred on it), sits on `y`, and
 * is fitted to `length` as SVG's `lengthAdjust` fits text (`spacingAndGlyphs` stretches the
 * glyphs, `spacing` only the gaps between them).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';

const require = createRequire(import.meta.url);

/**
 * @typedef {object} Word
 * @property {string} text
 * @property {number} x where the word starts, or its middle with `anchor: 'middle'`
 * @property {number} y its baseline
 * @property {number} size
 * @property {400 | 600 | 700 | 800} weight
 * @property {number} length the advance it is fitted to (SVG's `textLength`)
 * @property {'spacingAndGlyphs' | 'spacing'} adjust
 * @property {'start' | 'middle'} [anchor]
 * @property {string} paint the path's painting attributes (fill, stroke…)
 */

/** The wordmark's words (public/logo.svg and index.html's symbol). @type {readonly Word[]} */
export const WORDMARK = [
  {
    text: 'Globe',
    x: 80,
    y: 42,
    size: 30,
    weight: 700,
    length: 83,
    adjust: 'spacingAndGlyphs',
    paint: 'fill="#eef7fb"',
  },
  {
    text: 'Archive',
    x: 171,
    y: 42,
    size: 30,
    weight: 400,
    length: 104,
    adjust: 'spacingAndGlyphs',
    paint: 'fill="#8fdcec"',
  },
  {
    text: 'ST. LOUIS · 16 MAY 2025 · COMMUNITY MEDIA',
    x: 81,
    y: 60,
    size: 9,
    weight: 600,
    length: 194,
    adjust: 'spacing',
    paint: 'fill="#9fb6c8"',
  },
];

/** The monogram's letters (public/TPR-Logo.svg, the corner logo). @type {readonly Word[]} */
export const MONOGRAM = [
  {
    text: 'GA',
    x: 32,
    y: 39.5,
    size: 19,
    weight: 800,
    length: 25,
    adjust: 'spacingAndGlyphs',
    anchor: 'middle',
    paint:
      'fill="#f4fbff" stroke="#0a1830" stroke-width="3.2" stroke-linejoin="round" paint-order="stroke"',
  },
];

/** @type {Map<number, import('opentype.js').Font>} */
const faces = new Map();

/** Inter's latin subset in one weight, from @fontsource/inter (a dev dependency). */
function face(/** @type {Word['weight']} */ weight) {
  let font = faces.get(weight);
  if (!font) {
    const bytes = fs.readFileSync(
      require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`),
    );
    font = opentype.parse(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    );
    faces.set(weight, font);
  }
  return font;
}

/** A number at a tenth of a unit, as path data writes it. */
function number(/** @type {number} */ tenths, /** @type {boolean} */ first) {
  const text = String(tenths / 10).replace(/^(-?)0\./, '$1.');
  return tenths < 0 || first ? text : ` ${text}`;
}

/**
 * One word's outline as path data, fitted to its length: relative commands at a tenth of a unit
 * (the logos are drawn at two thirds of their size or more: a tenth is under a fifteenth of a
 * pixel), without the zero-length lines the font's contours close with.
 */
export function outline(/** @type {Word} */ word) {
  const font = face(word.weight);
  /** @type {{ glyph: import('opentype.js').Glyph; x: number }[]} */
  const glyphs = [];
  font.forEachGlyph(word.text, 0, word.y, word.size, { kerning: true }, (glyph, x) => {
    glyphs.push({ glyph, x });
  });
  const natural = font.getAdvanceWidth(word.text, word.size, { kerning: true });
  const stretch = word.adjust === 'spacingAndGlyphs' ? word.length / natural : 1;
  const gap = word.adjust === 'spacing' ? (word.length - natural) / (glyphs.length - 1) : 0;
  const start = word.anchor === 'middle' ? word.x - word.length / 2 : word.x;
  const pair = (/** @type {number} */ x, /** @type {number} */ y) =>
    `${number(x, true)}${number(y, false)}`;
  let pen = { x: 0, y: 0 };
  let contour = pen;
  const to = (/** @type {number} */ x, /** @type {number} */ y) => {
    const d = pair(x - pen.x, y - pen.y);
    pen = { x, y };
    return d;
  };
  /** @type {string[]} */
  const parts = [];
  glyphs.forEach(({ glyph, x }, index) => {
    const left = start + x * stretch + gap * index;
    const fx = (/** @type {number} */ px) => Math.round((left + (px - x) * stretch) * 10);
    const fy = (/** @type {number} */ py) => Math.round(py * 10);
    for (const c of glyph.getPath(x, word.y, word.size).commands) {
      if (c.type === 'M') {
        parts.push(`m${to(fx(c.x), fy(c.y))}`);
        contour = pen;
      } else if (c.type === 'L') {
        if (fx(c.x) !== pen.x || fy(c.y) !== pen.y) parts.push(`l${to(fx(c.x), fy(c.y))}`);
      } else if (c.type === 'Q') {
        const control = pair(fx(c.x1) - pen.x, fy(c.y1) - pen.y);
        parts.push(`q${control} ${to(fx(c.x), fy(c.y))}`);
      } else if (c.type === 'C') {
        const first = pair(fx(c.x1) - pen.x, fy(c.y1) - pen.y);
        const second = pair(fx(c.x2) - pen.x, fy(c.y2) - pen.y);
        parts.push(`c${first} ${second} ${to(fx(c.x), fy(c.y))}`);
      } else {
        parts.push('z');
        pen = contour;
      }
    }
  });
  // A command's letter is said once for a run of them (SVG repeats it), and the first move is
  // relative to the origin, so it reads as absolute.
  let said = '';
  const d = parts.map((part) => {
    const letter = part[0] ?? '';
    const same = letter === said && letter !== 'm' && letter !== 'z';
    said = letter;
    if (!same) return part;
    return part[1] === '-' ? part.slice(1) : ` ${part.slice(1)}`;
  });
  return d.join('').replace(/^m/, 'M').replace(/ -/g, '-');
}

/** The words' group: a path a word, named by the word for a reader of the file. */
export function wordsGroup(/** @type {string} */ id, /** @type {readonly Word[]} */ words) {
  const paths = words.map(
    (word) => `    <path data-word="${word.text}" ${word.paint} d="${outline(word)}"/>`,
  );
  return [`<g id="${id}">`, ...paths, '  </g>'].join('\n');
}
