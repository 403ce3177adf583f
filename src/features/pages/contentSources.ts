import contact from '@/content/contact.md?raw';
import resources from '@/content/resources.md?raw';
import statement from '@/content/statement.md?raw';
import submit from '@/content/submit.md?raw';
import type { TranslatedLanguage } from '@/features/pages/translatedText';

/**
 * The Markdown of the archive's own pages (src/content/, edited by the editors), in English: in
 * the page's own chunk, so an English page shows at once.
 */
export const CONTENT = { statement, resources, submit, contact } as const;

/** Which page's words. */
export type ContentName = keyof typeof CONTENT;

/**
 * The translated pages beside them (`statement.es.md`, `statement.bs.md`, …; issue 49), each a
 * small chunk of its own, fetched when a page is shown in that language: an English visitor
 * loads none, a Spanish one only the Spanish of the pages they open.
 */
const TRANSLATED = import.meta.glob<string>('@/content/*.{es,bs}.md', {
  query: '?raw',
  import: 'default',
});

/** How to fetch a page's translation, or null where it has none yet (the English is shown). */
export function translatedContent(
  name: ContentName,
  language: TranslatedLanguage,
): (() => Promise<string>) | null {
  const file = `/${name}.${language}.md`;
  const path = Object.keys(TRANSLATED).find((each) => each.endsWith(file));
  return path === undefined ? null : (TRANSLATED[path] ?? null);
}
