/**
 * A stop's narration as the plain text a link preview shows (issue 51): the Markdown's marks go,
 * its words stay, in order, and nothing becomes markup.
 */
import { describe, expect, it } from 'vitest';
import { markdownPlainText } from '@/lib/markdownText';

const flat = (markdown: string) => markdownPlainText(markdown).replace(/\s+/g, ' ').trim();

describe('markdownPlainText', () => {
  it('keeps the words of emphasis, code, links and pictures, without their marks', () => {
    expect(flat('It **starts** here, _then_ ~~goes~~ `on`.')).toBe('It starts here, then goes on.');
    expect(flat('Go on with [the months after](/story/months-after).')).toBe(
      'Go on with the months after.',
    );
    expect(flat('![A porch at dusk](/p.jpg) and [a ref][1] and <https://example.org/x>')).toBe(
      'A porch at dusk and a ref and https://example.org/x',
    );
    expect(flat('Not \\*emphasis\\*, a snake_case_name stays.')).toBe(
      'Not *emphasis*, a snake_case_name stays.',
    );
  });

  it('takes off the marks of headings, quotes, lists, rules and fences', () => {
    const text = [
      '## After the storm',
      '> Quiet now.',
      '- one',
      '2. two',
      '---',
      '```',
      'code',
      '```',
    ];
    expect(flat(text.join('\n'))).toBe('After the storm Quiet now. one two code');
  });

  it('keeps no tag of raw HTML, which the renderer never draws', () => {
    expect(flat('Before <script>alert(1)</script> after <b>bold</b>')).toBe(
      'Before alert(1) after bold',
    );
  });
});
