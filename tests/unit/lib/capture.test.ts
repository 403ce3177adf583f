import { describe, expect, it } from 'vitest';
import { cardMediaCount } from '@/globe/textures/cardFace';
import { captureFormatOf, mediaCount, readCapture } from '@/lib/capture';
import { normalizeArchive } from '@/lib/nodeModel';
import { validateNode } from '@/lib/nodeSchema';

const gallery = (images: unknown[]) => ({
  video_id: 'g1',
  type: 'gallery',
  title: 'A gallery',
  lat: 38.6,
  lng: -90.3,
  categories: ['Rebuilding'],
  images,
});
const poster = { thumbUrl: '/p-thumb.jpg', fullUrl: '/p.jpg' };

describe('3D captures in the archive data', () => {
  it('reads a capture: a checked URL and a known format, else none', () => {
    expect(readCapture({ url: '/m.glb', format: 'glb' })).toEqual({ url: '/m.glb', format: 'glb' });
    expect(readCapture({ url: 'https://cdn.example/s.spz', format: 'spz' })).toMatchObject({
      format: 'spz',
    });
    expect(readCapture(undefined)).toBeNull();
    expect(readCapture(null)).toBeNull();
    expect(readCapture({ url: 'javascript:alert(1)', format: 'glb' })).toBe('refused');
    expect(readCapture({ url: '/m.obj', format: 'obj' })).toBe('refused');
    expect(readCapture('/m.glb')).toBe('refused');
  });

  it('keeps a refused capture’s entry as a photo, and says so', () => {
    const { nodes, problems } = normalizeArchive([
      gallery([
        { ...poster, capture: { url: '/house.glb', format: 'glb' } },
        { ...poster, capture: { url: 'data:model/gltf-binary;base64,AAAA', format: 'glb' } },
        poster,
      ]),
    ]);
    expect(nodes[0]?.images).toEqual([
      { ...poster, capture: { url: '/house.glb', format: 'glb' } },
      poster,
      poster,
    ]);
    expect(problems[0]?.reasons.join(' ')).toContain('1 image capture refused');
  });

  it('validates an editor’s capture with the entry, and keeps it', () => {
    const ok = validateNode(
      gallery([{ ...poster, capture: { url: '/m.splat', format: 'splat' } }]),
    );
    expect(ok).toMatchObject({
      ok: true,
      node: { images: [{ ...poster, capture: { url: '/m.splat', format: 'splat' } }] },
    });
    const bad = validateNode(gallery([{ ...poster, capture: { url: '/m.fbx', format: 'fbx' } }]));
    expect(bad.ok).toBe(false);
    const hostile = validateNode(
      gallery([{ ...poster, capture: { url: 'javascript:alert(1)', format: 'glb' } }]),
    );
    expect(JSON.stringify(hostile)).toContain(
      'A 3D capture link must be an http(s) address or a path on this site.',
    );
  });
});

describe('a gallery counted for people', () => {
  const photo: typeof poster & { capture?: unknown } = poster;
  const capture = { ...poster, capture: { url: '/m.glb', format: 'glb' } };

  it('names its 3D captures apart from its photos (lists, callouts, submissions)', () => {
    expect(mediaCount([photo])).toBe('1 photo');
    expect(mediaCount([photo, photo])).toBe('2 photos');
    expect(mediaCount([])).toBe('0 photos');
    expect(mediaCount([photo, photo, capture])).toBe('2 photos and 1 3D capture');
    expect(mediaCount([capture])).toBe('1 3D capture');
    expect(mediaCount([photo, capture, capture])).toBe('1 photo and 2 3D captures');
  });

  it('says so on a card’s badge, in few words', () => {
    expect(cardMediaCount({ imageCount: 12, captureCount: 0 })).toBe('12 photos');
    expect(cardMediaCount({ imageCount: 7, captureCount: 1 })).toBe('6 photos + 3D');
    expect(cardMediaCount({ imageCount: 2, captureCount: 1 })).toBe('1 photo + 3D');
    expect(cardMediaCount({ imageCount: 2, captureCount: 2 })).toBe('2 3D captures');
  });

  it('counts the sample gallery with a capture so on the globe', () => {
    const [node] = normalizeArchive([gallery([photo, photo, capture])]).nodes;
    expect(node && mediaCount(node.images)).toBe('2 photos and 1 3D capture');
  });
});

describe('a capture file kept on the device', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('is read as the service reads it: glTF, PLY and gzip by their bytes, a .splat by its name', () => {
    expect(captureFormatOf(bytes('glTF\u0002'), 'anything.bin')).toBe('glb');
    expect(captureFormatOf(bytes('ply\nformat'), 'scan.ply')).toBe('ply');
    expect(captureFormatOf(new Uint8Array([0x1f, 0x8b, 8, 0]), 'scan.spz')).toBe('spz');
    expect(captureFormatOf(new Uint8Array(4), 'scan.SPLAT')).toBe('splat');
  });

  it('is none of them when neither its bytes nor (for a .splat) its name say so', () => {
    expect(captureFormatOf(bytes('<html'), 'house.glb')).toBeNull();
    expect(captureFormatOf(bytes('ply '), 'scan.ply')).toBeNull();
    expect(captureFormatOf(new Uint8Array(0), 'scan.spz')).toBeNull();
    expect(captureFormatOf(new Uint8Array(4), 'scan.splat.txt')).toBeNull();
  });
});
