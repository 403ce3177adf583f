/**
 * The SVG logos (hand-written; ids are prefixed per file so the marks can also be inlined
 * together): public/logo.svg (mark + wordmark), public/TPR-Logo.svg (square monogram),
 * public/favicon.svg, and logo.svg's drawing in index.html's inline symbol. Their words are
 * outlines of Inter (logoWords.mjs), not text set in the visitor's fonts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { publicDir, root } from './files.mjs';
import { MONOGRAM, WORDMARK, wordsGroup } from './logoWords.mjs';

/** The globe mark: a dark disc, meridians and parallels, a bright rim and a glowing St. Louis. */
function globeMark(prefix, { cx, cy, r, detail }) {
  const k = r / 27;
  const sw = (w) => (w * k).toFixed(2);
  const parallels = detail
    ? [-14, 0, 14].map((dy) => {
        const y = cy + dy * k;
        const half = Math.sqrt(r * r - (dy * k) ** 2);
        return `<line x1="${(cx - half).toFixed(2)}" y1="${y.toFixed(2)}" x2="${(cx + half).toFixed(2)}" y2="${y.toFixed(2)}"/>`;
      })
    : [`<line x1="${cx - r}" y1="${cy}" x2="${cx + r}" y2="${cy}"/>`];
  const meridians = detail
    ? [9, 19].map((rx) => `<ellipse cx="${cx}" cy="${cy}" rx="${(rx * k).toFixed(2)}" ry="${r}"/>`)
    : [`<ellipse cx="${cx}" cy="${cy}" rx="${(11 * k).toFixed(2)}" ry="${r}"/>`];
  const dot = { x: cx - 8.5 * k, y: cy - 9.5 * k };
  return `<defs>
    <radialGradient id="${prefix}-disc" cx="0.38" cy="0.32" r="0.78">
      <stop offset="0" stop-color="#1f4a6e"/>
      <stop offset="0.65" stop-color="#11284a"/>
      <stop offset="1" stop-color="#0a1830"/>
    </radialGradient>
    <linearGradient id="${prefix}-rim" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#9beaf2"/>
      <stop offset="1" stop-color="#3f8fd8"/>
    </linearGradient>
    <radialGradient id="${prefix}-glow">
      <stop offset="0" stop-color="#fff1cf"/>
      <stop offset="0.3" stop-color="#ffc260" stop-opacity="0.9"/>
      <stop offset="1" stop-color="#ff9f3a" stop-opacity="0"/>
    </radialGradient>
    <clipPath id="${prefix}-clip"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>
  </defs>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${prefix}-disc)"/>
  <g clip-path="url(#${prefix}-clip)" fill="none" stroke="#8fd6e8" stroke-opacity="0.5" stroke-width="${sw(1.5)}">
    ${[...meridians, `<line x1="${cx}" y1="${cy - r}" x2="${cx}" y2="${cy + r}"/>`, ...parallels].join('\n    ')}
  </g>
  <path d="M ${(cx - r * 1.12).toFixed(2)} ${(cy + r * 0.5).toFixed(2)} A ${(r * 1.2).toFixed(2)} ${(r * 0.42).toFixed(2)} -18 0 0 ${(cx + r * 1.12).toFixed(2)} ${(cy - r * 0.5).toFixed(2)}" fill="none" stroke="#ffc260" stroke-opacity="0.85" stroke-width="${sw(1.8)}" stroke-linecap="round"/>
  <circle cx="${cx}" cy="${cy}" r="${(r - 1.5 * k).toFixed(2)}" fill="none" stroke="url(#${prefix}-rim)" stroke-width="${sw(3)}"/>
  <circle cx="${dot.x.toFixed(2)}" cy="${dot.y.toFixed(2)}" r="${(7 * k).toFixed(2)}" fill="url(#${prefix}-glow)"/>
  <circle cx="${dot.x.toFixed(2)}" cy="${dot.y.toFixed(2)}" r="${(2.2 * k).toFixed(2)}" fill="#fff6e0"/>`;
}

/** The logo's drawing: logo.svg's, and index.html's inline symbol (`writeLogoSymbol`). */
const LOGO_DRAWING = `${globeMark('ga-logo', { cx: 36, cy: 36, r: 27, detail: true })}
  ${wordsGroup('ga-logo-words', WORDMARK)}`;

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 284 72" width="284" height="72" role="img" aria-labelledby="ga-logo-title">
  <title id="ga-logo-title">Globe Archive</title>
  ${LOGO_DRAWING}
</svg>
`;

const MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-labelledby="ga-mark-title">
  <title id="ga-mark-title">Globe Archive</title>
  ${globeMark('ga-mark', { cx: 32, cy: 32, r: 26, detail: true })}
  ${wordsGroup('ga-mark-words', MONOGRAM)}
</svg>
`;

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
  <title>Globe Archive</title>
  ${globeMark('ga-fav', { cx: 16, cy: 16, r: 13, detail: false })}
</svg>
`;

/**
 * index.html draws the logo from a symbol of its own, so that its first frame paints it with no
 * request (src/components/Logo.tsx draws the same symbol): the drawing goes in there too.
 */
function writeLogoSymbol() {
  const file = path.join(root, 'index.html');
  const html = fs.readFileSync(file, 'utf8');
  const symbol = /(<symbol id="logo-art" viewBox="0 0 284 72">\n)[\s\S]*?(\n\s*<\/symbol>)/;
  if (!symbol.test(html))
    throw new Error('index.html has no <symbol id="logo-art"> to draw the logo into');
  fs.writeFileSync(
    file,
    html.replace(symbol, (_, open, close) => `${open}  ${LOGO_DRAWING}${close}`),
  );
}

/** The three SVG logos, and index.html's copy of the first. */
export function writeLogos() {
  fs.mkdirSync(publicDir, { recursive: true });
  fs.writeFileSync(path.join(publicDir, 'logo.svg'), LOGO_SVG);
  fs.writeFileSync(path.join(publicDir, 'TPR-Logo.svg'), MARK_SVG);
  fs.writeFileSync(path.join(publicDir, 'favicon.svg'), FAVICON_SVG);
  writeLogoSymbol();
}
