import { safeUrl } from '@/lib/url';

/** `{{name}}` in a page's Markdown: a value filled in from this deployment's settings. */
const TOKEN = /\{\{\s*([a-z_]+)\s*\}\}/gi;

/**
 * Fills the `{{name}}` tokens of a content page. A token with no value is removed (and reported
 * once, so an editor's typo shows in the console rather than as braces on the page).
 */
export function fillContent(markdown: string, values: Readonly<Record<string, string>>): string {
  return markdown.replace(TOKEN, (_, name: string) => {
    const value = values[name];
    if (value !== undefined) return value;
    console.warn(`Content token {{${name}}} has no value; it is left out.`);
    return '';
  });
}

const TEL = /^tel:\+?[0-9-]{3,20}$/;
const MAILTO = /^mailto:[^\s@<>"]+@[^\s@<>"]+$/;

/**
 * The checked URL helper for links in the archive's own pages: whatever `safeUrl` accepts, plus
 * `tel:` numbers and `mailto:` addresses. Anything else gives `null` (shown as plain text).
 */
export function contentLinkUrl(value: string): string | null {
  const url = value.trim();
  if (TEL.test(url) || MAILTO.test(url)) return url;
  return safeUrl(url);
}

/** Whether a link stays inside the app (a path such as `/resources`), for client-side navigation. */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

const EMAIL = /^[^\s@<>"()[\]]+@[^\s@<>"()[\]]+\.[^\s@<>"()[\]]+$/;

/** Whether a configured contact address looks like an email address. */
export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value);
}
