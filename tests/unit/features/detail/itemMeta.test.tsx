// @vitest-environment jsdom
/**
 * The tab and the page description while an item is open, and what closing it puts back: the
 * route's title (or a story stop's, which the item names the tab over) and the description as
 * it was.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useItemMeta } from '@/features/detail/useItemMeta';
import { SITE_DESCRIPTION, SITE_TITLE } from '@/lib/constants';
import { normalizeArchive, type MediaNode } from '@/lib/nodeModel';
import { setBaseTitle, showTitle, TITLE_LEVEL } from '@/lib/pageTitle';

const node = normalizeArchive([
  {
    video_id: 'cleanup',
    type: 'video',
    title: 'Clean-up on Page Avenue',
    description: 'Neighbours clear the street.',
    youtube_id: 'dQw4w9WgXcQ',
    lat: 38.66,
    lng: -90.25,
  },
]).nodes[0] as MediaNode;

const description = () =>
  document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

function serve(head: string, title: string): void {
  document.head.innerHTML = head;
  document.title = title;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('useItemMeta', () => {
  it('names the open item, and puts back the page it was opened from', () => {
    serve('<meta name="description" content="The category page" />', 'Volunteers · Globe Archive');
    setBaseTitle('Volunteers · Globe Archive');
    const { rerender } = renderHook(({ open }) => useItemMeta(open), {
      initialProps: { open: node as MediaNode | null },
    });
    expect(document.title).toBe('Clean-up on Page Avenue · Globe Archive');
    expect(description()).toBe('Video: Neighbours clear the street.');
    rerender({ open: null });
    expect(document.title).toBe('Volunteers · Globe Archive');
    expect(description()).toBe('The category page');
  });

  it('puts back the archive’s own title and description after a shared link’s document', () => {
    // The document names the item in its title and link previews; its description is the
    // archive's (server/app/firstPaintPage.ts), and the home screen's route has no title.
    serve(
      `<meta name="description" content="${SITE_DESCRIPTION}" />` +
        '<meta property="og:title" content="Clean-up on Page Avenue" />',
      'Clean-up on Page Avenue · Globe Archive',
    );
    setBaseTitle(SITE_TITLE);
    const { rerender } = renderHook(({ open }) => useItemMeta(open), {
      initialProps: { open: node as MediaNode | null },
    });
    expect(document.title).toBe('Clean-up on Page Avenue · Globe Archive');
    rerender({ open: null });
    expect(document.title).toBe(SITE_TITLE);
    expect(description()).toBe(SITE_DESCRIPTION);
  });

  it('names the tab over a story’s stop while open, and gives it back to the stop', () => {
    serve(`<meta name="description" content="${SITE_DESCRIPTION}" />`, SITE_TITLE);
    setBaseTitle(SITE_TITLE);
    // The item opens first, as it does where the stop and its item come in one render.
    const { rerender } = renderHook(({ open }) => useItemMeta(open), {
      initialProps: { open: node as MediaNode | null },
    });
    const hideStop = showTitle('At the corner · The afternoon · Globe Archive', TITLE_LEVEL.story);
    expect(document.title).toBe('Clean-up on Page Avenue · Globe Archive');
    rerender({ open: null });
    expect(document.title).toBe('At the corner · The afternoon · Globe Archive');
    hideStop();
    expect(document.title).toBe(SITE_TITLE);
  });

  it('describes the open item in schema.org terms, in place of a shared link’s, and drops it on closing', async () => {
    serve(
      '<script type="application/ld+json" data-item-jsonld>{"@type":"ImageGallery"}</script>',
      'Porches · Globe Archive',
    );
    const blocks = () =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>,
      );
    const { rerender } = renderHook(({ open }) => useItemMeta(open), {
      initialProps: { open: node as MediaNode | null },
    });
    await waitFor(() => expect(blocks()).toHaveLength(1));
    expect(blocks()).toMatchObject([
      {
        '@type': 'VideoObject',
        name: 'Clean-up on Page Avenue',
        url: `${window.location.origin}/video/cleanup`,
      },
    ]);
    rerender({ open: null });
    expect(blocks()).toEqual([]);
  });

  it('keeps the archive’s own title and description as index.html has them', () => {
    const html = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
    expect(html).toContain(`<title>${SITE_TITLE}</title>`);
    expect(html).toContain(`content="${SITE_DESCRIPTION}"`);
  });
});
