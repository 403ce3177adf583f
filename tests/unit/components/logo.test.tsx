// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo } from '@/components/Logo';
import { MONOGRAM, WORDMARK, wordsGroup } from '../../../scripts/artwork/logoWords.mjs';

const read = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
const parse = (markup: string, type: DOMParserSupportedType) =>
  new DOMParser().parseFromString(markup, type);
/** An element's drawing, the same however it was parsed: tags, attributes, text, in order. */
const canonical = (element: Element): string => {
  const attributes = [...element.attributes]
    .filter((a) => a.name !== 'xmlns')
    .map((a) => `${a.name}="${a.value}"`)
    .sort()
    .join(' ');
  const inner =
    element.children.length > 0
      ? [...element.children].map(canonical).join('')
      : (element.textContent ?? '').trim();
  return `<${element.localName} ${attributes}>${inner}</${element.localName}>`;
};
const drawing = (element: Element) =>
  [...element.children]
    .filter((child) => child.localName !== 'title')
    .map(canonical)
    .join('');

describe('the logo', () => {
  it("is drawn in index.html as public/logo.svg draws it (the artwork's file)", () => {
    const file = parse(read('public/logo.svg'), 'image/svg+xml').documentElement;
    const page = parse(read('index.html'), 'text/html');
    const symbol = page.querySelector('body > svg.logo-art > symbol#logo-art');
    expect(symbol).not.toBeNull();
    expect(symbol?.getAttribute('viewBox')).toBe(file.getAttribute('viewBox'));
    expect(drawing(symbol as Element)).toBe(drawing(file));
    // Every place the first frame shows it draws that symbol: no image to fetch.
    const uses = [...page.querySelectorAll('#root use')].map((use) => use.getAttribute('href'));
    expect(uses).toEqual(['#logo-art', '#logo-art']);
    expect(page.querySelector('#root img[src="/logo.svg"]')).toBeNull();
  });

  it('draws its words as outlines of Inter: no text for the first layout to find a font for', () => {
    // <text>s in three sizes and weights cost the first layout a font lookup each (issue 48), and
    // looked different on every system; the outlines are what scripts/artwork/logoWords.mjs draws.
    for (const [file, id, words] of [
      ['public/logo.svg', 'ga-logo-words', WORDMARK],
      ['public/TPR-Logo.svg', 'ga-mark-words', MONOGRAM],
    ] as const) {
      const markup = read(file);
      const svg = parse(markup, 'image/svg+xml').documentElement;
      expect(svg.querySelectorAll('text'), file).toHaveLength(0);
      expect(
        [...svg.querySelectorAll(`#${id} > path`)].map((path) => path.getAttribute('data-word')),
      ).toEqual(words.map((word) => word.text));
      expect(markup).toContain(wordsGroup(id, words));
    }
  });

  it('draws the same symbol in the app, named where it stands alone', () => {
    const { container } = render(
      <>
        <Logo width={190} height={48} />
        <Logo className="intro__splash" label="Globe Archive" width={284} height={72} />
      </>,
    );
    const [decoration, named] = [...container.querySelectorAll('svg')];
    expect(decoration?.getAttribute('aria-hidden')).toBe('true');
    expect(decoration?.getAttribute('role')).toBeNull();
    expect(named?.getAttribute('role')).toBe('img');
    expect(named?.getAttribute('aria-label')).toBe('Globe Archive');
    for (const svg of [decoration, named]) {
      expect(svg?.getAttribute('viewBox')).toBe('0 0 284 72');
      expect(svg?.querySelector('use')?.getAttribute('href')).toBe('#logo-art');
    }
  });
});
