// @vitest-environment jsdom
/**
 * /submit's photos: uploaded as they are chosen and sent with the submission, shown from the
 * chosen file and never from a private URL, and the service's words when its quotas are used up.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  clearDraftsAroundEach,
  fakeCommunityService,
  field,
  fillRights,
  openSubmit,
} from '../../support/communityForms';

// The real picker starts a Babylon engine; the stand-in is a button that picks one spot.
vi.mock('@/components/PositionPicker', () => import('../../support/positionPickerStandIn'));

clearDraftsAroundEach();

// Whole forms typed key by key through the real app take a few seconds each.
describe('/submit', { timeout: 30_000 }, () => {
  it('shows a photo uploaded earlier in the visit as a placeholder, never from its private URL', async () => {
    window.sessionStorage.setItem(
      'globe-archive:submit-draft',
      JSON.stringify({
        kind: 'photos',
        images: [{ thumbUrl: '/uploads/2026/11/t1-thumb.jpg', fullUrl: '/uploads/2026/11/t1.jpg' }],
      }),
    );
    fakeCommunityService({});
    await openSubmit();
    const placeholder = await screen.findByRole('img', { name: 'Photo 1' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(document.querySelector('img[src*="/uploads/"]')).toBeNull();
  });

  it("says the service's own words when the day's quota of photos is used up", async () => {
    const daily =
      'Your connection has uploaded 200 MB of photos today, as much as one may in a day; try again in 23 hours.';
    fakeCommunityService({
      '/api/uploads': [
        {
          status: 429,
          body: { error: daily, quota: 'daily' },
          headers: { 'Retry-After': '82800' },
        },
        {
          status: 507,
          body: { error: 'The archive cannot take more photos…', quota: 'pending' },
          headers: { 'Retry-After': '3600' },
        },
      ],
    });
    await openSubmit();
    await userEvent.click(screen.getByLabelText('Photos'));
    // The form says what happens to a photo's hidden details before one is chosen.
    expect(
      screen.getByText(
        /hidden details \(the place it was taken, the camera, the time\) are removed/,
      ),
    ).toBeTruthy();
    // And that an editor may blur part of it, publishing only the blurred copy.
    expect(
      screen.getByText(/Editors may blur a face, a licence\s+plate or a house number/),
    ).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Your photos'), [
      new File(['jpeg'], 'porch.jpg', { type: 'image/jpeg' }),
      new File(['jpeg'], 'street.jpg', { type: 'image/jpeg' }),
    ]);
    expect(await screen.findByText(new RegExp(`porch.jpg: ${daily}`))).toBeTruthy();
    expect(
      await screen.findByText(/street.jpg: The archive cannot take more photos…/),
    ).toBeTruthy();
  });

  it('uploads photos as they are chosen and sends them with the submission', async () => {
    const { received } = fakeCommunityService({
      '/api/uploads': [
        {
          status: 201,
          body: {
            image: {
              thumbUrl: '/media/t1.webp',
              fullUrl: '/media/f1.webp',
              cardUrl: '/media/c1.webp',
            },
            width: 4,
            height: 3,
          },
        },
        { status: 429, body: { error: 'Slow down.' }, headers: { 'Retry-After': '90' } },
      ],
      '/api/submissions': [{ status: 201, body: { id: 'sub_photos', status: 'pending' } }],
    });
    await openSubmit();
    await userEvent.click(screen.getByLabelText('Photos'));
    const photos = screen.getByLabelText('Your photos');
    await userEvent.upload(photos, [
      new File(['jpeg'], 'porch.jpg', { type: 'image/jpeg' }),
      new File(['jpeg'], 'street.jpg', { type: 'image/jpeg' }),
    ]);
    // The photo is private until an editor publishes it: the preview is the chosen file.
    const preview = (await screen.findByAltText('Photo 1')) as HTMLImageElement;
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(
      await screen.findByText(
        /You have uploaded many files in a short time; try again in 90 seconds/,
      ),
    ).toBeTruthy();
    expect(received[0]).toMatchObject({ url: '/api/uploads', method: 'POST' });
    expect(received[0]?.headers.Authorization).toBeUndefined();

    await userEvent.type(field(/^Title/), 'After the storm');
    await fillRights();
    await userEvent.click(field(/I recorded this media/));
    await userEvent.click(screen.getByRole('button', { name: 'Send submission' }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    expect(received.at(-1)?.body).toMatchObject({
      kind: 'photos',
      youtube_url: '',
      images: [
        { thumbUrl: '/media/t1.webp', fullUrl: '/media/f1.webp', cardUrl: '/media/c1.webp' },
      ],
    });
  });
});
