import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.ts';

/** A route's limit: `max` requests per client address per minute (the unit of RATE_LIMIT_*). */
export const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

/**
 * Per-client rate limits on the routes that opt in (login, register, search, play). With Redis
 * the counts are shared by every node, so the limit is N in total, not N per node. If Redis
 * is unreachable the limit is skipped rather than failing the request.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyRateLimit, {
      global: false,
      ...(app.redis ? { redis: app.redis, nameSpace: 'jotto:rate-limit:' } : {}),
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new ApiError(
          429,
          `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
