/**
 * V8's explicit compile hint for the chunks whose functions run as the app starts (issue 48).
 *
 * V8 compiles a function lazily: a quick pre-parse when the script arrives, then a full parse and
 * a compile on the main thread the first time the function is called. At start nearly every
 * function of the start chunk (React DOM's render and commit, the router, the store, the first
 * screens) is called once, so a cold visit paid for each one in the middle of its first render:
 * Lighthouse's trace of `/?skipIntro=true` gave about 40% of the start chunk's "script
 * evaluation" to V8's `CompileCode`, `ParseFunction`, `CompileIgnition` and tiering.
 *
 * The magic comment `//# allFunctionsCalledOnLoad` (Chrome 136 and later; other engines read it as
 * a comment) asks V8 to compile every function after it eagerly, off the main thread while the
 * script streams in. It goes on the start chunk and on the chunks the home screen reveals once the
 * archive is here (its tools, the timeline, an item's detail view), whose code is fetched ahead
 * and runs as a whole when the globe is shown. Chunks that run only a part of themselves (Babylon,
 * the editor's pages, the search's index) keep V8's own choice.
 *
 * The hint is added after the chunks' names were hashed (as Vite adds its preload list), so a
 * chunk keeps the name it had without it: a cache holding the same name from before serves the
 * same code, only without the hint.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The chunks (by their names) whose functions run, nearly all of them, at start. */
export const EAGER_CHUNKS: ReadonlySet<string> = new Set([
  'start',
  'HomeTools',
  'Timeline',
  'DetailOverlay',
  'VideoDetail',
]);

/** A chunk's code with the hint on a line of its own at the top, and its map moved down one. */
export function withCompileHint(code: string, mappings: string | null) {
  return {
    code: `${COMPILE_HINT}\n${code}`,
    mappings: mappings === null ? null : `;${mappings}`,
  };
}

/**
 * Adds the hint to the chunks of `EAGER_CHUNKS` in the browser's build, after Vite's own changes
 * to their code (its preload list goes at the top too), and moves their source maps (the chunk's
 * and the `.map` file written beside it) by the one line it adds.
 */
export function compileHints(chunks: ReadonlySet<string> = EAGER_CHUNKS): Plugin {
  return {
    name: 'globe-archive:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunks.has(chunk.name)) continue;
          const hinted = withCompileHint(chunk.code, chunk.map?.mappings ?? null);
          chunk.code = hinted.code;
          if (chunk.map && hinted.mappings !== null) chunk.map.mappings = hinted.mappings;
          const mapFile = bundle[`${chunk.fileName}.map`];
          if (mapFile?.type === 'asset') {
            const map = JSON.parse(String(mapFile.source)) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            mapFile.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}
