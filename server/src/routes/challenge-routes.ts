import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ERROR_RESPONSES } from '@jotto/shared/api-envelope';
import {
  AcceptChallengeResponse,
  ChallengeActionBody,
  ChallengeIdParams,
  ChallengeInfoResponse,
  ChallengesListBody,
  ChallengesListResponse,
  DenyChallengeResponse,
  NewChallengeBody,
  NewChallengeResponse,
} from '@jotto/shared/challenge-schemas';
import { requireUser } from '../plugins/session-plugin.ts';
import type { ChallengeService } from '../services/challenge-service.ts';

const errors = ERROR_RESPONSES;

/** Challenges of spec §7: lists, new (a user or @open), accept, deny, info. */
export const challengeRoutes: FastifyPluginAsyncTypebox<{ challenges: ChallengeService }> = async (
  app,
  { challenges },
) => {
  app.post(
    '/challenges',
    {
      schema: {
        tags: ['challenges'],
        body: ChallengesListBody,
        response: { 200: ChallengesListResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        result: 'ok' as const,
        challenges: await challenges.list(user.userId, request.body.type),
      };
    },
  );

  app.post(
    '/challenges/new',
    {
      schema: {
        tags: ['challenges'],
        body: NewChallengeBody,
        response: { 200: NewChallengeResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const created = await challenges.create(user, request.body.username.trim());
      return { result: 'ok' as const, ...created };
    },
  );

  app.post(
    '/challenges/accept',
    {
      schema: {
        tags: ['challenges'],
        body: ChallengeActionBody,
        response: { 200: AcceptChallengeResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        result: 'ok' as const,
        ...(await challenges.accept(user.userId, request.body.challenge_id)),
      };
    },
  );

  app.post(
    '/challenges/deny',
    {
      schema: {
        tags: ['challenges'],
        body: ChallengeActionBody,
        response: { 200: DenyChallengeResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await challenges.deny(user.userId, request.body.challenge_id);
      return { result: 'ok' as const, challengeId: request.body.challenge_id };
    },
  );

  app.get(
    '/challenges/:id/info',
    {
      schema: {
        tags: ['challenges'],
        params: ChallengeIdParams,
        response: { 200: ChallengeInfoResponse, ...errors },
      },
    },
    async (request) => challenges.info(requireUser(request).userId, request.params.id),
  );
};
