import type { Page } from 'playwright-core';

/** A card where a visitor sees it, in CSS pixels. */
export interface ScreenCard {
  id: string;
  x: number;
  y: number;
  /** Distance in CSS pixels to the nearest other card's projected centre. */
  isolation: number;
}

/**
 * Cards a visitor can point at now: projected on screen with the globe canvas topmost at their
 * centre (not under the header), most isolated first, so the pointer lands on that card alone.
 * Single cards only (a click on a cluster zooms in rather than opening an item), unless
 * `clusters` is set: then clusters only.
 */
export async function pointableCards(
  page: Page,
  ids: readonly string[],
  { clusters = false }: { clusters?: boolean } = {},
): Promise<ScreenCard[]> {
  const projected = await page.evaluate(
    ({ all, clusters }) => {
      const canvas = document.querySelector('canvas.globe-canvas');
      return all.flatMap((id) => {
        const p = window.__globe?.project(id);
        if (!p) return [];
        const inWindow = p.x >= 0 && p.y >= 0 && p.x < innerWidth && p.y < innerHeight;
        const topmost = inWindow && document.elementFromPoint(p.x, p.y) === canvas;
        const size = window.__globe?.clusterOf(id)?.size ?? 1;
        const kind = clusters ? size > 1 : size === 1;
        return [{ id, x: p.x, y: p.y, pointable: p.onScreen && topmost && kind, inWindow }];
      });
    },
    { all: ids as string[], clusters },
  );
  const visible = projected.filter((p) => p.inWindow);
  return projected
    .filter((p) => p.pointable)
    .map(({ id, x, y }) => ({
      id,
      x,
      y,
      isolation: Math.min(
        ...visible.filter((o) => o.id !== id).map((o) => Math.hypot(o.x - x, o.y - y)),
      ),
    }))
    .sort((a, b) => b.isolation - a.isolation);
}

/** Moves the mouse onto a card and waits until the globe says it is hovered. */
export async function hoverSomeCard(
  page: Page,
  candidates: readonly ScreenCard[],
): Promise<ScreenCard> {
  for (const card of candidates) {
    await page.mouse.move(card.x, card.y);
    const hovered = await page
      .waitForFunction((id) => window.__globe?.card(id)?.hovered === true, card.id, {
        timeout: 5_000,
      })
      .then(() => true)
      .catch(() => false);
    if (hovered) return card;
  }
  throw new Error(`No card turned hovered under the mouse (tried ${candidates.length})`);
}

/** Resolves once the globe is ready and every card has been revealed. */
export async function allCardsShown(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const stats = window.__globe?.ready ? window.__globe.stats() : null;
      return stats !== null && stats.revealed === stats.cards;
    },
    null,
    { timeout },
  );
}
