/**
 * The app's side of a 3D capture's upload: the file's bytes as they are, its name as a hint, the
 * editor's token when there is one; a file plainly too large or of another kind is not sent.
 */
import { describe, expect, it, vi } from 'vitest';
import { ServiceError, uploadCaptureFile } from '@/lib/serviceApi';
import { photoUrlsOf, withPhotoSources } from '@/features/editor/useWaitingPhotos';
import type { MediaNode } from '@/lib/nodeModel';

const ANSWER = {
  capture: { url: '/uploads/2026/11/a.splat', format: 'splat' },
  count: 200,
  bytes: 6400,
  pending: true,
};

function fakeFetch() {
  return vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify(ANSWER), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

describe('uploadCaptureFile', () => {
  it('posts the bytes to /captures with the name as a hint and the token', async () => {
    const fetchImpl = fakeFetch();
    const file = new File([new Uint8Array(64)], 'pile & co.splat');
    const sent = await uploadCaptureFile('/api', file, 'editor-token', fetchImpl);
    expect(sent).toEqual({ capture: ANSWER.capture, count: 200, bytes: 6400 });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/captures?name=pile%20%26%20co.splat');
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('application/octet-stream');
    expect(headers.get('Authorization')).toBe('Bearer editor-token');
    expect(init?.body).toBe(file);
  });

  it('sends nothing for a file over 50 MB or not named as a capture', async () => {
    const fetchImpl = fakeFetch();
    const large = new File([new Uint8Array(8)], 'big.glb');
    Object.defineProperty(large, 'size', { value: 50 * 1024 * 1024 + 1 });
    await expect(uploadCaptureFile('/api', large, null, fetchImpl)).rejects.toEqual(
      new ServiceError('The 3D capture is too large: at most 50 MB.', 413),
    );
    const photo = new File([new Uint8Array(8)], 'porch.jpg', { type: 'image/jpeg' });
    await expect(uploadCaptureFile('/api', photo, null, fetchImpl)).rejects.toThrow(
      'This file is not a 3D capture: send a .glb model or a .ply, .splat or .spz splat.',
    );
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('a waiting capture in the editor’s preview', () => {
  it('is fetched after the photos and shown from memory, as its poster is', () => {
    const images = [
      {
        thumbUrl: '/uploads/2026/11/p-thumb.jpg',
        fullUrl: '/uploads/2026/11/p.jpg',
        capture: { url: '/uploads/2026/11/m.glb', format: 'glb' as const },
      },
    ];
    expect(photoUrlsOf(images)).toEqual([
      '/uploads/2026/11/p-thumb.jpg',
      '/uploads/2026/11/p.jpg',
      '/uploads/2026/11/m.glb',
    ]);
    const node = { video_id: 'n', type: 'gallery', images } as unknown as MediaNode;
    const memory = (url: string) => `blob:copy-of-${url.split('/').pop()}`;
    expect(withPhotoSources(node, memory).images).toEqual([
      {
        thumbUrl: 'blob:copy-of-p-thumb.jpg',
        fullUrl: 'blob:copy-of-p.jpg',
        capture: { url: 'blob:copy-of-m.glb', format: 'glb' },
      },
    ]);
  });
});
