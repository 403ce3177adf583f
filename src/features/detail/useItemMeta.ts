import { useEffect } from 'react';
import { SITE_DESCRIPTION, SITE_NAME, SITE_TITLE } from '@/lib/constants';
import type { MediaNode } from '@/lib/nodeModel';

function descriptionMeta(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * While an item is open, the tab and the page description name it (for history, bookmarks and
 * shared links); closing it puts back what was there, or the archive's own where the document
 * itself was served naming the item (a shared link: server/firstPaintPage.ts adds its Open Graph
 * title).
 */
export function useItemMeta(node: MediaNode | null): void {
  useEffect(() => {
    if (!node) return;
    const meta = descriptionMeta();
    const servedForItem = document.querySelector('meta[property="og:title"]') !== null;
    const previous = servedForItem
      ? { title: SITE_TITLE, description: SITE_DESCRIPTION }
      : { title: document.title, description: meta.content };
    document.title = `${node.title} · ${SITE_NAME}`;
    const kind = node.type === 'video' ? 'Video' : 'Photo gallery';
    meta.content = node.description
      ? `${kind}: ${node.description}`
      : `${kind} in the Globe Archive of the 16 May 2025 St. Louis tornado.`;
    return () => {
      document.title = previous.title;
      meta.content = previous.description;
    };
  }, [node]);
}
