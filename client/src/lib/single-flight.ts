import { useCallback, useRef } from 'react';

/**
 * Spec §5: challenge, accept and deny actions are "blocked while a request is in flight". A
 * mutation's `isPending` only shows after a render, so two quick clicks would both pass a check
 * of it; this gate closes synchronously. Actions that share one gate block each other (Accept
 * and Deny of one modal). `send` starts the request (a mutation's `mutateAsync`, whose failure
 * the mutation's own `onError` reports); the gate opens when it settles.
 */
export function useSingleFlight(): (send: () => Promise<unknown>) => void {
  const inFlight = useRef(false);
  return useCallback((send) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const release = () => {
      inFlight.current = false;
    };
    send().then(release, release);
  }, []);
}
