import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared Redis connection, or null when REDIS_URL is not set (in-process mode). */
    redis: Redis | null;
  }
}

/**
 * How long one command on the request path may take before it counts as failed. Our commands
 * (a rate-limit script, a SET NX, a PING) answer in well under a millisecond; a Redis that
 * takes this long is as good as down, and the caller falls back (see rate-limit-store.ts).
 * Not shorter: a busy event loop runs this timer before it reads a reply that has arrived, so
 * a tighter bound would call a healthy Redis down whenever the node is loaded.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Options of the connection that serves requests. Redis is optional (REDIS_URL): while it
 * is away a command must fail at once, so the caller can fall back, rather than wait in
 * ioredis's offline queue and retries (which made every rate-limited route take ~5 s during an
 * outage). Reconnection goes on in the background, at most 2 s apart, for as long as it takes.
 * A connection that needs the queue (the Socket.IO subscriber, whose SUBSCRIBE must survive a
 * reconnect) overrides these when it duplicates this one.
 */
export const REQUEST_PATH_REDIS_OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 2_000,
  retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
};

/**
 * Opens the Redis connection when configured. A node whose Redis is unreachable at start-up
 * still starts, degraded (as it would run if Redis went away later), and connects when Redis
 * comes.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance, options: { redisUrl: string | null }) => {
    if (!options.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(options.redisUrl, REQUEST_PATH_REDIS_OPTIONS);
    let reported = false;
    redis.on('error', (err: Error) => {
      // One line per outage, not one per reconnection attempt.
      if (!reported) app.log.warn({ err: err.message }, 'redis unavailable; running degraded');
      reported = true;
    });
    redis.on('ready', () => {
      if (reported) app.log.info('redis available again');
      reported = false;
    });
    await redis.connect().catch(() => {
      // Logged by the error handler above; ioredis keeps reconnecting by retryStrategy.
    });
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  },
  { name: 'redis' },
);
