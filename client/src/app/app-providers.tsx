import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertProvider } from '@/components/alert-provider.tsx';
import { StatusToastProvider } from '@/components/status-toast.tsx';

/**
 * What every page may use, the landing included: server state (TanStack Query), the alert
 * modal and the status toast. The signed-in screens get more from the shell (shell/shell-providers.tsx). The router
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
      <AlertProvider>
        <StatusToastProvider>{children}</StatusToastProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
}
