/**
 * A map whose entries lapse `ttlMs` after they were set, for the sign-in state the SRP front
 * keeps between two requests. Lapsed entries are dropped as new ones arrive, and the map never
 * holds more than `maxSize` (the oldest go first), so abandoned sign-ins cannot pile up.
 */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxSize = 10_000,
  ) {}

  /** Keeps `value` under `key` for `ttlMs`. */
  set(key: string, value: V): void {
    const now = this.now();
    // A Map iterates in insertion order, so the lapsed entries are at the front.
    for (const [oldKey, entry] of this.entries) {
      if (entry.expires > now && this.entries.size < this.maxSize) break;
      this.entries.delete(oldKey);
    }
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + this.ttlMs });
  }

  /** The value under `key`, unless it has lapsed. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The value under `key`, unless it has lapsed, removing it either way: for one-time use. */
  take(key: string): V | undefined {
    const value = this.get(key);
    this.entries.delete(key);
    return value;
  }

  /** Removes `key`. */
  delete(key: string): void {
    this.entries.delete(key);
  }
}
