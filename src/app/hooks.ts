import { createContext, useContext, useSyncExternalStore } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from '@/app/store';
import { noAnalytics, type Analytics } from '@/lib/analytics';
import type { ServiceAccess } from '@/lib/serviceApi';

/** Typed hooks: the only way components touch the store. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The reduced-motion query, asked of the browser once: React reads its answer at every render of
 * every component that uses it, and a new `matchMedia` each time cost a home-screen render at
 * 10,000 items about 2 ms. Asked again where the page's `matchMedia` is another (the tests').
 */
let reducedMotionQuery: { from: typeof window.matchMedia; query: MediaQueryList } | null = null;
function reducedMotion(): MediaQueryList {
  if (reducedMotionQuery?.from !== window.matchMedia)
    reducedMotionQuery = { from: window.matchMedia, query: window.matchMedia(REDUCED_MOTION) };
  return reducedMotionQuery.query;
}

/** Whether the visitor asked for reduced motion; follows the setting if it changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = reducedMotion();
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => reducedMotion().matches,
    () => false,
  );
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
