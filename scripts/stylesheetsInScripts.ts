/**
 * The app's stylesheets travel inside its scripts. Each component imports the stylesheet beside
 * it (`import './FilterTray.css'`), and src/main.tsx the shared one; left as Vite builds such
 * imports, the start chunk's rules would go into a `<link rel="stylesheet">` of the built page's
 * head, which holds the first paint back until it arrives (index.html paints its first frame by
 * itself, before any script: scripts/appAfterFirstFrame.ts), and a lazy page's rules into a file
 * of their own fetched beside its chunk.
 *
 * This plugin makes each such import, in the browser's build, a module that adds the stylesheet's
 * rules (minified, as `?inline` gives them) to the document's head in a `<style>` of its own when
 * it runs, as `npm run dev` does: the start's rules arrive with the app's script and apply before
 * it renders anything, and a lazy page's with its chunk, before that page renders. The stylesheets
 * enter the head in the order their modules run, after index.html's own `<style>`: src/main.tsx
 * imports the shared sheet first, and a component that imports its children before its stylesheet
 * gets its rules after theirs.
 */
import type { Plugin } from 'vite';

/**
 * The id of the module that adds the stylesheet at `file`: `\0` marks a module of no file (per
 * Rollup), and the id ends in `.js`, as Vite's own CSS plugins take every id that ends in `.css`.
 */
const adderId = (file: string) => `\0stylesheet-in-script:${file}.js`;
const ADDER = /^\0stylesheet-in-script:(.+)\.js$/;

/** A stylesheet imported for its effect alone: no query (`?inline`, `?url`) asks for more. */
const PLAIN_STYLESHEET = /\.css$/;

/** One of the app's script modules (not the page's own inline `<style>`, which Vite also reads). */
const SCRIPT = /\.[cm]?[jt]sx?$/;

/** The module that adds the stylesheet at `file` (an absolute path) to the document's head. */
export function stylesheetAdder(file: string): string {
  return [
    `import rules from ${JSON.stringify(`${file}?inline`)};`,
    `const stylesheet = document.createElement('style');`,
    `stylesheet.textContent = rules;`,
    `document.head.append(stylesheet);`,
  ].join('\n');
}

/** The Vite plugin: the browser build's stylesheets are added by the scripts that import them. */
export function stylesheetsInScripts(): Plugin {
  return {
    name: 'globe-archive:stylesheets-in-scripts',
    apply: 'build',
    enforce: 'pre',
    // The services' build (vite.server.config.ts) has no document to add them to.
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    async resolveId(source, importer, options) {
      if (!importer || !SCRIPT.test(importer) || !PLAIN_STYLESHEET.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && !resolved.external ? adderId(resolved.id) : null;
    },
    load(id) {
      const file = ADDER.exec(id)?.[1];
      return file === undefined ? null : stylesheetAdder(file);
    },
  };
}
