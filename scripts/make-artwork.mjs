#!/usr/bin/env node
/**
 * Draws the project's own artwork so the app renders fully offline, and the sample media that
 * `server/data/sample-archive.json` refers to:
 *
 *   public/map.png             equirectangular world texture (4096×2048) for the globe sphere
 *   public/map.webp            the same map as WebP (4096×2048), what browsers load first
 *   public/map-2048.webp       the same map as WebP at 2048×1024, for phones
 *   public/logo.svg            mark + wordmark, for dark backgrounds (and its drawing in
 *                              index.html's inline symbol, which the first frame paints)
 *   public/TPR-Logo.svg        square monogram mark for the corner logo
 *   public/favicon.svg         small mark
 *   public/default-thumb.jpg   video thumbnail fallback (640×360)
 *   public/sample/...          every local image URL of the sample archive (a gallery image's
 *                              full size, thumbnail and card-sized copy), and its 3D captures
 *                              (scripts/sample-captures.mjs), whose posters are renders of the
 *                              captures by the app's own viewer (scripts/capturePosterRuntime.ts)
 *
 * Everything is drawn on a 2D canvas in headless Chromium (Debian's, via playwright-core), the
 * capture posters with WebGL (SwiftShader): no network, no fonts or images fetched. A seeded PRNG makes every run produce the same pixels, and
 * public/sample is rebuilt from scratch each run, so the script is safe to re-run.
 *
 *   node scripts/make-artwork.mjs
 *   node scripts/make-artwork.mjs --webp-maps-only   # only re-derive the WebP maps from map.png
 *   node scripts/make-artwork.mjs --sample-cards-only   # only re-derive the sample's card copies
 *   node scripts/make-artwork.mjs --logos-only   # only the SVG logos (and index.html's symbol)
 *
 * The WebP maps are encoded from public/map.png by sharp (libwebp), which gives the same bytes for
 * the same input and library version, so they can be re-derived without drawing anything again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { feature, mesh } from 'topojson-client';
import { build } from 'vite';
import {
  debrisSplat,
  houseModel,
  SAMPLE_CAPTURES,
  writeSampleCaptures,
} from './sample-captures.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'public');
const sampleDir = path.join(publicDir, 'sample');
const archivePath = path.join(root, 'server', 'data', 'sample-archive.json');
const atlasPath = path.join(root, 'node_modules', 'world-atlas', 'countries-110m.json');

const JPEG_QUALITY = 0.8;
const MAP_SIZE = { width: 4096, height: 2048 };
const FULL_SIZE = { width: 1280, height: 853 };
const THUMB_SIZE = { width: 320, height: 213 };
const VIDEO_THUMB_SIZE = { width: 640, height: 360 };
/**
 * A gallery image's card-sized copy (`cardUrl`), made from its full-size file by sharp exactly as
 * the nodes-service makes an upload's (server/uploads/imageProcessing.ts CARD_MAX_EDGE and
 * CARD_JPEG_QUALITY): within 320 × 320, mozjpeg quality 78. Same bytes for the same input and
 * library version, like the WebP maps.
 */
const SAMPLE_CARD = { maxEdge: 320, quality: 78 };
const ST_LOUIS = { lat: 38.63, lng: -90.2 };
/**
 * WebP copies of map.png (src/globe/layers/sphere.ts defaultMapUrls). Quality 85 was chosen by
 * comparing crops of the St. Louis glow and of coastlines at 100 % against the PNG: no visible
 * difference there (PSNR 43.6 dB over the whole map), where 75-80 begins to soften the thin
 * borders; sharp YUV conversion keeps the orange glow's edges clean. About a ninth of the PNG.
 */
const MAP_WEBP = {
  quality: 85,
  variants: [
    { file: 'map.webp', width: 4096, height: 2048 },
    { file: 'map-2048.webp', width: 2048, height: 1024 },
  ],
};

/** Launch flags that work with Debian's Chromium in a container without a GPU. */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// ---------------------------------------------------------------------------------------------
// SVG logos (hand-written; ids are prefixed per file so the marks can also be inlined together)
// ---------------------------------------------------------------------------------------------

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

const FONT_STACK =
  "'Inter', 'Segoe UI', 'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";

/** The logo's drawing: logo.svg's, and index.html's inline symbol (`writeLogoSymbol`). */
const LOGO_DRAWING = `${globeMark('ga-logo', { cx: 36, cy: 36, r: 27, detail: true })}
  <text x="80" y="42" font-family="${FONT_STACK}" font-size="30" font-weight="700" fill="#eef7fb" textLength="83" lengthAdjust="spacingAndGlyphs">Globe</text>
  <text x="171" y="42" font-family="${FONT_STACK}" font-size="30" font-weight="400" fill="#8fdcec" textLength="104" lengthAdjust="spacingAndGlyphs">Archive</text>
  <text x="81" y="60" font-family="${FONT_STACK}" font-size="9" font-weight="600" fill="#9fb6c8" textLength="194" lengthAdjust="spacing">ST. LOUIS · 16 MAY 2025 · COMMUNITY MEDIA</text>`;

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 284 72" width="284" height="72" role="img" aria-labelledby="ga-logo-title">
  <title id="ga-logo-title">Globe Archive</title>
  ${LOGO_DRAWING}
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
function writeLogos() {
  fs.mkdirSync(publicDir, { recursive: true });
  fs.writeFileSync(path.join(publicDir, 'logo.svg'), LOGO_SVG);
  fs.writeFileSync(path.join(publicDir, 'TPR-Logo.svg'), MARK_SVG);
  fs.writeFileSync(path.join(publicDir, 'favicon.svg'), FAVICON_SVG);
  writeLogoSymbol();
}

const MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-labelledby="ga-mark-title">
  <title id="ga-mark-title">Globe Archive</title>
  ${globeMark('ga-mark', { cx: 32, cy: 32, r: 26, detail: true })}
  <text x="32" y="39.5" text-anchor="middle" font-family="${FONT_STACK}" font-size="19" font-weight="800" fill="#f4fbff" stroke="#0a1830" stroke-width="3.2" stroke-linejoin="round" paint-order="stroke" textLength="25" lengthAdjust="spacingAndGlyphs">GA</text>
</svg>
`;

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
  <title>Globe Archive</title>
  ${globeMark('ga-fav', { cx: 16, cy: 16, r: 13, detail: false })}
</svg>
`;

// ---------------------------------------------------------------------------------------------
// The drawing code that runs inside the page. It is serialised with Function.prototype.toString,
// so it must not close over anything from this module.
// ---------------------------------------------------------------------------------------------

function pageRuntime() {
  const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif";

  /** Seeded PRNG: a string hash feeding mulberry32. */
  function makeRng(seed) {
    let h = 1779033703 ^ seed.length;
    for (let i = 0; i < seed.length; i++) {
      h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    let a = h >>> 0;
    const next = () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    return {
      next,
      range: (lo, hi) => lo + (hi - lo) * next(),
      int: (lo, hi) => Math.floor(lo + (hi - lo + 1) * next()),
      pick: (list) => list[Math.floor(next() * list.length)],
      chance: (p) => next() < p,
    };
  }

  function canvasOf(width, height) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    return canvas;
  }

  function hexToRgb(hex) {
    const n = parseInt(hex.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }

  /** Mix two hex colours; t = 0 gives a, t = 1 gives b. */
  function mix(a, b, t, alpha = 1) {
    const x = hexToRgb(a);
    const y = hexToRgb(b);
    const c = x.map((v, i) => Math.round(v + (y[i] - v) * t));
    return alpha === 1 ? `rgb(${c[0]},${c[1]},${c[2]})` : `rgba(${c[0]},${c[1]},${c[2]},${alpha})`;
  }

  function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, r);
  }

  // ------------------------------------------------------------------------------ world map

  function drawMap({ width, height, countries, borders, coasts, marker }) {
    const canvas = canvasOf(width, height);
    const ctx = canvas.getContext('2d');
    const px = (lng) => ((lng + 180) / 360) * width;
    const py = (lat) => ((90 - lat) / 180) * height;

    const ocean = ctx.createLinearGradient(0, 0, 0, height);
    ocean.addColorStop(0, '#081326');
    ocean.addColorStop(0.3, '#0c1f3d');
    ocean.addColorStop(0.5, '#0f2547');
    ocean.addColorStop(0.7, '#0c1f3d');
    ocean.addColorStop(1, '#081326');
    ctx.fillStyle = ocean;
    ctx.fillRect(0, 0, width, height);

    /** Longitudes made continuous, so a ring that crosses ±180° does not streak across the map. */
    function unwrap(line) {
      const out = [];
      let offset = 0;
      for (let i = 0; i < line.length; i++) {
        if (i > 0) {
          const d = line[i][0] + offset - out[i - 1][0];
          if (d > 180) offset -= 360;
          else if (d < -180) offset += 360;
        }
        out.push([line[i][0] + offset, line[i][1]]);
      }
      return out;
    }

    /** Trace a ring (or line) at one horizontal offset; rings round a pole are closed over it. */
    function trace(points, shift, closeRing) {
      points.forEach(([lng, lat], i) => {
        const x = px(lng + shift);
        const y = py(lat);
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      });
      if (closeRing) {
        const net = points[points.length - 1][0] - points[0][0];
        if (Math.abs(net) > 180) {
          const pole = points.reduce((s, p) => s + p[1], 0) < 0 ? -90 : 90;
          ctx.lineTo(px(points[points.length - 1][0] + shift), py(pole));
          ctx.lineTo(px(points[0][0] + shift), py(pole));
        }
        ctx.closePath();
      }
    }

    function pathOfPolygons(polygons) {
      ctx.beginPath();
      for (const polygon of polygons) {
        for (const ring of polygon) {
          const pts = unwrap(ring);
          for (const shift of [-360, 0, 360]) trace(pts, shift, true);
        }
      }
    }

    function pathOfLines(lines) {
      ctx.beginPath();
      for (const line of lines) {
        const pts = unwrap(line);
        for (const shift of [-360, 0, 360]) trace(pts, shift, false);
      }
    }

    // Faint graticule under the land.
    const graticule = () => {
      ctx.beginPath();
      for (let lng = -180; lng <= 180; lng += 15) {
        ctx.moveTo(Math.round(px(lng)) + 0.5, 0);
        ctx.lineTo(Math.round(px(lng)) + 0.5, height);
      }
      for (let lat = -75; lat <= 75; lat += 15) {
        ctx.moveTo(0, Math.round(py(lat)) + 0.5);
        ctx.lineTo(width, Math.round(py(lat)) + 0.5);
      }
    };
    graticule();
    ctx.strokeStyle = 'rgba(120, 170, 225, 0.16)';
    ctx.lineWidth = 2;
    ctx.stroke();

    // A soft teal halo along the coasts lifts the land off the ocean.
    pathOfLines(coasts);
    ctx.save();
    ctx.strokeStyle = 'rgba(70, 160, 185, 0.22)';
    ctx.lineWidth = 14;
    ctx.lineJoin = 'round';
    ctx.stroke();
    ctx.strokeStyle = 'rgba(80, 175, 200, 0.22)';
    ctx.lineWidth = 7;
    ctx.stroke();
    ctx.restore();

    // Land: muted slate-teal, each country a touch lighter or darker than its neighbours.
    const rng = makeRng('map-land');
    for (const polygons of countries) {
      pathOfPolygons(polygons);
      ctx.fillStyle = mix('#2a4a58', '#37606c', rng.range(0.15, 0.85));
      ctx.fill('evenodd');
    }
    // A gentle vertical shade over the land so the poles sit back a little.
    pathOfPolygons(countries.flat());
    ctx.save();
    ctx.clip('evenodd');
    const shade = ctx.createLinearGradient(0, 0, 0, height);
    shade.addColorStop(0, 'rgba(6, 14, 28, 0.35)');
    shade.addColorStop(0.35, 'rgba(6, 14, 28, 0)');
    shade.addColorStop(0.65, 'rgba(6, 14, 28, 0)');
    shade.addColorStop(1, 'rgba(6, 14, 28, 0.35)');
    ctx.fillStyle = shade;
    ctx.fillRect(0, 0, width, height);
    ctx.restore();

    // Graticule again, very faint, over the land.
    graticule();
    ctx.strokeStyle = 'rgba(150, 200, 235, 0.07)';
    ctx.lineWidth = 2;
    ctx.stroke();

    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    pathOfLines(borders);
    ctx.strokeStyle = 'rgba(185, 225, 235, 0.38)';
    ctx.lineWidth = 2;
    ctx.stroke();

    pathOfLines(coasts);
    ctx.strokeStyle = 'rgba(140, 215, 230, 0.7)';
    ctx.lineWidth = 2.5;
    ctx.stroke();

    // St. Louis: a small warm glow with a bright core and a thin ring.
    const mx = px(marker.lng);
    const my = py(marker.lat);
    const glow = ctx.createRadialGradient(mx, my, 0, mx, my, 46);
    glow.addColorStop(0, 'rgba(255, 236, 190, 1)');
    glow.addColorStop(0.18, 'rgba(255, 190, 90, 0.9)');
    glow.addColorStop(0.5, 'rgba(255, 150, 60, 0.3)');
    glow.addColorStop(1, 'rgba(255, 150, 60, 0)');
    ctx.fillStyle = glow;
    ctx.beginPath();
    ctx.arc(mx, my, 46, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.arc(mx, my, 17, 0, Math.PI * 2);
    ctx.strokeStyle = 'rgba(255, 205, 120, 0.75)';
    ctx.lineWidth = 2.5;
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(mx, my, 6, 0, Math.PI * 2);
    ctx.fillStyle = '#fff4dc';
    ctx.fill();

    return canvas.toDataURL('image/png');
  }

  // ------------------------------------------------------------------- default thumbnail

  function drawDefaultThumb({ width, height, quality }) {
    const canvas = canvasOf(width, height);
    const ctx = canvas.getContext('2d');
    const bg = ctx.createRadialGradient(
      width / 2,
      height * 0.42,
      10,
      width / 2,
      height / 2,
      width * 0.62,
    );
    bg.addColorStop(0, '#1a3556');
    bg.addColorStop(0.6, '#0e1f38');
    bg.addColorStop(1, '#070f1e');
    ctx.fillStyle = bg;
    ctx.fillRect(0, 0, width, height);

    // Faint meridian arcs, an echo of the globe mark.
    ctx.strokeStyle = 'rgba(140, 200, 230, 0.08)';
    ctx.lineWidth = 2;
    for (const rx of [90, 190, 290, 390]) {
      ctx.beginPath();
      ctx.ellipse(width / 2, height / 2, rx, height * 0.95, 0, 0, Math.PI * 2);
      ctx.stroke();
    }
    for (const dy of [-120, -60, 0, 60, 120]) {
      ctx.beginPath();
      ctx.moveTo(0, height / 2 + dy);
      ctx.lineTo(width, height / 2 + dy);
      ctx.stroke();
    }

    const cx = width / 2;
    const cy = height * 0.42;
    const r = 46;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(10, 24, 48, 0.75)';
    ctx.fill();
    ctx.lineWidth = 4;
    ctx.strokeStyle = 'rgba(200, 232, 245, 0.9)';
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(cx - 14, cy - 22);
    ctx.lineTo(cx + 24, cy);
    ctx.lineTo(cx - 14, cy + 22);
    ctx.closePath();
    ctx.fillStyle = '#e8f6fc';
    ctx.fill();

    ctx.fillStyle = '#d3e6f0';
    ctx.font = `600 26px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('Video preview unavailable', cx, height * 0.72);
    ctx.fillStyle = 'rgba(160, 190, 210, 0.75)';
    ctx.font = `16px ${FONT}`;
    ctx.fillText('Globe Archive', cx, height * 0.72 + 32);
    return canvas.toDataURL('image/jpeg', quality);
  }

  // ---------------------------------------------------------------------- scene painting

  const MOODS = {
    storm: {
      sky: ['#1b2528', '#3a4b46', '#6f7c67'],
      ground: ['#2c352e', '#161c19'],
      far: '#3e4a47',
      cloud: '#2b3333',
      light: null,
    },
    overcast: {
      sky: ['#4d5d74', '#8494aa', '#b9c2cb'],
      ground: ['#4a5744', '#262d24'],
      far: '#6f7d8c',
      cloud: '#d9dee3',
      light: null,
    },
    day: {
      sky: ['#2d6aae', '#69a3d8', '#cde4f1'],
      ground: ['#5b8148', '#2c4424'],
      far: '#8fa9bf',
      cloud: '#ffffff',
      light: '#fff6d8',
    },
    dawn: {
      sky: ['#28396e', '#b7778e', '#f5c58f'],
      ground: ['#45523c', '#1f261c'],
      far: '#8a7890',
      cloud: '#f6d4c4',
      light: '#ffe2b0',
    },
    dusk: {
      sky: ['#1b2150', '#683c72', '#e58b5c'],
      ground: ['#2f3038', '#141419'],
      far: '#5a4566',
      cloud: '#b98aa3',
      light: '#ffc58c',
    },
  };
  const BRICKS = ['#8a4b3c', '#9b5a45', '#7a3f33', '#a36b52', '#6f4a3e'];
  const SIDINGS = ['#c9c1a9', '#8e9a9b', '#b59b74', '#d6d0c4', '#6f7f88'];
  const SKIN = ['#5a3825', '#8d5524', '#c68642', '#e0ac69', '#f1c27d', '#7b4a2f'];
  const VESTS = ['#ff8c1a', '#d7f53b', '#ffb020', '#f2e22c'];
  const SHIRTS = [
    '#2f4f7f',
    '#7a2e3b',
    '#3c6e5a',
    '#5b4a7a',
    '#c2573a',
    '#2d2d38',
    '#8a8f99',
    '#d8c7a0',
  ];
  const TARP = '#2f6fd0';

  function paintSky(ctx, W, H, hy, mood, rng) {
    const sky = ctx.createLinearGradient(0, 0, 0, hy);
    sky.addColorStop(0, mood.sky[0]);
    sky.addColorStop(0.55, mood.sky[1]);
    sky.addColorStop(1, mood.sky[2]);
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, W, hy + 2);
    if (mood.light) {
      const x = rng.range(0.1, 0.9) * W;
      const y = rng.range(0.15, 0.55) * hy;
      const r = rng.range(0.05, 0.08) * W;
      const g = ctx.createRadialGradient(x, y, 0, x, y, r * 4);
      g.addColorStop(0, mood.light);
      g.addColorStop(0.2, `${mood.light}aa`);
      g.addColorStop(1, `${mood.light}00`);
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, W, hy);
      ctx.beginPath();
      ctx.arc(x, y, r * 0.5, 0, Math.PI * 2);
      ctx.fillStyle = mood.light;
      ctx.fill();
    }
  }

  function paintClouds(ctx, W, hy, mood, rng, count, heavy) {
    for (let c = 0; c < count; c++) {
      const cx = rng.range(-0.1, 1.1) * W;
      const cy = heavy ? rng.range(0, 0.35) * hy : rng.range(0.08, 0.6) * hy;
      const size = rng.range(0.06, heavy ? 0.2 : 0.12) * W;
      ctx.fillStyle = heavy
        ? mix(mood.cloud, '#000000', rng.range(0, 0.4), 0.8)
        : mix(mood.cloud, mood.sky[1], rng.range(0, 0.3), rng.range(0.45, 0.8));
      ctx.beginPath();
      const puffs = rng.int(4, 8);
      for (let p = 0; p < puffs; p++) {
        const ox = (p / (puffs - 1) - 0.5) * size * 2.2;
        const r = size * rng.range(0.35, 0.65) * (1 - Math.abs(ox) / (size * 2.6));
        ctx.moveTo(cx + ox + r, cy - r * 0.2);
        ctx.ellipse(cx + ox, cy - r * 0.2, r, r * 0.75, 0, 0, Math.PI * 2);
      }
      ctx.fill();
    }
  }

  function paintFunnel(ctx, W, hy, rng) {
    const x = rng.range(0.25, 0.75) * W;
    const top = hy * 0.2;
    const bottom = hy + 4;
    const steps = 28;
    for (let i = 0; i < steps; i++) {
      const t = i / (steps - 1);
      const y = top + (bottom - top) * t;
      const sway = Math.sin(t * 3.1 + rng.range(0, 0.3)) * W * 0.025 * t;
      const rw = W * (0.11 * (1 - t) ** 1.6 + 0.012);
      ctx.fillStyle = mix('#55605a', '#2a3130', t, 0.55);
      ctx.beginPath();
      ctx.ellipse(x + sway, y, rw, rw * 0.22 + 3, 0, 0, Math.PI * 2);
      ctx.fill();
    }
    // Debris cloud at the base.
    for (let i = 0; i < 40; i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = rng.range(0.01, 0.06) * W;
      ctx.fillStyle = `rgba(40, 40, 36, ${rng.range(0.2, 0.6)})`;
      ctx.fillRect(
        x + Math.cos(a) * d + Math.sin(3.1) * W * 0.025,
        bottom - Math.abs(Math.sin(a)) * d * 0.7,
        3,
        3,
      );
    }
  }

  function paintArch(ctx, x, baseY, h, color) {
    const w = h * 0.98;
    const a = 2.3;
    ctx.beginPath();
    for (let i = 0; i <= 40; i++) {
      const u = (i / 40) * 2 - 1;
      const y = baseY - h * (1 - (Math.cosh(a * u) - 1) / (Math.cosh(a) - 1));
      const px = x + (u * w) / 2;
      if (i === 0) ctx.moveTo(px, y);
      else ctx.lineTo(px, y);
    }
    ctx.strokeStyle = color;
    ctx.lineWidth = Math.max(2, h * 0.035);
    ctx.lineCap = 'butt';
    ctx.stroke();
  }

  function paintSkyline(ctx, W, baseY, scale, color, rng, { arch, windows }) {
    let x = -rng.range(0, 40) * scale;
    const archAt = arch ? rng.range(0.15, 0.8) * W : -1;
    while (x < W) {
      const w = rng.range(30, 90) * scale;
      const tall = Math.abs(x - W * 0.5) < W * 0.25 ? rng.range(80, 260) : rng.range(30, 140);
      const h = tall * scale;
      if (archAt > 0 && x < archAt + 160 * scale && x + w > archAt - 160 * scale) {
        x += w;
        continue;
      }
      ctx.fillStyle = color;
      ctx.fillRect(x, baseY - h, w - 2 * scale, h + 2);
      if (rng.chance(0.25))
        ctx.fillRect(x + w * 0.4, baseY - h - 18 * scale, 2 * scale, 18 * scale);
      if (windows) {
        ctx.fillStyle = 'rgba(255, 220, 150, 0.5)';
        for (let wy = baseY - h + 8 * scale; wy < baseY - 8 * scale; wy += 14 * scale) {
          for (let wx = x + 6 * scale; wx < x + w - 10 * scale; wx += 12 * scale) {
            if (rng.chance(0.18)) ctx.fillRect(wx, wy, 5 * scale, 6 * scale);
          }
        }
      }
      x += w;
    }
    if (archAt > 0) paintArch(ctx, archAt, baseY, 290 * scale, color);
  }

  function paintGround(ctx, W, H, hy, mood) {
    const g = ctx.createLinearGradient(0, hy, 0, H);
    g.addColorStop(0, mood.ground[0]);
    g.addColorStop(1, mood.ground[1]);
    ctx.fillStyle = g;
    ctx.fillRect(0, hy, W, H - hy);
  }

  function paintStreet(ctx, W, H, y, mood) {
    ctx.fillStyle = mix('#3a3d42', mood.ground[1], 0.3);
    ctx.fillRect(0, y, W, H - y);
    ctx.fillStyle = mix('#8d9096', mood.ground[0], 0.3);
    ctx.fillRect(0, y, W, Math.max(3, (H - y) * 0.06));
  }

  function paintTree(ctx, x, baseY, size, rng, state, mood) {
    const trunk = mix('#4a3526', mood.ground[1], 0.25);
    const leaf = rng.pick(['#3f6b3a', '#4f7d3f', '#2f5a36', '#5d8a45']);
    const leafShade = mix(leaf, mood.ground[1], 0.5);
    if (state === 'fallen') {
      const dir = rng.chance(0.5) ? 1 : -1;
      const len = size * 1.7;
      ctx.fillStyle = trunk;
      ctx.save();
      ctx.translate(x, baseY - size * 0.08);
      ctx.rotate(dir * rng.range(-0.08, 0.08));
      ctx.fillRect(dir > 0 ? 0 : -len, -size * 0.07, len, size * 0.14);
      ctx.restore();
      ctx.beginPath();
      ctx.ellipse(x, baseY - size * 0.2, size * 0.12, size * 0.26, 0, 0, Math.PI * 2);
      ctx.fillStyle = mix('#5b4633', mood.ground[1], 0.2);
      ctx.fill();
      ctx.fillStyle = leafShade;
      for (let i = 0; i < 6; i++) {
        ctx.beginPath();
        ctx.arc(
          x + dir * len * rng.range(0.55, 1.05),
          baseY - size * rng.range(0.05, 0.35),
          size * rng.range(0.15, 0.3),
          0,
          Math.PI * 2,
        );
        ctx.fill();
      }
      return;
    }
    if (state === 'snapped') {
      const h = size * rng.range(0.5, 0.8);
      ctx.fillStyle = trunk;
      ctx.beginPath();
      ctx.moveTo(x - size * 0.07, baseY);
      ctx.lineTo(x - size * 0.05, baseY - h);
      ctx.lineTo(x, baseY - h - size * 0.1);
      ctx.lineTo(x + size * 0.03, baseY - h + size * 0.02);
      ctx.lineTo(x + size * 0.07, baseY);
      ctx.fill();
      ctx.strokeStyle = trunk;
      ctx.lineWidth = size * 0.04;
      for (let i = 0; i < 3; i++) {
        const y = baseY - h * rng.range(0.4, 0.9);
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x + rng.range(-0.35, 0.35) * size, y - rng.range(0.05, 0.2) * size);
        ctx.stroke();
      }
      return;
    }
    if (state === 'sapling') {
      ctx.strokeStyle = '#a58a62';
      ctx.lineWidth = Math.max(1, size * 0.025);
      ctx.beginPath();
      ctx.moveTo(x - size * 0.12, baseY);
      ctx.lineTo(x - size * 0.1, baseY - size * 0.7);
      ctx.moveTo(x + size * 0.12, baseY);
      ctx.lineTo(x + size * 0.1, baseY - size * 0.7);
      ctx.stroke();
      ctx.strokeStyle = trunk;
      ctx.lineWidth = Math.max(1.5, size * 0.04);
      ctx.beginPath();
      ctx.moveTo(x, baseY);
      ctx.lineTo(x, baseY - size * 0.75);
      ctx.stroke();
      ctx.fillStyle = '#6c9b4a';
      ctx.beginPath();
      ctx.ellipse(x, baseY - size * 0.85, size * 0.2, size * 0.26, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#4a3526';
      ctx.beginPath();
      ctx.ellipse(x, baseY, size * 0.22, size * 0.05, 0, 0, Math.PI * 2);
      ctx.fill();
      return;
    }
    ctx.fillStyle = trunk;
    ctx.beginPath();
    ctx.moveTo(x - size * 0.07, baseY);
    ctx.lineTo(x - size * 0.04, baseY - size * 0.8);
    ctx.lineTo(x + size * 0.04, baseY - size * 0.8);
    ctx.lineTo(x + size * 0.07, baseY);
    ctx.fill();
    const bare = state === 'stripped';
    const puffs = bare ? 3 : rng.int(5, 8);
    for (let i = 0; i < puffs; i++) {
      ctx.fillStyle = i < puffs / 2 ? leafShade : leaf;
      ctx.beginPath();
      ctx.arc(
        x + rng.range(-0.35, 0.35) * size,
        baseY - size * rng.range(0.85, 1.25),
        size * rng.range(bare ? 0.12 : 0.25, bare ? 0.2 : 0.4),
        0,
        Math.PI * 2,
      );
      ctx.fill();
    }
  }

  function paintHouse(ctx, x, baseY, w, rng, opts, mood) {
    const h = w * rng.range(0.7, 0.95);
    const wall = rng.chance(0.6) ? rng.pick(BRICKS) : rng.pick(SIDINGS);
    const wallLit = mix(wall, mood.ground[1], 0.15);
    const roof = mix(rng.pick(['#3b3b42', '#4a3f3a', '#2f3540', '#55504a']), mood.ground[1], 0.15);
    const top = baseY - h;
    const peak = top - h * rng.range(0.35, 0.55);
    ctx.fillStyle = wallLit;
    ctx.fillRect(x, top, w, h);
    if (opts.frame) {
      // Exposed rafters of a roof under construction.
      ctx.strokeStyle = '#d9b77a';
      ctx.lineWidth = Math.max(1.5, w * 0.018);
      ctx.beginPath();
      for (let i = 0; i <= 8; i++) {
        const t = i / 8;
        ctx.moveTo(x + w * t, top);
        ctx.lineTo(x + w / 2, peak);
      }
      ctx.moveTo(x - w * 0.06, top);
      ctx.lineTo(x + w * 1.06, top);
      ctx.stroke();
      const partial = rng.range(0.2, 0.6);
      ctx.fillStyle = '#c9a66b';
      ctx.beginPath();
      ctx.moveTo(x - w * 0.06, top);
      ctx.lineTo(x + w / 2 - (w / 2) * (1 - partial), peak + (top - peak) * (1 - partial));
      ctx.lineTo(
        x + w / 2 - (w / 2) * (1 - partial) + w * 0.08,
        peak + (top - peak) * (1 - partial),
      );
      ctx.lineTo(x + w * 0.02, top);
      ctx.fill();
    } else {
      ctx.fillStyle = roof;
      ctx.beginPath();
      ctx.moveTo(x - w * 0.07, top);
      ctx.lineTo(x + w / 2, peak);
      ctx.lineTo(x + w * 1.07, top);
      ctx.closePath();
      ctx.fill();
      if (opts.tarp) {
        ctx.fillStyle = TARP;
        const a = rng.range(0.05, 0.35);
        const b = a + rng.range(0.3, 0.55);
        ctx.beginPath();
        ctx.moveTo(x + w * a, top);
        ctx.lineTo(x + w / 2 - (w / 2) * (1 - a * 2) * 0.15, peak + (top - peak) * 0.15);
        ctx.lineTo(x + w * Math.min(b, 0.95), peak + (top - peak) * 0.35);
        ctx.lineTo(x + w * Math.min(b + 0.1, 1.02), top);
        ctx.closePath();
        ctx.fill();
        ctx.strokeStyle = 'rgba(255,255,255,0.25)';
        ctx.lineWidth = 1;
        ctx.stroke();
      }
      if (opts.damaged) {
        // Missing shingles: a ragged patch of bare decking.
        ctx.fillStyle = mix('#7d6249', mood.ground[1], 0.3);
        ctx.beginPath();
        const cx = x + w * rng.range(0.3, 0.7);
        const ry = (f) => peak + (top - peak) * f;
        ctx.moveTo(cx - w * 0.14, ry(0.95));
        ctx.lineTo(cx - w * 0.08, ry(0.55));
        ctx.lineTo(cx - w * 0.02, ry(0.7));
        ctx.lineTo(cx + w * 0.03, ry(0.45));
        ctx.lineTo(cx + w * 0.09, ry(0.62));
        ctx.lineTo(cx + w * 0.13, ry(0.95));
        ctx.closePath();
        ctx.fill();
        ctx.strokeStyle = mix('#4a3a2c', mood.ground[1], 0.3);
        ctx.lineWidth = Math.max(1, w * 0.006);
        ctx.beginPath();
        for (let f = 0.6; f < 0.95; f += 0.12) {
          ctx.moveTo(cx - w * 0.1, ry(f));
          ctx.lineTo(cx + w * 0.1, ry(f));
        }
        ctx.stroke();
        ctx.strokeStyle = '#9a7a55';
        ctx.lineWidth = Math.max(1, w * 0.012);
        ctx.beginPath();
        ctx.moveTo(cx - w * 0.1, top - 2);
        ctx.lineTo(cx + w * 0.02, peak + (top - peak) * 0.3);
        ctx.moveTo(cx + w * 0.1, top - 2);
        ctx.lineTo(cx + w * 0.0, peak + (top - peak) * 0.5);
        ctx.stroke();
      }
    }
    // Windows and door.
    const lit = mood.light === null || mood === MOODS.dusk;
    const glass = lit ? 'rgba(255, 214, 140, 0.85)' : mix('#2a3540', mood.sky[2], 0.3);
    const boarded = opts.damaged && rng.chance(0.5);
    const ww = w * 0.18;
    const wh = h * 0.26;
    for (const fx of [0.16, 0.66]) {
      for (const fy of h > w * 0.8 ? [0.15, 0.55] : [0.35]) {
        ctx.fillStyle = boarded ? '#c7a878' : glass;
        ctx.fillRect(x + w * fx, top + h * fy, ww, wh);
        ctx.strokeStyle = mix(wall, '#ffffff', 0.35);
        ctx.lineWidth = Math.max(1, w * 0.01);
        ctx.strokeRect(x + w * fx, top + h * fy, ww, wh);
      }
    }
    ctx.fillStyle = mix(wall, '#000000', 0.45);
    ctx.fillRect(x + w * 0.43, baseY - h * 0.42, w * 0.14, h * 0.42);
    if (opts.porch) {
      // A shed-roofed front porch: light columns, a railing and a deck.
      const py = baseY - h * 0.5;
      ctx.fillStyle = mix(roof, '#ffffff', 0.3);
      ctx.beginPath();
      ctx.moveTo(x - w * 0.06, py);
      ctx.lineTo(x + w * 1.06, py);
      ctx.lineTo(x + w * 1.0, py - h * 0.1);
      ctx.lineTo(x, py - h * 0.1);
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = mix('#ece6d8', mood.ground[1], 0.1);
      for (const fx of [-0.03, 0.3, 0.68, 1.0]) ctx.fillRect(x + w * fx, py, w * 0.035, h * 0.46);
      ctx.fillRect(x - w * 0.03, baseY - h * 0.2, w * 1.06, h * 0.025);
      ctx.strokeStyle = mix('#ece6d8', mood.ground[1], 0.1);
      ctx.lineWidth = Math.max(1, w * 0.008);
      ctx.beginPath();
      for (let rx = x; rx < x + w; rx += w * 0.05) {
        if (rx > x + w * 0.4 && rx < x + w * 0.6) continue;
        ctx.moveTo(rx, baseY - h * 0.2);
        ctx.lineTo(rx, baseY - h * 0.05);
      }
      ctx.stroke();
      ctx.fillStyle = mix('#8a8078', mood.ground[1], 0.2);
      ctx.fillRect(x - w * 0.06, baseY - h * 0.05, w * 1.12, h * 0.05);
    }
    if (opts.scaffold) {
      ctx.strokeStyle = '#b9bcc2';
      ctx.lineWidth = Math.max(1, w * 0.012);
      ctx.beginPath();
      for (let i = 0; i <= 3; i++) {
        ctx.moveTo(x - w * 0.08 + (i * w * 0.4) / 3, baseY);
        ctx.lineTo(x - w * 0.08 + (i * w * 0.4) / 3, top - h * 0.05);
      }
      for (let j = 1; j <= 3; j++) {
        ctx.moveTo(x - w * 0.1, baseY - (j * h) / 3);
        ctx.lineTo(x + w * 0.34, baseY - (j * h) / 3);
      }
      ctx.stroke();
    }
  }

  function paintDebris(ctx, cx, baseY, w, rng, mood) {
    ctx.fillStyle = mix('#4b3b2d', mood.ground[1], 0.3);
    ctx.beginPath();
    ctx.ellipse(cx, baseY, w / 2, w * 0.14, 0, Math.PI, 0);
    ctx.fill();
    const pieces = rng.int(14, 26);
    for (let i = 0; i < pieces; i++) {
      const px = cx + rng.range(-0.45, 0.45) * w;
      const rise = (1 - Math.abs(px - cx) / (w / 2)) * w * 0.2;
      const py = baseY - rng.range(0, 1) * rise;
      ctx.save();
      ctx.translate(px, py);
      ctx.rotate(rng.range(-1.2, 1.2));
      const kind = rng.next();
      if (kind < 0.45) {
        ctx.fillStyle = mix(
          rng.pick(['#8b6b4a', '#a07f5a', '#c2a077', '#6e5640']),
          mood.ground[1],
          0.2,
        );
        ctx.fillRect(-w * 0.12, -w * 0.012, w * rng.range(0.12, 0.26), w * 0.024);
      } else if (kind < 0.75) {
        ctx.fillStyle = mix(rng.pick(['#3b3b3f', '#55555c', '#6b6f77']), mood.ground[1], 0.2);
        ctx.fillRect(-w * 0.04, -w * 0.03, w * 0.08, w * 0.05);
      } else if (kind < 0.9) {
        ctx.strokeStyle = mix('#5b4632', mood.ground[1], 0.2);
        ctx.lineWidth = Math.max(1, w * 0.01);
        ctx.beginPath();
        ctx.moveTo(-w * 0.1, 0);
        ctx.lineTo(w * 0.1, 0);
        ctx.moveTo(0, 0);
        ctx.lineTo(w * 0.05, -w * 0.05);
        ctx.stroke();
      } else {
        ctx.fillStyle = TARP;
        ctx.fillRect(-w * 0.05, -w * 0.02, w * 0.1, w * 0.035);
      }
      ctx.restore();
    }
  }

  function paintPerson(ctx, x, baseY, h, rng, { vest, hat, carry }) {
    const skin = rng.pick(SKIN);
    const shirt = rng.pick(SHIRTS);
    const pants = rng.pick(['#2b3444', '#3d3a35', '#4a5568', '#1f2430']);
    const stride = rng.range(-0.08, 0.08) * h;
    ctx.lineCap = 'round';
    ctx.strokeStyle = pants;
    ctx.lineWidth = h * 0.09;
    ctx.beginPath();
    ctx.moveTo(x - h * 0.04, baseY - h * 0.45);
    ctx.lineTo(x - h * 0.05 - stride, baseY - h * 0.03);
    ctx.moveTo(x + h * 0.04, baseY - h * 0.45);
    ctx.lineTo(x + h * 0.05 + stride, baseY - h * 0.03);
    ctx.stroke();
    // Arms.
    ctx.strokeStyle = shirt;
    ctx.lineWidth = h * 0.065;
    const raise = rng.chance(0.3);
    ctx.beginPath();
    ctx.moveTo(x - h * 0.11, baseY - h * 0.76);
    ctx.lineTo(x - h * 0.17, baseY - h * (raise ? 0.98 : 0.5));
    ctx.moveTo(x + h * 0.11, baseY - h * 0.76);
    ctx.lineTo(x + h * (carry ? 0.2 : 0.15), baseY - h * (carry ? 0.6 : 0.5));
    ctx.stroke();
    roundRect(ctx, x - h * 0.13, baseY - h * 0.82, h * 0.26, h * 0.4, h * 0.07);
    ctx.fillStyle = shirt;
    ctx.fill();
    if (vest) {
      roundRect(ctx, x - h * 0.12, baseY - h * 0.8, h * 0.24, h * 0.34, h * 0.05);
      ctx.fillStyle = vest;
      ctx.fill();
      ctx.fillStyle = 'rgba(235, 240, 245, 0.9)';
      ctx.fillRect(x - h * 0.12, baseY - h * 0.6, h * 0.24, h * 0.035);
    }
    ctx.beginPath();
    ctx.arc(x, baseY - h * 0.91, h * 0.085, 0, Math.PI * 2);
    ctx.fillStyle = skin;
    ctx.fill();
    if (hat) {
      ctx.beginPath();
      ctx.arc(x, baseY - h * 0.93, h * 0.095, Math.PI, 0);
      ctx.fillStyle = hat;
      ctx.fill();
      ctx.fillRect(x - h * 0.12, baseY - h * 0.94, h * 0.24, h * 0.02);
    }
    if (carry === 'box') {
      ctx.fillStyle = '#b88a55';
      ctx.fillRect(x + h * 0.08, baseY - h * 0.7, h * 0.22, h * 0.16);
      ctx.strokeStyle = '#8a6238';
      ctx.lineWidth = h * 0.012;
      ctx.strokeRect(x + h * 0.08, baseY - h * 0.7, h * 0.22, h * 0.16);
    } else if (carry === 'rake') {
      ctx.strokeStyle = '#9c7a4f';
      ctx.lineWidth = h * 0.025;
      ctx.beginPath();
      ctx.moveTo(x + h * 0.22, baseY - h * 0.95);
      ctx.lineTo(x + h * 0.32, baseY);
      ctx.moveTo(x + h * 0.22, baseY);
      ctx.lineTo(x + h * 0.42, baseY);
      ctx.stroke();
    }
  }

  function paintCrowd(ctx, W, baseY, h, rng, count, style) {
    const xs = Array.from({ length: count }, () => rng.range(0.05, 0.95) * W).sort((a, b) => a - b);
    xs.forEach((x, i) => {
      const depth = rng.range(0.8, 1.1);
      paintPerson(ctx, x, baseY - (1 - depth) * h * 0.3, h * depth, rng, {
        vest: style.vest && rng.chance(0.85) ? rng.pick(VESTS) : null,
        hat:
          style.hat && rng.chance(0.75)
            ? rng.pick(['#f2f2f2', '#ffd12e', '#ff7a1a'])
            : style.caps && rng.chance(0.4)
              ? rng.pick(SHIRTS)
              : null,
        carry: style.carry && i % 2 === 0 ? rng.pick(['box', 'rake', null]) : null,
      });
    });
  }

  function paintVehicle(ctx, x, baseY, w, rng, kind) {
    const h = w * 0.42;
    const body = {
      fire: '#b3262b',
      utility: '#e7e3d6',
      police: '#1f2f4d',
      pickup: rng.pick(['#4f5d6b', '#7a2e2e', '#d8d2c4']),
    }[kind];
    // Boxy body and a cab.
    ctx.fillStyle = body;
    roundRect(ctx, x, baseY - h * 0.95, w * 0.68, h * 0.78, w * 0.02);
    ctx.fill();
    roundRect(ctx, x + w * 0.68, baseY - h * 0.8, w * 0.3, h * 0.63, w * 0.03);
    ctx.fill();
    ctx.fillStyle = '#9fc3d6';
    ctx.fillRect(x + w * 0.76, baseY - h * 0.72, w * 0.16, h * 0.22);
    if (kind === 'fire') {
      ctx.strokeStyle = '#c8cbd0';
      ctx.lineWidth = Math.max(1, w * 0.012);
      ctx.beginPath();
      ctx.moveTo(x + w * 0.02, baseY - h * 1.05);
      ctx.lineTo(x + w * 0.64, baseY - h * 1.05);
      ctx.moveTo(x + w * 0.02, baseY - h * 1.13);
      ctx.lineTo(x + w * 0.64, baseY - h * 1.13);
      for (let i = 0; i <= 10; i++) {
        ctx.moveTo(x + w * (0.02 + i * 0.062), baseY - h * 1.05);
        ctx.lineTo(x + w * (0.02 + i * 0.062), baseY - h * 1.13);
      }
      ctx.stroke();
      ctx.fillStyle = '#e8e8e8';
      ctx.fillRect(x, baseY - h * 0.5, w * 0.98, h * 0.06);
    }
    if (kind === 'utility') {
      ctx.strokeStyle = '#d9d4c4';
      ctx.lineWidth = w * 0.04;
      ctx.beginPath();
      ctx.moveTo(x + w * 0.2, baseY - h * 0.95);
      ctx.lineTo(x + w * 0.45, baseY - h * 2.6);
      ctx.stroke();
      ctx.fillStyle = '#f0c419';
      ctx.fillRect(x + w * 0.4, baseY - h * 2.95, w * 0.14, h * 0.38);
      ctx.fillStyle = '#ff8c1a';
      ctx.fillRect(x, baseY - h * 0.45, w * 0.98, h * 0.05);
    }
    if (kind === 'police' || kind === 'fire') {
      for (const [dx, color] of [
        [0.74, 'rgba(255, 60, 60, '],
        [0.88, 'rgba(70, 120, 255, '],
      ]) {
        const lx = x + w * dx;
        const ly = baseY - h * 0.84;
        const g = ctx.createRadialGradient(lx, ly, 0, lx, ly, w * 0.18);
        g.addColorStop(0, `${color}0.9)`);
        g.addColorStop(1, `${color}0)`);
        ctx.fillStyle = g;
        ctx.fillRect(lx - w * 0.18, ly - w * 0.18, w * 0.36, w * 0.36);
      }
    }
    for (const dx of [0.16, 0.5, 0.84]) {
      ctx.beginPath();
      ctx.arc(x + w * dx, baseY - h * 0.12, h * 0.16, 0, Math.PI * 2);
      ctx.fillStyle = '#16181c';
      ctx.fill();
      ctx.beginPath();
      ctx.arc(x + w * dx, baseY - h * 0.12, h * 0.07, 0, Math.PI * 2);
      ctx.fillStyle = '#8a8f96';
      ctx.fill();
    }
  }

  function paintPoles(ctx, W, baseY, h, rng, mood) {
    const poles = [];
    for (let x = rng.range(0.02, 0.15) * W; x < W * 1.1; x += rng.range(0.22, 0.34) * W) {
      poles.push({ x, lean: rng.chance(0.35) ? rng.range(-0.25, 0.25) : 0 });
    }
    const wood = mix('#5c4330', mood.ground[1], 0.2);
    const tops = poles.map(({ x, lean }) => {
      const tx = x + Math.sin(lean) * h;
      const ty = baseY - Math.cos(lean) * h;
      ctx.strokeStyle = wood;
      ctx.lineWidth = h * 0.035;
      ctx.beginPath();
      ctx.moveTo(x, baseY);
      ctx.lineTo(tx, ty);
      ctx.stroke();
      ctx.lineWidth = h * 0.025;
      ctx.beginPath();
      ctx.moveTo(tx - h * 0.12, ty + h * 0.06);
      ctx.lineTo(tx + h * 0.12, ty + h * 0.06);
      ctx.stroke();
      return { tx, ty: ty + h * 0.06 };
    });
    ctx.strokeStyle = 'rgba(20, 20, 24, 0.7)';
    ctx.lineWidth = Math.max(1, h * 0.006);
    for (let i = 0; i + 1 < tops.length; i++) {
      for (const dx of [-0.1, 0.1]) {
        const a = tops[i];
        const b = tops[i + 1];
        ctx.beginPath();
        ctx.moveTo(a.tx + dx * h, a.ty);
        ctx.quadraticCurveTo(
          (a.tx + b.tx) / 2,
          Math.max(a.ty, b.ty) + h * 0.12,
          b.tx + dx * h,
          b.ty,
        );
        ctx.stroke();
      }
    }
  }

  function paintCanopy(ctx, x, baseY, w, rng, color) {
    const h = w * 0.55;
    ctx.strokeStyle = '#c9ccd1';
    ctx.lineWidth = Math.max(1.5, w * 0.012);
    ctx.beginPath();
    ctx.moveTo(x + w * 0.03, baseY);
    ctx.lineTo(x + w * 0.03, baseY - h);
    ctx.moveTo(x + w * 0.97, baseY);
    ctx.lineTo(x + w * 0.97, baseY - h);
    ctx.stroke();
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(x - w * 0.03, baseY - h);
    ctx.lineTo(x + w * 0.2, baseY - h * 1.35);
    ctx.lineTo(x + w * 0.8, baseY - h * 1.35);
    ctx.lineTo(x + w * 1.03, baseY - h);
    ctx.closePath();
    ctx.fill();
    ctx.beginPath();
    const scallops = 6;
    for (let i = 0; i < scallops; i++) {
      const sx = x - w * 0.03 + (i * w * 1.06) / scallops;
      ctx.moveTo(sx, baseY - h);
      ctx.arc(
        sx + (w * 1.06) / scallops / 2,
        baseY - h,
        (w * 1.06) / scallops / 2,
        Math.PI,
        0,
        true,
      );
    }
    ctx.fill();
    // A table with boxes and water under it.
    ctx.fillStyle = '#e9e6de';
    ctx.fillRect(x + w * 0.08, baseY - h * 0.38, w * 0.84, h * 0.06);
    ctx.fillStyle = '#9aa0a8';
    ctx.fillRect(x + w * 0.12, baseY - h * 0.32, w * 0.02, h * 0.32);
    ctx.fillRect(x + w * 0.86, baseY - h * 0.32, w * 0.02, h * 0.32);
    let bx = x + w * 0.1;
    while (bx < x + w * 0.85) {
      const bw = w * rng.range(0.08, 0.14);
      const bh = h * rng.range(0.1, 0.22);
      if (rng.chance(0.4)) {
        ctx.fillStyle = '#5aa0e6';
        for (let k = 0; k < 4; k++)
          ctx.fillRect(bx + k * bw * 0.25, baseY - h * 0.38 - bh, bw * 0.18, bh);
      } else {
        ctx.fillStyle = rng.pick(['#b88a55', '#c79b63', '#a47646']);
        ctx.fillRect(bx, baseY - h * 0.38 - bh, bw, bh);
      }
      bx += bw * 1.15;
    }
  }

  function paintHall(ctx, x, baseY, w, mood, label) {
    const h = w * 0.38;
    ctx.fillStyle = mix('#a9a295', mood.ground[1], 0.15);
    ctx.fillRect(x, baseY - h, w, h);
    ctx.fillStyle = mix('#5d5a55', mood.ground[1], 0.15);
    ctx.fillRect(x - w * 0.02, baseY - h - h * 0.08, w * 1.04, h * 0.1);
    ctx.fillStyle = '#e9e3d3';
    ctx.fillRect(x + w * 0.3, baseY - h * 0.92, w * 0.4, h * 0.14);
    ctx.fillStyle = '#2e3b4d';
    ctx.font = `700 ${Math.round(h * 0.09)}px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(label, x + w * 0.5, baseY - h * 0.85);
    ctx.fillStyle = 'rgba(255, 214, 140, 0.8)';
    for (let i = 0; i < 6; i++)
      ctx.fillRect(x + w * (0.05 + i * 0.16), baseY - h * 0.6, w * 0.09, h * 0.22);
    ctx.fillStyle = '#3a3431';
    ctx.fillRect(x + w * 0.45, baseY - h * 0.35, w * 0.1, h * 0.35);
  }

  function paintCots(ctx, W, H, rng) {
    const wall = ctx.createLinearGradient(0, 0, 0, H * 0.5);
    wall.addColorStop(0, '#6d6a66');
    wall.addColorStop(1, '#a39d93');
    ctx.fillStyle = wall;
    ctx.fillRect(0, 0, W, H * 0.5);
    const floor = ctx.createLinearGradient(0, H * 0.5, 0, H);
    floor.addColorStop(0, '#8d8476');
    floor.addColorStop(1, '#5b534a');
    ctx.fillStyle = floor;
    ctx.fillRect(0, H * 0.5, W, H * 0.5);
    // High windows and ceiling lights.
    for (let i = 0; i < 5; i++) {
      ctx.fillStyle = 'rgba(205, 226, 240, 0.75)';
      ctx.fillRect(W * (0.06 + i * 0.2), H * 0.08, W * 0.1, H * 0.12);
      const lx = W * (0.16 + i * 0.2);
      const g = ctx.createRadialGradient(lx, 0, 0, lx, 0, H * 0.3);
      g.addColorStop(0, 'rgba(255, 240, 210, 0.6)');
      g.addColorStop(1, 'rgba(255, 240, 210, 0)');
      ctx.fillStyle = g;
      ctx.fillRect(lx - H * 0.3, 0, H * 0.6, H * 0.3);
    }
    ctx.fillStyle = '#5d574f';
    ctx.fillRect(0, H * 0.5 - H * 0.015, W, H * 0.015);
    const blankets = ['#3f6fa8', '#6c8f4e', '#a8483f', '#6b5b95', '#c99a3c', '#4d7f83'];
    for (let row = 0; row < 3; row++) {
      const t = row / 2;
      const y = H * (0.6 + t * 0.24);
      const s = 0.6 + t * 0.6;
      const cw = W * 0.19 * s;
      const gap = cw * 0.3;
      const start = -rng.range(0, cw);
      for (let x = start; x < W; x += cw + gap) {
        const mh = cw * 0.1;
        // Frame, legs, mattress, blanket and pillow.
        ctx.fillStyle = '#2e2e33';
        ctx.fillRect(x + cw * 0.04, y, cw * 0.03, cw * 0.16);
        ctx.fillRect(x + cw * 0.93, y, cw * 0.03, cw * 0.16);
        ctx.fillStyle = '#4f5a49';
        ctx.fillRect(x, y - mh * 0.2, cw, mh * 0.4);
        ctx.fillStyle = '#d9d4c8';
        roundRect(ctx, x + cw * 0.01, y - mh, cw * 0.98, mh * 0.85, mh * 0.3);
        ctx.fill();
        ctx.fillStyle = rng.pick(blankets);
        roundRect(ctx, x + cw * 0.3, y - mh * 1.15, cw * 0.7, mh * 1.1, mh * 0.35);
        ctx.fill();
        ctx.fillStyle = '#f6f3ec';
        roundRect(ctx, x + cw * 0.04, y - mh * 1.45, cw * 0.22, mh * 0.7, mh * 0.3);
        ctx.fill();
      }
    }
  }

  function paintMural(ctx, W, H, hy, rng) {
    const wall = '#8a4b3c';
    ctx.fillStyle = wall;
    ctx.fillRect(0, 0, W, hy);
    ctx.strokeStyle = 'rgba(60, 30, 24, 0.35)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let y = 0; y < hy; y += H * 0.035) {
      ctx.moveTo(0, y);
      ctx.lineTo(W, y);
    }
    ctx.stroke();
    const panels = rng.int(3, 5);
    const pw = (W * 0.86) / panels;
    const colors = ['#f2b134', '#e4572e', '#17bebb', '#76b041', '#6a4c93', '#ff8fab', '#2e86de'];
    for (let i = 0; i < panels; i++) {
      const x = W * 0.07 + i * pw;
      const y = hy * 0.12;
      const ph = hy * 0.8;
      ctx.fillStyle = '#d8b98a';
      ctx.fillRect(x + 4, y, pw - 8, ph);
      ctx.save();
      ctx.beginPath();
      ctx.rect(x + 4, y, pw - 8, ph);
      ctx.clip();
      const kind = rng.int(0, 3);
      const cx = x + pw / 2;
      const cy = y + ph * rng.range(0.35, 0.6);
      if (kind === 0) {
        for (let k = 0; k < 12; k++) {
          ctx.fillStyle = colors[k % colors.length];
          ctx.beginPath();
          ctx.moveTo(cx, cy);
          ctx.arc(cx, cy, pw, (k / 12) * Math.PI * 2, ((k + 0.5) / 12) * Math.PI * 2);
          ctx.fill();
        }
        ctx.fillStyle = '#ffd166';
        ctx.beginPath();
        ctx.arc(cx, cy, pw * 0.18, 0, Math.PI * 2);
        ctx.fill();
      } else if (kind === 1) {
        const s = pw * 0.3;
        ctx.fillStyle = rng.pick(colors);
        ctx.beginPath();
        ctx.moveTo(cx, cy + s);
        ctx.bezierCurveTo(
          cx - s * 1.6,
          cy - s * 0.2,
          cx - s * 0.6,
          cy - s * 1.3,
          cx,
          cy - s * 0.45,
        );
        ctx.bezierCurveTo(cx + s * 0.6, cy - s * 1.3, cx + s * 1.6, cy - s * 0.2, cx, cy + s);
        ctx.fill();
      } else if (kind === 2) {
        for (let k = 0; k < 7; k++) {
          ctx.fillStyle = colors[(k + i) % colors.length];
          ctx.fillRect(x, y + ph * 0.55 + k * ph * 0.065, pw, ph * 0.065);
        }
        ctx.fillStyle = '#3a6b35';
        for (let k = 0; k < 4; k++) {
          ctx.beginPath();
          ctx.arc(x + pw * (0.2 + k * 0.2), y + ph * 0.5, pw * 0.12, 0, Math.PI * 2);
          ctx.fill();
        }
      } else {
        for (let k = 0; k < 9; k++) {
          ctx.fillStyle = colors[(k * 3 + i) % colors.length];
          ctx.beginPath();
          ctx.arc(
            x + rng.range(0.1, 0.9) * pw,
            y + rng.range(0.1, 0.9) * ph,
            pw * rng.range(0.06, 0.16),
            0,
            Math.PI * 2,
          );
          ctx.fill();
        }
      }
      ctx.restore();
    }
  }

  function paintStorefronts(ctx, W, hy, rng) {
    let x = -rng.range(0, 60);
    while (x < W) {
      const w = rng.range(0.28, 0.4) * W;
      ctx.fillStyle = rng.pick(['#7a3f33', '#8d6e56', '#5f6b73', '#9b5a45']);
      ctx.fillRect(x, 0, w, hy);
      const awning = rng.pick(['#2e6f5e', '#7a2e3b', '#2f4f7f']);
      for (let i = 0; i < 8; i++) {
        ctx.fillStyle = i % 2 ? awning : '#eae4d6';
        ctx.fillRect(x + w * 0.05 + (i * w * 0.9) / 8, hy * 0.38, (w * 0.9) / 8, hy * 0.08);
      }
      // Plywood over the shop window.
      ctx.fillStyle = '#cfae7b';
      ctx.fillRect(x + w * 0.08, hy * 0.5, w * 0.84, hy * 0.5);
      ctx.strokeStyle = 'rgba(120, 85, 45, 0.5)';
      ctx.lineWidth = 2;
      ctx.strokeRect(x + w * 0.08, hy * 0.5, w * 0.42, hy * 0.5);
      ctx.strokeRect(x + w * 0.5, hy * 0.5, w * 0.42, hy * 0.5);
      ctx.fillStyle = '#1f3b5a';
      ctx.font = `700 ${Math.round(hy * 0.07)}px 'DejaVu Sans', sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(
        rng.pick(['STILL HERE', 'OPEN SOON', 'WE WILL REOPEN', 'STL STRONG']),
        x + w / 2,
        hy * 0.68,
      );
      ctx.fillStyle = 'rgba(220, 200, 170, 0.6)';
      for (let i = 0; i < 3; i++)
        ctx.fillRect(x + w * (0.12 + i * 0.28), hy * 0.08, w * 0.18, hy * 0.2);
      x += w + 4;
    }
  }

  function paintAerial(ctx, W, H, rng, seedLabel) {
    ctx.fillStyle = '#4b5f42';
    ctx.fillRect(0, 0, W, H);
    const block = W * rng.range(0.12, 0.16);
    const street = block * 0.16;
    const angle = rng.range(-0.25, 0.25);
    ctx.save();
    ctx.translate(W / 2, H / 2);
    ctx.rotate(angle);
    const span = Math.hypot(W, H);
    // Damage path: a diagonal band.
    const pathAngle = rng.range(-0.5, 0.5);
    const pathWidth = W * rng.range(0.18, 0.28);
    const inPath = (x, y) => {
      const d = -Math.sin(pathAngle) * x + Math.cos(pathAngle) * y;
      return Math.abs(d) < pathWidth / 2;
    };
    for (let bx = -span / 2; bx < span / 2; bx += block + street) {
      for (let by = -span / 2; by < span / 2; by += block + street) {
        ctx.fillStyle = '#5a6e4c';
        ctx.fillRect(bx, by, block, block);
        const lots = 4;
        const lw = block / lots;
        for (let i = 0; i < lots; i++) {
          for (const row of [0, 1]) {
            const x = bx + i * lw + lw * 0.15;
            const y = by + row * block * 0.5 + block * 0.08;
            const damaged = inPath(x, y);
            if (rng.chance(damaged ? 0.45 : 0.15)) {
              ctx.fillStyle = damaged ? '#6a5a45' : '#3e6a37';
              ctx.beginPath();
              ctx.arc(x + lw * 0.35, y + block * 0.18, lw * 0.35, 0, Math.PI * 2);
              ctx.fill();
              continue;
            }
            ctx.fillStyle = damaged
              ? rng.pick([TARP, TARP, '#7d6a56', '#58524c', '#8a4b3c'])
              : rng.pick(['#5b5f66', '#6e5f55', '#7a3f33', '#4f555e', '#8b8f94']);
            ctx.fillRect(x, y, lw * 0.7, block * 0.34);
            ctx.fillStyle = 'rgba(0,0,0,0.18)';
            ctx.fillRect(x + lw * 0.35, y, lw * 0.35, block * 0.34);
            if (damaged && rng.chance(0.4)) {
              ctx.fillStyle = '#a08866';
              ctx.fillRect(x + lw * 0.1, y + block * 0.36, lw * 0.5, block * 0.05);
            }
          }
        }
        // Street trees along the block.
        for (let i = 0; i < 6; i++) {
          const tx = bx + (i + 0.5) * (block / 6);
          const ty = by - street * 0.1;
          if (inPath(tx, ty) && rng.chance(0.7)) continue;
          ctx.fillStyle = rng.pick(['#2f5a30', '#3b6b36', '#4b7a3a']);
          ctx.beginPath();
          ctx.arc(tx, ty, street * 0.55, 0, Math.PI * 2);
          ctx.fill();
        }
      }
    }
    ctx.restore();
    ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.font = `600 ${Math.round(H * 0.03)}px ${FONT}`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(seedLabel, W * 0.025, H * 0.03);
  }

  /** Compose one scene for a theme. Returns nothing; paints into ctx. */
  function paintScene(ctx, W, H, theme, rng) {
    const S = Math.min(W / 1280, H / 853);
    const hy = H * rng.range(0.5, 0.6);
    const midBase = H * 0.8;
    const nearBase = H * 0.9;
    const pickMood = (list) => MOODS[rng.pick(list)];

    if (theme === 'cots') {
      paintCots(ctx, W, H, rng);
      paintCrowd(ctx, W, H * 0.95, 260 * S, rng, rng.int(1, 3), { caps: true });
      return;
    }
    if (theme === 'aerial') {
      paintAerial(ctx, W, H, rng, 'AERIAL ILLUSTRATION');
      return;
    }

    const mood =
      theme === 'funnel'
        ? MOODS.storm
        : theme === 'storm'
          ? pickMood(['storm', 'overcast', 'overcast', 'dawn'])
          : theme === 'cookout' || theme === 'community'
            ? pickMood(['dusk', 'day', 'dawn'])
            : theme === 'response'
              ? pickMood(['overcast', 'dawn', 'storm'])
              : pickMood(['day', 'day', 'overcast', 'dawn']);

    if (theme === 'mural' || theme === 'storefront') {
      const groundTop = H * 0.74;
      if (theme === 'mural') paintMural(ctx, W, H, groundTop, rng);
      else paintStorefronts(ctx, W, groundTop, rng);
      paintStreet(ctx, W, H, groundTop, mood);
      paintCrowd(ctx, W, nearBase, 230 * S, rng, rng.int(1, 4), { caps: true });
      return;
    }

    paintSky(ctx, W, H, hy, mood, rng);
    const heavy = theme === 'storm' || theme === 'funnel';
    paintClouds(ctx, W, hy, mood, rng, heavy ? rng.int(8, 14) : rng.int(2, 6), heavy);
    if (theme === 'funnel') paintFunnel(ctx, W, hy, rng);
    const far = mix(mood.far, mood.sky[2], 0.35);
    if (theme !== 'park' && theme !== 'planting') {
      paintSkyline(ctx, W, hy, S * rng.range(0.7, 1.1), far, rng, {
        arch: theme === 'skyline' || rng.chance(0.12),
        windows: mood === MOODS.dusk || mood === MOODS.storm,
      });
    } else {
      for (let x = -20; x < W + 40; x += rng.range(30, 60) * S) {
        ctx.fillStyle = mix(far, mood.ground[0], 0.4);
        ctx.beginPath();
        ctx.arc(x, hy, rng.range(30, 60) * S, Math.PI, 0);
        ctx.fill();
      }
    }
    paintGround(ctx, W, H, hy, mood);

    const houseRow = (opts) => {
      let x = rng.range(-0.1, 0.05) * W;
      while (x < W) {
        const w = rng.range(170, 240) * S;
        paintHouse(ctx, x, midBase, w, rng, opts(), mood);
        x += w + rng.range(30, 110) * S;
      }
    };
    const treeRow = (base, size, states, count) => {
      for (let i = 0; i < count; i++)
        paintTree(
          ctx,
          rng.range(0, 1) * W,
          base,
          size * rng.range(0.8, 1.2),
          rng,
          rng.pick(states),
          mood,
        );
    };

    switch (theme) {
      case 'storm':
      case 'funnel':
      case 'skyline':
        treeRow(midBase - 10 * S, 120 * S, ['stripped', 'snapped', 'whole'], rng.int(2, 4));
        houseRow(() => ({ damaged: rng.chance(0.6), tarp: false }));
        treeRow(nearBase, 130 * S, ['fallen', 'snapped', 'stripped'], rng.int(1, 3));
        paintDebris(ctx, rng.range(0.2, 0.8) * W, nearBase, 260 * S, rng, mood);
        break;
      case 'cleanup':
        houseRow(() => ({ damaged: rng.chance(0.4), tarp: rng.chance(0.4) }));
        treeRow(nearBase - 20 * S, 140 * S, ['fallen', 'snapped', 'whole'], rng.int(1, 2));
        for (let i = 0; i < rng.int(2, 3); i++)
          paintDebris(ctx, rng.range(0.1, 0.9) * W, nearBase, rng.range(200, 320) * S, rng, mood);
        if (rng.chance(0.5))
          paintVehicle(ctx, rng.range(0.05, 0.6) * W, nearBase, 300 * S, rng, 'pickup');
        paintCrowd(ctx, W, nearBase + 20 * S, 170 * S, rng, rng.int(2, 4), {
          vest: true,
          hat: true,
          carry: true,
        });
        break;
      case 'volunteers':
        houseRow(() => ({ tarp: rng.chance(0.5), damaged: rng.chance(0.3) }));
        paintDebris(ctx, rng.range(0.1, 0.9) * W, nearBase, rng.range(220, 300) * S, rng, mood);
        paintCrowd(ctx, W, nearBase + 30 * S, 190 * S, rng, rng.int(4, 7), {
          vest: true,
          caps: true,
          carry: true,
        });
        break;
      case 'community':
        treeRow(midBase - 20 * S, 150 * S, ['whole', 'whole', 'stripped'], rng.int(2, 3));
        houseRow(() => ({ porch: true, tarp: rng.chance(0.25) }));
        paintCrowd(ctx, W, nearBase + 20 * S, 180 * S, rng, rng.int(2, 4), { caps: true });
        break;
      case 'cookout': {
        houseRow(() => ({ porch: rng.chance(0.5) }));
        const lightsY = midBase - 60 * S;
        ctx.strokeStyle = 'rgba(30, 30, 30, 0.6)';
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.moveTo(0, lightsY - 40 * S);
        ctx.quadraticCurveTo(W / 2, lightsY + 40 * S, W, lightsY - 40 * S);
        ctx.stroke();
        for (let i = 0; i <= 24; i++) {
          const t = i / 24;
          const y =
            (1 - t) ** 2 * (lightsY - 40 * S) +
            2 * (1 - t) * t * (lightsY + 40 * S) +
            t * t * (lightsY - 40 * S);
          const g = ctx.createRadialGradient(t * W, y, 0, t * W, y, 12 * S);
          g.addColorStop(0, 'rgba(255, 226, 150, 1)');
          g.addColorStop(1, 'rgba(255, 226, 150, 0)');
          ctx.fillStyle = g;
          ctx.fillRect(t * W - 12 * S, y - 12 * S, 24 * S, 24 * S);
        }
        const tableY = nearBase - 40 * S;
        ctx.fillStyle = rng.pick(['#c0392b', '#2e6f9e', '#e6e1d3']);
        ctx.fillRect(W * 0.1, tableY - 60 * S, W * 0.5, 26 * S);
        ctx.fillStyle = '#2b2b30';
        ctx.beginPath();
        ctx.ellipse(W * 0.78, tableY - 70 * S, 60 * S, 34 * S, 0, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillRect(W * 0.78 - 4 * S, tableY - 40 * S, 8 * S, 60 * S);
        for (let i = 0; i < 6; i++) {
          ctx.fillStyle = `rgba(210, 210, 215, ${0.35 - i * 0.05})`;
          ctx.beginPath();
          ctx.arc(
            W * 0.78 + Math.sin(i) * 20 * S,
            tableY - (120 + i * 40) * S,
            (20 + i * 8) * S,
            0,
            Math.PI * 2,
          );
          ctx.fill();
        }
        paintCrowd(ctx, W, nearBase + 25 * S, 180 * S, rng, rng.int(3, 6), {
          caps: true,
          carry: false,
        });
        break;
      }
      case 'shelter': {
        paintHall(
          ctx,
          rng.range(0.05, 0.4) * W,
          midBase,
          rng.range(520, 700) * S,
          mood,
          rng.pick(['SHELTER', 'SUPPLIES', 'COMMUNITY CENTER', 'RELIEF SITE']),
        );
        const tents = rng.int(1, 2);
        for (let i = 0; i < tents; i++)
          paintCanopy(
            ctx,
            (i * 0.5 + rng.range(0.02, 0.2)) * W,
            nearBase - 10 * S,
            rng.range(330, 420) * S,
            rng,
            rng.pick(['#e6e6e6', '#d64541', '#2e86de']),
          );
        paintCrowd(ctx, W, nearBase + 25 * S, 180 * S, rng, rng.int(3, 5), {
          vest: rng.chance(0.5),
          caps: true,
          carry: true,
        });
        break;
      }
      case 'response':
        houseRow(() => ({ damaged: rng.chance(0.5) }));
        paintPoles(ctx, W, midBase + 10 * S, 330 * S, rng, mood);
        paintVehicle(
          ctx,
          rng.range(0.02, 0.25) * W,
          nearBase,
          rng.range(380, 460) * S,
          rng,
          rng.pick(['fire', 'utility']),
        );
        paintVehicle(
          ctx,
          rng.range(0.55, 0.7) * W,
          nearBase + 10 * S,
          rng.range(300, 360) * S,
          rng,
          rng.pick(['police', 'utility', 'pickup']),
        );
        paintCrowd(ctx, W, nearBase + 35 * S, 170 * S, rng, rng.int(2, 4), {
          vest: true,
          hat: true,
        });
        break;
      case 'utility':
        houseRow(() => ({ damaged: rng.chance(0.3) }));
        paintPoles(ctx, W, midBase + 10 * S, 360 * S, rng, mood);
        paintVehicle(
          ctx,
          rng.range(0.1, 0.55) * W,
          nearBase,
          rng.range(400, 460) * S,
          rng,
          'utility',
        );
        paintCrowd(ctx, W, nearBase + 35 * S, 170 * S, rng, rng.int(1, 3), {
          vest: true,
          hat: true,
        });
        break;
      case 'radio': {
        houseRow(() => ({ porch: rng.chance(0.3) }));
        const x = rng.range(0.3, 0.7) * W;
        const top = hy - 300 * S;
        ctx.strokeStyle = '#c8ccd2';
        ctx.lineWidth = 4 * S;
        ctx.beginPath();
        ctx.moveTo(x - 30 * S, midBase);
        ctx.lineTo(x, top);
        ctx.lineTo(x + 30 * S, midBase);
        for (let y = top + 40 * S; y < midBase; y += 40 * S) {
          const half = ((y - top) / (midBase - top)) * 30 * S;
          ctx.moveTo(x - half, y);
          ctx.lineTo(x + half, y);
        }
        ctx.stroke();
        ctx.strokeStyle = 'rgba(255, 210, 120, 0.8)';
        for (let r = 1; r <= 3; r++) {
          ctx.lineWidth = (5 - r) * S;
          ctx.beginPath();
          ctx.arc(x, top, r * 45 * S, -0.6, 0.6);
          ctx.stroke();
          ctx.beginPath();
          ctx.arc(x, top, r * 45 * S, Math.PI - 0.6, Math.PI + 0.6);
          ctx.stroke();
        }
        paintCanopy(ctx, rng.range(0.05, 0.5) * W, nearBase, 360 * S, rng, '#e6e6e6');
        paintCrowd(ctx, W, nearBase + 25 * S, 170 * S, rng, rng.int(2, 3), { caps: true });
        break;
      }
      case 'rebuilding':
        houseRow(() => ({
          frame: rng.chance(0.5),
          scaffold: rng.chance(0.4),
          tarp: rng.chance(0.3),
        }));
        for (let i = 0; i < rng.int(1, 2); i++) {
          const x = rng.range(0.05, 0.8) * W;
          for (let k = 0; k < 6; k++) {
            ctx.fillStyle = k % 2 ? '#d9b77a' : '#c9a66b';
            ctx.fillRect(x, nearBase - (k + 1) * 12 * S, 240 * S, 11 * S);
          }
        }
        treeRow(nearBase, 120 * S, ['sapling'], rng.int(1, 3));
        paintCrowd(ctx, W, nearBase + 30 * S, 175 * S, rng, rng.int(2, 4), {
          hat: true,
          carry: true,
        });
        break;
      case 'park':
        ctx.fillStyle = mix('#c2b59b', mood.ground[0], 0.4);
        ctx.beginPath();
        ctx.moveTo(W * 0.35, H);
        ctx.quadraticCurveTo(W * 0.55, H * 0.75, W * 0.5, hy);
        ctx.lineTo(W * 0.53, hy);
        ctx.quadraticCurveTo(W * 0.65, H * 0.75, W * 0.7, H);
        ctx.fill();
        treeRow(hy + 30 * S, 110 * S, ['whole', 'whole', 'stripped'], rng.int(4, 7));
        treeRow(midBase, 200 * S, ['whole', 'snapped', 'fallen', 'stripped'], rng.int(3, 5));
        treeRow(nearBase, 240 * S, ['fallen', 'snapped'], rng.int(1, 2));
        if (rng.chance(0.5))
          paintCrowd(ctx, W, nearBase + 25 * S, 160 * S, rng, rng.int(1, 3), {
            vest: true,
            hat: true,
          });
        break;
      case 'planting':
        treeRow(hy + 30 * S, 110 * S, ['whole', 'stripped'], rng.int(3, 5));
        houseRow(() => ({ porch: rng.chance(0.5) }));
        treeRow(nearBase - 10 * S, 160 * S, ['sapling'], rng.int(3, 5));
        paintCrowd(ctx, W, nearBase + 30 * S, 170 * S, rng, rng.int(2, 4), {
          vest: rng.chance(0.5),
          caps: true,
          carry: true,
        });
        break;
      default:
        houseRow(() => ({}));
    }
    if (heavy && rng.chance(0.6)) {
      ctx.strokeStyle = 'rgba(200, 210, 215, 0.18)';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      for (let i = 0; i < 160; i++) {
        const x = rng.range(-0.1, 1) * W;
        const y = rng.range(0, 1) * H;
        ctx.moveTo(x, y);
        ctx.lineTo(x + 14 * S, y + 50 * S);
      }
      ctx.stroke();
    }
  }

  function vignette(ctx, W, H) {
    const g = ctx.createRadialGradient(
      W / 2,
      H / 2,
      Math.min(W, H) * 0.4,
      W / 2,
      H / 2,
      Math.hypot(W, H) * 0.6,
    );
    g.addColorStop(0, 'rgba(0,0,0,0)');
    g.addColorStop(1, 'rgba(0,0,0,0.35)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, W, H);
  }

  /** The caption strip along the bottom, text shortened with an ellipsis to fit. */
  function caption(ctx, W, H, text) {
    const stripH = Math.max(18, Math.round(H * 0.075));
    const g = ctx.createLinearGradient(0, H - stripH, 0, H);
    g.addColorStop(0, 'rgba(6, 12, 24, 0.62)');
    g.addColorStop(1, 'rgba(6, 12, 24, 0.8)');
    ctx.fillStyle = g;
    ctx.fillRect(0, H - stripH, W, stripH);
    ctx.fillStyle = 'rgba(240, 246, 250, 0.95)';
    const size = Math.max(10, Math.round(stripH * 0.46));
    ctx.font = `600 ${size}px ${FONT}`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    const pad = Math.round(stripH * 0.45);
    let shown = text;
    while (ctx.measureText(shown).width > W - pad * 2 && shown.length > 4)
      shown = `${shown.slice(0, -2).trimEnd()}…`;
    ctx.fillText(shown, pad, H - stripH / 2);
  }

  /** Theme for one image of a node: a special per node id, else one from its first category. */
  const SPECIAL_THEMES = {
    'clouds-west-of-clayton': ['funnel'],
    'drone-view-path': ['aerial'],
    'north-city-skyline': ['skyline', 'aerial'],
    'tree-canopy-loss': ['aerial', 'park'],
    'forest-park-fallen-trees': ['park'],
    'forest-park-tree-damage': ['park'],
    'tree-planting-day': ['planting'],
    'shelter-cots': ['cots'],
    'shelter-night-one': ['cots'],
    'murals-of-hope': ['mural', 'mural', 'community'],
    'school-reopens-north-city': ['mural'],
    'cwe-storefronts': ['storefront'],
    'community-cookout': ['cookout'],
    'greater-ville-church-meals': ['cookout'],
    'radio-operators': ['radio'],
    'north-city-power-crews': ['utility'],
    'utility-pole-replacement': ['utility'],
    'penrose-tarp-brigade': ['volunteers', 'rebuilding'],
  };
  const CATEGORY_THEMES = {
    'Storm Footage': 'storm',
    'Cleanup & Recovery': 'cleanup',
    Volunteers: 'volunteers',
    'Community Stories': 'community',
    'Shelter & Aid': 'shelter',
    'Response Efforts': 'response',
    Rebuilding: 'rebuilding',
  };
  function themeFor(node, n) {
    const special = SPECIAL_THEMES[node.video_id];
    if (special) return special[(n - 1) % special.length];
    const cats = node.categories ?? [];
    const cat = cats[(n - 1) % Math.max(1, cats.length)];
    return CATEGORY_THEMES[cat] ?? 'community';
  }

  /**
   * A gallery entry's full picture and thumbnail from `scene` (a canvas at the full size): the
   * thumbnail scaled from it before the caption, each captioned at its own size.
   */
  function captioned(scene, { full, thumb, quality }, text) {
    const small = canvasOf(thumb.width, thumb.height);
    const sctx = small.getContext('2d');
    sctx.imageSmoothingQuality = 'high';
    sctx.drawImage(scene, 0, 0, thumb.width, thumb.height);
    caption(sctx, thumb.width, thumb.height, text);

    caption(scene.getContext('2d'), full.width, full.height, text);
    return {
      full: scene.toDataURL('image/jpeg', quality),
      thumb: small.toDataURL('image/jpeg', quality),
    };
  }

  /** A gallery image: the full picture and its thumbnail (same scene, caption redrawn to size). */
  function drawGalleryImage({ node, n, count, ...sizes }) {
    const { full } = sizes;
    const rng = makeRng(`${node.video_id}#${n}`);
    const scene = canvasOf(full.width, full.height);
    const ctx = scene.getContext('2d');
    paintScene(ctx, full.width, full.height, themeFor(node, n), rng);
    vignette(ctx, full.width, full.height);
    return captioned(scene, sizes, `Sample image — ${node.title} (${n}/${count})`);
  }

  /**
   * A 3D capture's poster: the render of the capture (a JPEG data URL at the full size) with the
   * same caption strip as the drawn pictures, and its thumbnail.
   */
  async function captionCapturePoster({ node, n, count, poster, ...sizes }) {
    const { full } = sizes;
    const image = new Image();
    image.src = poster;
    await image.decode();
    const scene = canvasOf(full.width, full.height);
    scene.getContext('2d').drawImage(image, 0, 0, full.width, full.height);
    return captioned(scene, sizes, `Sample 3D capture — ${node.title} (${n}/${count})`);
  }

  function drawVideoThumb({ node, size, quality }) {
    const rng = makeRng(`${node.video_id}#video`);
    const canvas = canvasOf(size.width, size.height);
    const ctx = canvas.getContext('2d');
    paintScene(ctx, size.width, size.height, themeFor(node, 1), rng);
    vignette(ctx, size.width, size.height);
    caption(ctx, size.width, size.height, `Sample video — ${node.title}`);
    return canvas.toDataURL('image/jpeg', quality);
  }

  window.artwork = {
    drawMap,
    drawDefaultThumb,
    drawGalleryImage,
    captionCapturePoster,
    drawVideoThumb,
  };
}

// ---------------------------------------------------------------------------------------------
// Node side
// ---------------------------------------------------------------------------------------------

/** The sample's 3D captures by the URL the archive names them with. */
const SAMPLE_CAPTURE_BYTES = new Map([
  [`/${SAMPLE_CAPTURES.house}`, () => houseModel()],
  [`/${SAMPLE_CAPTURES.debris}`, () => debrisSplat()],
]);

/**
 * The page-side poster renderer (`scripts/capturePosterRuntime.ts`, the app's capture viewer) as
 * one classic script, every lazy import inlined, for a page opened with `setContent`.
 */
async function capturePosterRuntime() {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root,
    resolve: { alias: { '@': path.join(root, 'src') } },
    build: {
      write: false,
      minify: false,
      lib: {
        entry: path.join(root, 'scripts', 'capturePosterRuntime.ts'),
        formats: ['iife'],
        name: 'capturePosterRuntime',
      },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((output) => output.output)
    .filter((file) => file.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`capture poster runtime: ${chunks.length} chunks`);
  return chunks[0].code;
}

function writeDataUrl(file, dataUrl) {
  const comma = dataUrl.indexOf(',');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(dataUrl.slice(comma + 1), 'base64'));
}

/** Local URL of the sample archive → file under public/ (only `/sample/...` paths are ours). */
function publicFile(url) {
  if (typeof url !== 'string' || !url.startsWith('/')) return null;
  return path.join(publicDir, ...url.slice(1).split('/'));
}

function mapGeometry() {
  const topology = JSON.parse(fs.readFileSync(atlasPath, 'utf8'));
  const countries = feature(topology, topology.objects.countries).features.map((f) =>
    f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates,
  );
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b).coordinates;
  const coasts = mesh(topology, topology.objects.land).coordinates;
  return { countries, borders, coasts };
}

/** Encodes the WebP maps from public/map.png (opaque: the alpha channel is dropped). */
async function writeWebpMaps() {
  const png = path.join(publicDir, 'map.png');
  for (const { file, width, height } of MAP_WEBP.variants) {
    await sharp(png)
      .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
      .removeAlpha()
      .webp({ quality: MAP_WEBP.quality, effort: 6, smartSubsample: true })
      .toFile(path.join(publicDir, file));
  }
}

function reportWebpMaps() {
  for (const { file } of MAP_WEBP.variants) {
    console.info(`${file} ${kb(fs.statSync(path.join(publicDir, file)).size)}`);
  }
}

/** Writes each sample gallery image's card-sized copy from its full-size file (drawn already). */
async function writeSampleCards(nodes) {
  let count = 0;
  for (const node of nodes) {
    for (const image of node.type === 'gallery' ? (node.images ?? []) : []) {
      const fullFile = publicFile(image.fullUrl ?? image.full);
      const cardFile = publicFile(image.cardUrl);
      if (!fullFile || !cardFile) continue;
      await sharp(fullFile)
        .resize(SAMPLE_CARD.maxEdge, SAMPLE_CARD.maxEdge, {
          fit: 'inside',
          withoutEnlargement: true,
        })
        .jpeg({ quality: SAMPLE_CARD.quality, mozjpeg: true })
        .toFile(cardFile);
      count++;
    }
  }
  return count;
}

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;

function sizeOf(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? sizeOf(p) : fs.statSync(p).size;
  }
  return total;
}

async function main() {
  const archive = JSON.parse(fs.readFileSync(archivePath, 'utf8'));
  const nodes = archive.nodes;

  writeLogos();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await page.setContent(
      '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>',
    );
    await page.addScriptTag({ content: `(${pageRuntime.toString()})();` });
    // The capture posters render on a page of their own (a WebGL viewer per capture).
    const posterPage = await browser.newPage();
    await posterPage.setContent(
      '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>',
    );
    await posterPage.addScriptTag({ content: await capturePosterRuntime() });

    const geo = mapGeometry();
    writeDataUrl(
      path.join(publicDir, 'map.png'),
      await page.evaluate((args) => window.artwork.drawMap(args), {
        ...MAP_SIZE,
        ...geo,
        marker: ST_LOUIS,
      }),
    );
    await writeWebpMaps();
    writeDataUrl(
      path.join(publicDir, 'default-thumb.jpg'),
      await page.evaluate((args) => window.artwork.drawDefaultThumb(args), {
        ...VIDEO_THUMB_SIZE,
        quality: JPEG_QUALITY,
      }),
    );

    // public/sample is ours alone: rebuild it so removed nodes leave nothing behind.
    fs.rmSync(sampleDir, { recursive: true, force: true });
    for (const node of nodes) {
      const slim = { video_id: node.video_id, title: node.title, categories: node.categories };
      if (node.type === 'gallery') {
        const images = node.images ?? [];
        for (let i = 0; i < images.length; i++) {
          const fullFile = publicFile(images[i].fullUrl ?? images[i].full);
          const thumbFile = publicFile(images[i].thumbUrl ?? images[i].thumb);
          const picture = {
            node: slim,
            n: i + 1,
            count: images.length,
            full: FULL_SIZE,
            thumb: THUMB_SIZE,
            quality: JPEG_QUALITY,
          };
          const capture = images[i].capture;
          const captureBytes = capture && SAMPLE_CAPTURE_BYTES.get(capture.url);
          const out = captureBytes
            ? await page.evaluate((args) => window.artwork.captionCapturePoster(args), {
                ...picture,
                poster: await posterPage.evaluate((args) => window.capturePoster(args), {
                  base64: captureBytes().toString('base64'),
                  format: capture.format,
                  ...FULL_SIZE,
                }),
              })
            : await page.evaluate((args) => window.artwork.drawGalleryImage(args), picture);
          if (fullFile) writeDataUrl(fullFile, out.full);
          if (thumbFile) writeDataUrl(thumbFile, out.thumb);
        }
      } else if (publicFile(node.thumbUrl)) {
        const out = await page.evaluate((args) => window.artwork.drawVideoThumb(args), {
          node: slim,
          size: VIDEO_THUMB_SIZE,
          quality: JPEG_QUALITY,
        });
        writeDataUrl(publicFile(node.thumbUrl), out);
      }
    }
  } finally {
    await browser.close();
  }
  await writeSampleCards(nodes);
  // The gallery entries' 3D captures (their posters rendered from them above).
  writeSampleCaptures(publicDir);

  // Every local URL the archive names must now exist.
  const missing = [];
  for (const node of nodes) {
    const urls = [
      node.thumbUrl,
      ...(node.images ?? []).flatMap((im) => [
        im.thumbUrl ?? im.thumb,
        im.fullUrl ?? im.full,
        im.cardUrl,
      ]),
    ];
    for (const url of urls) {
      const file = publicFile(url);
      if (file && !fs.existsSync(file)) missing.push(url);
    }
  }
  if (missing.length > 0) throw new Error(`missing sample files: ${missing.join(', ')}`);

  console.info(`map.png ${kb(fs.statSync(path.join(publicDir, 'map.png')).size)}`);
  reportWebpMaps();
  console.info(
    `default-thumb.jpg ${kb(fs.statSync(path.join(publicDir, 'default-thumb.jpg')).size)}`,
  );
  console.info(`sample/ ${kb(sizeOf(sampleDir))} for ${nodes.length} nodes`);
}

if (process.argv.includes('--logos-only')) {
  writeLogos();
} else if (process.argv.includes('--webp-maps-only')) {
  await writeWebpMaps();
  reportWebpMaps();
} else if (process.argv.includes('--sample-cards-only')) {
  const { nodes } = JSON.parse(fs.readFileSync(archivePath, 'utf8'));
  console.info(`${await writeSampleCards(nodes)} sample card copies`);
} else {
  await main();
}
