import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { MATCH_ERRORS } from '@jotto/shared/match-schemas';
import type { AppConfig } from '../config/config.ts';
import { ApiError, unauthorized } from '../errors.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { perAccountPerMinute } from '../plugins/rate-limit-plugin.ts';
import { signedInUser } from '../sessions/route-access.ts';
import type { MatchService } from './match-service.ts';

/** 'Play now': seek, cancel, status (docs/PRODUCT.md, 'Play now'). */
export const matchRoutes: FastifyPluginAsyncTypebox<{
  matches: MatchService;
  config: AppConfig;
}> = async (app, { matches, config }) => {
  app.route({
    // Every seek and cancel is decided under the one lock of the cluster's queue: each is bounded
    // per account (cancels at twice the seeks: see RATE_LIMIT_SEEK_CANCELS).
    ...endpointRoute(API_ENDPOINTS.matchSeek, {
      rateLimit: perAccountPerMinute({ account: config.rateLimits.seeks }),
    }),
    handler: async (request) => {
      const standing = await matches.seek(signedInUser(request));
      // Idle: the session ended (a logout) between the access check and the seek's turn.
      if (standing.status === 'idle') throw unauthorized();
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
    ...endpointRoute(API_ENDPOINTS.matchCancel, {
      rateLimit: perAccountPerMinute({ account: config.rateLimits.seekCancels }),
    }),
    handler: async (request) => {
      await matches.cancel(signedInUser(request).userId);
      return { result: 'ok' as const };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.matchStatus),
    handler: async (request) => {
      const standing = await matches.status(signedInUser(request));
      return { result: 'ok' as const, ...standing };
    },
  });
};
