/** The bench's units and how its figures print: numbers, times and Markdown tables. */
export const KB = 1000; // as Vite reports sizes
export const MB = 1024 * 1024; // a 4096² RGBA atlas page is 64 MB (ARCHITECTURE §8)

export function fmt(value: number | null | undefined, digits: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** A time in ms; Infinity (the run timed out before it) reads `timedOut`. */
export function fmtMs(value: number | null | undefined, timedOut = 'timeout'): string {
  return value === Infinity ? timedOut : fmt(value, 0);
}

/**
 * A Markdown table, padded so it also reads as plain text in a terminal: the first column
 * left-aligned, the rest right-aligned unless `leftAll`.
 */
export function table(header: string[], rows: string[][], leftAll = false): string {
  const widths = header.map((h, i) =>
    Math.max(3, h.length, ...rows.map((r) => (r[i] ?? '').length)),
  );
  const left = (i: number) => i === 0 || leftAll;
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (left(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (left(i) ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
