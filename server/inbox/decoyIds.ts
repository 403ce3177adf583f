/**
 * Ids for the honeypot's answers. A bot that filled the hidden field is told its entry was kept,
 * so that it has no reason to adapt; an id unlike the real ones (a UUID where the store hands out
 * bigserial numbers) would tell it otherwise. The decoy is the number a real entry would have been
 * given next, as far as this process knows, and nothing is stored for it.
 *
 * What this cannot hide: the decoy takes no number from the database's sequence, so the next real
 * entry may be given the same id; only a sender that trips the trap and then sends a real entry
 * could see the repeat. Several server instances each keep their own count.
 */

/** Makes decoy ids for one list (messages, or submissions). */
export interface DecoyIds {
  /** Notes an id the store gave a real entry, so decoys keep up with real traffic. */
  observe(id: string): void;
  /**
   * The next decoy id. `newest` reads the newest real id (null: the list is empty); it is asked
   * only until an id is known, so a flood of decoys costs at most one read.
   */
  next(newest: () => Promise<string | null>): Promise<string>;
}

/** Ids the store hands out: decimal bigserial numbers as text. */
const NUMERIC_ID = /^\d{1,19}$/;

/** Creates the decoy ids of one list. */
export function createDecoyIds(): DecoyIds {
  let last: bigint | null = null;
  const observe = (id: string) => {
    if (!NUMERIC_ID.test(id)) return;
    const value = BigInt(id);
    if (last === null || value > last) last = value;
  };
  return {
    observe,
    async next(newest) {
      if (last === null) {
        try {
          const id = await newest();
          if (id !== null) observe(id);
        } catch {
          // An unreadable list leaves the decoy where an empty one would: the answer still goes.
        }
      }
      last = (last ?? 0n) + 1n;
      return String(last);
    },
  };
}
