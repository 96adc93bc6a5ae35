import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { requireUser } from '../sessions/session-plugin.ts';
import type { ChallengeService } from './challenge-service.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';

/** Challenges of spec §7: lists, new (a user or @open), accept, deny, info. */
export const challengeRoutes: FastifyPluginAsyncTypebox<{ challenges: ChallengeService }> = async (
  app,
  { challenges },
) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.challengesList),
    handler: async (request) => {
      const user = requireUser(request);
      return {
        result: 'ok' as const,
        challenges: await challenges.list(user.userId, request.body.type),
      };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.newChallenge),
    handler: async (request) => {
      const user = requireUser(request);
      const created = await challenges.create(user, request.body.username.trim());
      return { result: 'ok' as const, ...created };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.acceptChallenge),
    handler: async (request) => {
      const user = requireUser(request);
      return {
        result: 'ok' as const,
        ...(await challenges.accept(user.userId, request.body.challenge_id)),
      };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.denyChallenge),
    handler: async (request) => {
      const user = requireUser(request);
      await challenges.deny(user.userId, request.body.challenge_id);
      return { result: 'ok' as const, challengeId: request.body.challenge_id };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.challengeInfo),
    handler: async (request) => challenges.info(requireUser(request).userId, request.params.id),
  });
};
