import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { SITE_NAME, SITE_TITLE } from '@/lib/constants';

/** Route data: the page's name for the tab title, read in the visitor's language. */
export interface RouteHandle {
  title?: MessageDescriptor;
}

/**
 * Names the tab after the deepest route that has a title ("About this archive · Globe Archive"),
 * in the visitor's language: a switch renames it.
 */
export function DocumentTitle() {
  const { i18n } = useLingui();
  const matches = useMatches();
  const descriptor = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  const title = descriptor ? i18n._(descriptor) : null;
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_TITLE;
  }, [title]);
  return null;
}
