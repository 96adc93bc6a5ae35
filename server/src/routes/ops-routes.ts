import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const Status = Type.Object({
  result: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Type.Optional(Type.String()),
  redis: Type.Optional(Type.String()),
});

/** Liveness and readiness for the load balancer and the orchestrator (decisions §1). */
export const opsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: Status } } }, async () => ({
    result: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: Status, 503: Status } } },
    async (_request, reply) => {
      const database = await app.database.ping().then(
        () => 'ok',
        () => 'unreachable',
      );
      const redis = app.redis
        ? await app.redis.ping().then(
            () => 'ok',
            () => 'unreachable',
          )
        : 'not configured';
      const ready = database === 'ok' && redis !== 'unreachable';
      return reply
        .status(ready ? 200 : 503)
        .send({ result: ready ? 'ok' : 'error', database, redis });
    },
  );
};
