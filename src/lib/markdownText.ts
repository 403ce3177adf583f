/**
 * Markdown read as the plain text a reader sees (issue 51): a story stop's narration in a link
 * preview or a search engine's snippet, where no markup is shown. Not a renderer: it takes off
 * the marks of the Markdown the archive's renderer draws (emphasis, code, links and pictures,
 * headings, quotes, lists) and keeps their words; it never makes markup.
 */

/** A line's block marks: a heading's `#`s, a quote's `>`, a list's `-`, `*`, `+` or `1.`. */
const BLOCK_MARKS = /^[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+|[-*+][ \t]+|\d{1,9}[.)][ \t]+)?/gm;
/** A thematic break (`---`, `***`) or a setext heading's underline (`===`). */
const RULE_LINE = /^[ \t]*(?:[-*_][ \t]*){3,}$|^[ \t]*=+[ \t]*$/gm;
/** A fenced code block's fences (its code is kept as text). */
const FENCE = /^[ \t]*(?:`{3,}|~{3,}).*$/gm;

/**
 * Where an escaped character waits while the marks are taken off: Unicode's private use area
 * (U+E000 + its ASCII code), which no mark matches. A narration's own characters of U+E000 to
 * U+E07F, which no keyboard writes, would come out as ASCII.
 */
const HELD = 0xe000;

/** The plain text of `markdown`, its white space as written (collapse it where it is shown). */
export function markdownPlainText(markdown: string): string {
  return (
    markdown
      // A backslash escape is the character itself, never a mark: held apart until the end.
      .replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => String.fromCharCode(HELD + c.charCodeAt(0)))
      .replace(FENCE, '')
      .replace(RULE_LINE, '')
      .replace(BLOCK_MARKS, '')
      // Pictures say their alternative text; links their words (inline, reference, autolinks).
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      .replace(/<((?:https?:|mailto:)[^>\s]*)>/g, '$1')
      // Raw HTML is never drawn by the archive's renderer: its tags are no words.
      .replace(/<\/?[A-Za-z][^>]*>/g, '')
      // Emphasis, strong, strike-through and code spans: the marks go, the words stay.
      .replace(/(\*{1,3}|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
      // An underscore inside a word (`snake_case`) is no emphasis.
      .replace(/(?<![\p{L}\p{N}])(_{1,3})(?=\S)([\s\S]*?\S)\1(?![\p{L}\p{N}])/gu, '$2')
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/[\ue000-\ue07f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - HELD))
  );
}
