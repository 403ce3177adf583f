import { describe, expect, it } from 'vitest';
import { readCapture } from '@/lib/capture';
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
