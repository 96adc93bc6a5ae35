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
 * needs an account, decisions §6); a guest has none and their screens poll.
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

/** Calls the latest `handler` for every `event` while the component is mounted. */
export function useRealtimeEvent<E extends RealtimeEventName>(
  event: E,
  handler: (payload: RealtimeEventPayload<E>) => void,
): void {
  const hub = useHub();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => hub.on(event, (payload) => latest.current(payload)), [hub, event]);
}
