/**
 * The globe's world texture: public/map.png, drawn in the page from Natural Earth 110m
 * (world-atlas), and its WebP copies (public/map.webp, public/map-2048.webp) encoded from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { feature, mesh } from 'topojson-client';
import { publicDir, publicFileKb, root, writeDataUrl } from './files.mjs';

const atlasPath = path.join(root, 'node_modules', 'world-atlas', 'countries-110m.json');
const MAP_SIZE = { width: 4096, height: 2048 };
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

/** Countries (as lists of polygons), borders and coasts, in [longitude, latitude] degrees. */
function mapGeometry() {
  const topology = JSON.parse(fs.readFileSync(atlasPath, 'utf8'));
  const countries = feature(topology, topology.objects.countries).features.map((f) =>
    f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates,
  );
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b).coordinates;
  const coasts = mesh(topology, topology.objects.land).coordinates;
  return { countries, borders, coasts };
}

/** Draws public/map.png in `page` (scripts/artwork/page/worldMap.ts). */
export async function writeMap(page) {
  writeDataUrl(
    path.join(publicDir, 'map.png'),
    await page.evaluate((args) => window.artwork.drawMap(args), {
      ...MAP_SIZE,
      ...mapGeometry(),
      marker: ST_LOUIS,
    }),
  );
}

/** Encodes the WebP maps from public/map.png (opaque: the alpha channel is dropped). */
export async function writeWebpMaps() {
  const png = path.join(publicDir, 'map.png');
  for (const { file, width, height } of MAP_WEBP.variants) {
    await sharp(png)
      .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
      .removeAlpha()
      .webp({ quality: MAP_WEBP.quality, effort: 6, smartSubsample: true })
      .toFile(path.join(publicDir, file));
  }
}

export function reportWebpMaps() {
  for (const { file } of MAP_WEBP.variants) console.info(`${file} ${publicFileKb(file)}`);
}
