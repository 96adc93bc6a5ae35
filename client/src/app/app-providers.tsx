import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertProvider } from '../components/alert-provider.tsx';
import { ConfirmProvider } from '../components/confirm-provider.tsx';
import { RealtimeProvider } from '../lib/realtime/realtime-provider.tsx';
import type { RealtimeHub } from '../lib/realtime/realtime-hub.ts';

/**
 * Everything a screen may use, in dependency order: server state (TanStack Query), the alert
 * and confirmation modals, and the real-time channel (which needs to know who is signed in).
 * The router is outside, so tests can use a memory router around the same providers.
 */
export function AppProviders({
  queryClient,
  realtimeHub,
  children,
}: {
  queryClient: QueryClient;
  realtimeHub?: RealtimeHub;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <ConfirmProvider>
          <RealtimeProvider hub={realtimeHub}>{children}</RealtimeProvider>
        </ConfirmProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
}
