import { createContext, useContext } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from '@/app/store';
import { useMediaQuery } from '@/components/useMediaQuery';
import { noAnalytics, type Analytics } from '@/lib/analytics';
import type { ServiceAccess } from '@/lib/serviceApi';

/** Typed hooks: the only way components touch the store. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
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
