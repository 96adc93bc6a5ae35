import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Readiness } from './readiness.ts';

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
export const opsRoutes: FastifyPluginAsyncTypebox<{ readiness: Readiness }> = async (
  app,
  { readiness },
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
      const { code, body } = await readiness.check();
      return reply.status(code).send(body);
    },
  );
};
