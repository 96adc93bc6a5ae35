import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { signedInUser } from '../sessions/route-access.ts';
import type { WatchService } from './watch-service.ts';

/** Watching (docs/PRODUCT.md, 'Watching'): the live list, the spectator's view, unwatching. */
export const watchRoutes: FastifyPluginAsyncTypebox<{ watching: WatchService }> = async (
  app,
  { watching },
) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.liveGames),
    handler: async (request) => ({
      result: 'ok' as const,
      games: await watching.liveGames(signedInUser(request).userId),
    }),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.watchGame),
    handler: async (request) =>
      watching.watch(signedInUser(request).userId, request.params.id, request.query.since ?? 0),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.unwatchGame),
    handler: async (request) => {
      await watching.unwatch(signedInUser(request).userId, request.params.id);
      return { result: 'ok' as const };
    },
  });
};
