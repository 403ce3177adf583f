import { describe, expect, it } from 'vitest';
import { uploadKeyOfUrl } from '@/lib/uploadKeys';

const KEY = '2026/11/0b6f6b0e-3c1a-4d7e-9a51-2f1c7d9e8a40.jpg';

describe('uploadKeyOfUrl', () => {
  it('reads the upload key a local or bucket photo URL ends with', () => {
    expect(uploadKeyOfUrl(`/uploads/${KEY}`)).toBe(KEY);
    expect(uploadKeyOfUrl(`https://photos.example.org/community/${KEY}`)).toBe(KEY);
    const thumb = KEY.replace('.jpg', '-thumb.jpg');
    expect(uploadKeyOfUrl(`/uploads/${thumb}`)).toBe(thumb);
    const card = KEY.replace('.jpg', '-card.jpg');
    expect(uploadKeyOfUrl(`https://photos.example.org/community/${card}`)).toBe(card);
    for (const format of ['glb', 'ply', 'splat', 'spz']) {
      const capture = KEY.replace('.jpg', `.${format}`);
      expect(uploadKeyOfUrl(`/uploads/${capture}`)).toBe(capture);
    }
  });

  it('is null for any other URL, so the app asks the service about nothing else', () => {
    for (const url of [
      '/sample/a-thumb.jpg',
      '/sample/a-card.jpg',
      `/uploads/${KEY.replace('.jpg', '-large.jpg')}`,
      `/uploads/${KEY.replace('.jpg', '-thumb.glb')}`,
      `/uploads/${KEY.replace('.jpg', '.gltf')}`,
      '/sample/captures/house.glb',
      KEY,
      `/uploads/${KEY}?x=1`,
      `/uploads/${KEY.replace('2026/11', '2026/13')}`,
      `/uploads/pending/${KEY.slice(8)}`,
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    ]) {
      expect(uploadKeyOfUrl(url), url).toBeNull();
    }
  });
});
