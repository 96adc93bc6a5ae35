import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import type { AppConfig } from '../config/config.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { perMinute } from '../plugins/rate-limit-plugin.ts';
import {
  signedInUser,
  signedInUserOfSession,
  visitor,
  visitorOrNewGuest,
} from '../sessions/route-access.ts';
import { hardModeOfNewGame } from '../settings/player-settings.ts';
import type { DailyLeadersService } from './daily-leaders-service.ts';
import type { DailyReminderService } from './daily-reminder-service.ts';
import type { DailyService } from './daily-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Today's Daily Jotto leaders (decorated in app.ts); tests refresh through it. */
    dailyLeaders: DailyLeadersService;
  }
}

/**
 * Daily Jotto: today's game, my record, today's leaders (docs/PRODUCT.md, 'Daily Jotto'), the
 * archive of past days ('Archive') and my streak reminder ('Streak reminder').
 */
export const dailyRoutes: FastifyPluginAsyncTypebox<{
  daily: DailyService;
  leaders: DailyLeadersService;
  reminders: DailyReminderService;
  config: AppConfig;
}> = async (app, { daily, leaders, reminders, config }) => {
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
    ...endpointRoute(API_ENDPOINTS.dailyDay, {
      // As `GET /daily`: only a call that starts a guest session counts.
      rateLimit: {
        ...perMinute(config.rateLimits.guestGames),
        allowList: (request) => request.session != null,
      },
    }),
    handler: async (request, reply) => {
      // The day is checked before a guest session is made: a refused day makes nothing.
      daily.checkArchiveDay(request.params.day);
      const viewer = await visitorOrNewGuest(request, reply);
      return daily.archiveGame(viewer, request.params.day, () =>
        hardModeOfNewGame(app.db, viewer, request.query),
      );
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.dailyArchive),
    // Listing never starts a guest session: a visitor without one has played nothing.
    handler: async (request) => daily.archive(visitor(request), request.query.before),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.dailyStats),
    handler: async (request) => daily.stats(signedInUser(request).userId),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.dailyLeaders),
    handler: async (request) => {
      // The everyone board is anyone's (and the stored snapshot, as before); the friends board
      // is the signed-in user's: a guest or nobody gets the 401 of a user route.
      if (request.query.scope !== 'friends') return leaders.getLeaders();
      return daily.friendsLeaders(signedInUserOfSession(request.session).userId);
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.dailyReminder),
    handler: async (request) => reminders.get(signedInUser(request).userId),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.setDailyReminder),
    handler: async (request) =>
      reminders.set(signedInUser(request).userId, request.body.hour, request.body.timeZone),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.dailyReminderOff),
    handler: async (request) => reminders.off(signedInUser(request).userId),
  });
};
