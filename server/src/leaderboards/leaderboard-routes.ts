import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import type { LeaderboardResponse } from '@jotto/shared/leaderboard-schemas';
import type { LeaderboardService } from './leaderboard-service.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The leaderboard service (decorated in app.ts); tests refresh through it. */
    leaderboards: LeaderboardService;
  }
}

/** `GET /leaders/:type` of spec §7, served from the stored snapshot; open to guests. */
export const leaderboardRoutes: FastifyPluginAsyncTypebox<{
  leaderboards: LeaderboardService;
}> = async (app, { leaderboards }) => {
  // A snapshot's body is the same for every request until the next refresh (the service hands
  // out one object per stored version): serialise it once, through this route's response
  // schema as any reply is, and send that text to everyone after.
  const serialized = new WeakMap<LeaderboardResponse, string>();
  app.route({
    ...endpointRoute(API_ENDPOINTS.leaderboard),
    handler: async (request, reply) => {
      const response = await leaderboards.getLeaderboard(request.params.type);
      let body = serialized.get(response);
      if (body === undefined) {
        body = reply.serialize(response) as string;
        serialized.set(response, body);
      }
      const text = body;
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => text)
        .send(response);
    },
  });
};
