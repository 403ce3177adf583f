/**
 * The tab's title: the route's (or the archive's own) underneath, and above it what the page
 * shows now, the most specific winning: an open item over the story stop it belongs to. Each
 * shower puts its title up while it shows and takes it down after; the tab is written only when
 * the words change (a write costs a phone a few milliseconds, issue 48).
 */

/** How specific a title is: an open item names the tab over a story's stop. */
export const TITLE_LEVEL = { story: 1, item: 2 } as const;

interface Shown {
  title: string;
  level: number;
}

const shown: Shown[] = [];
let base: string | null = null;

function write(): void {
  let top: Shown | undefined;
  // The highest level; of equals, the latest.
  for (const entry of shown) if (!top || entry.level >= top.level) top = entry;
  const next = top?.title ?? base;
  if (next !== null && document.title !== next) document.title = next;
}

/** The route's title (or the archive's own), shown when nothing more specific is. */
export function setBaseTitle(title: string): void {
  base = title;
  write();
}

/** Shows `title` while nothing more specific is; the function returned takes it down. */
export function showTitle(title: string, level: number): () => void {
  const entry: Shown = { title, level };
  shown.push(entry);
  write();
  return () => {
    const at = shown.indexOf(entry);
    if (at < 0) return;
    shown.splice(at, 1);
    write();
  };
}
