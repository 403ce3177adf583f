/**
 * The pseudo-locale's words (issue 49): a message's text accented and the message lengthened by
 * about a third (`~~Śēàŕćĥ~~`), its ICU syntax (arguments, plurals, `#`) and Lingui's tags
 * (`<0>…</0>`) kept. The message is parsed, not matched with patterns, so `{photos} and
 * {captures}` keeps both its arguments.
 */
import { parse, type Token } from '@messageformat/parser';
import pseudolocale from 'pseudolocale';

const TAG = /(<\/?\d+\s*\/?>)/;

/** Text accented, its tags kept. */
function accented(text: string): string {
  return text
    .split(TAG)
    .map((part) =>
      TAG.test(part) ? part : pseudolocale(part, { prepend: '', append: '', extend: 0 }),
    )
    .join('');
}

/** Text as ICU writes it: a brace or, inside a plural, `#` quoted. */
function quoted(text: string, inPlural: boolean): string {
  return text.replace(inPlural ? /[{}#]/g : /[{}]/g, (c) => `'${c}'`);
}

function write(tokens: readonly Token[], inPlural: boolean): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'content':
          return quoted(accented(token.value), inPlural);
        case 'argument':
          return `{${token.arg}}`;
        case 'octothorpe':
          return '#';
        case 'function':
          return `{${token.arg}, ${token.key}}`;
        default: {
          const plural = token.type !== 'select';
          const offset = token.pluralOffset ? ` offset:${token.pluralOffset}` : '';
          const cases = token.cases
            .map(({ key, tokens: inner }) => `${key} {${write(inner, plural)}}`)
            .join(' ');
          return `{${token.arg}, ${token.type},${offset} ${cases}}`;
        }
      }
    })
    .join('');
}

/** Letters of text in `tokens` (the padding follows the words, not the syntax). */
function textLength(tokens: readonly Token[]): number {
  return tokens.reduce(
    (n, token) =>
      n +
      (token.type === 'content'
        ? token.value.replace(new RegExp(TAG, 'g'), '').length
        : 'cases' in token
          ? Math.max(...token.cases.map((c) => textLength(c.tokens)))
          : 2),
    0,
  );
}

export function pseudoText(message: string): string {
  const tokens = parse(message, { strict: false });
  const pad = '~'.repeat(Math.max(1, Math.round(textLength(tokens) * 0.175)));
  return `${pad}${write(tokens, false)}${pad}`;
}
