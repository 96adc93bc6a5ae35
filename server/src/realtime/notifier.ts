import type { FastifyBaseLogger } from 'fastify';
import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import { clientPath } from '@jotto/shared/client-routes';
import { isPlayerFinished } from '@jotto/shared/game-rules';
import type { ClientToServerEvents, ServerToClientEvents } from '@jotto/shared/realtime-events';
import { userRoom } from '@jotto/shared/realtime-events';
import type { InvalidationPublisher } from '../lib/cluster-cache.ts';
import { changeTopics } from '../lib/invalidation-channel.ts';
import type { PushMessage, PushSender } from './push-sender.ts';
import type { EventMetrics } from './realtime-metrics.ts';

/** What the handshake learns about a socket's user (see realtime-plugin.ts). */
export interface SocketData {
  userId: number;
  sessionHash: string;
  /** When the socket's session expires (ms since the epoch): the socket closes then. */
  sessionExpiresAt: number;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  DefaultEventsMap,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  DefaultEventsMap,
  SocketData
>;

type EventName = keyof ServerToClientEvents;
type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * The one place that tells users what happened. Services call it after their transaction
 * commits; it decides who hears what: a Socket.IO event to the user's room (every tab, on
 * every node through the adapter) and, for the moments worth a notification, a push. Neither
 * is load-bearing: a client that missed both catches up through the REST routes it polls,
 * which read the same state.
 */
export class Notifier {
  private io: RealtimeServer | null = null;
  /** Whether an event may reach sockets of other nodes (a cross-node adapter, over Redis). */
  private crossNode = true;

  constructor(
    private readonly push: PushSender,
    /** Absolute links when PUBLIC_URL is set; else relative ones, which the page resolves. */
    private readonly publicUrl: string | null,
    private readonly log: FastifyBaseLogger,
    /** Announces what an event says changed for its user (their notices), for the caches. */
    private readonly invalidations: InvalidationPublisher | null = null,
    /** Counts the events sent out, by name (/metrics). */
    private readonly metrics: EventMetrics | null = null,
  ) {}

  /** Emits through `io`; `crossNode` false when no adapter carries events to other nodes. */
  attach(io: RealtimeServer, options: { crossNode: boolean }): void {
    this.io = io;
    this.crossNode = options.crossNode;
  }

  notify<E extends EventName>(userId: number, event: E, payload: EventPayload<E>): void {
    // A challenge, friendship or seen-news event is what changes a player's notices (GET /user/notices):
    // their copies on every node go, as the event goes out (see notices/notice-service.ts).
    if (
      event.startsWith('challenge:') ||
      event.startsWith('friend:') ||
      event.startsWith('notices:')
    ) {
      void this.invalidations?.publish([changeTopics.notices(userId)]);
    }
    this.emitTo(userRoom(userId), event, payload);
    const message = this.pushMessageFor(event, payload);
    if (message) {
      this.push.send(userId, message).catch((err: unknown) => {
        this.log.warn({ err, event }, 'push not delivered');
      });
    }
  }

  /**
   * An event to every socket in a room other than a user's (a game's watch room: its
   * spectators), on every node; never a push. Whoever calls it decides who may be in the room.
   */
  notifyRoom<E extends EventName>(room: string, event: E, payload: EventPayload<E>): void {
    this.emitTo(room, event, payload);
  }

  private emitTo<E extends EventName>(room: string, event: E, payload: EventPayload<E>): void {
    // On a node alone, a room with no socket here has no socket anywhere: nothing to encode.
    // Most moves are heard by nobody but the mover's own tab, which has its answer (a guest,
    // a player without another tab): skipping them was 2.6 µs of a guess's CPU on the guess
    // bench. With a cross-node adapter the event always goes out (other nodes may hold the
    // room). server/test/realtime-channel.test.ts checks that a socket in the room still
    // hears every event.
    if (this.io && (this.crossNode || this.io.sockets.adapter.rooms.has(room))) {
      try {
        // Socket.IO's emit is variadic over the event's parameters: one, the payload typed above.
        const args = [payload] as Parameters<ServerToClientEvents[E]>;
        this.io.to(room).emit(event, ...args);
        this.metrics?.emitted(event);
      } catch (err) {
        this.log.warn({ err, event }, 'real-time event not delivered');
      }
    }
  }

  /**
   * The streak reminder's push (docs/PRODUCT.md, 'Streak reminder'): no event (a page of the
   * app that is open shows the daily already), only a notification, to /daily. Resolves once
   * the provider has answered; a push that fails is logged, never thrown: the reminder counts
   * as sent for the day either way, since sending again could make two.
   */
  async dailyReminder(userId: number, reminder: { number: number; streak: number }): Promise<void> {
    const base = this.publicUrl ?? '';
    const days = reminder.streak === 1 ? '1-day' : `${reminder.streak}-day`;
    const message: PushMessage = {
      title: 'Keep your streak',
      icon: `${base}/public/icon-192.png`,
      body: `Daily Jotto #${reminder.number} is waiting: play it before midnight UTC to keep your ${days} streak.`,
      click_action: `${base}${clientPath('/daily')}`,
    };
    await this.push.send(userId, message).catch((err: unknown) => {
      this.log.warn({ err, event: 'daily reminder' }, 'push not delivered');
    });
  }

  /**
   * This node is going away (its shutdown): every socket it holds hears `server:draining`, which
   * tells the client to reconnect at once (to another node: this one refuses new sockets while
   * it drains), then is closed. Only this node's sockets: the others' stay where they are.
   */
  sendSocketsElsewhere(): void {
    if (!this.io) return;
    this.io.local.emit('server:draining');
    this.io.local.disconnectSockets(true);
  }

  /** Which events also make a push, and what it says (docs/PRODUCT.md, 'Push notifications'). */
  private pushMessageFor<E extends EventName>(
    event: E,
    payload: EventPayload<E>,
  ): PushMessage | null {
    const base = this.publicUrl ?? '';
    const icon = `${base}/public/icon-192.png`;
    const link = (path: string) => `${base}${path}`;
    switch (event) {
      case 'challenge:received': {
        const { sender } = payload as EventPayload<'challenge:received'>;
        return {
          title: 'New challenge',
          icon,
          body: `${sender} challenged you to a game!`,
          click_action: link(clientPath('/challenges')),
        };
      }
      case 'challenge:accepted': {
        const { gameId } = payload as EventPayload<'challenge:accepted'>;
        return {
          title: 'Challenge accepted',
          icon,
          body: 'Your challenge was accepted. Game on!',
          click_action: link(clientPath('/game/:gameId', { gameId })),
        };
      }
      case 'friend:request': {
        const { name } = payload as EventPayload<'friend:request'>;
        return {
          title: 'Friend request',
          icon,
          body: `${name} wants to be your friend`,
          click_action: link(clientPath('/friends')),
        };
      }
      case 'game:counts': {
        const counts = payload as EventPayload<'game:counts'>;
        const opponent = {
          won: counts.enemyWon,
          forfeit: counts.enemyForfeit,
          score: counts.enemyScore,
        };
        // Only the event of the opponent's last move; the client ignores it on a game page.
        if (!isPlayerFinished(opponent)) return null;
        return {
          title: 'Your opponent finished',
          icon,
          body: 'Your opponent finished the game. Your move!',
          click_action: link(clientPath('/game/:gameId', { gameId: counts.gameId })),
        };
      }
      // A quick phrase fades in seconds on the game screen: never worth a notification.
      case 'game:said':
        return null;
      default:
        return null;
    }
  }
}
