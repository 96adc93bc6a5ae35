import { useSyncExternalStore } from 'react';

/**
 * Whether this page can reach the server, as far as it knows (docs/PRODUCT.md, 'Offline'):
 * - `offline`: the browser says so (`navigator.onLine` at start, then its `offline` event);
 * - `unreachable`: the browser says it is online, but the last API call got no answer at all
 *   (the network failed, not the server: a 4xx or 5xx is an answer);
 * - `online`: neither.
 * The browser's `online` event makes it `online` again, and so does any call that gets an
 * answer, unless the browser still says it is offline: an answer that was on its way when the
 * connection dropped arrives after the `offline` event, and taking its word would say 'online'
 * until the browser's next event, which may never come (the banner and 'Offline' stayed away
 * for the rest of an outage that began with a poll in flight).
 */
export type NetworkState = 'online' | 'unreachable' | 'offline';

/** The page's network state: a small store for useSyncExternalStore. */
export class NetworkStatus {
  private current: NetworkState;
  private readonly listeners = new Set<() => void>();

  constructor(
    target: Pick<Window, 'addEventListener'> | null,
    /** The browser's word now (`navigator.onLine`). */
    private readonly browserOnline: () => boolean,
  ) {
    this.current = browserOnline() ? 'online' : 'offline';
    target?.addEventListener('online', () => this.set('online'));
    target?.addEventListener('offline', () => this.set('offline'));
  }

  state = (): NetworkState => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** An API call got no answer. */
  unreachable(): void {
    if (this.current === 'online') this.set('unreachable');
  }

  /** An API call got an answer, whatever it said: the server can be reached. */
  answered(): void {
    if (this.current === 'offline' && !this.browserOnline()) return;
    this.set('online');
  }

  private set(state: NetworkState): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of this.listeners) listener();
  }
}

/** The page's one record, fed by api-client.ts and the browser's events. */
export const networkStatus = new NetworkStatus(typeof window === 'undefined' ? null : window, () =>
  typeof navigator === 'undefined' ? true : navigator.onLine,
);

/** The network state now; the component renders again when it changes. */
export function useNetworkState(): NetworkState {
  return useSyncExternalStore(networkStatus.subscribe, networkStatus.state);
}
