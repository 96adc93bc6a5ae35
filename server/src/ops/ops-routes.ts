import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { NodeDrain } from '../lib/node-drain.ts';

const Status = Type.Object({
  result: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  status: Type.Optional(
    Type.Union([
      Type.Literal('ready'),
      Type.Literal('degraded'),
      Type.Literal('unavailable'),
      Type.Literal('draining'),
    ]),
  ),
  database: Type.Optional(Type.String()),
  redis: Type.Optional(Type.String()),
});

// Each dependency gets this long to answer a ping; both are asked at once, so /readyz answers
// within about this, well inside the 1 s a balancer's health check allows, whatever is down
// or hanging (a ping that never returns is simply "unreachable").
const PING_TIMEOUT_MS = 800;

/**
 * For how long after a statement of this node timed out (a lock held elsewhere, a database too
 * busy to answer within DATABASE_STATEMENT_TIMEOUT_MS) the database counts as not serving.
 * Covers the few seconds between two requests that would each time out again, so a balancer
 * polling every few seconds sees the stall; a recovered database is ready again after it.
 */
export const STALL_WINDOW_MS = 5_000;

/** 'ok' when the ping succeeds within PING_TIMEOUT_MS, else 'unreachable'. */
async function check(ping: () => Promise<unknown>): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unreachable'>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      ping().then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness for the load balancer and the orchestrator (see docs/PRODUCT.md,
 * 'Where the API lives').
 *
 * `/readyz` is about whether this node can serve players, which needs the database only:
 * ready (200) with the database and Redis answering (or Redis not configured); degraded (200)
 * with Redis down, since the game still works without it (rate limits count per node, events
 * stop crossing nodes and clients poll), so a Redis outage must not take every node out of the
 * balancer; unavailable (503) without the database. The database is "unreachable" when its
 * probe does not answer within 800 ms (the probe goes through the app's own pool, so a pool
 * whose connections are all busy that long fails it too), and "timing out" when a statement of
 * this node timed out within STALL_WINDOW_MS: a database that answers `SELECT 1` but leaves
 * every guess waiting on a lock is not serving players. A node that is shutting down answers
 * 503 `draining` from the start of its drain, whatever its dependencies say, so that the
 * balancer sends new requests elsewhere while it finishes those in flight.
 */
export const opsRoutes: FastifyPluginAsyncTypebox<{ drain: NodeDrain }> = async (
  app,
  { drain },
) => {
  // Outside API_PREFIX and asked by the balancer, which has no session: open to anyone.
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: Status } }, config: { access: 'public' } },
    async () => ({ result: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: { hide: true, response: { 200: Status, 503: Status } },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      if (drain.draining) return reply.status(503).send({ result: 'error', status: 'draining' });
      const redisClient = app.redis;
      const [probe, redis] = await Promise.all([
        check(() => app.database.ping()),
        redisClient
          ? // A connection that is not ready would refuse the ping anyway (no offline queue).
            redisClient.status === 'ready'
            ? check(() => redisClient.ping())
            : ('unreachable' as const)
          : ('not configured' as const),
      ]);
      const database =
        probe === 'ok' && app.database.stalls.within(STALL_WINDOW_MS) ? 'timing out' : probe;
      if (database !== 'ok') {
        return reply.status(503).send({ result: 'error', status: 'unavailable', database, redis });
      }
      const status = redis === 'unreachable' ? 'degraded' : 'ready';
      return reply.status(200).send({ result: 'ok', status, database, redis });
    },
  );
};
