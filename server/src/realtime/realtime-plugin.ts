import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { userRoom } from '@jotto/shared/realtime-events';
import type { AppConfig } from '../config.ts';
import { isDatabaseUnavailable } from '../db/database-errors.ts';
import { mayOpenSocket } from '../plugins/origin-policy.ts';
import { SESSION_COOKIE } from '../sessions/session-plugin.ts';
import { viewerOfSession } from '../sessions/viewer.ts';
import type { RealtimeServer, RealtimeSocket } from './notifier.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server on `${API_PREFIX}/socket.io`. */
    io: RealtimeServer;
    /** Disconnects every socket of one session, on every node (logout). */
    disconnectSession(sessionHash: string): void;
  }
}

/** Every socket of one session joins this room, so logout can close them on every node. */
const sessionRoom = (sessionHash: string) => `session:${sessionHash}`;
// An unauthenticated socket is refused at the handshake; this only bounds a slow one.
const HANDSHAKE_TIMEOUT_MS = 10_000;

/**
 * Socket.IO, attached to Fastify's own HTTP server by this small plugin (the community
 * fastify-socket.io targets Fastify 4). The handshake must come from a trusted origin and
 * carry a live session cookie of a user with a username; each socket joins `user:{id}`.
 * Clients send nothing over the socket: intents are REST calls, so there is no client payload
 * to trust, and any event a client sends is dropped.
 *
 * With REDIS_URL, the classic Redis pub/sub adapter over ioredis fans events out to every
 * node. We do not use sharded pub/sub: it pays off only on a Redis Cluster, and its adapter
 * needs the node-redis client rather than the ioredis we already run; one Redis 7 node with
 * plain pub/sub carries our event rates with room to spare.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    const { config } = options;
    const io: RealtimeServer = new Server(app.server, {
      path: `${config.apiPrefix}/socket.io`,
      serveClient: false,
      connectTimeout: HANDSHAKE_TIMEOUT_MS,
      cors:
        config.clientOrigins.length > 0
          ? { origin: config.clientOrigins, credentials: true }
          : undefined,
      allowRequest: (request: IncomingMessage, callback) => {
        const protocol =
          'encrypted' in request.socket && request.socket.encrypted ? 'https' : 'http';
        const trusted = mayOpenSocket(config, request.headers, protocol);
        callback(trusted ? null : 'origin not allowed', trusted);
      },
    });

    if (app.redis) {
      // While Redis is away an event cannot cross nodes; it is dropped at once rather than
      // queued (clients catch up through the REST routes they poll, and `seq` shows the gap).
      const publisher = app.redis.duplicate({
        lazyConnect: false,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
      });
      // The subscriber is off the request path and its (P)SUBSCRIBE, sent once when the adapter
      // is created, must wait for a connection rather than fail: it keeps the offline queue and
      // no command timeout (ioredis resubscribes by itself after every reconnect).
      const subscriber = app.redis.duplicate({
        lazyConnect: false,
        enableOfflineQueue: true,
        maxRetriesPerRequest: null,
        commandTimeout: undefined,
      });
      for (const client of [publisher, subscriber]) {
        client.on('error', (err: Error) =>
          app.log.warn({ err: err.message }, 'redis adapter error'),
        );
      }
      // The adapter does not await its publishes, so an outage would surface as unhandled
      // rejections (fatal under close-with-grace); each failed publish is logged here instead.
      const publish: (channel: string, message: string | Buffer) => Promise<number> =
        publisher.publish.bind(publisher);
      Object.assign(publisher, {
        publish: (channel: string, message: string | Buffer) =>
          publish(channel, message).catch((err: unknown) => {
            app.log.warn(
              { err: err instanceof Error ? err.message : String(err) },
              'event not fanned out: redis unavailable',
            );
            return 0;
          }),
      });
      // Nor does it await its (P)SUBSCRIBE: one still queued when the node closes (Redis never
      // came) is dropped by ioredis with a rejection, logged here rather than left unhandled.
      for (const method of ['subscribe', 'psubscribe'] as const) {
        const original = subscriber[method].bind(subscriber) as (
          ...args: unknown[]
        ) => Promise<unknown>;
        Object.assign(subscriber, {
          [method]: (...args: unknown[]) =>
            original(...args).catch((err: unknown) => {
              app.log.warn(
                { err: err instanceof Error ? err.message : String(err) },
                'redis adapter subscription dropped',
              );
              return 0;
            }),
        });
      }
      io.adapter(createAdapter(publisher, subscriber, { key: 'jotto:socket.io' }));
      app.addHook('onClose', async () => {
        publisher.disconnect();
        subscriber.disconnect();
      });
    }

    /** The handshake's check: undefined to let the socket in, else why not. */
    const authenticate = async (socket: RealtimeSocket): Promise<Error | undefined> => {
      try {
        const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
        const sessionId = cookies[SESSION_COOKIE];
        const session = sessionId ? await app.sessions.resolve(sessionId) : null;
        // Events go to accounts: a guest, or an account without a username yet, has none.
        const viewer = viewerOfSession(session);
        if (typeof viewer === 'string' || viewer.kind !== 'user') return new Error('unauthorized');
        socket.data.userId = viewer.userId;
        socket.data.sessionHash = viewer.sessionHash;
        return undefined;
      } catch (err) {
        // A database that is down or restarting is not a bug: the client reconnects later.
        if (isDatabaseUnavailable(err))
          app.log.warn({ err }, 'socket handshake: database unavailable');
        else app.log.error({ err }, 'socket handshake failed');
        return new Error('unavailable');
      }
    };
    // Socket.IO does not await a middleware: this one settles `next` itself, never rejects.
    io.use((socket, next) => {
      void authenticate(socket).then(next);
    });

    io.on('connection', (socket) => {
      const { userId, sessionHash } = socket.data;
      void socket.join([userRoom(userId), sessionRoom(sessionHash)]);
    });

    app.decorate('io', io);
    app.decorate('disconnectSession', (sessionHash: string) => {
      io.in(sessionRoom(sessionHash)).disconnectSockets(true);
    });
    app.addHook('preClose', async () => {
      // Closes sockets before Fastify waits for connections to drain; clients reconnect elsewhere.
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['redis', 'session'] },
);
