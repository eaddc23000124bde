import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { connectApi } from '../shared/api/api';
import { prefetchSession } from '../shared/session/session.api';
import { AppProviders } from './providers';
import { appRoutes, SESSION_ROUTE_ID } from './router';
import './styles.css';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The console's browser-history router (spec 000 section 2), wired to the API client. Creating it
 * starts loading the code of the address's pages.
 */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(appRoutes());
  connectApi({ navigate: (to) => void router.navigate(to), location: () => router.state.location });
  return router;
}

/**
 * On a signed-in address, asks who is signed in and their menu right away, beside the download of the
 * page's code rather than after it (issue 19: two round trips less before a signed-in page shows).
 */
export function startSession(router: AppRouter, queryClient: QueryClient) {
  if (router.state.matches.some((match) => match.route.id === SESSION_ROUTE_ID)) prefetchSession(queryClient);
}

/** The console: providers around the router. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
