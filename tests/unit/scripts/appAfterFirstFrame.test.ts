// @vitest-environment jsdom
/**
 * The built page loads the app after its first frame (scripts/appAfterFirstFrame.ts): the
 * transform of Vite's index.html, and the inline loader run in a document.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_LOADER, appModulesOf, loadAfterFirstFrame } from '../../../scripts/appAfterFirstFrame';

/** index.html as Vite writes it for one entry. */
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>Globe Archive</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/react-C3.js">
    <script>first()</script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('loadAfterFirstFrame', () => {
  it('moves the entry and its preloads out of the page, into the block the loader reads', () => {
    const page = loadAfterFirstFrame(BUILT);
    expect(page).not.toMatch(/type="module"/);
    expect(page).not.toMatch(/<link[^>]*modulepreload/);
    expect(appModulesOf(page)).toEqual({
      entry: '/assets/index-A1.js',
      preload: ['/assets/runtime-B2.js', '/assets/react-C3.js'],
    });
    // The page's own inline script stays where it was; the loader comes last in the body.
    expect(page).toContain('<script>first()</script>');
    expect(page.indexOf(APP_LOADER)).toBeGreaterThan(page.indexOf('id="root"'));
    expect(page.trimEnd().endsWith(`<script>${APP_LOADER}</script>\n  </body>\n</html>`)).toBe(
      true,
    );
  });

  it('refuses a page with no entry or more than one, rather than load nothing', () => {
    expect(() => loadAfterFirstFrame('<html><body></body></html>')).toThrow(/found 0/);
    const two = BUILT.replace('</head>', '<script type="module" src="/b.js"></script></head>');
    expect(() => loadAfterFirstFrame(two)).toThrow(/found 2/);
  });

  it('writes URLs so that none can close the block', () => {
    // (`</script` followed by `/` ends a script block; `<!--` starts an escape in one.)
    const hostile = BUILT.replace('/assets/react-C3.js', '/x</script/<!--.js');
    const page = loadAfterFirstFrame(hostile);
    expect(page).not.toContain('/x</script');
    expect(page).not.toContain('<!--.js');
    expect(appModulesOf(page)?.preload[1]).toBe('/x</script/<!--.js');
  });

  it('says nothing of a page without the block (a development page)', () => {
    expect(appModulesOf(BUILT)).toBeNull();
  });
});

describe('the loader in the page', () => {
  let frames: FrameRequestCallback[];
  let visibility: DocumentVisibilityState;

  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    visibility = 'visible';
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    document.head.innerHTML = '';
    document.body.innerHTML = new DOMParser()
      .parseFromString(loadAfterFirstFrame(BUILT), 'text/html')
      .body.innerHTML.replace(/<script>\(function[\s\S]*$/, '');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const run = () => {
    new Function(APP_LOADER)();
  };
  const added = () =>
    [...document.head.children].map((el) =>
      el instanceof HTMLScriptElement
        ? `script ${el.type} ${el.getAttribute('src')}`
        : `${el.getAttribute('rel')} ${el.getAttribute('href')}`,
    );

  it('adds nothing until the first frame has been painted, then the preloads and the entry', () => {
    run();
    vi.runAllTimers();
    expect(added()).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    // Still within the frame: the loading waits for a task after it.
    expect(added()).toEqual([]);
    vi.runAllTimers();
    expect(added()).toEqual([
      'script module /assets/index-A1.js',
      'modulepreload /assets/runtime-B2.js',
      'modulepreload /assets/react-C3.js',
    ]);
    const entry = document.head.querySelector('script');
    expect(entry?.crossOrigin).toBe('');
  });

  it('asks for a few preloads per task, so that no task makes many requests', () => {
    const many = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
    const block = document.getElementById('app-modules');
    if (!block) throw new Error('no block');
    block.textContent = JSON.stringify({ entry: '/assets/index-A1.js', preload: many });
    run();
    frames[0]?.(0);
    const perTask: number[] = [];
    while (vi.getTimerCount() > 0) {
      const before = added().length;
      vi.advanceTimersToNextTimer();
      perTask.push(added().length - before);
    }
    // The entry and 4 preloads, then 4, then 2.
    expect(perTask).toEqual([5, 4, 2]);
    expect(added().slice(1)).toEqual(many.map((href) => `modulepreload ${href}`));
  });

  it('loads at once in a page opened hidden, and once only', () => {
    visibility = 'hidden';
    run();
    expect(added()).toHaveLength(3);
    frames[0]?.(0);
    vi.runAllTimers();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(added()).toHaveLength(3);
  });

  it('loads when the page is hidden before its first frame', () => {
    run();
    expect(added()).toEqual([]);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(added()).toHaveLength(3);
  });
});
