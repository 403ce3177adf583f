/**
 * Which card is in which slot. Every per-card array of the card layer is indexed by slot, and a
 * removed card's slot is given to the next card added (its atlas tile with it), so the arrays grow
 * with the most cards there have been at once, not with every card ever added.
 */
export class CardSlots {
  private readonly slotById = new Map<string, number>();
  private readonly ids: (string | null)[] = [];
  /** Freed slots, the last freed first. */
  private readonly free: number[] = [];
  private highWater = 0;

  /** Gives the card `id` a slot (a freed one if there is one) and returns it. */
  add(id: string): number {
    let slot = this.free.pop();
    if (slot === undefined) slot = this.highWater++;
    this.ids[slot] = id;
    this.slotById.set(id, slot);
    return slot;
  }

  /** Frees the slot of the card `id` and returns it (`undefined`: no such card). */
  remove(id: string): number | undefined {
    const slot = this.slotById.get(id);
    if (slot === undefined) return undefined;
    this.slotById.delete(id);
    this.ids[slot] = null;
    this.free.push(slot);
    return slot;
  }

  /** Slots ever handed out: every card, live or removed, is below this. */
  get used(): number {
    return this.highWater;
  }

  /** How many cards there are. */
  get count(): number {
    return this.slotById.size;
  }

  /** The slot of a card, or -1. */
  slotOf(id: string): number {
    return this.slotById.get(id) ?? -1;
  }

  /** The card in a slot, or `null` for a free one. */
  idOf(slot: number): string | null {
    return this.ids[slot] ?? null;
  }

  /** Whether a card is in `slot`. */
  isLive(slot: number): boolean {
    return this.ids[slot] !== null && this.ids[slot] !== undefined;
  }

  /** The cards' slots, in the order they were added. */
  slots(): IterableIterator<number> {
    return this.slotById.values();
  }

  /** The cards' ids, in the order they were added. */
  idList(): IterableIterator<string> {
    return this.slotById.keys();
  }
}
