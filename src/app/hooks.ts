import { createContext, useContext, useSyncExternalStore } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from '@/app/store';
import { noAnalytics, type Analytics } from '@/lib/analytics';
import type { ServiceAccess } from '@/lib/serviceApi';

/** Typed hooks: the only way components touch the store. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** The small screens' layout (the stylesheets' `max-width: 600px`): a phone held upright. */
export const NARROW_SCREEN = '(max-width: 600px)';

/**
 * Each media query, asked of the browser once: React reads its answer at every render of every
 * component that uses it, and a new `matchMedia` each time cost a home-screen render at 10,000
 * items about 2 ms. Asked again where the page's `matchMedia` is another (the tests').
 */
let queries: { from: typeof window.matchMedia; asked: Map<string, MediaQueryList> } | null = null;
function mediaQuery(text: string): MediaQueryList {
  if (queries?.from !== window.matchMedia) queries = { from: window.matchMedia, asked: new Map() };
  let query = queries.asked.get(text);
  if (!query) {
    query = window.matchMedia(text);
    queries.asked.set(text, query);
  }
  return query;
}

/** Whether the page matches a media query; follows it as it changes (a phone turned). */
export function useMediaQuery(text: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = mediaQuery(text);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => mediaQuery(text).matches,
    () => false,
  );
}

/** Whether the visitor asked for reduced motion; follows the setting if it changes. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION);
}

/** This visit's analytics (main.tsx provides it; without a provider nothing is reported). */
export const AnalyticsContext = createContext<Analytics>(noAnalytics);

/** Where components report page views, clicks and video events (SPEC §7). */
export function useAnalytics(): Analytics {
  return useContext(AnalyticsContext);
}

/** Without a provider: the service at `/api`, nobody signed in. */
const defaultServiceAccess: ServiceAccess = {
  baseUrl: '/api',
  accessToken: () => Promise.resolve(null),
};

/** How features reach the nodes-service's writes, uploads and forms (main.tsx provides it). */
export const ServiceAccessContext = createContext<ServiceAccess>(defaultServiceAccess);

export function useServiceAccess(): ServiceAccess {
  return useContext(ServiceAccessContext);
}
