/**
 * The one checked helper every URL from archive data passes before it reaches `src` or `href`.
 *
 * SPEC §5: relative URLs are left as they are and absolute http/https URLs are kept unchanged.
 * Anything else (`javascript:`, `data:`, `vbscript:`, `file:` …) is refused, as is any string with
 * control characters, which browsers strip while parsing (`java\nscript:` would run as script).
 *
 * @returns the URL exactly as given (trimmed), or `null` when it is refused.
 */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  // eslint-disable-next-line no-control-regex
  if (url === '' || /[\u0000-\u001f\u007f-\u009f]/.test(url)) return null;
  let parsed: URL;
  try {
    // A base makes relative URLs parse as https; an absolute URL keeps its own scheme.
    parsed = new URL(url, 'https://relative.invalid/');
  } catch {
    return null;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : null;
}
