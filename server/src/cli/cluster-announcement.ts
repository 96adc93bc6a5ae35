import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { ServerToClientEvents } from '@jotto/shared/realtime-events';
import { userRoom } from '@jotto/shared/realtime-events';
import { changeTopics, INVALIDATIONS_REDIS_CHANNEL } from '../lib/invalidation-channel.ts';
import type { Withdrawn } from '../moderation/report-resolution.ts';
import { AdapterConnection, SOCKET_ADAPTER_KEY } from '../realtime/adapter-connection.ts';

/**
 * Tells every node of a cluster, from outside it (the admin CLI), that an account changed: its
 * sessions that ended and what they say about it (its name) are forgotten by every node's
 * caches, and, for a ban, every socket of the account closes at once, on every node, as a
 * logout closes its session's sockets (docs/PRODUCT.md, 'Real-time channel').
 *
 * Both go over Redis: the invalidation channel's topics, and the Socket.IO adapter's own
 * request to disconnect the sockets of a room, sent by a Socket.IO server of this process that
 * holds no socket and listens on no port. Should Redis be away, each node still finds the
 * sessions gone within a minute (realtime/session-recheck.ts) and its caches stop trusting
 * themselves within their staleness bound.
 */
export async function announceAccountChange(
  redisUrl: string,
  change: {
    userId: number;
    endedSessions: readonly string[];
    disconnect: boolean;
    /** Challenges and friend requests a ban withdrew: the other player's notice goes. */
    withdrawn?: Withdrawn;
  },
): Promise<void> {
  const withdrawn = change.withdrawn ?? { challenges: [], requests: [] };
  const others = new Set(
    [...withdrawn.challenges, ...withdrawn.requests].flatMap((item) =>
      item.otherId === null ? [] : [item.otherId],
    ),
  );
  const problems: string[] = [];
  const onDropped = (command: string, error: unknown) => {
    problems.push(`${command}: ${error instanceof Error ? error.message : String(error)}`);
  };
  // The URL's options (host, port, password, TLS), for connections made the adapter's way.
  const options = new Redis(redisUrl, { lazyConnect: true }).options;
  const connection = (offlineQueue: boolean) =>
    new AdapterConnection(
      {
        ...options,
        lazyConnect: false,
        enableOfflineQueue: offlineQueue,
        maxRetriesPerRequest: offlineQueue ? 1 : 0,
        connectTimeout: 5_000,
      },
      onDropped,
    );
  const publisher = connection(true);
  const subscriber = connection(true);
  // A failed command is what counts (`onDropped`); connection errors meanwhile are retried.
  for (const client of [publisher, subscriber]) client.on('error', () => {});
  try {
    const topics = [
      ...change.endedSessions.map((sessionHash) => changeTopics.session(sessionHash)),
      changeTopics.user(change.userId),
      ...withdrawn.challenges.map((challenge) => changeTopics.challenge(challenge.id)),
      ...[...others].map((otherId) => changeTopics.notices(otherId)),
    ];
    // Topics alone, without a first line naming a node: every node applies them all.
    await publisher.publish(INVALIDATIONS_REDIS_CHANNEL, topics.join('\n'));
    if (change.disconnect) {
      const io = new Server<Record<string, never>, ServerToClientEvents>();
      io.adapter(createAdapter(publisher, subscriber, { key: SOCKET_ADAPTER_KEY }));
      io.in(userRoom(change.userId)).disconnectSockets(true);
      // A request to the other player was answered, as far as their notices go: the events
      // that take a notice off every tab (docs/PRODUCT.md, 'Notices').
      for (const challenge of withdrawn.challenges) {
        if (challenge.toOther && challenge.otherId !== null) {
          io.to(userRoom(challenge.otherId)).emit('challenge:answered', {
            challengeId: challenge.id,
          });
        }
      }
      for (const request of withdrawn.requests) {
        if (request.toOther)
          io.to(userRoom(request.otherId)).emit('friend:answered', { id: request.id });
      }
      // Redis answers a connection's commands in order: once this answers, the request is out.
      await publisher.ping();
      // Not io.close(): this server has no engine (it was never attached to a port).
      await io.of('/').adapter.close();
    }
  } finally {
    publisher.disconnect();
    subscriber.disconnect();
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
}
