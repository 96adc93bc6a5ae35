import type { ReactNode } from 'react';
import { ConfirmProvider } from '@/components/confirm-provider.tsx';
import type { RealtimeHub } from '@/lib/realtime/realtime-hub.ts';
import { RealtimeProvider, useHasRealtime } from '@/lib/realtime/realtime-provider.tsx';

/**
 * What the screens inside the shell use beyond the app's providers: the confirmation modal and
 * the real-time channel. They live with the shell, which is its own chunk, so the landing page
 * loads neither (its JavaScript budget). Provided once: inside providers already there
 * (a test's, with a fake socket) this adds nothing.
 */
export function ShellProviders({
  children,
  realtimeHub,
}: {
  children: ReactNode;
  /** Tests hand in a hub over a fake connection. */
  realtimeHub?: RealtimeHub;
}) {
  if (useHasRealtime()) return children;
  return (
    <ConfirmProvider>
      <RealtimeProvider hub={realtimeHub}>{children}</RealtimeProvider>
    </ConfirmProvider>
  );
}
