import type { ServerToClientEvents } from '@jotto/shared/realtime-events';
import type { RealtimeSocket } from './realtime-connection.ts';

export type RealtimeEventName = keyof ServerToClientEvents;
export type RealtimeEventPayload<E extends RealtimeEventName> = Parameters<
  ServerToClientEvents[E]
>[0];
type Handler<E extends RealtimeEventName> = (payload: RealtimeEventPayload<E>) => void;

/**
 * `off`: nobody to connect for (a guest); `connecting`: opening or re-opening; `live`: events
 * arrive; `offline`: the channel is down (blocked, server gone): screens poll instead.
 */
export type RealtimeStatus = 'off' | 'connecting' | 'live' | 'offline';

export interface RealtimeSnapshot {
  status: RealtimeStatus;
  /** Grows at every (re)connect: a screen refetches what it may have missed when it changes. */
  connections: number;
}

/**
 * The client's one real-time channel. Screens subscribe to events here whether or not the
 * socket exists yet; the hub attaches to whichever socket is current, so a reconnect or a new
 * sign-in never loses a subscription. Status changes are published for useSyncExternalStore.
 */
export class RealtimeHub {
  private socket: RealtimeSocket | null = null;
  private snapshot: RealtimeSnapshot = { status: 'off', connections: 0 };
  private readonly statusListeners = new Set<() => void>();
  private readonly handlers = new Map<RealtimeEventName, Set<Handler<RealtimeEventName>>>();
  private generation = 0;

  constructor(private readonly open: () => Promise<RealtimeSocket>) {}

  getSnapshot = (): RealtimeSnapshot => this.snapshot;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Calls `handler` for every `event` from now on; returns the unsubscribe function. */
  on<E extends RealtimeEventName>(event: E, handler: Handler<E>): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Opens the channel for a signed-in user (once; later calls keep the open one). */
  async connect(): Promise<void> {
    if (this.socket || this.snapshot.status === 'connecting') return;
    const generation = ++this.generation;
    this.setStatus('connecting');
    let socket: RealtimeSocket;
    try {
      socket = await this.open();
    } catch (error) {
      console.error('real-time channel could not load', error);
      if (generation === this.generation) this.setStatus('offline');
      return;
    }
    // Signed out (or reconnected) while the module was loading: this socket is not wanted.
    if (generation !== this.generation) {
      socket.disconnect();
      return;
    }
    this.socket = socket;
    socket.on('connect', () => this.setStatus('live', true));
    socket.on('disconnect', () => this.setStatus('offline'));
    socket.on('connect_error', () => this.setStatus('offline'));
    // One listener for every event: the payload of each event name is the server's event map
    // (the same shared type the server emits with), so it is handed on as that type.
    socket.onAny((event: RealtimeEventName, payload: RealtimeEventPayload<RealtimeEventName>) => {
      for (const handler of this.handlers.get(event) ?? []) handler(payload);
    });
  }

  /** Closes the channel (logout, or a guest). */
  disconnect(): void {
    this.generation += 1;
    this.socket?.disconnect();
    this.socket = null;
    this.setStatus('off');
  }

  private setStatus(status: RealtimeStatus, connected = false): void {
    const connections = this.snapshot.connections + (connected ? 1 : 0);
    if (status === this.snapshot.status && connections === this.snapshot.connections) return;
    this.snapshot = { status, connections };
    for (const listener of this.statusListeners) listener();
  }
}
