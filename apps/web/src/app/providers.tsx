import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { disableNativeValidation } from '../shared/forms/native-validation';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Data for everything below: TanStack Query. antd's theme, locale and App context are not here:
 * they load with the pages that use antd, which the sign-in page does not (app-context.tsx, issue 19).
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  // Every form of the console answers with its own messages, never the browser's bubbles.
  useEffect(() => disableNativeValidation(document), []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
