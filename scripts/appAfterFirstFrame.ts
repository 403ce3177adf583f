/**
 * The built page loads the app's JavaScript only once the document has painted its first frame
 * (issue 29: "a first paint before any script"). index.html paints the splash or the page frame
 * by itself; left as Vite writes it, the page names the app's entry as a module script and its
 * chunks as `modulepreload` links, so the browser fetches 140 KB (gzip) of script at once, and
 * where those arrive before the first frame (a returning visitor's cache) runs them before
 * painting anything: a task of 400 ms on a phone. Lighthouse's phone model counts every request
 * that starts before the first paint on the way to it (2.5 s of first contentful paint here).
 *
 * This plugin takes the entry and its preloads out of the built page and writes them into a JSON
 * block the page does not run (`<script type="application/json" id="app-modules">`) and one
 * small inline loader (`APP_LOADER`): it waits for the first animation frame, lets that frame be
 * painted (a task after it), then adds the entry as the page had it, and the preloads a few per
 * task (the module loader asks for the rest of the entry's imports itself as it reads the
 * entry). A page opened hidden (a tab in the background, a prerender) paints nothing, so it loads
 * at once, and a page hidden before its first frame loads then. The Node server allows the
 * loader by its hash, as it does index.html's own inline script (server/app/firstPaintPage.ts
 * `inlineScriptHashes`).
 *
 * `npm run dev` serves index.html as written (the plugin applies to builds only).
 */
import type { Plugin } from 'vite';

/**
 * Preloads asked for in one task: each request costs the main thread 1.5 ms (6 ms on a phone's
 * CPU), and the app's 14 chunks at once made a task of 150 ms there.
 */
const PRELOADS_PER_TASK = 4;

/** The id of the JSON block that names the app's modules. */
export const APP_MODULES_ID = 'app-modules';

/** What the JSON block says: the entry's URL and the chunks to preload before it, in order. */
export interface AppModules {
  entry: string;
  preload: string[];
}

/**
 * The loader, as it stands in the built page (its hash allows it): the same text in every build,
 * since the modules it loads are read from the JSON block.
 */
export const APP_LOADER = `(function () {
  var modules = JSON.parse(document.getElementById('${APP_MODULES_ID}').textContent);
  var started = false;
  var PRELOADS_PER_TASK = ${PRELOADS_PER_TASK};
  function load() {
    if (started) return;
    started = true;
    document.removeEventListener('visibilitychange', loadIfHidden);
    var head = document.head;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = modules.entry;
    head.appendChild(script);
    preload(modules.preload);
  }
  function preload(hrefs) {
    hrefs.slice(0, PRELOADS_PER_TASK).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (hrefs.length > PRELOADS_PER_TASK)
      setTimeout(preload, 0, hrefs.slice(PRELOADS_PER_TASK));
  }
  function loadIfHidden() {
    if (document.visibilityState === 'hidden') load();
  }
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
  document.addEventListener('visibilitychange', loadIfHidden);
  loadIfHidden();
})();`;

const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i');
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>\s*<\/script>\s*/gi;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>\s*/gi;

/** `<` and `>` escaped, so that no URL can close the JSON block. */
function jsonInHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
}

/**
 * The built page with its entry and preloads moved behind the loader. Throws unless the page has
 * exactly one module script with a `src` (what Vite writes for one entry), so a change in how the
 * page is built cannot leave it loading nothing.
 */
export function loadAfterFirstFrame(html: string): string {
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  const entry = scripts.length === 1 ? ATTRIBUTE('src').exec(scripts[0]?.[0] ?? '')?.[1] : null;
  if (!entry)
    throw new Error(
      `index.html: expected one module script with a src to load after the first frame, found ${scripts.length}`,
    );
  if (html.includes(`id="${APP_MODULES_ID}"`))
    throw new Error(`index.html already has an element with id "${APP_MODULES_ID}"`);
  const preload: string[] = [];
  for (const [tag] of html.matchAll(MODULE_PRELOAD)) {
    const href = ATTRIBUTE('href').exec(tag)?.[1];
    if (href) preload.push(href);
  }
  const modules: AppModules = { entry, preload };
  const page = html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  if (!page.includes('</body>')) throw new Error('index.html has no </body>');
  return page.replace(
    '</body>',
    () =>
      `  <script type="application/json" id="${APP_MODULES_ID}">${jsonInHtml(modules)}</script>\n` +
      `    <script>${APP_LOADER}</script>\n  </body>`,
  );
}

/** The app's modules as a built page names them (for the bundle benchmark). */
export function appModulesOf(html: string): AppModules | null {
  const block = new RegExp(
    `<script type="application/json" id="${APP_MODULES_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  if (!block?.[1]) return null;
  const parsed = JSON.parse(block[1]) as Partial<AppModules>;
  if (typeof parsed.entry !== 'string' || !Array.isArray(parsed.preload))
    throw new Error(`index.html's ${APP_MODULES_ID} block is malformed`);
  return { entry: parsed.entry, preload: parsed.preload.map(String) };
}

/** The Vite plugin: the built index.html loads the app after its first frame. */
export function appAfterFirstFrame(): Plugin {
  return {
    name: 'globe-archive:app-after-first-frame',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: loadAfterFirstFrame },
  };
}
