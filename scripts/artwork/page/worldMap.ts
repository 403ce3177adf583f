/** The globe's texture: an equirectangular world map, St. Louis glowing on it. */
import { canvasOf, context2d, mix } from './drawing';
import { itemAt } from './lists';
import { makeRng } from './random';
import type { Size } from './types';

/** A point as [longitude, latitude] in degrees (GeoJSON's order). */
export type LngLat = readonly [number, number];
/** A polygon's rings: the outer ring, then its holes. */
type Polygon = readonly (readonly LngLat[])[];

/** The map's size and Natural Earth's geometry (make-artwork.mjs reads it from world-atlas). */
export interface MapRequest extends Size {
  /** Each country's polygons. */
  countries: readonly (readonly Polygon[])[];
  borders: readonly (readonly LngLat[])[];
  coasts: readonly (readonly LngLat[])[];
  marker: { lat: number; lng: number };
}

/** The map as a PNG data URL. */
export function drawMap({ width, height, countries, borders, coasts, marker }: MapRequest): string {
  const canvas = canvasOf(width, height);
  const ctx = context2d(canvas);
  const px = (lng: number) => ((lng + 180) / 360) * width;
  const py = (lat: number) => ((90 - lat) / 180) * height;

  const ocean = ctx.createLinearGradient(0, 0, 0, height);
  ocean.addColorStop(0, '#081326');
  ocean.addColorStop(0.3, '#0c1f3d');
  ocean.addColorStop(0.5, '#0f2547');
  ocean.addColorStop(0.7, '#0c1f3d');
  ocean.addColorStop(1, '#081326');
  ctx.fillStyle = ocean;
  ctx.fillRect(0, 0, width, height);

  /** Longitudes made continuous, so a ring that crosses ±180° does not streak across the map. */
  function unwrap(line: readonly LngLat[]): LngLat[] {
    const out: LngLat[] = [];
    let offset = 0;
    let previous: LngLat | undefined;
    for (const [lng, lat] of line) {
      if (previous) {
        const d = lng + offset - previous[0];
        if (d > 180) offset -= 360;
        else if (d < -180) offset += 360;
      }
      previous = [lng + offset, lat];
      out.push(previous);
    }
    return out;
  }

  /** Trace a ring (or line) at one horizontal offset; rings round a pole are closed over it. */
  function trace(points: readonly LngLat[], shift: number, closeRing: boolean) {
    points.forEach(([lng, lat], i) => {
      const x = px(lng + shift);
      const y = py(lat);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    if (closeRing) {
      const first = itemAt(points, 0);
      const last = itemAt(points, points.length - 1);
      const net = last[0] - first[0];
      if (Math.abs(net) > 180) {
        const pole = points.reduce((s, p) => s + p[1], 0) < 0 ? -90 : 90;
        ctx.lineTo(px(last[0] + shift), py(pole));
        ctx.lineTo(px(first[0] + shift), py(pole));
      }
      ctx.closePath();
    }
  }

  function pathOfPolygons(polygons: readonly Polygon[]) {
    ctx.beginPath();
    for (const polygon of polygons) {
      for (const ring of polygon) {
        const pts = unwrap(ring);
        for (const shift of [-360, 0, 360]) trace(pts, shift, true);
      }
    }
  }

  function pathOfLines(lines: readonly (readonly LngLat[])[]) {
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
