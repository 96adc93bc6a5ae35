import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { endpointRoute } from '../lib/endpoint-route.ts';
import type { RatingService } from './rating-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads ratings (decorated in app.ts): what pairing compares players by. */
    ratings: RatingService;
  }
}

/** `GET /profile/:username/ratings`, open to anyone, like the profile it belongs to. */
export const ratingRoutes: FastifyPluginAsyncTypebox<{ ratings: RatingService }> = async (
  app,
  { ratings },
) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.profileRatings),
    handler: async (request) => ({
      result: 'ok' as const,
      history: await ratings.history(request.params.username.trim()),
    }),
  });
};
