import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@jotto/shared/realtime-events';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** A real Socket.IO client, over WebSocket, sending the session cookie of a signed-in agent. */
export function openSocket(
  baseUrl: string,
  sessionId: string | undefined,
  options: { origin?: string; reconnection?: boolean } = {},
): ClientSocket {
  return io(baseUrl, {
    path: '/api/socket.io',
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    forceNew: true,
    extraHeaders: {
      ...(sessionId ? { cookie: `${SESSION_COOKIE}=${sessionId}` } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
    },
  });
}

/** Resolves once connected; rejects with the server's reason when the handshake is refused. */
export function connected(socket: ClientSocket, timeoutMs = 5_000): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    const timer = setTimeout(() => reject(new Error('socket did not connect in time')), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** Records every event of the given names, with a way to wait for the n-th. */
export function recordEvents<E extends EventName>(socket: ClientSocket, names: E[]) {
  const events: Array<{ name: E; payload: EventPayload<E>; at: number }> = [];
  const waiters: Array<() => void> = [];
  for (const name of names) {
    (socket.on as (event: E, listener: (payload: EventPayload<E>) => void) => void)(
      name,
      (payload) => {
        events.push({ name, payload, at: performance.now() });
        waiters.splice(0).forEach((wake) => wake());
      },
    );
  }
  return {
    events,
    /** Waits until `count` events (of `name`, if given) have arrived. */
    async waitFor(count: number, name?: E, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      const matching = () => events.filter((e) => name === undefined || e.name === name);
      while (matching().length < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `expected ${count} ${name ?? 'events'}, got ${JSON.stringify(matching())}`,
          );
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return matching();
    },
  };
}

/** True when no event arrives within `ms` (for "nothing was delivered" checks). */
export async function quietFor(recorder: { events: unknown[] }, ms: number): Promise<boolean> {
  const before = recorder.events.length;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return recorder.events.length === before;
}
