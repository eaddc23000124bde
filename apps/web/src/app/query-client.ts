import { QueryClient } from '@tanstack/react-query';

/** One client for the console. The API client already shows failures, so queries never retry them. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
