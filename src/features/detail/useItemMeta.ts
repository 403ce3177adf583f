import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { SITE_DESCRIPTION_WORDS } from '@/i18n/firstPaintWords';
import { SITE_NAME } from '@/lib/constants';
import type { MediaNode } from '@/lib/nodeModel';
import { showTitle, TITLE_LEVEL } from '@/lib/pageTitle';
import { whenIdle } from '@/lib/steps';

/** The open item's schema.org description waits at most so long for a spare moment. */
const STRUCTURED_DATA_WAIT_MS = 1000;

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
 * shared links); closing it puts back what was there: the tab's title underneath (the route's, a
 * story's stop: `@/lib/pageTitle`), the description as it was, or the archive's own where the
 * document was served for a shared link (server/app/firstPaintPage.ts names the item or the story
 * in link previews only). Its schema.org
 * description follows too (see `@/lib/structuredData`): the document's,
 * if it was served naming an item, is replaced by the open item's and removed when it closes, so
 * a crawler that runs the app reads the item it sees. The description is in the visitor's language
 * and follows a switch.
 */
export function useItemMeta(node: MediaNode | null): void {
  const { t, i18n } = useLingui();
  useEffect(() => {
    if (!node) return;
    const meta = descriptionMeta();
    // A shared link's document (an item's, a story's) has the archive's description, which is
    // put back in the visitor's language now.
    const served = document.querySelector('meta[property="og:title"]') !== null;
    const previous = served ? i18n._(SITE_DESCRIPTION_WORDS) : meta.content;
    const hideTitle = showTitle(`${node.title} · ${SITE_NAME}`, TITLE_LEVEL.item);
    const description = node.description;
    const video = node.type === 'video';
    meta.content = description
      ? video
        ? t({
            message: `Video: ${description}`,
            comment:
              "The page's description while a video is open: {description} is the item's own",
          })
        : t({
            message: `Photo gallery: ${description}`,
            comment:
              "The page's description while a photo gallery is open: {description} is the item's own",
          })
      : video
        ? t`Video in the Globe Archive of the 16 May 2025 St. Louis tornado.`
        : t`Photo gallery in the Globe Archive of the 16 May 2025 St. Louis tornado.`;
    for (const old of document.querySelectorAll('script[data-item-jsonld]')) old.remove();
    const data = document.createElement('script');
    data.type = 'application/ld+json';
    data.dataset.itemJsonld = '';
    let open = true;
    // Loaded once an item opens and the page has a moment to spare (within a second), off the
    // first paint's path and out of the task that shows the item: only crawlers read it.
    void whenIdle(STRUCTURED_DATA_WAIT_MS)
      .then(() => (open ? import('@/lib/structuredData') : null))
      .then((module) => {
        if (!open || !module) return;
        const { itemJsonLd, jsonLdText } = module;
        data.textContent = jsonLdText(itemJsonLd(node, window.location.origin));
        document.head.append(data);
      });
    return () => {
      open = false;
      hideTitle();
      meta.content = previous;
      data.remove();
    };
  }, [node, t, i18n]);
}
