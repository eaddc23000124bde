import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { connectApi } from '../shared/api/api';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { appRoutes } from './router';
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

/** The console: providers around the router. */
export function App({ router }: { router: AppRouter }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
