import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@jotto/shared/realtime-events';
import { userRoom } from '@jotto/shared/realtime-events';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

type EventName = keyof ServerToClientEvents;
type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * The one place that tells users what happened. Services call it after their transaction
 * commits; it decides who hears what (the user's room, on every node through the adapter).
 * Until the Socket.IO channel is attached, nothing is delivered live and clients rely on
 * polling, which reads the same state.
 */
export class Notifier {
  private io: RealtimeServer | null = null;

  attach(io: RealtimeServer): void {
    this.io = io;
  }

  notify<E extends EventName>(userId: number, event: E, payload: EventPayload<E>): void {
    if (!this.io) return;
    // Socket.IO's emit is variadic over the event's parameters; the payload type is checked above.
    (this.io.to(userRoom(userId)).emit as (event: E, payload: EventPayload<E>) => boolean)(
      event,
      payload,
    );
  }
}
