import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { Providers } from './app/Providers';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/routes';
import { wireApi } from './app/wireApi';
import { appConfigQuery } from './lib/appConfig';
import { currentUserQuery } from './lib/session';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);
wireApi(queryClient, (to) => router.navigate(to));
// The shell and the route guards need the session and the public configuration: ask for both while
// the first page's code loads, not after it renders.
void queryClient.prefetchQuery(currentUserQuery);
void queryClient.prefetchQuery(appConfigQuery);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
