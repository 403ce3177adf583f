import { useCallback, useEffect, useReducer } from 'react';
import { CAMERA_FLIGHT_MS, DETAIL_FADE_OUT_MS } from '@/lib/constants';

/**
 * The longest the page waits for the engine to report a flight: past it the item shows anyway. A
 * stalled engine (a lost GPU, a loop paused in a hidden tab, frames starved on a busy phone) never
 * keeps an item hidden; a working one reports its 0.6 s flights well before.
 */
export const FLIGHT_BOUND_MS = CAMERA_FLIGHT_MS + 1400;
/**
 * The longest the camera waits for the overlay's fade-out to end: its 0.3 s and a tenth of a
 * second. A page whose frames are starved runs its transitions late; the camera flies back on time
 * all the same.
 */
export const FADE_OUT_BOUND_MS = DETAIL_FADE_OUT_MS + 100;

/**
 * The detail view's own memory (SPEC §4: closed → opening → open → closing → closed). Opening and
 * open are told apart by `arrivedId`, closing by `closingId`; everything else is derived from the
 * route in `useDetailTransition`.
 */
export interface DetailState {
  /** The route's id as last seen: a change of it opens or closes an item. */
  routeId: string | null;
  /** The item whose overlay is fading out; the camera stays on it until the fade has ended. */
  closingId: string | null;
  /** The item the camera has arrived at, as the engine reported; cleared when the camera leaves. */
  arrivedId: string | null;
}

/** What happens to the detail view, in the past tense (house rule 5). */
export type DetailEvent =
  /** The route's id changed; `animate` is false with reduced motion (nothing fades: no closing). */
  | { type: 'routeChanged'; id: string | null; animate: boolean }
  /** The camera's flight to this item ended (the engine's `focus()` resolved). */
  | { type: 'arrived'; id: string }
  /** The closing overlay has faded out: the camera may fly back. */
  | { type: 'fadedOut' };

/** Nothing open, nothing moving. */
export function initialDetailState(routeId: string | null): DetailState {
  return { routeId, closingId: null, arrivedId: null };
}

/** Every transition of the detail view. */
export function detailReducer(state: DetailState, event: DetailEvent): DetailState {
  switch (event.type) {
    case 'routeChanged': {
      const { id, animate } = event;
      if (id === state.routeId) return state;
      if (id === null) {
        // Closing: the overlay fades out first, with the camera still on the item.
        const closingId = animate ? state.routeId : null;
        return { routeId: null, closingId, arrivedId: closingId === null ? null : state.arrivedId };
      }
      // Opening. The same item reopened while it fades out finds the camera still there;
      // any other must wait for its flight.
      const stayed = state.closingId === id && state.arrivedId === id;
      return { routeId: id, closingId: null, arrivedId: stayed ? id : null };
    }
    case 'arrived':
      // A flight that ended after the route moved on says nothing about the item now open.
      return event.id === state.routeId || event.id === state.closingId
        ? { ...state, arrivedId: event.id }
        : state;
    case 'fadedOut':
      // The camera flies back now: it is at no item any more.
      return state.closingId === null ? state : { ...state, closingId: null, arrivedId: null };
  }
}

/** What the page tells the transition. */
export interface DetailInput {
  /** The route's id (`/video/:id`, `/gallery/:id`), or null on the plain globe. */
  id: string | null;
  /** The globe is shown and the archive loaded: an item may open. */
  ready: boolean;
  /** The route's id is an item of the archive (else the overlay says "Item not found" at once). */
  known: boolean;
  /** prefers-reduced-motion: the camera jumps and nothing fades, so nothing waits. */
  reducedMotion: boolean;
  /** The globe could not start (no WebGL): there is no flight to wait for. */
  globeUnavailable: boolean;
}

/**
 * The detail transition (SPEC §4): opening, the camera flies to the item and the overlay fades in
 * once the flight the engine reports has arrived (`arrived`, from GlobeCanvas's `onArrived`), not
 * after a timer guessing the flight; closing, the overlay fades out and the camera flies back once
 * the fade has ended (`onFadedOut`, from the overlay's own transition). Each wait has a bound
 * (FLIGHT_BOUND_MS, FADE_OUT_BOUND_MS) for an engine or a page that never says. The route's id
 * drives it; with reduced motion nothing waits, and without a globe no flight is awaited.
 */
export function useDetailTransition({
  id,
  ready,
  known,
  reducedMotion,
  globeUnavailable,
}: DetailInput) {
  const [state, dispatch] = useReducer(detailReducer, id, initialDetailState);
  // The route's id is the cause; the machine hears of its change in the same render.
  if (id !== state.routeId) dispatch({ type: 'routeChanged', id, animate: !reducedMotion });

  const arrived = useCallback(
    (arrivedId: string) => dispatch({ type: 'arrived', id: arrivedId }),
    [],
  );
  const fadedOut = useCallback(() => dispatch({ type: 'fadedOut' }), []);

  const openId = ready ? id : null;
  const closingId = ready && openId === null ? state.closingId : null;
  /** The item whose overlay is in the page: the one open, or the one fading out. */
  const shownId = openId ?? closingId;
  const found = openId !== null && known;

  // The bounds: the engine's word and the fade's end come first whenever they come at all.
  const noFlight = reducedMotion || globeUnavailable;
  const awaitedFlight = found && !noFlight && state.arrivedId !== openId ? openId : null;
  useEffect(() => {
    if (awaitedFlight === null) return;
    const timer = setTimeout(() => arrived(awaitedFlight), FLIGHT_BOUND_MS);
    return () => clearTimeout(timer);
  }, [awaitedFlight, arrived]);
  useEffect(() => {
    if (closingId === null) return;
    const timer = setTimeout(fadedOut, FADE_OUT_BOUND_MS);
    return () => clearTimeout(timer);
  }, [closingId, fadedOut]);
  return {
    shownId,
    /** The overlay is in (faded in): the camera has arrived, or there is no flight to wait for. */
    overlayIn: openId !== null && (!found || noFlight || state.arrivedId === openId),
    /** Where the camera looks: the item open or fading out; null flies it back. */
    focusId: found || closingId !== null ? shownId : null,
    /** For GlobeCanvas's `onArrived`. */
    arrived,
    /** For the overlay's `onFadedOut`, only while it closes. */
    onFadedOut: closingId !== null ? fadedOut : undefined,
  };
}
