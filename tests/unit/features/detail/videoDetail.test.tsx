// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AnalyticsContext } from '@/app/hooks';
import { VideoDetail } from '@/features/detail/VideoDetail';
import { noAnalytics, type Analytics } from '@/lib/analytics';
import { normalizeArchive } from '@/lib/nodeModel';
import { recordingAnalytics } from '../../support/renderWithProviders';

const [video, gallery] = normalizeArchive([
  {
    video_id: 'porch-video',
    title: 'On the porch',
    youtube_id: 'dQw4w9WgXcQ',
    categories: ['Volunteers'],
    links: ['park-photos'],
    lat: 1,
    lng: 1,
    date: '2025-05-16T14:52-05:00',
    credit: 'Dana Whitfield',
    license: 'CC-BY-4.0',
    language: 'es',
  },
  { video_id: 'park-photos', type: 'gallery', title: 'Park photos', lat: 2, lng: 2 },
]).nodes;

function renderVideo(analytics: Analytics) {
  if (!video || !gallery) throw new Error('fixture');
  return render(
    <MemoryRouter>
      <AnalyticsContext value={analytics}>
        <VideoDetail node={video} related={[gallery]} colours={{}} onBack={() => {}} />
      </AnalyticsContext>
    </MemoryRouter>,
  );
}

type PlayerOptions = { events: { onStateChange: (event: { data: number }) => void } };
type TestWindow = Window & { YT?: unknown; onYouTubeIframeAPIReady?: () => void };

afterEach(() => {
  delete (window as TestWindow).YT;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('the video detail', () => {
  it('says when it was recorded in words, with the ISO date for machines', () => {
    renderVideo(noAnalytics);
    const line = screen.getByText(/^Recorded/);
    expect(line.textContent).toBe('Recorded Friday 16 May 2025, 2:52 pm');
    expect(line.querySelector('time')?.getAttribute('datetime')).toBe('2025-05-16T14:52-05:00');
  });

  it('says the language it speaks, and nothing for an item that does not say', () => {
    if (!gallery) throw new Error('fixture');
    renderVideo(noAnalytics);
    expect(screen.getByText('Language: Spanish')).toBeTruthy();
    cleanup();
    render(
      <MemoryRouter>
        <VideoDetail
          node={{ ...gallery, type: 'video' }}
          related={[]}
          colours={{}}
          onBack={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/^Language:/)).toBeNull();
  });

  it('passes the filter and the search’s words it was opened under on to a related item', () => {
    if (!video || !gallery) throw new Error('fixture');
    render(
      <MemoryRouter initialEntries={['/video/porch-video?type=video&q=porch']}>
        <VideoDetail node={video} related={[gallery]} colours={{}} onBack={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /Park photos/ }).getAttribute('href')).toBe(
      '/gallery/park-photos?type=video&q=porch',
    );
  });

  it('credits its maker and links its licence to the deed', () => {
    renderVideo(noAnalytics);
    const line = screen.getByText(/^© Dana Whitfield/);
    expect(line.textContent).toBe('© Dana Whitfield, CC BY 4.0 (opens in a new tab)');
    const deed = screen.getByRole('link', { name: /CC BY 4\.0/ });
    expect(deed.getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(deed.getAttribute('rel')).toContain('license');
  });

  it('says what it does not know of the rights, and shows a credit as text', () => {
    const show = (raw: Record<string, unknown>) => {
      const node = normalizeArchive([{ video_id: 'x', title: 'X', lat: 0, lng: 0, ...raw }])
        .nodes[0];
      if (!node) throw new Error('fixture');
      const view = render(
        <MemoryRouter>
          <VideoDetail node={node} related={[]} colours={{}} onBack={() => {}} />
        </MemoryRouter>,
      );
      const text = view.container.querySelector('.detail__rights');
      const found = { text: text?.textContent, html: text?.innerHTML ?? '' };
      view.unmount();
      return found;
    };
    expect(show({}).text).toBe('Rights not stated');
    expect(show({ credit: 'Anonymous' }).text).toBe('© Anonymous, licence not stated');
    expect(show({ license: 'CC-BY-NC-4.0' }).text).toBe(
      'Credit not stated, CC BY-NC 4.0 (opens in a new tab)',
    );
    // Shown in this archive only: the archive's own terms say what that means.
    const only = show({ credit: 'Rosa', license: 'archive-only' });
    expect(only.text).toBe('© Rosa, shown in this archive only');
    expect(only.html).toContain('href="/terms#archive-only"');
    const hostile = show({ credit: '<img src=x onerror=alert(1)>' });
    expect(hostile.text).toBe('© <img src=x onerror=alert(1)>, licence not stated');
    expect(hostile.html).not.toContain('<img');
  });

  it('says nothing of a date an item does not have', () => {
    const undated = normalizeArchive([{ video_id: 'x', title: 'X', lat: 0, lng: 0 }]).nodes[0];
    if (!undated) throw new Error('fixture');
    render(
      <MemoryRouter>
        <VideoDetail node={undated} related={[]} colours={{}} onBack={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/^Recorded/)).toBeNull();
  });
});

describe('the video detail and analytics', () => {
  it('reports clicks on a category chip and a related item', async () => {
    const analytics = recordingAnalytics();
    renderVideo(analytics);
    await userEvent.click(screen.getByRole('link', { name: 'Volunteers' }));
    await userEvent.click(screen.getByRole('link', { name: /Park photos/ }));
    expect(analytics.click.mock.calls).toEqual([
      ['Category chip', 'volunteers'],
      ['Related media', 'park-photos'],
    ]);
  });

  it('draws the player once the item is on the screen, in a task of its own', async () => {
    renderVideo(noAnalytics);
    expect(screen.queryByTitle('On the porch')).toBeNull();
    expect(screen.getByRole('heading', { name: 'On the porch' })).toBeTruthy();
    expect(await screen.findByTitle('On the porch')).toBeTruthy();
  });

  it('with analytics off, the player never talks to the page and no API script loads', async () => {
    renderVideo(noAnalytics);
    const src = new URL((await screen.findByTitle('On the porch')).getAttribute('src') ?? '');
    expect(src.searchParams.has('enablejsapi')).toBe(false);
    expect(src.searchParams.has('origin')).toBe(false);
    expect(document.querySelector('script[src*="youtube.com/iframe_api"]')).toBeNull();
  });

  it('with analytics on, reads play, pause and complete from the IFrame Player API', async () => {
    const analytics = recordingAnalytics();
    const players: [HTMLIFrameElement, PlayerOptions][] = [];
    renderVideo(analytics);
    const iframe = await screen.findByTitle<HTMLIFrameElement>('On the porch');
    const src = new URL(iframe.src);
    expect(src.searchParams.get('enablejsapi')).toBe('1');
    expect(src.searchParams.get('origin')).toBe(window.location.origin);

    // The API script is requested (by the player's effect, once it is shown); when it arrives,
    // it calls the page's ready callback.
    await waitFor(() =>
      expect(
        document.querySelector('script[src="https://www.youtube.com/iframe_api"]'),
      ).not.toBeNull(),
    );
    (window as TestWindow).YT = {
      Player: function Player(element: HTMLIFrameElement, options: PlayerOptions) {
        players.push([element, options]);
      },
    };
    (window as TestWindow).onYouTubeIframeAPIReady?.();
    await waitFor(() => expect(players).toHaveLength(1));
    const [element, options] = players[0] as [HTMLIFrameElement, PlayerOptions];
    expect(element).toBe(iframe);
    for (const state of [-1, 3, 1, 2, 1, 0, 5]) options.events.onStateChange({ data: state });
    expect(analytics.video.mock.calls).toEqual([
      ['play', 'porch-video'],
      ['pause', 'porch-video'],
      ['play', 'porch-video'],
      ['complete', 'porch-video'],
    ]);
  });

  it('says nothing more once the video is closed', async () => {
    const analytics = recordingAnalytics();
    const players: PlayerOptions[] = [];
    (window as TestWindow).YT = {
      Player: function Player(_: HTMLIFrameElement, options: PlayerOptions) {
        players.push(options);
      },
    };
    const view = renderVideo(analytics);
    await waitFor(() => expect(players).toHaveLength(1));
    view.unmount();
    players[0]?.events.onStateChange({ data: 1 });
    expect(analytics.video).not.toHaveBeenCalled();
  });

  it('warns, and carries on, when the player API cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderVideo(recordingAnalytics());
    await screen.findByTitle('On the porch');
    // The player's API is asked for once the player's frame is there (after the first paint).
    const script = await waitFor(() => {
      const found = document.querySelector('script[src="https://www.youtube.com/iframe_api"]');
      expect(found).not.toBeNull();
      return found as HTMLScriptElement;
    });
    script.dispatchEvent(new Event('error'));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Video events are not reported:', expect.any(Error)),
    );
    expect(screen.getByTitle('On the porch')).toBeTruthy();
    warn.mockRestore();
  });
});
