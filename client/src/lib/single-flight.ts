import { useCallback, useMemo, useRef, useState } from 'react';

/** The gate of one action (or of several that exclude each other): see useSingleFlight. */
export interface SingleFlight {
  /** A request started through `run` is on its way: render it (BusyButton, 'Sending...'). */
  readonly busy: boolean;
  /**
   * Starts `send` unless a request of this gate is still on its way; true when it started.
   * `send` starts the request (typically a mutation's `mutateAsync`, whose failure the
   * mutation's own `onError` reports); the gate opens again when it settles, failed or not.
   */
  run: (send: () => Promise<unknown>) => boolean;
}

/**
 * How every control that changes state ignores repeats while its request is in flight (a
 * double click, Enter pressed twice, a click on a second button of the same modal): exactly
 * one request. A mutation's `isPending` cannot be the guard: TanStack Query publishes it after
 * a timer, so the second click of a double click still sees it false, and a form that clears
 * itself on send would submit again, empty. This gate closes synchronously, at the first call;
 * `busy` follows it for rendering (aria-busy, the 'Sending...' texts). Actions that share one
 * gate block each other (Accept and Deny of one modal; a guess and 'Give up').
 */
export function useSingleFlight(): SingleFlight {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback((send: () => Promise<unknown>) => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    const release = () => {
      inFlight.current = false;
      setBusy(false);
    };
    let sent: Promise<unknown>;
    try {
      sent = send();
    } catch (error) {
      release();
      throw error;
    }
    sent.then(release, release);
    return true;
  }, []);
  return useMemo(() => ({ busy, run }), [busy, run]);
}
