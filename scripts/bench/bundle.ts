/**
 * Bundle sizes for ARCHITECTURE §5, read from the built `dist/` without a browser: the JS a visitor
 * must download before the intro can paint (the entry script, every `modulepreload`, and the static
 * imports of those chunks, recursively), the CSS, the whole app's JS, and the lazily-loaded chunks.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { appModulesOf } from '../appAfterFirstFrame';
import { staticImports } from '../builtImports';

/** One built file and what it costs over the wire. */
export interface FileSize {
  /** Path as the browser asks for it, e.g. `/assets/index-abc.js`. */
  path: string;
  bytes: number;
  gzipBytes: number;
  /** How many of the chunk's source-map sources are `@babylonjs/*` modules (0 without a map). */
  babylonModules: number;
  /** How many of those are `@babylonjs/loaders` modules (the 3D capture viewer's). */
  loadersModules: number;
  /** Source-map sources that are development builds of a library (`*.development.js`). */
  developmentModules: string[];
}

export interface BundleReport {
  /** JS that loads before the intro can paint, in the order it was found. */
  criticalJs: FileSize[];
  criticalJsGzipBytes: number;
  /**
   * The same for each language's first paint (`index.html` for English, `es/index.html`, …),
   * which preloads its own start catalog: the budget holds for each (issue 49).
   */
  criticalJsByLanguage: { language: string; gzipBytes: number }[];
  /** Stylesheets `index.html` links (they block the first paint too). */
  css: FileSize[];
  cssGzipBytes: number;
  /** Every `.js` file under `dist/assets/`. */
  allJsGzipBytes: number;
  allJsBytes: number;
  allJsFiles: number;
  /** JS chunks outside the critical set, largest (gzip) first. */
  lazyJs: FileSize[];
  /**
   * The globe's Babylon chunk: the lazy chunk holding the most `@babylonjs` modules, leaving out
   * the capture viewer's (null when none does or there are no maps).
   */
  babylonChunk: FileSize | null;
  /**
   * The 3D capture viewer's chunks: those holding `@babylonjs/loaders` (the loaders and the core
   * modules only they use), which only a visitor who opens a capture downloads.
   */
  captureChunks: FileSize[];
  /**
   * What the globe engine loads once the intro has painted: its chunk (the one holding
   * `src/globe/createGlobe.ts`), the worker's script it starts (`src/globe/worker/globe.worker.ts`)
   * and every chunk they import statically, less those loaded before the
   * intro; and the `@babylonjs` code of those chunks, as the source maps attribute it, gzipped
   * together (null without a globe chunk).
   */
  globe: { chunks: FileSize[]; gzipBytes: number; babylonGzipBytes: number } | null;
  /**
   * `@babylonjs/gui` (the globe's canvas overlays): the chunks holding it and its modules; and all
   * the `@babylonjs` code of those chunks (the GUI and the core modules it and the engine use
   * beyond the Babylon chunk), as the source maps attribute it: raw bytes, and that code gzipped.
   */
  babylonGui: { chunks: string[]; modules: number; bytes: number; gzipBytes: number };
  /**
   * Development builds of libraries anywhere in the app (React's `*.development.js`): a build made
   * with NODE_ENV other than `production`, which is bigger and slower than what visitors get.
   */
  developmentModules: string[];
}

/**
 * The built page's scripts: `<script type="module" src>`, `<link rel="modulepreload" href>` and
 * what its loader adds after the first frame (`appModulesOf`).
 */
function htmlEntries(html: string): { scripts: string[]; stylesheets: string[] } {
  const attr = (tag: string, name: string): string | undefined =>
    new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const scripts: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && attr(tag, 'type')?.toLowerCase() === 'module') scripts.push(src);
  }
  // The built page loads its entry and preloads after its first frame, from a JSON block.
  const modules = appModulesOf(html);
  if (modules) scripts.push(modules.entry, ...modules.preload);
  const stylesheets: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')?.toLowerCase();
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') scripts.push(href);
    if (rel === 'stylesheet') stylesheets.push(href);
  }
  return { scripts, stylesheets };
}

/** A URL path of the site (`/assets/x.js`) resolved from a specifier seen in `fromPath`. */
function resolvePath(specifier: string, fromPath: string): string | null {
  const base = 'http://bench.invalid';
  const url = new URL(specifier, base + fromPath);
  return url.origin === base ? decodeURIComponent(url.pathname) : null; // another origin: not ours
}

/** What a chunk's source map says it holds (nothing when there is no map). */
function sourcesOf(file: string): string[] {
  const map = `${file}.map`;
  if (!existsSync(map)) return [];
  try {
    const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] };
    return sources ?? [];
  } catch {
    return [];
  }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The generated code a source map attributes to sources matching `wanted`: each mapping segment
 * runs from its column to the next segment's (or the line's end). Returns that code, in order.
 */
export function codeFrom(
  code: string,
  mapJson: string,
  wanted: (source: string) => boolean,
): string {
  const { sources = [], mappings = '' } = JSON.parse(mapJson) as {
    sources?: string[];
    mappings?: string;
  };
  const lines = code.split('\n');
  const picked: string[] = [];
  let source = 0;
  mappings.split(';').forEach((line, lineIndex) => {
    const text = lines[lineIndex] ?? '';
    let column = 0;
    const segments: { column: number; source: number | null }[] = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length >= 4) source += fields[1] ?? 0;
      segments.push({ column, source: fields.length >= 4 ? source : null });
    }
    segments.forEach((segment, i) => {
      const name = segment.source === null ? undefined : sources[segment.source];
      if (name !== undefined && wanted(name))
        picked.push(text.slice(segment.column, segments[i + 1]?.column ?? text.length));
    });
  });
  return picked.join('');
}

/** `@babylonjs/gui` in the built chunks (see {@link BundleReport.babylonGui}). */
function measureGui(distDir: string, files: FileSize[]): BundleReport['babylonGui'] {
  const isGui = (source: string) => source.includes('@babylonjs/gui/');
  const withGui = files.filter((f) => sourcesOf(join(distDir, f.path)).some(isGui));
  const code = babylonCodeOf(distDir, withGui);
  return {
    chunks: withGui.map((f) => f.path),
    modules: withGui.reduce((n, f) => n + sourcesOf(join(distDir, f.path)).filter(isGui).length, 0),
    bytes: code.length,
    gzipBytes: code.length > 0 ? gzipSync(code, { level: 9 }).length : 0,
  };
}

/** React's development build prints this; its production build does not contain it. */
const REACT_DEV_MARKER = 'Download the React DevTools';

function developmentModulesOf(sources: string[], content: Buffer): string[] {
  const found = sources
    .filter((s) => /\.development\.[cm]?js$/.test(s))
    .map((s) => s.replace(/^.*?node_modules\//, ''));
  // Without a source map, the code itself gives React's development build away.
  if (found.length === 0 && sources.length === 0 && content.includes(REACT_DEV_MARKER))
    found.push('react (development build)');
  return found;
}

function sizeOf(distDir: string, path: string): FileSize {
  const file = join(distDir, path);
  if (!existsSync(file))
    throw new Error(`${path} is referenced by the build but ${file} is missing`);
  const content = readFileSync(file);
  const isJs = path.endsWith('.js');
  const sources = isJs ? sourcesOf(file) : [];
  return {
    path,
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
    babylonModules: sources.filter((s) => s.includes('@babylonjs/')).length,
    loadersModules: sources.filter((s) => s.includes('@babylonjs/loaders/')).length,
    developmentModules: isJs ? developmentModulesOf(sources, content) : [],
  };
}

/** The chunks `paths` are and import statically, directly or not, by URL path. */
function staticClosure(distDir: string, paths: string[]): Map<string, FileSize> {
  const found = new Map<string, FileSize>();
  const queue = [...paths];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (found.has(path)) continue;
    found.set(path, sizeOf(distDir, path));
    const code = readFileSync(join(distDir, path), 'utf8');
    for (const specifier of staticImports(code)) {
      // A Vite build has no bare specifiers; anything else is not a chunk of this site.
      if (!/^\.{0,2}\//.test(specifier)) continue;
      const next = resolvePath(specifier, path);
      if (next !== null && !found.has(next)) queue.push(next);
    }
  }
  return found;
}

/** The `@babylonjs` code of these chunks, as their source maps attribute it (see {@link codeFrom}). */
function babylonCodeOf(distDir: string, files: FileSize[]): Buffer {
  const parts = files.map((f) => {
    const file = join(distDir, f.path);
    if (!existsSync(`${file}.map`)) return '';
    return codeFrom(readFileSync(file, 'utf8'), readFileSync(`${file}.map`, 'utf8'), (source) =>
      source.includes('@babylonjs/'),
    );
  });
  return Buffer.from(parts.join('\n'));
}

/** The globe engine's chunks after the intro (see {@link BundleReport.globe}). */
function measureGlobe(
  distDir: string,
  allJs: FileSize[],
  critical: ReadonlyMap<string, FileSize>,
): BundleReport['globe'] {
  const holding = (module: string) =>
    allJs.find((f) => sourcesOf(join(distDir, f.path)).some((source) => source.endsWith(module)));
  const entry = holding('src/globe/createGlobe.ts');
  if (entry === undefined) return null;
  // Where the browser draws WebGL2 in a worker, the engine is the worker's script (one file with
  // its Babylon code); the page-thread fallback's chunks are fetched only where it cannot.
  const worker = holding('src/globe/worker/globe.worker.ts');
  const entries = [entry.path, ...(worker ? [worker.path] : [])];
  const chunks = [...staticClosure(distDir, entries).values()].filter((f) => !critical.has(f.path));
  return {
    chunks,
    gzipBytes: sum(chunks, 'gzipBytes'),
    babylonGzipBytes: gzipSync(babylonCodeOf(distDir, chunks), { level: 9 }).length,
  };
}

const sum = (files: FileSize[], key: 'bytes' | 'gzipBytes') =>
  files.reduce((total, f) => total + f[key], 0);

/** Measures `distDir` (the folder `vite build` wrote). */
export function measureBundle(distDir: string): BundleReport {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: the build did not run`);
  const { scripts, stylesheets } = htmlEntries(readFileSync(indexFile, 'utf8'));
  if (scripts.length === 0) throw new Error(`${indexFile} has no module script`);

  const critical = staticClosure(
    distDir,
    scripts.map((src) => resolvePath(src, '/index.html')).filter((p): p is string => p !== null),
  );

  const css = stylesheets
    .map((href) => resolvePath(href, '/index.html'))
    .filter((p): p is string => p !== null)
    .map((p) => sizeOf(distDir, p));

  const assetsDir = join(distDir, 'assets');
  const allJs = (existsSync(assetsDir) ? readdirSync(assetsDir) : [])
    .filter((name) => name.endsWith('.js'))
    .map((name) => critical.get(`/assets/${name}`) ?? sizeOf(distDir, `/assets/${name}`));
  const lazyJs = allJs
    .filter((f) => !critical.has(f.path))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const captureChunks = lazyJs.filter((f) => f.loadersModules > 0);
  const babylonChunk =
    [...lazyJs]
      .filter((f) => f.loadersModules === 0)
      .sort((a, b) => b.babylonModules - a.babylonModules)
      .find((f) => f.babylonModules) ?? null;

  const criticalJs = [...critical.values()];
  const criticalJsByLanguage = readdirSync(distDir)
    .filter((name) => /^[a-z]{2}$/.test(name) && existsSync(join(distDir, name, 'index.html')))
    .map((language) => {
      const page = `/${language}/index.html`;
      const entries = htmlEntries(readFileSync(join(distDir, page), 'utf8')).scripts;
      const files = staticClosure(
        distDir,
        entries.map((src) => resolvePath(src, page)).filter((p): p is string => p !== null),
      );
      return { language, gzipBytes: sum([...files.values()], 'gzipBytes') };
    });
  return {
    criticalJs,
    criticalJsGzipBytes: sum(criticalJs, 'gzipBytes'),
    criticalJsByLanguage,
    css,
    cssGzipBytes: sum(css, 'gzipBytes'),
    allJsGzipBytes: sum(allJs, 'gzipBytes'),
    allJsBytes: sum(allJs, 'bytes'),
    allJsFiles: allJs.length,
    lazyJs,
    babylonChunk,
    captureChunks,
    globe: measureGlobe(distDir, allJs, critical),
    babylonGui: measureGui(distDir, allJs),
    developmentModules: [...new Set(allJs.flatMap((f) => f.developmentModules))],
  };
}
