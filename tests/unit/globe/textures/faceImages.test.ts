import { describe, expect, it } from 'vitest';
import { faceImages, faceKey } from '@/globe/textures/faceImages';
import { firstViewCards, OFF_SCREEN, viewScore, type ViewCamera } from '@/globe/textures/faceOrder';
import { orbitBasis } from '@/globe/camera/limits';
import type { Vec3 } from '@/globe/geo';
import { DEFAULT_THUMBNAIL_URL } from '@/lib/constants';
import { youtubeThumbnailSizeFor } from '@/lib/youtube';

const video = { type: 'video' as const, youtube_id: 'dQw4w9WgXcQ', thumbUrl: null, images: [] };
const photo = (n: number, card = true) => ({
  thumbUrl: `/uploads/2026/11/${n}-thumb.jpg`,
  fullUrl: `/uploads/2026/11/${n}.jpg`,
  ...(card ? { cardUrl: `/uploads/2026/11/${n}-card.jpg` } : {}),
});
const gallery = (count: number, card = true) => ({
  type: 'gallery' as const,
  youtube_id: null,
  thumbUrl: null,
  images: Array.from({ length: count }, (_, i) => photo(i + 1, card)),
});

describe('the image a card face fetches', () => {
  it('is the provider thumbnail that fills the tile: small, medium or high quality', () => {
    expect(faceImages(video, 48)).toEqual([
      { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg', pictureHeight: 68 / 90 },
    ]);
    expect(faceImages(video, 120)[0]?.url).toMatch(/\/default\.jpg$/);
    expect(faceImages(video, 128)).toEqual([
      { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg', pictureHeight: 1 },
    ]);
    expect(faceImages(video, 256)[0]?.url).toMatch(/\/mqdefault\.jpg$/);
    // A sharp (focused, hovered) face: SPEC §3's high-quality thumbnail, letterbox cropped.
    expect(faceImages(video, 480)).toEqual([
      { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', pictureHeight: 0.75 },
    ]);
    expect([96, 300, 600].map(youtubeThumbnailSizeFor)).toEqual(['default', 'medium', 'high']);
  });

  it("is a video's own picture, or the default thumbnail without a provider id", () => {
    expect(faceImages({ ...video, thumbUrl: '/sample/a/thumb.jpg' }, 48)).toEqual([
      { url: '/sample/a/thumb.jpg', pictureHeight: 1 },
    ]);
    expect(faceImages({ ...video, youtube_id: null }, 256)).toEqual([
      { url: DEFAULT_THUMBNAIL_URL, pictureHeight: 1 },
    ]);
  });

  it("is a gallery photo's card-sized copy where it fills its cell, else its thumbnail", () => {
    expect(faceImages(gallery(1), 256)).toEqual([
      {
        url: '/uploads/2026/11/1-card.jpg',
        pictureHeight: 1,
        // A card copy that is missing (never stored) is replaced by the thumbnail.
        alternative: '/uploads/2026/11/1-thumb.jpg',
      },
    ]);
    // A sharp face of one photo is 480 wide: more than a card-sized copy holds.
    expect(faceImages(gallery(1), 480).map((i) => i.url)).toEqual(['/uploads/2026/11/1-thumb.jpg']);
    // Two columns of 240: the card-sized copies do.
    expect(faceImages(gallery(3), 480).map((i) => i.url)).toEqual([
      '/uploads/2026/11/1-card.jpg',
      '/uploads/2026/11/2-card.jpg',
      '/uploads/2026/11/3-card.jpg',
    ]);
    // Records from before card-sized copies keep working.
    expect(faceImages(gallery(2, false), 64).map((i) => i.url)).toEqual([
      '/uploads/2026/11/1-thumb.jpg',
      '/uploads/2026/11/2-thumb.jpg',
    ]);
    expect(faceImages(gallery(12), 128)).toHaveLength(8);
  });

  it('changes its key when anything the face shows changes', () => {
    const node = { ...gallery(2), title: 'Porches' };
    const key = faceKey(node, '#4e79a7');
    expect(faceKey({ ...node }, '#4e79a7')).toBe(key);
    expect(faceKey({ ...node, title: 'Porches on Page' }, '#4e79a7')).not.toBe(key);
    expect(faceKey(node, '#f28e2b')).not.toBe(key);
    expect(faceKey({ ...node, images: [photo(1), photo(3)] }, '#4e79a7')).not.toBe(key);
    expect(faceKey({ ...node, images: [photo(1), photo(2, false)] }, '#4e79a7')).not.toBe(key);
  });
});

describe('the order faces load in', () => {
  // The camera on the +X axis, 20 units out, looking at the globe's centre, 16:10.
  const basis = orbitBasis(0, Math.PI / 2, 20);
  const camera: ViewCamera = { ...basis, tanHalfFov: Math.tan((75 * Math.PI) / 360), aspect: 1.6 };
  const at = (lat: number, lng: number): Vec3 => {
    const phi = (lat * Math.PI) / 180;
    // Points on a sphere of radius 6 around the camera's axis: lng 0 faces the camera.
    const theta = (lng * Math.PI) / 180;
    return [
      6 * Math.cos(phi) * Math.cos(theta),
      6 * Math.sin(phi),
      6 * Math.cos(phi) * Math.sin(theta),
    ];
  };

  it('puts cards in the middle of the view first, then towards its edges', () => {
    const centre = viewScore(at(0, 0), camera);
    const near = viewScore(at(10, 5), camera);
    const edge = viewScore(at(60, 20), camera);
    expect(centre).toBeLessThan(0.01);
    expect(near).toBeGreaterThan(centre);
    expect(edge).toBeGreaterThan(near);
    expect(edge).toBeLessThan(OFF_SCREEN);
  });

  it('puts cards on the far side last, those about to turn into view before them', () => {
    const limb = viewScore(at(0, 100), camera);
    const back = viewScore(at(0, 180), camera);
    expect(limb).toBeGreaterThanOrEqual(OFF_SCREEN);
    expect(back).toBeGreaterThan(limb);
  });

  it('picks a bounded first view, nearest the centre first', () => {
    const cards = [
      { key: 1, position: at(0, 180) },
      { key: 2, position: at(30, 10) },
      { key: 3, position: at(0, 1) },
      { key: 4, position: at(-45, -30) },
    ];
    expect(firstViewCards(cards, camera, 10)).toEqual([3, 2, 4]);
    expect(firstViewCards(cards, camera, 2)).toEqual([3, 2]);
  });
});
