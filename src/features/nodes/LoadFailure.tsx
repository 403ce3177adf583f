import { useLingui } from '@lingui/react/macro';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { loadErrorText } from '@/features/nodes/nodesApi';
import { selectNodesError, selectNodesStatus } from '@/features/nodes/nodesSelectors';
import { loadNodes } from '@/features/nodes/nodesSlice';
import './LoadFailure.css';

/**
 * What a visitor sees when the archive cannot be loaded (the service is down, too slow, or
 * answers something that is not an archive): the reason and a Retry that works without a reload.
 */
export function LoadFailure() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectNodesStatus);
  const error = useAppSelector(selectNodesError);
  if (status !== 'failed' || !error) return null;
  return (
    <div className="load-failure" role="alert">
      <h2>{t`The archive could not be loaded`}</h2>
      <p>{loadErrorText(error)}</p>
      <button type="button" onClick={() => void dispatch(loadNodes())}>
        {t({ message: 'Retry', comment: 'Loads the archive again after it failed' })}
      </button>
    </div>
  );
}
