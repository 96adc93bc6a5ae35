import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.ts';
import { rateLimitStore } from './rate-limit-store.ts';

/** A route's limit: `max` requests per client address per minute (the unit of RATE_LIMIT_*). */
export const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

/** The account a request is counted under by `perAccountPerMinute`, or null to count its address. */
export type AccountOfRequest = (request: FastifyRequest) => number | null;

/** The account of the session looked up before the route ran (the session plugin's hook). */
const accountOfSession: AccountOfRequest = (request) => request.session?.userId ?? null;

const ACCOUNT_KEY = 'account:';

/**
 * A limit per minute that counts a signed-in player per account, whatever their address, and
 * anyone without an account (a guest, a request without a session) per client address. Players
 * who share an address (a classroom, a household, a mobile carrier's NAT) then do not share
 * one allowance, while a visitor without an account, who costs nothing to be, cannot multiply
 * theirs. An account counts only under `account:<id>`: it uses none of its address's allowance.
 *
 * `accountOf` says whose account a request is (by default the session the session plugin
 * looked up before the route); `visitor` is the allowance per address, `account`'s if unset.
 * The address is keyed as the plugin's own keys are (an IPv6 client by its /64), so that a
 * client cannot step through the addresses of its own subnet.
 */
export function perAccountPerMinute(limits: {
  account: number;
  visitor?: number;
  accountOf?: AccountOfRequest;
}) {
  const { account, visitor = account, accountOf = accountOfSession } = limits;
  return {
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => {
      const userId = accountOf(request);
      return userId === null ? normalizeIP(request.ip) : `${ACCOUNT_KEY}${userId}`;
    },
    // Decided from the key, so that `accountOf` runs once a request.
    max: (_request: FastifyRequest, key: string) =>
      key.startsWith(ACCOUNT_KEY) ? account : visitor,
  };
}

/**
 * The limit of a route that starts a game. A guest's game costs a session, a game and a player
 * row kept for 24 hours, for anyone without an account: so guests (with a session or without)
 * start at most `guestGames` per address per minute. A signed-in account (500 games from one in
 * 0.9 s, before) starts at most `accountGames` per minute, counted per account from any address,
 * and uses none of its address's guest allowance. Each route counts apart: each is the limit of
 * one kind of game.
 */
export const newGameLimit = (limits: { guestGames: number; accountGames: number }) =>
  perAccountPerMinute({ account: limits.accountGames, visitor: limits.guestGames });

/**
 * Per-client rate limits on the routes that opt in (login, register, search, guesses, challenges,
 * 'Play now'…), per address or per account (`perAccountPerMinute`). With Redis the counts are
 * shared by every node, so the limit is N in total, not N per node. While Redis is unreachable
 * each node counts in memory instead (rate-limit-store.ts): the limits never switch off, and a
 * request never waits for Redis.
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
