import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { MATCH_ERRORS } from '@jotto/shared/match-schemas';
import { ApiError } from '../errors.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { signedInUser } from '../sessions/route-access.ts';
import type { MatchService } from './match-service.ts';

/** 'Play now': seek, cancel, status (docs/PRODUCT.md, 'Play now'). */
export const matchRoutes: FastifyPluginAsyncTypebox<{ matches: MatchService }> = async (
  app,
  { matches },
) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.matchSeek),
    handler: async (request) => {
      const standing = await matches.seek(signedInUser(request));
      if (standing.status === 'cooling down') {
        const seconds = Math.ceil(standing.retryInMs / 1000);
        throw new ApiError(429, MATCH_ERRORS.cooldown(seconds));
      }
      return standing.status === 'paired'
        ? { result: 'ok' as const, ...standing }
        : { result: 'ok' as const, status: 'waiting' as const };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.matchCancel),
    handler: async (request) => {
      await matches.cancel(signedInUser(request).userId);
      return { result: 'ok' as const };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.matchStatus),
    handler: async (request) => {
      const standing = await matches.status(signedInUser(request).userId);
      return { result: 'ok' as const, ...standing };
    },
  });
};
