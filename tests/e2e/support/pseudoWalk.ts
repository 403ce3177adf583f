/**
 * The pseudo-locale's check (issue 49): every word of the translation layer is accented there, so
 * a word a screen shows in plain English was written outside the layer.
 */
import type { MediaNode } from '@/lib/nodeModel';

/**
 * A text left in plain English in the pseudo-locale: a word of three or more plain ASCII letters
 * (the pseudo-locale accents every word of the layer's), outside the archive's own data (titles,
 * descriptions, credits, categories and places come as the archive writes them) and outside what
 * is English on purpose (names of things and of languages, month names of dates written by the
 * browser in the pseudo-locale's English), nor in an address, an identifier (`local_pool`) or a
 * value marked as the system's own (`translate="no"`: a version, a renderer's name).
 */
export const PSEUDO_WALK = `(() => {
  const data = new Set(window.__archiveWords ?? []);
  const keep = /^(Globe|Archive|English|Español|Bosanski|YouTube|JavaScript|WebGL|Creative|Commons|Chromium|St|Louis|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|CST|CDT|UTC|GMT|BY|SA|NC|ND|CC0|GLB|PLY|SPZ|JPEG|PNG|WebP|HEIC|AVIF|SPLAT|KiB|MiB|MB)$/;
  // An address the words show (/video/{id}) is not words.
  const english = (text) => text
    .replace(/https?:\\/\\/\\S+/g, ' ')
    .replace(/\\S*_\\S*/g, ' ')
    .replace(/(^|[\\s(])\\/[\\w{}\\/.-]*/g, ' ')
    .split(/[^A-Za-z]+/)
    .filter((word) => word.length >= 3 && !keep.test(word) && !data.has(word.toLowerCase()));
  const out = [];
  const seen = (el) => el.closest('[lang]:not(html), [translate="no"]') === null && el.closest('[aria-hidden="true"], [hidden], script, style, noscript, svg') === null;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !seen(el) || el.closest('.visually-hidden') === null && el.getClientRects().length === 0) continue;
    const words = english(node.textContent);
    if (words.length) out.push(node.textContent.trim().slice(0, 80));
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-roledescription]')) {
    if (!seen(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription']) {
      const value = el.getAttribute(name);
      if (value && english(value).length) out.push(name + ': ' + value.slice(0, 80));
    }
  }
  if (english(document.title).length) out.push('title: ' + document.title);
  return out;
})()`;

/** The archive's own words (lower case): they come as the archive writes them, in any locale. */
export function archiveWordsOf(nodes: readonly MediaNode[]): string[] {
  return [
    ...new Set(
      nodes
        .flatMap((node) => [
          node.title,
          node.description,
          node.credit ?? '',
          ...node.categories.map((category) => category.name),
        ])
        .join(' ')
        .toLowerCase()
        .split(/[^a-z]+/),
    ),
  ];
}

/**
 * The words of the text in any data the archive answered (lower case): every string that is text
 * (with a space, or capitalised), not a code, an id or an enum's value (`video`), nor an address.
 */
export function wordsOfData(data: unknown, into = new Set<string>()): Set<string> {
  if (typeof data === 'string') {
    if (!/\s|^[A-Z]/.test(data) || /^[a-z]+:\/\//i.test(data)) return into;
    for (const word of data.toLowerCase().split(/[^a-z]+/)) if (word) into.add(word);
  } else if (Array.isArray(data)) {
    for (const value of data) wordsOfData(value, into);
  } else if (typeof data === 'object' && data !== null) {
    for (const value of Object.values(data)) wordsOfData(value, into);
  }
  return into;
}
