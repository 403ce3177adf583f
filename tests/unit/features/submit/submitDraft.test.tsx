// @vitest-environment jsdom
/**
 * /submit's draft: kept in session storage across leaving and coming back, started over on
 * request, and ignored when stored in the wrong shape.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  clearDraftsAroundEach,
  fakeCommunityService,
  field,
  openSubmit,
} from '../../support/communityForms';

// The real picker starts a Babylon engine; the stand-in is a button that picks one spot.
vi.mock('@/components/PositionPicker', () => import('../../support/positionPickerStandIn'));

clearDraftsAroundEach();

// Whole forms typed key by key through the real app take a few seconds each.
describe('/submit', { timeout: 30_000 }, () => {
  it('keeps the draft in session storage across leaving and coming back, and can start over', async () => {
    fakeCommunityService({});
    const first = await openSubmit();
    await userEvent.click(screen.getByLabelText('Photos'));
    await userEvent.type(field(/^Title/), 'Half written');
    await userEvent.type(field('Your e-mail address'), 'me@example.org');
    first.unmount();
    expect(window.localStorage.getItem('globe-archive:submit-draft')).toBeNull();
    expect(
      JSON.parse(window.sessionStorage.getItem('globe-archive:submit-draft') ?? '{}'),
    ).toMatchObject({
      kind: 'photos',
      title: 'Half written',
      email: 'me@example.org',
    });

    await openSubmit();
    expect(field(/^Title/).value).toBe('Half written');
    expect((screen.getByLabelText('Photos') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('What you wrote earlier in this visit is still here.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(field(/^Title/).value).toBe('');
    expect(screen.queryByText(/What you wrote earlier/)).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('A video link'));
    expect(window.sessionStorage.getItem('globe-archive:submit-draft')).toBeNull();
  });

  it('ignores a stored draft of the wrong shape', async () => {
    window.sessionStorage.setItem(
      'globe-archive:submit-draft',
      JSON.stringify({ kind: 'podcast', title: 7, images: [{ thumbUrl: 1 }], place: { lat: 'x' } }),
    );
    fakeCommunityService({});
    await openSubmit();
    expect(field(/^Title/).value).toBe('');
    expect((screen.getByLabelText('A video link') as HTMLInputElement).checked).toBe(true);
  });
});
