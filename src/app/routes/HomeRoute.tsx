import { useEffect, useLayoutEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { routeChanged } from '@/features/filter/filterSlice';
import { GlobeCanvas } from '@/features/globe/GlobeCanvas';
import { ArchiveItemsList } from '@/features/nodes/ArchiveItemsList';
import { loadNodes } from '@/features/nodes/nodesSlice';

/**
 * The home routes (`/`, `/video/:id`, `/gallery/:id`, `/category/:category`): one element for all
 * of them, so moving between items never remounts what the page holds. The route drives the
 * filter; nothing else writes it.
 */
export function HomeRoute() {
  const dispatch = useAppDispatch();
  const { category = null, id = null } = useParams();
  const [search] = useSearchParams();
  const type = search.get('type');

  useLayoutEffect(() => {
    dispatch(routeChanged({ category, type }));
  }, [dispatch, category, type]);

  useEffect(() => {
    void dispatch(loadNodes());
  }, [dispatch]);

  return (
    <div className="home">
      <GlobeCanvas selectedId={id} />
      <div className="archive-panel">
        <ArchiveItemsList />
      </div>
    </div>
  );
}
