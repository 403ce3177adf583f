// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GalleryDetail } from '@/features/detail/GalleryDetail';
import { normalizeArchive } from '@/lib/nodeModel';

const [gallery] = normalizeArchive([
  {
    video_id: 'park-photos',
    type: 'gallery',
    title: 'Park photos',
    images: [1, 2, 3].map((n) => ({ thumb: `/t${n}.jpg`, full: `/f${n}.jpg` })),
    lat: 2,
    lng: 2,
    date: '2025-05-17/2025-05-30',
  },
]).nodes;

function openLightbox() {
  if (!gallery) throw new Error('fixture');
  render(
    <MemoryRouter>
      <GalleryDetail node={gallery} colours={{}} onBack={() => {}} onLightboxChange={() => {}} />
    </MemoryRouter>,
  );
  return userEvent.click(screen.getByRole('button', { name: 'Open image 1 of 3' }));
}

const shown = () => screen.getByRole('dialog').querySelector('img')?.getAttribute('src');
const swipe = (dx: number, dy = 0, pointerType = 'touch') => {
  const image = screen.getByRole('dialog').querySelector('img') as HTMLImageElement;
  fireEvent.pointerDown(image, { pointerType, clientX: 200, clientY: 300 });
  fireEvent.pointerUp(image, { pointerType, clientX: 200 + dx, clientY: 300 + dy });
};

describe('the gallery’s header', () => {
  it('says the range of days it was recorded over, briefly', async () => {
    await openLightbox();
    expect(screen.getByText(/^Recorded/).textContent).toBe('Recorded 17–30 May 2025');
  });
});

describe('the lightbox on a touch screen', () => {
  it('steps with a sideways swipe, wrapping at the ends', async () => {
    await openLightbox();
    expect(shown()).toBe('/f1.jpg');
    swipe(-120);
    expect(shown()).toBe('/f2.jpg');
    swipe(120);
    swipe(120);
    expect(shown()).toBe('/f3.jpg');
  });

  it('ignores short moves, vertical scrolls and the mouse', async () => {
    await openLightbox();
    swipe(-20);
    swipe(-60, 200);
    swipe(-120, 0, 'mouse');
    expect(shown()).toBe('/f1.jpg');
  });
});
