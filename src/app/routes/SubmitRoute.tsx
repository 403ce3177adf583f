import { useEffect, useMemo, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectCategories } from '@/features/nodes/nodesSelectors';
import { loadNodes } from '@/features/nodes/nodesSlice';
import { SubmitPage } from '@/features/submit/SubmitPage';

/**
 * /submit, composed here because it joins two features: the submit form offers the archive's
 * category names (from the nodes feature) so a submission keeps one spelling per category. The
 * archive loads if this is the visit's first page (once, shared with the globe if it starts later);
 * until it has, or if it cannot, the form simply offers no names.
 */
export function SubmitRoute({ intro }: { intro: ReactNode }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(loadNodes());
  }, [dispatch]);
  const categories = useAppSelector(selectCategories);
  const names = useMemo(() => categories.map((category) => category.name), [categories]);
  return <SubmitPage intro={intro} knownCategories={names} />;
}
