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
 * When the socket reconnects after the server closed it, drawn uniformly from this range (ms).
 * A node going away (`server:draining`) closes all its sockets at once: spread over a second,
 * their reconnects do not all reach the next node in the same instant. Any other close by the
 * server (a session ended elsewhere, say) waits longer: the one try then mostly finds the
 * session gone, and the handshake's refusal ends the tries.
 */
export const RECONNECT_AFTER_DRAIN_MS = { min: 0, max: 1_000 } as const;
export const RECONNECT_AFTER_SERVER_CLOSE_MS = { min: 2_000, max: 5_000 } as const;

const between = ({ min, max }: { min: number; max: number }) => min + Math.random() * (max - min);

/**
 * The client's one real-time channel. Screens subscribe to events here whether or not the
 * socket exists yet; the hub attaches to whichever socket is current, so a reconnect or a new
 * sign-in never loses a subscription. Status changes are published for useSyncExternalStore.
 *
 * Socket.IO reconnects by itself after a lost connection, never after the server closed the
 * socket ('io server disconnect'): the hub does it then, so that a node's shutdown (which asks
 * its sockets to move with `server:draining`, then closes them) or an older node that just
 * closes them leaves no player polling until a reload. Each reconnect counts as a connect, so
 * the screens catch up by `seq` as after any other.
 */
export class RealtimeHub {
  private socket: RealtimeSocket | null = null;
  private snapshot: RealtimeSnapshot = { status: 'off', connections: 0 };
  private readonly statusListeners = new Set<() => void>();
  private readonly handlers = new Map<RealtimeEventName, Set<Handler<RealtimeEventName>>>();
  private generation = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** The server said this socket's node is going away: its close is a move, not a loss. */
  private moving = false;

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
    socket.on('connect', () => {
      this.moving = false;
      this.setStatus('live', true);
    });
    socket.on('disconnect', (reason: string) => {
      if (reason !== 'io server disconnect') return this.setStatus('offline');
      this.setStatus(this.moving ? 'connecting' : 'offline');
      this.reconnectLater(
        socket,
        this.moving ? RECONNECT_AFTER_DRAIN_MS : RECONNECT_AFTER_SERVER_CLOSE_MS,
      );
    });
    socket.on('connect_error', () => {
      this.moving = false;
      this.setStatus('offline');
    });
    // One listener for every event: the payload of each event name is the server's event map
    // (the same shared type the server emits with), so it is handed on as that type.
    socket.onAny((event: RealtimeEventName, payload: RealtimeEventPayload<RealtimeEventName>) => {
      if (event === 'server:draining') this.moving = true;
      for (const handler of this.handlers.get(event) ?? []) handler(payload);
    });
  }

  /** Closes the channel (logout, or a guest). */
  disconnect(): void {
    this.generation += 1;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.moving = false;
    this.socket?.disconnect();
    this.socket = null;
    this.setStatus('off');
  }

  /** Opens `socket` again after a delay drawn from `range`, unless it is no longer the channel. */
  private reconnectLater(socket: RealtimeSocket, range: { min: number; max: number }): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.socket === socket && !socket.connected) socket.connect();
    }, between(range));
  }

  private setStatus(status: RealtimeStatus, connected = false): void {
    const connections = this.snapshot.connections + (connected ? 1 : 0);
    if (status === this.snapshot.status && connections === this.snapshot.connections) return;
    this.snapshot = { status, connections };
    for (const listener of this.statusListeners) listener();
  }
}
