import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useSession } from '../session.ts';
import {
  type RealtimeEventName,
  type RealtimeEventPayload,
  RealtimeHub,
  type RealtimeSnapshot,
} from './realtime-hub.ts';

const RealtimeContext = createContext<RealtimeHub | null>(null);

const openLazily = async () => (await import('./realtime-connection.ts')).openRealtimeConnection();

/**
 * Holds the real-time hub and opens the channel while someone is signed in (the handshake
 * needs an account); a guest has none and their screens poll.
 */
export function RealtimeProvider({
  children,
  hub: givenHub,
}: {
  children: ReactNode;
  /** Tests hand in a hub over a fake connection. */
  hub?: RealtimeHub;
}) {
  const [hub] = useState(() => givenHub ?? new RealtimeHub(openLazily));
  const { username } = useSession();
  useEffect(() => {
    if (!username) return;
    void hub.connect();
    return () => hub.disconnect();
  }, [hub, username]);
  return <RealtimeContext.Provider value={hub}>{children}</RealtimeContext.Provider>;
}

/** True inside a RealtimeProvider (so a second one is not opened inside it). */
export function useHasRealtime(): boolean {
  return useContext(RealtimeContext) !== null;
}

function useHub(): RealtimeHub {
  const hub = useContext(RealtimeContext);
  if (!hub) throw new Error('useRealtime… needs a RealtimeProvider above it');
  return hub;
}

/** Whether events arrive live, and how many times the channel has (re)connected. */
export function useRealtimeStatus(): RealtimeSnapshot {
  const hub = useHub();
  return useSyncExternalStore(hub.subscribeStatus, hub.getSnapshot);
}

/** A handler for some of the server's events, each given its own event's payload. */
export type RealtimeHandlers = {
  [E in RealtimeEventName]?: (payload: RealtimeEventPayload<E>) => void;
};

/** Calls the latest `handler` for every `event` while the component is mounted. */
export function useRealtimeEvent<E extends RealtimeEventName>(
  event: E,
  handler: (payload: RealtimeEventPayload<E>) => void,
): void {
  useRealtimeEvents({ [event]: handler });
}

/**
 * Calls the latest handler of each event named in `handlers` while the component is mounted.
 * Subscriptions change only when the set of names does, not with every render's new handlers.
 */
export function useRealtimeEvents(handlers: RealtimeHandlers): void {
  const hub = useHub();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const names = (Object.keys(handlers) as RealtimeEventName[]).sort().join(' ');
  useEffect(() => {
    const subscriptions = names
      .split(' ')
      .filter((name) => name !== '')
      .map((name) => subscribe(hub, name as RealtimeEventName, latest));
    return () => {
      for (const unsubscribe of subscriptions) unsubscribe();
    };
  }, [hub, names]);
}

function subscribe<E extends RealtimeEventName>(
  hub: RealtimeHub,
  event: E,
  latest: { current: RealtimeHandlers },
): () => void {
  return hub.on(event, (payload) => latest.current[event]?.(payload));
}
