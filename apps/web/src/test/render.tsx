import { STANDARD_DEPLOYMENT_PROFILE, type CurrentUserInfo, type DeploymentProfile, type MenuEntry } from '@atrium/contract';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { AppContext } from '../app/app-context';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/router';
import { connectApi } from '../shared/api/api';
import type { PageRoute } from '../shared/routing/page-route';
import { DEPLOYMENT_PROFILE_KEY } from '../shared/deployment/deployment.api';
import { sessionKeys } from '../shared/session/session.api';

/** Renders a component with the console's providers and a memory router. */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  return { queryClient, ...render(<AppProviders queryClient={queryClient}><AppContext><MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter></AppContext></AppProviders>) };
}

export interface ConsoleOptions {
  path?: string;
  user?: CurrentUserInfo;
  menu?: MenuEntry[];
  pages?: PageRoute[];
  /** The host's deployment profile; the standard console unless given. */
  deployment?: DeploymentProfile;
}

/**
 * Renders the whole console at `path` in a memory router. With `user` and `menu` the session is
 * already known (the query cache holds what getCurrentUserInfo and getMenuList would answer);
 * without them the console asks the API like in the browser (see `stubApi`).
 */
export function renderConsole({ path = '/index', user, menu, pages, deployment = STANDARD_DEPLOYMENT_PROFILE }: ConsoleOptions = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(DEPLOYMENT_PROFILE_KEY, deployment);
  if (user) queryClient.setQueryData(sessionKeys.currentUser, user);
  if (menu) queryClient.setQueryData(sessionKeys.menu, menu);
  const router = createMemoryRouter(appRoutes(pages), { initialEntries: [path] });
  connectApi({ navigate: (to) => void router.navigate(to), location: () => router.state.location });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** An answer of the stubbed API: an envelope with its HTTP status, or a promise of one (to hold a request). */
export type StubAnswer = { status?: number; returncode?: number; message?: string; result?: unknown };
export type StubRoute = (request: { method: string; path: string; query: URLSearchParams; body: unknown }) => StubAnswer | Promise<StubAnswer>;

/**
 * Replaces `fetch` with a table of API answers keyed by 'METHOD /path' (the API client itself is
 * tested against a real HTTP server in api-client.test.ts). Returns the requests it saw.
 */
export function stubApi(routes: Record<string, StubRoute | StubAnswer>) {
  const seen: { method: string; path: string; query: URLSearchParams; body: unknown; headers: Record<string, string> }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    seen.push({ method, path, query: url.searchParams, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const route = routes[`${method} ${path}`];
    const answer =
      typeof route === 'function' ? await route({ method, path, query: url.searchParams, body }) : (route ?? { status: 404, returncode: 1002, message: 'Request address error' });
    const { status = 200, returncode = 200, message = 'Success', result = null } = answer;
    return new Response(JSON.stringify({ returncode, message, result }), { status, headers: { 'content-type': 'application/json' } });
  });
  return seen;
}
