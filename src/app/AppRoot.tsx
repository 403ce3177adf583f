import { Outlet } from 'react-router';
import { DocumentTitle } from '@/app/DocumentTitle';
import { PageViews } from '@/features/analytics/PageViews';
import { LanguageAlternates } from '@/i18n/LanguageAlternates';

/**
 * Above every layout: the tab's title, then (so it can carry that title) the page view, and the
 * page's addresses in the other languages.
 */
export function AppRoot() {
  return (
    <>
      <DocumentTitle />
      <PageViews />
      <LanguageAlternates />
      <Outlet />
    </>
  );
}
