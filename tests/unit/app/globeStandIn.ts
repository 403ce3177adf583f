/**
 * A stand-in for the globe engine in jsdom (the real one is driven by the browser tests): it
 * records what the page tells it and lets a test raise its events. Each test file keeps its state
 * in `vi.hoisted` and mocks `@/globe/createGlobe` with `standInGlobe(state, cards)`.
 */
import type { Globe, GlobeEvents, GlobeInput } from '@/globe/types';

type Listener = (event: unknown) => void;

/** What a test reads of the stand-in: its listeners by event, and every input it was given. */
export interface StandInState {
  listeners: Map<string, Listener>;
  inputs: GlobeInput[];
}

/** The `@/globe/createGlobe` module, its globe reporting all `cards` shown at once. */
export function standInGlobe(state: StandInState, cards: number) {
  return {
    createGlobe: async (): Promise<Globe> => ({
      update: (input: GlobeInput) => void state.inputs.push(input),
      focus: async () => undefined,
      turnTo: async () => undefined,
      showView: async () => undefined,
      currentView: async () => ({ lat: 0, lng: 0, distance: 12.5 }),
      on: <K extends keyof GlobeEvents>(type: K, listener: (event: GlobeEvents[K]) => void) => {
        state.listeners.set(type, listener as Listener);
        // The preloader waits for the first view's progress: all of it, at once.
        if (type === 'progress')
          queueMicrotask(() => listener({ percent: 100, cards } as GlobeEvents[K]));
        return () => state.listeners.delete(type);
      },
      dispose: () => undefined,
    }),
  };
}
