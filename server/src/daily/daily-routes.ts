import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import type { AppConfig } from '../config/config.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { perMinute } from '../plugins/rate-limit-plugin.ts';
import { signedInUser, visitorOrNewGuest } from '../sessions/route-access.ts';
import { hardModeOfNewGame } from '../settings/player-settings.ts';
import type { DailyLeadersService } from './daily-leaders-service.ts';
import type { DailyService } from './daily-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Today's Daily Jotto leaders (decorated in app.ts); tests refresh through it. */
    dailyLeaders: DailyLeadersService;
  }
}

/** Daily Jotto: today's game, my record, today's leaders (docs/PRODUCT.md, 'Daily Jotto'). */
export const dailyRoutes: FastifyPluginAsyncTypebox<{
  daily: DailyService;
  leaders: DailyLeadersService;
  config: AppConfig;
}> = async (app, { daily, leaders, config }) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.daily, {
      // Only a call without a live session costs anything lasting (a guest session and a game
      // kept for 24 hours), so only those count, under the guest games' limit; a session gets
      // one daily game a day whatever it calls.
      rateLimit: {
        ...perMinute(config.rateLimits.guestGames),
        allowList: (request) => request.session != null,
      },
    }),
    handler: async (request, reply) => {
      const viewer = await visitorOrNewGuest(request, reply);
      // Asked only for the day's first call: a game made earlier keeps the flag it was made with.
      return daily.todaysGame(viewer, () => hardModeOfNewGame(app.db, viewer, request.query));
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.dailyStats),
    handler: async (request) => daily.stats(signedInUser(request).userId),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.dailyLeaders),
    handler: async () => leaders.getLeaders(),
  });
};
