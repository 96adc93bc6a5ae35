import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { changeTopics } from '../lib/invalidation-channel.ts';
import { signedInUser } from '../sessions/route-access.ts';
import type { AppConfig } from '../config/config.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { perAccountPerMinute } from '../plugins/rate-limit-plugin.ts';
import type { ChallengeService } from './challenge-service.ts';

/** Challenges: lists, new (a user or @open), accept, deny, info (docs/PRODUCT.md, 'Challenges'). */
export const challengeRoutes: FastifyPluginAsyncTypebox<{
  challenges: ChallengeService;
  config: AppConfig;
}> = async (app, { challenges, config }) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.challengesList),
    handler: async (request) => {
      const user = signedInUser(request);
      return {
        result: 'ok' as const,
        challenges: await challenges.list(user.userId, request.body.type),
      };
    },
  });

  app.route({
    // Each challenge may notify someone (an event and a push notification): per account.
    ...endpointRoute(API_ENDPOINTS.newChallenge, {
      rateLimit: perAccountPerMinute({ account: config.rateLimits.challenges }),
    }),
    handler: async (request) => {
      const user = signedInUser(request);
      const { username, timeControl } = request.body;
      const created = await challenges.create(user, username.trim(), timeControl);
      return { result: 'ok' as const, ...created };
    },
  });

  app.route({
    // Each accept starts a versus game: under the limit of the games an account starts, counted
    // apart. How many it can accept is bounded already by the challenges others send; this
    // bounds the requests, answered or not.
    ...endpointRoute(API_ENDPOINTS.acceptChallenge, {
      rateLimit: perAccountPerMinute({ account: config.rateLimits.accountGames }),
    }),
    handler: async (request) => {
      const user = signedInUser(request);
      return {
        result: 'ok' as const,
        ...(await challenges.accept(user.userId, request.body.challenge_id)),
      };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.denyChallenge),
    handler: async (request) => {
      const user = signedInUser(request);
      await challenges.deny(user.userId, request.body.challenge_id);
      return { result: 'ok' as const, challengeId: request.body.challenge_id };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.challengeInfo),
    // Polled every 3 s by the rematch screen: answered from memory (and 304) until it changes.
    handler: async (request, reply) => {
      const { userId } = signedInUser(request);
      const challengeId = request.params.id;
      return app.polls.answer(request, reply, {
        key: `challenge-info:${challengeId}:${userId}`,
        topics: [changeTopics.challenge(challengeId)],
        load: () => challenges.info(userId, challengeId),
      });
    },
  });
};
