import contact from '@/content/contact.md?raw';
import resources from '@/content/resources.md?raw';
import statement from '@/content/statement.md?raw';
import submit from '@/content/submit.md?raw';

/** The Markdown of the archive's own pages (src/content/, edited by the editors). */
export const CONTENT = { statement, resources, submit, contact } as const;

/** Which page's words. */
export type ContentName = keyof typeof CONTENT;
