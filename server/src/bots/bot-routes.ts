import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import type { AppConfig } from '../config/config.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { newGameLimit } from '../plugins/rate-limit-plugin.ts';
import { visitorOrNewGuest } from '../sessions/route-access.ts';
import type { BotMoveJob } from './bot-move-job.ts';
import type { BotService } from './bot-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The computer opponent (decorated in app.ts); tests look at its games through it. */
    bots: BotService;
    /** This node's timer of the computer's moves; tests stop it to stand for a node that dies. */
    botMoveJob: BotMoveJob;
  }
}

/** `POST /games/bot`: a game against the computer (docs/PRODUCT.md, 'Computer opponent'). */
export const botRoutes: FastifyPluginAsyncTypebox<{
  bots: BotService;
  config: AppConfig;
}> = async (app, { bots, config }) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.botGame, {
      // Under the same limits as `GET /games/new`, counted apart.
      rateLimit: newGameLimit(config.rateLimits),
    }),
    handler: async (request, reply) => {
      const viewer = await visitorOrNewGuest(request, reply);
      return {
        result: 'ok' as const,
        gameId: await bots.createGame(viewer, request.body.level),
      };
    },
  });
};
