import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import type { AppConfig } from '../config/config.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { perMinute } from '../plugins/rate-limit-plugin.ts';
import { signedInUser } from '../sessions/route-access.ts';
import type { ProfileService } from './profile-service.ts';

/** User search and profiles (docs/PRODUCT.md, 'Search' and 'Profiles'). */
export const profileRoutes: FastifyPluginAsyncTypebox<{
  profiles: ProfileService;
  config: AppConfig;
}> = async (app, { profiles, config }) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.searchUsers, { rateLimit: perMinute(config.rateLimits.search) }),
    handler: async (request) => {
      const user = signedInUser(request);
      return {
        result: 'ok' as const,
        users: await profiles.search(user.userId, request.body.username),
      };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.profile),
    handler: async (request) => {
      // Guests may look at profiles too; they are nobody's friend.
      const viewerId = request.session?.userId ?? null;
      return {
        result: 'ok' as const,
        data: await profiles.profile(viewerId, request.params.username.trim()),
      };
    },
  });
};
