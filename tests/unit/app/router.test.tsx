// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../support/renderWithProviders';

const archive = [
  {
    video_id: 'flood-video',
    title: 'Clean-up on Page Avenue',
    youtube_id: 'dQw4w9WgXcQ',
    categories: ['Cleanup'],
    lat: 1,
    lng: 1,
  },
  {
    video_id: 'volunteer-photos',
    type: 'gallery',
    title: 'Volunteers in Fountain Park',
    categories: ['Volunteers'],
    lat: 2,
    lng: 2,
  },
  {
    video_id: 'hostile',
    title: '<img src=x onerror="window.__pwned=1">',
    categories: ['Volunteers'],
    lat: 3,
    lng: 3,
  },
];

function itemsList() {
  return screen.findByRole('list', { name: 'Archive items' });
}

describe('the home page', () => {
  it('lists every item of the archive as a link to its route', async () => {
    renderApp('/', { fetchArchive: async () => archive });
    const list = await itemsList();
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/video/flood-video',
      '/gallery/volunteer-photos',
      '/video/hostile',
    ]);
    expect(
      within(list).getByRole('link', { name: /Volunteers in Fountain Park/ }).textContent,
    ).toContain('Photo gallery');
  });

  it('shows hostile text as text', async () => {
    renderApp('/', { fetchArchive: async () => archive });
    const list = await itemsList();
    expect(within(list).getByText('<img src=x onerror="window.__pwned=1">')).toBeTruthy();
    // Only the app's own thumbnails are images: nothing was parsed out of the title.
    expect(list.querySelector('img[src="x"], script, [onerror]')).toBeNull();
    expect(
      [...list.querySelectorAll('img')].every((img) =>
        img.classList.contains('archive-items__thumb'),
      ),
    ).toBe(true);
  });

  it('follows the category and type of the route', async () => {
    renderApp('/category/volunteers?type=gallery', { fetchArchive: async () => archive });
    const list = await itemsList();
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Volunteers in Fountain ParkPhoto gallery']);
    expect(screen.getByText('1 of 3 items match the filter')).toBeTruthy();
  });

  it('ignores a type other than video or gallery', async () => {
    renderApp('/?type=podcast', { fetchArchive: async () => archive });
    expect(within(await itemsList()).getAllByRole('link')).toHaveLength(3);
  });

  it('says when the archive cannot load, and Retry loads it without a reload', async () => {
    const fetchArchive = vi
      .fn()
      .mockRejectedValueOnce(
        new (await import('@/features/nodes/nodesApi')).NodesRequestError({
          kind: 'network',
          message: 'The archive could not be reached. Check your connection and try again.',
        }),
      )
      .mockResolvedValueOnce(archive);
    renderApp('/', { fetchArchive });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The archive could not be reached');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(within(await itemsList()).getAllByRole('link')).toHaveLength(3);
  });
});

describe('routes', () => {
  it.each([
    ['/statement', 'About this archive'],
    ['/resources', 'Resources'],
    ['/submit', 'Submit media'],
    ['/contact', 'Contact'],
    ['/env', 'Environment'],
    ['/signin', 'Sign in'],
    ['/signup', 'Create an account'],
    ['/confirm', 'Confirm your account'],
  ])('%s shows its page in the main layout', async (url, heading) => {
    renderApp(url, { fetchArchive: async () => [] });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Site' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${heading} · Globe Archive`));
  });

  it('shows a not-found page with a way home for unknown paths', async () => {
    renderApp('/no/such/page', { fetchArchive: async () => [] });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the archive' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('sends a visitor without editor access from /editor to home', async () => {
    const { router } = renderApp('/editor/items', { fetchArchive: async () => archive });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Editor')).toBeNull();
  });
});
