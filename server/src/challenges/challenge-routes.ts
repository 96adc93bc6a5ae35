import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { changeTopics } from '../lib/invalidation-channel.ts';
import { signedInUser } from '../sessions/route-access.ts';
import type { ChallengeService } from './challenge-service.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';

/** Challenges: lists, new (a user or @open), accept, deny, info (docs/PRODUCT.md, 'Challenges'). */
export const challengeRoutes: FastifyPluginAsyncTypebox<{ challenges: ChallengeService }> = async (
  app,
  { challenges },
) => {
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
    ...endpointRoute(API_ENDPOINTS.newChallenge),
    handler: async (request) => {
      const user = signedInUser(request);
      const { username, timeControl } = request.body;
      const created = await challenges.create(user, username.trim(), timeControl);
      return { result: 'ok' as const, ...created };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.acceptChallenge),
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
