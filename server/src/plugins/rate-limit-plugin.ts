import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.ts';
import { rateLimitStore } from './rate-limit-store.ts';

/** A route's limit: `max` requests per client address per minute (the unit of RATE_LIMIT_*). */
export const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

/**
 * Per-client rate limits on the routes that opt in (login, register, search, play). With Redis
 * the counts are shared by every node, so the limit is N in total, not N per node. While Redis
 * is unreachable each node counts in memory instead (rate-limit-store.ts): the limits never
 * switch off, and a request never waits for Redis.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyRateLimit, {
      global: false,
      store: rateLimitStore(app.redis, 'jotto:rate-limit:', app.log),
      errorResponseBuilder: (_request, context) =>
        new ApiError(
          429,
          `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
