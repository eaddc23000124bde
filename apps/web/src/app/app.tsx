import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { connectApi } from '../shared/api/api';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { appRoutes } from './router';
import './styles.css';

/** The console: providers around a browser-history router (spec 000 section 2). */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const created = createBrowserRouter(appRoutes());
    connectApi({ navigate: (to) => void created.navigate(to), location: () => created.state.location });
    return created;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
