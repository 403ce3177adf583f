import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { routeVisited, routeWordsAnswered } from '@/features/filter/routeVisited';
import type { RouteFilter } from '@/features/filter/filterSlice';
import { selectNodes } from '@/features/nodes/nodesSelectors';
import { loadNodes } from '@/features/nodes/nodesSlice';

/**
 * The home routes drive the filter (ARCHITECTURE §1): the archive is loaded once, and every visit
 * to an address mirrors it into the filter with its words answered by the store's search service
 * (`routeVisited`), also a visit that leaves the route's parts as they were (the timeline's range
 * may have run ahead of the address, see rangeMoved). Words that came before the archive are
 * answered once it arrives. While `active` is false the home screen is kept as it was, and
 * another page's visits leave its filter alone.
 */
export function useRouteFilter(active: boolean, route: RouteFilter): void {
  const dispatch = useAppDispatch();
  const nodes = useAppSelector(selectNodes);
  const { category, type, q, from, to } = route;
  const { key } = useLocation();
  const visit = active ? key : null;
  useLayoutEffect(() => {
    void dispatch(routeVisited({ category, type, q, from, to }));
  }, [dispatch, category, type, q, from, to, visit]);

  useEffect(() => {
    void dispatch(loadNodes());
  }, [dispatch]);
  useEffect(() => {
    void dispatch(routeWordsAnswered());
  }, [dispatch, nodes]);
}
