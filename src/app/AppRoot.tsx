import { Outlet } from 'react-router';
import { DocumentTitle } from '@/app/DocumentTitle';
import { PageViews } from '@/features/analytics/PageViews';

/** Above every layout: the tab's title, then (so it can carry that title) the page view. */
export function AppRoot() {
  return (
    <>
      <DocumentTitle />
      <PageViews />
      <Outlet />
    </>
  );
}
