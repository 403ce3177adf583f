/**
 * Issue 49: `npm run lint` fails on text written into the UI outside the translation layer. The
 * project's own ESLint configuration is run on screens written both ways.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function unlocalized(code: string, filePath = 'src/features/example/Example.tsx') {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'lingui/no-unlocalized-strings')
    .map((m) => code.split('\n')[m.line - 1]?.trim());
}

describe('the lint step on words outside the translation layer', () => {
  it('fails on JSX text, an accessible name and a returned sentence written in English', async () => {
    const code = [
      "import { useLingui } from '@lingui/react/macro';",
      'export function Example() {',
      '  const { t } = useLingui();',
      '  return (',
      '    <section className="example example--wide">',
      '      <button type="button" aria-label="Close the list">{t`Close`}</button>',
      '      <p>Nothing matches these filters</p>',
      '    </section>',
      '  );',
      '}',
      "export const problem = () => 'The archive could not be loaded.';",
    ].join('\n');
    expect(await unlocalized(code)).toEqual([
      '<button type="button" aria-label="Close the list">{t`Close`}</button>',
      '<p>Nothing matches these filters</p>',
      "export const problem = () => 'The archive could not be loaded.';",
    ]);
  }, 60_000);

  it("lets through the layer's words and what is not text for people", async () => {
    const code = [
      "import { Trans, useLingui } from '@lingui/react/macro';",
      "import { msg } from '@lingui/core/macro';",
      'const TITLE = msg`Archive items`;',
      'export function Example({ id }: { id: string }) {',
      '  const { t: say } = useLingui();',
      "  const wide = window.matchMedia('(min-width: 40rem)').matches;",
      '  return (',
      '    <a href={`/video/${id}`} className="card card--wide" aria-label={say`Open the item`}>',
      '      <Trans>Recorded on the day of the storm</Trans>',
      '      {wide && TITLE.id}',
      '    </a>',
      '  );',
      '}',
    ].join('\n');
    expect(await unlocalized(code)).toEqual([]);
  }, 60_000);
});
