/**
 * `npx tsx --import ./scripts/lingui/register.mjs scripts/bench/fontsUsed.ts [path …]` (issue 48):
 * which of the machine's fonts draw each page's text, once the page has settled, as Chromium's
 * DevTools protocol says (`CSS.getPlatformFontsForNode`, every element). Any family beside the
 * page's own is a fallback the browser searched for: a character the page's font lacks sends the
 * layout that first shows it through each family of the font list and then the system's fonts
 * (on this machine, 60-70 ms of a phone-speed main thread for one '▾'). The elements drawn in
 * another family are printed, so the character can be found. Defaults: the home screen and a
 * shared video's page, on a phone's viewport.
 */
import type { CDPSession } from 'playwright-core';
import { launchBrowser, SAMPLE, startApp } from '../../tests/e2e/support/harness';
import { SHOWN_CLASS } from '../../tests/e2e/support/globeMarks';
import { PHONE } from './phone';

interface DomNode {
  nodeId: number;
  nodeType: number;
  children?: DomNode[];
}

/** Each family that draws text under `root`: its glyphs and the first elements it draws. */
async function fontsOf(cdp: CDPSession, root: DomNode) {
  const families = new Map<string, { glyphs: number; elements: string[] }>();
  const walk = async (node: DomNode) => {
    if (node.nodeType === 1) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: node.nodeId });
      for (const font of fonts) {
        const name = font.familyName + (font.isCustomFont ? ' (web font)' : '');
        const entry = families.get(name) ?? { glyphs: 0, elements: [] };
        entry.glyphs += font.glyphCount;
        if (entry.elements.length < 4) {
          const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId: node.nodeId });
          entry.elements.push(outerHTML.slice(0, 140));
        }
        families.set(name, entry);
      }
    }
    for (const child of node.children ?? []) await walk(child);
  };
  await walk(root);
  return [...families].sort((a, b) => b[1].glyphs - a[1].glyphs);
}

const paths = process.argv.slice(2);
const app = await startApp({ archiveFile: SAMPLE });
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ ...PHONE });
  for (const path of paths.length > 0
    ? paths
    : ['/?skipIntro=true', '/video/clayton-first-responders']) {
    await page.goto(app.url + path);
    await page.waitForSelector(`.${SHOWN_CLASS}`, { state: 'attached', timeout: 60_000 });
    // The tools, and an item's detail view after the flight to its card, come once it is shown.
    await page.getByRole('button', { name: 'Filters' }).waitFor({ timeout: 30_000 });
    if (/^\/(video|gallery)\//.test(path))
      await page.waitForSelector('.detail-overlay--shown', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const families = await fontsOf(cdp, root as DomNode);
    console.log(`\n${path}`);
    families.forEach(([name, { glyphs, elements }], index) => {
      console.log(`  ${name}: ${glyphs} glyphs`);
      // The page's own font draws nearly everything; the others are fallbacks, shown with where.
      if (index > 0) for (const element of elements) console.log(`      ${element}`);
    });
    await cdp.detach();
  }
} finally {
  await browser.close();
  await app.stop();
}
