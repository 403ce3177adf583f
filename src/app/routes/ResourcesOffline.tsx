import { useEffect } from 'react';
import { useAppDispatch, useAppSelector, useServiceAccess } from '@/app/hooks';
import { loadNodes } from '@/features/nodes/nodesSlice';
import { SaveForOffline } from '@/features/offline/SaveForOffline';

/**
 * /resources' "Save the archive for offline" (issue 50), composed here because it joins two
 * features: it saves the pictures of the archive the nodes feature loads (once, shared with the
 * globe), which loads if this is the visit's first page.
 */
export default function ResourcesOffline() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(loadNodes());
  }, [dispatch]);
  const nodes = useAppSelector((state) => state.nodes.items);
  const loaded = useAppSelector((state) => state.nodes.status === 'loaded');
  const { baseUrl } = useServiceAccess();
  return <SaveForOffline nodes={nodes} loaded={loaded} baseUrl={baseUrl} />;
}
