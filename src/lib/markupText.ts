/**
 * Text as HTML or XML character data or a quoted attribute value: nothing in it can open a tag,
 * an entity or end a quote. The one escape for every document the archive writes by hand (the
 * first paints, a shared item's document, the sitemap, OAI-PMH).
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
