import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Issue 48: a character the page's font lacks ('▾', '←': Noto Sans, the sans-serif of Debian and
 * many Linux desktops, has neither) sends the first layout that shows it through each family of
 * the page's font list and then the system's fonts, 60-70 ms of a phone-speed main thread. What a
 * visitor's first views show (index.html's first frame, the start chunk's modules and the home
 * screen's tools, timeline and detail view) keeps to the characters every sans-serif font has:
 * Latin letters (Spanish and Bosnian included) and the usual punctuation. A mark or an arrow is
 * drawn (src/components/BackArrow.tsx, a CSS triangle) instead.
 */

const ROOT = new URL('../../../', import.meta.url).pathname;
const SRC = join(ROOT, 'src');

/** Latin letters and signs (to Latin Extended-B), and General Punctuation's dashes, quotes, … */
const EVERY_FONT_HAS = /^[\t\n\r\u0020-\u024f\u2010-\u2027\u2030-\u203a\u20ac]*$/u;

/** The start's entry, and the home screen's lazy parts it asks for once the archive is here. */
const ROOTS = [
  'main.tsx',
  'features/filter/HomeTools.tsx',
  'features/filter/Timeline.tsx',
  'features/detail/DetailOverlay.tsx',
  'features/detail/VideoDetail.tsx',
].map((file) => join(SRC, file));

function resolveImport(specifier: string, from: string): string | null {
  const base = specifier.startsWith('@/')
    ? join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (/\.(tsx?|css)$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

/** The files the roots import statically (type-only imports and `import()` left out). */
function staticClosure(roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.css')) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      const declaration =
        (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) ||
        (ts.isExportDeclaration(statement) && !statement.isTypeOnly)
          ? statement
          : null;
      const specifier = declaration?.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const target = resolveImport(specifier.text, file);
      if (target) queue.push(target);
    }
  }
  return [...seen];
}

/** The text a module can show: its JSX text, string literals and template parts (not comments). */
function shownTexts(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isJsxText(node) ||
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** What a stylesheet draws as text: its `content` values. */
const contents = (css: string) => [...css.matchAll(/content:\s*([^;}]+)/g)].map((m) => m[1] ?? '');

function outsideEveryFont(texts: readonly string[]): string[] {
  return texts.filter((text) => !EVERY_FONT_HAS.test(text));
}

describe("the first views' characters", () => {
  const files = staticClosure(ROOTS);

  it('walks the start: the entry, the home route, the preloader, the detail view', () => {
    const names = files.map((file) => relative(SRC, file));
    for (const expected of [
      'app/routes/HomeRoute.tsx',
      'features/preloader/Preloader.tsx',
      'i18n/LanguagePicker.tsx',
      'features/detail/DetailOverlay.tsx',
      'styles.css',
    ])
      expect(names).toContain(expected);
    // Not the editors' pages, which load on their own.
    expect(names.some((name) => name.startsWith('features/editor/'))).toBe(false);
  });

  it("are all in every sans-serif font: the modules' words and the stylesheets' marks", () => {
    const found: Record<string, string[]> = {};
    for (const file of files) {
      const texts = file.endsWith('.css') ? contents(readFileSync(file, 'utf8')) : shownTexts(file);
      const missing = outsideEveryFont(texts);
      if (missing.length > 0) found[relative(SRC, file)] = missing;
    }
    expect(found).toEqual({});
  });

  it("are in every sans-serif font in index.html's first frame too", () => {
    const page = readFileSync(join(ROOT, 'index.html'), 'utf8');
    const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)]
      .map((m) => m[1] ?? '')
      .join('\n');
    expect(outsideEveryFont(contents(styles))).toEqual([]);
    const body = page.slice(page.indexOf('<body'));
    const text = body.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');
    expect(outsideEveryFont([text])).toEqual([]);
  });

  it('would find a typed arrow or mark', () => {
    expect(outsideEveryFont(['← Back', 'English ▾', 'Done ✓'])).toHaveLength(3);
    expect(outsideEveryFont(['Čaršija – “Ñandú” …', 'Back'])).toEqual([]);
    expect(outsideEveryFont(contents(".a::after { content: '▾'; }"))).toEqual(["'▾'"]);
  });
});
