/**
 * `npx tsx scripts/logoWords.ts`: draws the logo's words ("Globe Archive" and its tagline) as
 * outlines of Inter, the face the artwork was drawn for, into `public/logo.svg` and the copy of it
 * that `index.html` carries for the first paint.
 *
 * Why outlines and not `<text>`: a `<text>` is set in whatever face the visitor's system finds for
 * its family list (Segoe UI, Helvetica Neue, Liberation Sans…), so the logo looked different on
 * every platform, and each of its three sizes and weights cost the first layout a font lookup of
 * its own (on Linux a round trip to the browser process per face, per size and weight: a third of
 * the first layout on a phone-slowed CPU, issue 48). Outlines are drawn the same everywhere and
 * need no font at all.
 *
 * The words keep their `<text>`'s geometry: each starts at its `x`, sits on its `y`, and is
 * fitted to its `textLength` as SVG's `lengthAdjust` would fit it (`spacingAndGlyphs` stretches
 * the glyphs, `spacing` only the gaps between them). Run it again after changing a word; the unit
 * test `tests/unit/components/logo.test.tsx` checks that both files draw the same.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import opentype from 'opentype.js';

const ROOT = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

interface Word {
  text: string;
  x: number;
  y: number;
  size: number;
  weight: 400 | 600 | 700;
  fill: string;
  length: number;
  adjust: 'spacingAndGlyphs' | 'spacing';
}

/** The logo's words, as its `<text>` elements had them. */
export const WORDS: readonly Word[] = [
  {
    text: 'Globe',
    x: 80,
    y: 42,
    size: 30,
    weight: 700,
    fill: '#eef7fb',
    length: 83,
    adjust: 'spacingAndGlyphs',
  },
  {
    text: 'Archive',
    x: 171,
    y: 42,
    size: 30,
    weight: 400,
    fill: '#8fdcec',
    length: 104,
    adjust: 'spacingAndGlyphs',
  },
  {
    text: 'ST. LOUIS · 16 MAY 2025 · COMMUNITY MEDIA',
    x: 81,
    y: 60,
    size: 9,
    weight: 600,
    fill: '#9fb6c8',
    length: 194,
    adjust: 'spacing',
  },
];

function face(weight: Word['weight']): opentype.Font {
  const file = require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
  const bytes = readFileSync(file);
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** One word's outline as path data, fitted to its length. */
export function outline(word: Word, font: opentype.Font): string {
  const glyphs: { glyph: opentype.Glyph; x: number }[] = [];
  font.forEachGlyph(word.text, word.x, word.y, word.size, { kerning: true }, (glyph, x) => {
    glyphs.push({ glyph, x });
  });
  const natural = font.getAdvanceWidth(word.text, word.size, { kerning: true });
  const stretch = word.adjust === 'spacingAndGlyphs' ? word.length / natural : 1;
  const gap = word.adjust === 'spacing' ? (word.length - natural) / (glyphs.length - 1) : 0;
  // Relative commands at a tenth of a unit (the logo is drawn at two thirds of its size or
  // more: a tenth is under a pixel's fifteenth), without the zero-length lines the font's
  // contours close with: a fraction of the bytes of absolute coordinates.
  const tenth = (n: number) => Math.round(n * 10);
  const number = (n: number, first: boolean) =>
    `${n < 0 || first ? '' : ' '}${String(n / 10).replace(/^(-?)0\./, '$1.')}`;
  const pair = (x: number, y: number) => `${number(x, true)}${number(y, false)}`;
  let pen = { x: 0, y: 0 };
  let start = { x: 0, y: 0 };
  const parts: string[] = [];
  const to = (x: number, y: number) => {
    const d = pair(x - pen.x, y - pen.y);
    pen = { x, y };
    return d;
  };
  glyphs.forEach(({ glyph, x }, index) => {
    const left = word.x + (x - word.x) * stretch + gap * index;
    const fx = (px: number) => tenth(left + (px - x) * stretch);
    const fy = (py: number) => tenth(py);
    for (const c of glyph.getPath(x, word.y, word.size).commands) {
      if (c.type === 'M') {
        parts.push(`m${to(fx(c.x), fy(c.y))}`);
        start = pen;
      } else if (c.type === 'L') {
        if (fx(c.x) !== pen.x || fy(c.y) !== pen.y) parts.push(`l${to(fx(c.x), fy(c.y))}`);
      } else if (c.type === 'Q') {
        const x1 = fx(c.x1) - pen.x;
        const y1 = fy(c.y1) - pen.y;
        parts.push(`q${pair(x1, y1)} ${to(fx(c.x), fy(c.y))}`);
      } else if (c.type === 'C') {
        const [x1, y1, x2, y2] = [
          fx(c.x1) - pen.x,
          fy(c.y1) - pen.y,
          fx(c.x2) - pen.x,
          fy(c.y2) - pen.y,
        ];
        parts.push(`c${pair(x1, y1)} ${pair(x2, y2)} ${to(fx(c.x), fy(c.y))}`);
      } else {
        parts.push('z');
        pen = start;
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
    return same ? (part[1] === '-' ? part.slice(1) : ` ${part.slice(1)}`) : part;
  });
  return d.join('').replace(/^m/, 'M').replace(/ -/g, '-');
}

/** The words' element: one path a word, with the word itself as its title for a reader of the file. */
export function wordsElement(indent: string): string {
  const faces = new Map<Word['weight'], opentype.Font>();
  const paths = WORDS.map((word) => {
    const font = faces.get(word.weight) ?? face(word.weight);
    faces.set(word.weight, font);
    return `${indent}  <path data-word="${word.text}" fill="${word.fill}" d="${outline(word, font)}"/>`;
  });
  return [`${indent}<g id="ga-logo-words">`, ...paths, `${indent}</g>`].join('\n');
}

/** Replaces the words (their `<text>` elements, or the group drawn before) in one file. */
export function withWords(source: string): string {
  const group = /^([ \t]*)<g id="ga-logo-words">[\s\S]*?<\/g>/m;
  const texts = /^([ \t]*)<text [\s\S]*?<\/text>(\s*<text [\s\S]*?<\/text>)*/m;
  const found = group.exec(source) ?? texts.exec(source);
  if (!found) throw new Error("the logo's words are not where they were expected");
  return source.replace(found[0], wordsElement(found[1] ?? ''));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of ['public/logo.svg', 'index.html']) {
    const path = join(ROOT, file);
    writeFileSync(path, withWords(readFileSync(path, 'utf8')));
    console.log(`${file}: the logo's words drawn as outlines`);
  }
}
