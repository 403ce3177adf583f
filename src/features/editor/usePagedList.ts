import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '@/features/editor/editorApi';
import type { Loaded } from '@/features/editor/useEditorData';

/** Reads one page of a list: the newest when `before` is null, else those older than it. */
export type PageLoader<T> = (before: string | null) => Promise<Page<T>>;

/** Where reading the next older page stands, for the "Show older" button and its status. */
export type OlderLoad =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; count: number };

/** A list read a page at a time, newest first. */
export interface PagedList<T> {
  /** The first load; once ready, `data` holds every entry read so far, newest first. */
  list: Loaded<T[]>;
  /** The `before` of the next older page; null when there is none (or nothing is loaded). */
  older: string | null;
  olderLoad: OlderLoad;
  /** Reads the next older page and appends it. */
  showOlder(): void;
  /** Reads the list again (after a write), as many pages as were shown. */
  reload(): void;
}

interface Shown<T> {
  from: PageLoader<T>;
  loaded: Loaded<T[]>;
  older: string | null;
  pages: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : t`Loading failed.`);

/**
 * Runs `loadPage` for the newest page on mount, and for the next older one on `showOlder`.
 * `loadPage` must be stable (a `useCallback`); when it changes (another filter) the list starts
 * over from its newest page.
 */
export function usePagedList<T>(loadPage: PageLoader<T>): PagedList<T> {
  // Each result remembers which loader made it, as `useLoaded` does, so another filter's entries
  // are never shown or appended to.
  const [shown, setShown] = useState<Shown<T> | null>(null);
  const [older, setOlder] = useState<{ from: PageLoader<T>; load: OlderLoad } | null>(null);
  const [round, setRound] = useState(0);
  // What is shown, for the callbacks: they must read the cursor of the last page appended, not
  // of the render that made them.
  const latest = useRef<Shown<T> | null>(null);
  // Bumped by every (re)load, so an older page read meanwhile is dropped, never appended twice.
  const generation = useRef(0);
  const reading = useRef(false);

  const show = useCallback((next: Shown<T>) => {
    latest.current = next;
    setShown(next);
  }, []);

  useEffect(() => {
    const made = ++generation.current;
    reading.current = false;
    const before = latest.current;
    // A reload keeps the pages the editor opened: a restore or a rejection must not fold away
    // the older entries they were reading.
    const pages = before?.from === loadPage ? before.pages : 1;
    let live = true;
    void (async () => {
      let next: Shown<T>;
      try {
        const data: T[] = [];
        let cursor: string | null = null;
        let read = 0;
        do {
          const page: Page<T> = await loadPage(cursor);
          data.push(...page.items);
          cursor = page.older;
          read++;
        } while (read < pages && cursor !== null);
        next = { from: loadPage, loaded: { status: 'ready', data }, older: cursor, pages: read };
      } catch (error) {
        next = {
          from: loadPage,
          loaded: { status: 'failed', message: messageOf(error) },
          older: null,
          pages: 1,
        };
      }
      if (live && generation.current === made) show(next);
    })();
    return () => {
      live = false;
    };
  }, [loadPage, round, show]);

  const showOlder = useCallback(() => {
    const at = latest.current;
    if (reading.current || at?.from !== loadPage || at.older === null) return;
    if (at.loaded.status !== 'ready') return;
    const shownData = at.loaded.data;
    const made = generation.current;
    const before = at.older;
    reading.current = true;
    setOlder({ from: loadPage, load: { status: 'loading' } });
    loadPage(before).then(
      (page) => {
        if (generation.current !== made) return;
        reading.current = false;
        show({
          ...at,
          loaded: { status: 'ready', data: [...shownData, ...page.items] },
          older: page.older,
          pages: at.pages + 1,
        });
        setOlder({ from: loadPage, load: { status: 'loaded', count: page.items.length } });
      },
      (error: unknown) => {
        if (generation.current !== made) return;
        reading.current = false;
        setOlder({ from: loadPage, load: { status: 'failed', message: messageOf(error) } });
      },
    );
  }, [loadPage, show]);

  const reload = useCallback(() => {
    setOlder(null);
    setRound((n) => n + 1);
  }, []);

  const mine = shown?.from === loadPage ? shown : null;
  return {
    list: mine ? mine.loaded : { status: 'loading' },
    older: mine ? mine.older : null,
    olderLoad: older?.from === loadPage ? older.load : { status: 'idle' },
    showOlder,
    reload,
  };
}
