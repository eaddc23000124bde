import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RedirectPage, RefreshPage } from './navigation-helpers';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search + location.hash}</output>;
}

function open(address: string, client = new QueryClient()) {
  const router = createMemoryRouter(
    [
      { path: '/redirect/*', element: <RedirectPage /> },
      { path: '/refresh', element: <RefreshPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [address] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the hidden helper routes', () => {
  it('/redirect/<path> opens the page with its query and hash, replacing itself in the history', async () => {
    const router = open('/redirect/role-detail/3/permissions?tab=1#top');
    expect((await screen.findByTestId('where')).textContent).toBe('/role-detail/3/permissions?tab=1#top');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('/redirect opens only pages of this console', async () => {
    open('/redirect//evil.example/x');
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('/refresh fetches every query again and returns to the page it names', async () => {
    const client = new QueryClient();
    client.setQueryData(['rooms'], ['Kew']);
    open('/refresh?from=%2Flive%3Fview%3Dgrid', client);
    expect((await screen.findByTestId('where')).textContent).toBe('/live?view=grid');
    expect(client.getQueryState(['rooms'])?.isInvalidated).toBe(true);
  });

  it('/refresh without a page, or with a foreign one, opens the default page', async () => {
    open('/refresh?from=https%3A%2F%2Fevil.example');
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });
});
