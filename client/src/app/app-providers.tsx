import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertProvider } from '@/components/alert-provider.tsx';

/**
 * What every page may use, the landing included: server state (TanStack Query) and the alert
 * modal. The signed-in screens get more from the shell (shell/shell-providers.tsx). The router
 * is outside, so tests can use a memory router around the same providers.
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>{children}</AlertProvider>
    </QueryClientProvider>
  );
}
