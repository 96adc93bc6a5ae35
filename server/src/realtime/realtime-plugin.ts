import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { userRoom } from '@jotto/shared/realtime-events';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import type { AppConfig } from '../config/config.ts';
import type { NodeDrain } from '../lib/node-drain.ts';
import { isDatabaseUnavailable } from '../db/database-errors.ts';
import { mayOpenSocket } from '../plugins/origin-policy.ts';
import { viewerOfSession } from '../sessions/viewer.ts';
import {
  AdapterConnection,
  type FireAndForgetCommand,
  SOCKET_ADAPTER_KEY,
} from './adapter-connection.ts';
import type { RealtimeServer, RealtimeSocket } from './notifier.ts';
import { SessionRecheck } from './session-recheck.ts';
import { registerSocketMetrics } from './realtime-metrics.ts';
import { refusalMessage, SocketLedger } from './socket-ledger.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server on `${API_PREFIX}/socket.io`. */
    io: RealtimeServer;
  }
}

/**
 * Every socket of one session joins this room, so that the session's end can close them on
 * every node, and a node can tell whether it holds a socket of the session.
 */
export const sessionRoom = (sessionHash: string) => `session:${sessionHash}`;
// An unauthenticated socket is refused at the handshake; this only bounds a slow one.
const HANDSHAKE_TIMEOUT_MS = 10_000;
/**
 * The largest message a client may send (Engine.IO's maxHttpBufferSize, 1 MB by default: one
 * client sent a hundred 900 KB frames). A client sends only the protocol's own packets: the
 * namespace CONNECT (`40`, with no auth payload from our client), pongs and the upgrade probe,
 * a few bytes each, a polling POST batching a handful of them. 1 KB leaves ample room; a
 * larger message closes the connection.
 */
export const MAX_CLIENT_MESSAGE_BYTES = 1024;
/** setTimeout's longest delay (about 24.8 days); a longer wait is made of several. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Socket.IO, attached to Fastify's own HTTP server by this small plugin (the community
 * fastify-socket.io targets Fastify 4). The handshake must come from a trusted origin and
 * carry a live session cookie of a user with a username; each socket joins `user:{id}`.
 * Clients send nothing over the socket: intents are REST calls, so there is no client payload
 * to trust, and a socket that sends an event is disconnected. A session and an account hold at
 * most SOCKETS_PER_SESSION and SOCKETS_PER_ACCOUNT sockets (socket-ledger.ts, across nodes with
 * Redis), and a socket ends when its session does: logout, a password reset or a sign-in that
 * replaces the session close its sockets on every node at once (told by the session store), its
 * expiry closes each at that moment, and, should that news be lost, every node checks the
 * sessions of its sockets in the database every SESSION_RECHECK_MS (session-recheck.ts).
 *
 * With REDIS_URL, the classic Redis pub/sub adapter over ioredis fans events out to every
 * node. We do not use sharded pub/sub: it pays off only on a Redis Cluster, and its adapter
 * needs the node-redis client rather than the ioredis we already run; one Redis 7 node with
 * plain pub/sub carries our event rates with room to spare.
 */
export const realtimePlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      config: AppConfig;
      /** How often the sessions of this node's sockets are checked; tests shorten it. */
      sessionRecheckMs?: number;
      /** While it drains, the node takes no new socket. */
      drain: NodeDrain;
    },
  ) => {
    const { config } = options;
    const io: RealtimeServer = new Server(app.server, {
      path: `${config.apiPrefix}/socket.io`,
      serveClient: false,
      connectTimeout: HANDSHAKE_TIMEOUT_MS,
      maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
      cors:
        config.clientOrigins.length > 0
          ? { origin: config.clientOrigins, credentials: true }
          : undefined,
      allowRequest: (request: IncomingMessage, callback) => {
        // Refused at the transport (403), not at the handshake: a client takes that for a
        // failed attempt and tries again, through the balancer, which sends it to another node.
        if (options.drain.draining) return callback('draining', false);
        const protocol =
          'encrypted' in request.socket && request.socket.encrypted ? 'https' : 'http';
        const trusted = mayOpenSocket(config, request.headers, protocol);
        callback(trusted ? null : 'origin not allowed', trusted);
      },
    });

    const caps = {
      perSession: config.realtime.socketsPerSession,
      perAccount: config.realtime.socketsPerAccount,
    };
    const redis = app.redis;
    const ledger = new SocketLedger(caps, redis, app.log);
    app.addHook('onClose', async () => ledger.close());
    const metrics = registerSocketMetrics(app.metrics, () => ledger.size);
    if (redis) {
      const reportDropped = (command: FireAndForgetCommand, error: unknown) => {
        const err = error instanceof Error ? error.message : String(error);
        if (command === 'publish') {
          metrics.dropped();
          app.log.warn({ err }, 'event not fanned out: redis unavailable');
        } else app.log.warn({ err, command }, 'redis adapter subscription dropped');
      };
      // While Redis is away an event cannot cross nodes; it is dropped at once rather than
      // queued (clients catch up through the REST routes they poll, and `seq` shows the gap):
      // the request connection's options (no offline queue, no retries, a command timeout).
      const publisher = new AdapterConnection(
        {
          ...redis.options,
          lazyConnect: false,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
        },
        reportDropped,
        metrics.published,
      );
      // The subscriber is off the request path and its (P)SUBSCRIBE, sent once when the adapter
      // is created, must wait for a connection rather than fail: it keeps the offline queue and
      // no command timeout (ioredis resubscribes by itself after every reconnect).
      const subscriber = new AdapterConnection(
        {
          ...redis.options,
          lazyConnect: false,
          enableOfflineQueue: true,
          maxRetriesPerRequest: null,
          commandTimeout: undefined,
        },
        reportDropped,
      );
      for (const client of [publisher, subscriber]) {
        client.on('error', (err: Error) =>
          app.log.warn({ err: err.message }, 'redis adapter error'),
        );
      }
      io.adapter(createAdapter(publisher, subscriber, { key: SOCKET_ADAPTER_KEY }));
      app.addHook('onClose', async () => {
        publisher.disconnect();
        subscriber.disconnect();
      });
    }

    const recheck = new SessionRecheck(io, app.sessions, app.log, options.sessionRecheckMs);
    app.addHook('onClose', () => recheck.stop());

    /** The handshake's check: undefined to let the socket in, else why not. */
    const authenticate = async (socket: RealtimeSocket): Promise<Error | undefined> => {
      try {
        const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
        const sessionId = cookies[SESSION_COOKIE];
        const session = sessionId ? await app.sessions.resolve(sessionId) : null;
        // Events go to accounts: a guest, or an account without a username yet, has none.
        const viewer = viewerOfSession(session);
        if (!session || typeof viewer === 'string' || viewer.kind !== 'user') {
          return new Error('unauthorized');
        }
        socket.data.userId = viewer.userId;
        socket.data.sessionHash = viewer.sessionHash;
        socket.data.sessionExpiresAt = session.expiresAt.getTime();
        const refusal = await ledger.claim({
          socketId: socket.id,
          userId: viewer.userId,
          sessionHash: viewer.sessionHash,
        });
        if (refusal) {
          // The refusal reaches the client, then its connection closes (engine.io sends what it
          // has buffered first) instead of lingering until the handshake timeout.
          setImmediate(() => socket.conn.close());
          return new Error(refusalMessage(refusal, caps));
        }
        // However the socket ends (or its connection closes before it is admitted), its place
        // goes back.
        socket.conn.once('close', () => ledger.release(socket.id));
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
      const { userId, sessionHash, sessionExpiresAt } = socket.data;
      void socket.join([userRoom(userId), sessionRoom(sessionHash)]);
      // A session that expires takes its sockets with it, as logout does: after expiry REST
      // answers as to a guest, and the socket must stop hearing the account's events.
      let expiry: NodeJS.Timeout | undefined;
      const closeAtExpiry = () => {
        const remaining = sessionExpiresAt - Date.now();
        if (remaining <= 0) socket.disconnect(true);
        else expiry = setTimeout(closeAtExpiry, Math.min(remaining, MAX_TIMER_MS));
      };
      closeAtExpiry();
      // Intents are REST calls: a client that sends an event is not our client.
      socket.onAny((event: unknown) => {
        app.log.warn({ userId, event: String(event).slice(0, 64) }, 'socket sent an event: closed');
        socket.disconnect(true);
      });
      socket.once('disconnect', () => {
        clearTimeout(expiry);
        ledger.release(socket.id);
        recheck.socketsChanged();
      });
      recheck.socketsChanged();
    });

    app.decorate('io', io);
    // Sessions ended before their time close their sockets on every node, in one broadcast. An
    // expired session's sockets have closed at its expiry already, and a guest's session has none.
    app.sessions.onEnded((ended, cause) => {
      const rooms = ended
        .filter((session) => session.userId !== null)
        .map((session) => sessionRoom(session.sessionHash));
      if (cause === 'early' && rooms.length > 0) io.in(rooms).disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['redis', 'session', 'metrics'] },
);
