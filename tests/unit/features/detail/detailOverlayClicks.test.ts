// @vitest-environment jsdom
/**
 * SPEC §2 "while open, clicking anywhere closes it": which clicks close the detail overlay. The
 * text check needs a layout (browser test: detail.e2e.test.ts); here, what never closes it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clickCloses } from '@/features/detail/DetailOverlay';

afterEach(() => {
  document.body.innerHTML = '';
  window.getSelection()?.removeAllRanges();
});

function panel(html: string): HTMLElement {
  document.body.innerHTML = `<div class="detail-overlay"><div class="detail-overlay__panel" role="dialog">${html}</div></div>`;
  return document.querySelector('.detail-overlay__panel') as HTMLElement;
}

describe('clickCloses', () => {
  it('closes on the overlay around the panel and on the panel’s empty parts', () => {
    const root = panel('<article class="detail"><header></header></article>');
    expect(clickCloses(document.querySelector('.detail-overlay'), 5, 5)).toBe(true);
    expect(clickCloses(root, 5, 5)).toBe(true);
    expect(clickCloses(root.querySelector('header'), 5, 5)).toBe(true);
  });

  it('never on a control, a link, the player, a picture or the lightbox', () => {
    panel(
      '<a href="/category/x"><span id="in-link">Chip</span></a><button id="b">Back</button>' +
        '<iframe id="player"></iframe><img id="pic" alt="">' +
        '<div class="lightbox"><div id="in-lightbox"></div></div><div role="button" id="rb"></div>',
    );
    for (const id of ['in-link', 'b', 'player', 'pic', 'in-lightbox', 'rb']) {
      expect(clickCloses(document.getElementById(id), 5, 5), id).toBe(false);
    }
    expect(clickCloses(null, 5, 5)).toBe(false);
  });

  it('never at the end of a drag that selected text', () => {
    const root = panel(
      '<p id="t">Fire crews work through the first hours.</p><div id="empty"></div>',
    );
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('t') as HTMLElement);
    window.getSelection()?.addRange(range);
    expect(clickCloses(root.querySelector('#empty'), 5, 5)).toBe(false);
  });
});
