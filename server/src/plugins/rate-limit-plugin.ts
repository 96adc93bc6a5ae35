import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.ts';
import { rateLimitStore } from './rate-limit-store.ts';

/** A route's limit: `max` requests per client address per minute (the unit of RATE_LIMIT_*). */
export const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

/**
 * The limit of a route that starts a game. A guest's game costs a session, a game and a player
 * row kept for 24 hours, for anyone without an account: so guests (with a session or without)
 * start at most `guestGames` per address per minute. A signed-in account (500 games from one in
 * 0.9 s, before) starts at most `accountGames` per minute, counted per account from any address,
 * and uses none of its address's guest allowance. Each route counts apart: each is the limit of
 * one kind of game.
 */
export const newGameLimit = (limits: { guestGames: number; accountGames: number }) => ({
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => {
    const userId = request.session?.userId;
    return userId == null ? request.ip : `account:${userId}`;
  },
  max: (request: FastifyRequest) =>
    request.session?.userId == null ? limits.guestGames : limits.accountGames,
});

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
