import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { config } from '@/app/config';
import { makeRouter } from '@/app/router';
import { makeStore } from '@/app/store';
import '@/styles.css';

const store = makeStore({ nodesUrl: config.nodesUrl });
const router = makeRouter();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
