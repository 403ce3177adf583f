// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen, waitFor } from '@testing-library/react';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFirstPaint } from '@/app/firstPaint';
import { createAuthAccess } from '@/features/auth/authAccess';
import { Intro } from '@/features/intro/Intro';
import { forgetIntroSeen } from '@/features/intro/introStorage';
import { LOCAL_IDENTITY } from '@/lib/config';
import { isSharedView } from '@/lib/routes';
import { SPLASH_MS } from '@/lib/constants';
import { renderApp } from '../support/renderWithProviders';

/** The app's document, as the build copies it. */
const INDEX = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');

/** index.html loaded and its inline script run at `url`, with `hasSeenIntro` stored or not. */
async function loadDocument(url: string, { seen = false, storage = true } = {}): Promise<Document> {
  const dom = new JSDOM(INDEX, {
    url: `http://localhost${url}`,
    runScripts: 'dangerously',
    beforeParse(window) {
      if (!storage) {
        Object.defineProperty(window, 'localStorage', {
          get: () => {
            throw new DOMException('blocked', 'SecurityError');
          },
        });
      } else if (seen) window.localStorage.setItem('hasSeenIntro', 'true');
    },
  });
  const doc = dom.window.document;
  // The views not taken go once the document is parsed (its readystatechange, a task later).
  if (doc.readyState === 'loading')
    await new Promise((resolve) => doc.addEventListener('DOMContentLoaded', resolve));
  return doc;
}

const view = (doc: Document) => doc.documentElement.dataset.firstView;
const parts = (doc: Document) =>
  [...doc.querySelectorAll<HTMLElement>('[data-first-paint]')].map((e) => e.dataset.firstPaint);

/**
 * An element's shape: its tag, its attributes (sorted; the first frame's own markers, React
 * Router's and empty classes left out; styles as the browser reads them) and its children's
 * shapes, without comments, <noscript> or white space between elements.
 */
function shape(element: Element): string {
  const whole = element.cloneNode(true) as Element;
  whole.normalize();
  return shapeOf(whole);
}

function shapeOf(element: Element): string {
  const attributes = [...element.attributes]
    .filter(
      (a) =>
        !['data-first-paint', 'data-discover'].includes(a.name) &&
        !(a.name === 'class' && a.value === ''),
    )
    .map((a) => {
      const value = a.name === 'style' ? (element as HTMLElement).style.cssText : a.value;
      return `${a.name}=${JSON.stringify(value)}`;
    })
    .sort();
  const children = [...element.childNodes]
    .map((node) => {
      if (node.nodeType === 1 && (node as Element).tagName !== 'NOSCRIPT')
        return shapeOf(node as Element);
      if (node.nodeType === 3 && node.textContent?.trim()) return JSON.stringify(node.textContent);
      return null;
    })
    .filter((child) => child !== null);
  return `<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${children.join('')}</>`;
}

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
});

describe("index.html's first view, chosen before any script of the app", () => {
  it('is the splash on a first visit to the plain home screen', async () => {
    for (const url of ['/', '/?utm_source=newsletter', '/?q=']) {
      const doc = await loadDocument(url);
      expect(view(doc), url).toBe('intro');
      // The preloader stays, hidden, for a Skip pressed before the app comes.
      expect(parts(doc), url).toEqual(['frame', 'intro', 'loading']);
    }
  });

  it('is the preloader on a first visit by a shared link to an item, a category or a search', async () => {
    for (const url of [
      '/video/a',
      '/gallery/b/',
      '/category/volunteers?type=video',
      '/?q=tarps',
      '/?type=gallery',
      '/?from=2025-05-16&to=2025-05-17',
    ]) {
      expect(parts(await loadDocument(url)), url).toEqual(['frame', 'loading']);
      // As the app decides (isSharedView): it opens on the view, the intro offered beside it.
      const { pathname, search } = new URL(url, 'http://localhost');
      expect(isSharedView(pathname, search), url).toBe(true);
    }
    for (const url of ['/', '/?utm_source=newsletter', '/?q=', '/statement'])
      expect(isSharedView(url.split('?')[0] ?? '', url.split('?')[1] ?? ''), url).toBe(false);
  });

  it('is the preloader for a returning visitor and with ?skipIntro=true, as the app decides', async () => {
    expect(parts(await loadDocument('/', { seen: true }))).toEqual(['frame', 'loading']);
    expect(parts(await loadDocument('/video/a?skipIntro=true'))).toEqual(['frame', 'loading']);
    // Only `true` skips it, as in useHomeParams.
    expect(view(await loadDocument('/?skipIntro=1'))).toBe('intro');
  });

  it('plays the splash where storage is blocked, as the app does', async () => {
    expect(view(await loadDocument('/', { storage: false }))).toBe('intro');
  });

  it("is the page frame alone on the app's other pages, and nothing in the editor area", async () => {
    for (const url of ['/statement', '/signin', '/nope', '/video/a/b']) {
      expect(view(await loadDocument(url)), url).toBe('page');
      expect(parts(await loadDocument(url)), url).toEqual(['frame']);
    }
    expect(view(await loadDocument('/editor/items/x'))).toBe('none');
    expect(parts(await loadDocument('/editor'))).toEqual([]);
  });
});

describe('the markup of the first frame', () => {
  // The classes and attributes the app renders, so that its first commit replaces the document's
  // frame with the same one (the browser tests compare their boxes, to the pixel).
  const auth = createAuthAccess(LOCAL_IDENTITY, null, () => window.localStorage);

  it("is the app's header and preloader", async () => {
    const doc = await loadDocument('/', { seen: true });
    renderApp('/', { auth, fetchArchive: () => new Promise(() => undefined) });
    await screen.findByText('Loading ...');
    const app = document.querySelector('.site-header') as Element;
    expect(shape(app)).toBe(shape(doc.querySelector('.site-header') as Element));
    expect(shape(document.querySelector('.preloader') as Element)).toBe(
      shape(doc.querySelector('.preloader') as Element),
    );
    expect(document.querySelector('.layout')?.className).toBe(
      doc.querySelector('.layout')?.className,
    );
    expect(document.querySelector('main')?.outerHTML.split('>')[0]).toBe(
      doc.querySelector('main')?.outerHTML.split('>')[0],
    );
  });

  it("is the app's intro splash", async () => {
    const doc = await loadDocument('/');
    render(<Intro onContinue={() => undefined} />);
    expect(shape(document.querySelector('.intro') as Element)).toBe(
      shape(doc.querySelector('.intro') as Element),
    );
  });
});

describe("the document's Skip, pressed before the app comes", () => {
  it('records the intro as seen and shows the preloader, as the app would', async () => {
    const doc = await loadDocument('/');
    // Read before the press, as main.tsx reads it before the app renders: the reading is live.
    const firstPaint = readFirstPaint(doc);
    expect(firstPaint.introSkipped()).toBe(false);
    (doc.querySelector('.intro__skip') as HTMLButtonElement).click();
    expect(view(doc)).toBe('loading');
    expect(doc.defaultView?.localStorage.getItem('hasSeenIntro')).toBe('true');
    expect(firstPaint.introSkipped()).toBe(true);
  });

  it('is still heard where storage is blocked', async () => {
    const doc = await loadDocument('/', { storage: false });
    (doc.querySelector('.intro__skip') as HTMLButtonElement).click();
    expect(view(doc)).toBe('loading');
    expect(readFirstPaint(doc).introSkipped()).toBe(true);
  });

  it('starts the app at the preloader', async () => {
    renderApp('/', {
      firstVisit: true,
      firstPaint: { splashShownAt: null, item: null, introSkipped: () => true },
      fetchArchive: () => new Promise(() => undefined),
    });
    await screen.findByText('Loading ...');
    expect(document.querySelector('.intro')).toBeNull();
  });

  it('counts when pressed while the app renders, before its first commit replaced the splash', async () => {
    // The press lands after the app's first render read it, and before that render's commit.
    let pressed = false;
    const introSkipped = vi.fn(() => {
      const now = pressed;
      pressed = true;
      return now;
    });
    renderApp('/', {
      firstVisit: true,
      firstPaint: { splashShownAt: null, item: null, introSkipped },
      fetchArchive: () => new Promise(() => undefined),
    });
    await screen.findByText('Loading ...');
    expect(document.querySelector('.intro')).toBeNull();
    expect(introSkipped.mock.calls.length).toBeGreaterThan(1);
  });
});

describe('readFirstPaint', () => {
  it('reads the splash and a shared item the server named, and nothing else', async () => {
    const splash = await loadDocument('/');
    expect(readFirstPaint(splash)).toEqual({
      splashShownAt: expect.any(Number),
      item: null,
      introSkipped: expect.any(Function),
    });
    expect(readFirstPaint(splash).introSkipped()).toBe(false);
    const shared = await loadDocument('/video/a', { seen: true });
    const line = shared.createElement('p');
    line.className = 'preloader__item';
    line.dataset.item = 'a';
    line.textContent = '<b>Not markup</b>';
    shared.querySelector('.preloader')?.append(line);
    expect(readFirstPaint(shared)).toEqual({
      splashShownAt: null,
      item: { id: 'a', title: '<b>Not markup</b>', picture: null },
      introSkipped: expect.any(Function),
    });
    const picture = shared.createElement('img');
    picture.className = 'preloader__picture';
    picture.setAttribute('src', '/sample/a/thumb.jpg');
    line.before(picture);
    expect(readFirstPaint(shared).item).toEqual({
      id: 'a',
      title: '<b>Not markup</b>',
      picture: '/sample/a/thumb.jpg',
    });
    // A shared story's stop, named by its story and number.
    const stop = await loadDocument('/story/the-walk/2', { seen: true });
    const stopLine = stop.createElement('p');
    stopLine.className = 'preloader__item';
    stopLine.dataset.story = 'the-walk/2';
    stopLine.textContent = 'Over the city · The walk';
    stop.querySelector('.preloader')?.append(stopLine);
    expect(readFirstPaint(stop).item).toEqual({
      id: 'story:the-walk/2',
      title: 'Over the city · The walk',
      picture: null,
    });
    expect(readFirstPaint(await loadDocument('/statement'))).toEqual({
      splashShownAt: null,
      item: null,
      introSkipped: expect.any(Function),
    });
  });
});

describe('the app carrying on from the first frame', () => {
  it("ends the document's splash 4 s after it began, not 4 s after the app came", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.advanceTimersByTime(10_000);
    render(<Intro onContinue={() => undefined} splashShownAt={performance.now() - 1500} />);
    const stage = () => document.querySelector('.intro')?.getAttribute('data-stage');
    const splash = document.querySelector<HTMLElement>('.intro__splash');
    // Its animation goes on from where the document's was.
    expect(splash?.style.animationDelay).toBe('-1500ms');
    act(() => vi.advanceTimersByTime(SPLASH_MS - 1500 - 1));
    expect(stage()).toBe('splash');
    act(() => vi.advanceTimersByTime(1));
    expect(stage()).toBe('typing');
  });

  it('counts the 4 s from when the splash reached the screen, where that came after its animation began', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.advanceTimersByTime(10_000);
    const began = performance.now() - 1500;
    const paintedAt = performance.now() + 500;
    // A browser that times paints: the first one reaches the screen 2 s after the animation began.
    class PaintObserver {
      static readonly supportedEntryTypes = ['paint'];
      constructor(private readonly callback: PerformanceObserverCallback) {}
      observe() {
        setTimeout(() => {
          const entries = [{ name: 'first-contentful-paint', startTime: paintedAt }];
          this.callback(
            { getEntries: () => entries } as unknown as PerformanceObserverEntryList,
            this as unknown as PerformanceObserver,
          );
        }, 500);
      }
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    try {
      render(<Intro onContinue={() => undefined} splashShownAt={began} />);
      const stage = () => document.querySelector('.intro')?.getAttribute('data-stage');
      await act(async () => vi.advanceTimersByTime(500));
      // Its animation is re-timed to end with the 4 s: it began 500 ms after the app came.
      expect(document.querySelector<HTMLElement>('.intro__splash')?.style.animationDelay).toBe(
        '500ms',
      );
      // Not 4 s after the animation began (2.5 s after the app came)...
      act(() => vi.advanceTimersByTime(SPLASH_MS - 1));
      expect(stage()).toBe('splash');
      // ...but 4 s after the visitor could first see it.
      act(() => vi.advanceTimersByTime(1));
      expect(stage()).toBe('typing');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('types at once when the app came after the splash was over', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.advanceTimersByTime(10_000);
    render(<Intro onContinue={() => undefined} splashShownAt={performance.now() - 6000} />);
    act(() => vi.advanceTimersByTime(0));
    expect(document.querySelector('.intro')?.getAttribute('data-stage')).toBe('typing');
  });

  it("keeps the shared item's title and picture under the preloader for that item only", async () => {
    const firstPaint = {
      splashShownAt: null,
      item: { id: 'a', title: 'As the server said', picture: '/sample/a/thumb.jpg' },
      introSkipped: () => false,
    };
    const pending = () => new Promise<never>(() => undefined);
    const shared = renderApp('/video/a', { firstPaint, fetchArchive: pending });
    await screen.findByText('Loading ...');
    expect(document.querySelector('.preloader__item')?.textContent).toBe('As the server said');
    const picture = document.querySelector<HTMLImageElement>('.preloader__picture');
    expect(picture?.getAttribute('src')).toBe('/sample/a/thumb.jpg');
    expect(picture?.alt).toBe('');
    shared.unmount();

    renderApp('/video/b', { firstPaint, fetchArchive: pending });
    await screen.findByText('Loading ...');
    expect(document.querySelector('.preloader__item')).toBeNull();
    expect(document.querySelector('.preloader__picture')).toBeNull();
  });

  it("keeps a shared story stop's lines under the preloader at that stop only", async () => {
    const firstPaint = {
      splashShownAt: null,
      item: { id: 'story:the-walk/2', title: 'Over the city · The walk', picture: null },
      introSkipped: () => false,
    };
    const pending = () => new Promise<never>(() => undefined);
    const shared = renderApp('/story/the-walk/2', { firstPaint, fetchArchive: pending });
    await screen.findByText('Loading ...');
    expect(document.querySelector('.preloader__item')?.textContent).toBe(
      'Over the city · The walk',
    );
    shared.unmount();
    renderApp('/story/the-walk', { firstPaint, fetchArchive: pending });
    await screen.findByText('Loading ...');
    expect(document.querySelector('.preloader__item')).toBeNull();
  });

  it('draws no picture from an address the checked helper refuses', async () => {
    const firstPaint = {
      splashShownAt: null,
      item: { id: 'a', title: 'Shared', picture: 'javascript:alert(1)' },
      introSkipped: () => false,
    };
    renderApp('/video/a', { firstPaint, fetchArchive: () => new Promise<never>(() => undefined) });
    await screen.findByText('Loading ...');
    expect(document.querySelector('.preloader__item')?.textContent).toBe('Shared');
    expect(document.querySelector('.preloader__picture')).toBeNull();
  });

  it('plays a replayed intro from its own start', async () => {
    const firstPaint = { splashShownAt: -60_000, item: null, introSkipped: () => false };
    renderApp('/', {
      firstVisit: true,
      firstPaint,
      fetchArchive: async () => [],
    });
    // The document's splash began a minute ago: the app types at once.
    await waitFor(() =>
      expect(document.querySelector('.intro')?.getAttribute('data-stage')).toBe('typing'),
    );
    act(() => (screen.getByRole('button', { name: 'Skip intro' }) as HTMLButtonElement).click());
    await waitFor(() => expect(document.querySelector('.intro')).toBeNull());
    // Replay intro (on the About page) plays it again, from a splash of its own.
    act(() => forgetIntroSeen());
    await waitFor(() =>
      expect(document.querySelector('.intro')?.getAttribute('data-stage')).toBe('splash'),
    );
    // ...and keeps it for its 4 s (a splash carried on from the document would be long over).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelector('.intro')?.getAttribute('data-stage')).toBe('splash');
  });
});
