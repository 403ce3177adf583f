import { useEffect, useState } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { sessionChecked } from '@/features/auth/authSlice';

/**
 * Loads the stored session (refreshed if expired) when a guarded page mounts; true once that is
 * known, so the page renders nothing it guards before then (SPEC §2 guard).
 */
export function useSessionChecked(): boolean {
  const dispatch = useAppDispatch();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    let live = true;
    void dispatch(sessionChecked()).finally(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, [dispatch]);
  return checked;
}
