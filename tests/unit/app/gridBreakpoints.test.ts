// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The detail views' grids, read from the real stylesheets (index.html's and the app's: their rules
 * and media queries), at the
 * widths of a phone, a tablet and a desktop: SPEC §2 says 3 and 5 columns for Related Media,
 * 2, 4 and 8 for a gallery's images, and a page no wider than 7xl (80rem).
 */
let rules: { selectors: string[]; minWidth: number; style: CSSStyleDeclaration }[] = [];

beforeAll(() => {
  const style = document.createElement('style');
  // The page's rules: index.html's own (the first paint's, the :root variables among them), then
  // the app's shared stylesheet and the detail view's, in the order the app adds them.
  const html = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
  const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
  const stylesheets = [
    'src/styles.css',
    'src/features/detail/detail.css',
    'src/features/detail/DetailOverlay.css',
  ].map((file) => readFileSync(join(process.cwd(), file), 'utf8'));
  style.textContent = [inline, ...stylesheets].join('\n');
  document.head.append(style);
  const sheet = style.sheet as CSSStyleSheet;
  const collect = (list: CSSRuleList, minWidth: number) => {
    for (const rule of [...list]) {
      if (rule instanceof CSSMediaRule) {
        const min = /^\(min-width:\s*(\d+)px\)$/.exec(rule.media.mediaText.trim());
        // Only width breakpoints bear on the grids (reduced-motion and max-width blocks do not).
        if (min) collect(rule.cssRules, Number(min[1]));
      } else if (rule instanceof CSSStyleRule) {
        rules.push({
          selectors: rule.selectorText.split(',').map((s) => s.trim()),
          minWidth,
          style: rule.style,
        });
      }
    }
  };
  rules = [];
  collect(sheet.cssRules, 0);
});

/** The value a property takes for `selector` at a viewport width (later rules win, as in CSS). */
function valueAt(selector: string, property: string, width: number): string {
  let value = '';
  for (const rule of rules) {
    if (!rule.selectors.includes(selector) || rule.minWidth > width) continue;
    const v = rule.style.getPropertyValue(property);
    if (v) value = v;
  }
  return value;
}

const columnsAt = (selector: string, width: number) => {
  const match = /^repeat\((\d+),/.exec(valueAt(selector, 'grid-template-columns', width));
  return match ? Number(match[1]) : null;
};

describe('the detail grids', () => {
  it.each([
    [360, 3],
    [390, 3],
    [768, 3],
    [1023, 3],
    [1024, 5],
    [1440, 5],
  ])('Related Media at %i px: %i columns', (width, columns) => {
    expect(columnsAt('.detail__related', width)).toBe(columns);
  });

  it.each([
    [360, 2],
    [639, 2],
    [640, 4],
    [800, 4],
    [1023, 4],
    [1024, 8],
    [1920, 8],
  ])('gallery images at %i px: %i columns', (width, columns) => {
    expect(columnsAt('.gallery__grid', width)).toBe(columns);
  });

  it('keeps the page within 7xl (80rem)', () => {
    const root = rules.find((r) => r.selectors.includes(':root'));
    expect(root?.style.getPropertyValue('--page-max').trim()).toBe('80rem');
    expect(valueAt('.detail-overlay__panel', 'max-width', 1920)).toBe('var(--page-max)');
  });
});
