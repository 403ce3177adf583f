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
 * capture posters with WebGL (SwiftShader): no network, no fonts or images fetched. A seeded PRNG
 * makes every run produce the same pixels, and public/sample is rebuilt from scratch each run, so
 * the script is safe to re-run.
 *
 *   node scripts/make-artwork.mjs
 *   node scripts/make-artwork.mjs --webp-maps-only   # only re-derive the WebP maps from map.png
 *   node scripts/make-artwork.mjs --sample-cards-only   # only re-derive the sample's card copies
 *   node scripts/make-artwork.mjs --logos-only   # only the SVG logos (and index.html's symbol)
 *
 * The WebP maps are encoded from public/map.png by sharp (libwebp), which gives the same bytes for
 * the same input and library version, so they can be re-derived without drawing anything again.
 *
 * Its parts are in scripts/artwork/: the drawings that run in the page are TypeScript under
 * scripts/artwork/page/ (main.ts sets `window.artwork`), bundled by Vite into one script
 * (pageBundle.mjs) for the Chromium session (chromium.mjs); the Node side writes the logos
 * (logos.mjs), the maps (maps.mjs), the pictures (pictures.mjs) and the card copies
 * (sampleCards.mjs).
 */
import { withArtworkPages } from './artwork/chromium.mjs';
import { kb, publicDir, publicFileKb, sampleDir, sampleNodes, sizeOf } from './artwork/files.mjs';
import { writeLogos } from './artwork/logos.mjs';
import { reportWebpMaps, writeMap, writeWebpMaps } from './artwork/maps.mjs';
import { missingSampleFiles, writeDefaultThumb, writeSamplePictures } from './artwork/pictures.mjs';
import { writeSampleCards } from './artwork/sampleCards.mjs';
import { writeSampleCaptures } from './sample-captures.mjs';

async function main() {
  const nodes = sampleNodes();

  writeLogos();
  await withArtworkPages(async (pages) => {
    await writeMap(pages.page);
    await writeWebpMaps();
    await writeDefaultThumb(pages.page);
    await writeSamplePictures(pages, nodes);
  });
  await writeSampleCards(nodes);
  // The gallery entries' 3D captures (their posters rendered from them above).
  writeSampleCaptures(publicDir);

  // Every local URL the archive names must now exist.
  const missing = missingSampleFiles(nodes);
  if (missing.length > 0) throw new Error(`missing sample files: ${missing.join(', ')}`);

  console.info(`map.png ${publicFileKb('map.png')}`);
  reportWebpMaps();
  console.info(`default-thumb.jpg ${publicFileKb('default-thumb.jpg')}`);
  console.info(`sample/ ${kb(sizeOf(sampleDir))} for ${nodes.length} nodes`);
}

if (process.argv.includes('--logos-only')) {
  writeLogos();
} else if (process.argv.includes('--webp-maps-only')) {
  await writeWebpMaps();
  reportWebpMaps();
} else if (process.argv.includes('--sample-cards-only')) {
  console.info(`${await writeSampleCards(sampleNodes())} sample card copies`);
} else {
  await main();
}
