import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { config } from '@/app/config';
import { AnalyticsContext } from '@/app/hooks';
import { makeRouter } from '@/app/router';
import { makeStore } from '@/app/store';
import { createAnalytics } from '@/features/analytics/ga4Analytics';
import '@/styles.css';

const store = makeStore({ nodesUrl: config.nodesUrl });
const router = makeRouter();
const analytics = createAnalytics(config.analyticsId);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <AnalyticsContext value={analytics}>
        <RouterProvider router={router} />
      </AnalyticsContext>
    </Provider>
  </StrictMode>,
);
