import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { Providers } from './app/Providers';
import { createQueryClient } from './app/queryClient';
import { createRoutes, loadSignInPage } from './app/routes';
import { wireApi } from './app/wireApi';
import { appConfigQuery } from './lib/appConfig';
import { todayIso } from './lib/dates';
import { currentUserQuery } from './lib/session';

const queryClient = createQueryClient();
wireApi(queryClient, (to) => router.navigate(to));
// The shell and the route guards need the session and the public configuration: ask for both first,
// ahead of the first page's code (which the router starts loading), not after the page renders. A
// signed-out visitor is most likely on the way to the sign-in page (every signed-in page sends them
// there): its code starts loading once that is known.
void queryClient.fetchQuery(currentUserQuery).then((user) => {
  if (!user) void loadSignInPage();
  // Signed-in pages show dates in the company's time zone: the first date formatter (ICU starting
  // up, tens of milliseconds) is made while their code loads rather than in their first render.
  else void queryClient.fetchQuery(appConfigQuery).then((config) => todayIso(config?.companyTimeZone));
});
void queryClient.prefetchQuery(appConfigQuery);
const router = createBrowserRouter(createRoutes(queryClient));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
