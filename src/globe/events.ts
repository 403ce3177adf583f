/** A typed event emitter: the globe's and the position picker's events to their React bridges. */
export interface Emitter<Events> {
  emit<K extends keyof Events>(type: K, event: Events[K]): void;
  on<K extends keyof Events>(type: K, listener: (event: Events[K]) => void): () => void;
  /** Forgets every listener (on dispose). */
  clear(): void;
}

export function createEmitter<Events>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<(event: never) => void>>();
  return {
    emit(type, event) {
      for (const listener of listeners.get(type) ?? [])
        (listener as (e: typeof event) => void)(event);
    },
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      const entry = listener as (event: never) => void;
      set.add(entry);
      return () => void set.delete(entry);
    },
    clear: () => listeners.clear(),
  };
}
