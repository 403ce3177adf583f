import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { SITE_TITLE_WORDS } from '@/i18n/firstPaintWords';
import { SITE_NAME } from '@/lib/constants';
import { setBaseTitle } from '@/lib/pageTitle';

/** Route data: the page's name for the tab title, read in the visitor's language. */
export interface RouteHandle {
  title?: MessageDescriptor;
}

/**
 * Names the tab after the deepest route that has a title ("About this archive · Globe Archive"),
 * in the visitor's language: a switch renames it. An open item or a story's stop names it over
 * that while it shows.
 */
export function DocumentTitle() {
  const { i18n } = useLingui();
  const matches = useMatches();
  const descriptor = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  const title = descriptor ? i18n._(descriptor) : null;
  // The archive's own title where a page has none (the home screen), in the language too.
  const siteTitle = i18n._(SITE_TITLE_WORDS);
  // Underneath what a page shows (an open item, a story's stop: `@/lib/pageTitle`).
  useEffect(() => setBaseTitle(title ? `${title} · ${SITE_NAME}` : siteTitle), [title, siteTitle]);
  return null;
}
