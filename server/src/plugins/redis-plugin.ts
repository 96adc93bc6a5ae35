import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared Redis connection, or null when REDIS_URL is not set (in-process mode). */
    redis: Redis | null;
  }
}

/**
 * Opens the Redis connection when configured. Commands wait (bounded) while Redis is away
 * instead of failing at once, and callers treat Redis as optional: the game keeps working.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance, options: { redisUrl: string | null }) => {
    if (!options.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(options.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
