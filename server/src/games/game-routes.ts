import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import type { AppConfig } from '../config.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { newGameLimit, perMinute } from '../plugins/rate-limit-plugin.ts';
import { changeTopics } from '../realtime/invalidation-channel.ts';
import {
  gameViewer,
  signedInUser,
  uncheckedGameViewer,
  visitorOrNewGuest,
} from '../sessions/route-access.ts';
import { viewerKey } from '../sessions/viewer.ts';
import type { GameService } from './game-service.ts';

/** The game routes (lists, new game, board, guesses, counts, marks) and the analysis. */
export const gameRoutes: FastifyPluginAsyncTypebox<{
  games: GameService;
  config: AppConfig;
}> = async (app, { games, config }) => {
  app.route({
    // A guest is told why there is no list, rather than just to sign in.
    ...endpointRoute(API_ENDPOINTS.gamesList, {
      unauthorizedMessage: GAME_MESSAGES.guestsCannotSave,
    }),
    handler: async (request) => {
      const user = signedInUser(request);
      const mode = request.body.type === 'solo' ? 'solo' : 'versus';
      return {
        result: 'ok' as const,
        games: await games.listGames(user.userId, mode, request.body.age),
      };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.newGame, {
      rateLimit: newGameLimit(config.rateLimits),
    }),
    handler: async (request, reply) => {
      const viewer = await visitorOrNewGuest(request, reply);
      return { result: 'ok' as const, gameId: await games.createSoloGame(viewer) };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.game),
    // The board, polled while the real-time channel is down: from memory (and 304) until the
    // game changes (see lib/poll-answers.ts).
    handler: async (request, reply) => {
      const viewer = gameViewer(request);
      const gameId = request.params.id;
      return app.polls.answer(request, reply, {
        key: `board:${gameId}:${viewerKey(viewer)}`,
        topics: [changeTopics.game(gameId)],
        load: async () => {
          const { detail, ratingsOf } = await games.getGame(viewer, gameId);
          return { answer: detail, topics: ratingsOf.map(changeTopics.rating) };
        },
      });
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.play, {
      // The guess query checks the session itself: one round trip fewer on the hottest route.
      sessionCheckedByService: true,
      rateLimit: perMinute(config.rateLimits.play),
    }),
    handler: async (request) =>
      games.play(uncheckedGameViewer(request), request.params.id, request.params.word),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.counts),
    // Polled every 3 s while the real-time channel is down: from memory (and 304) until the game
    // changes, which every guess announces (see lib/poll-answers.ts).
    handler: async (request, reply) => {
      const viewer = gameViewer(request);
      const gameId = request.params.id;
      return app.polls.answer(request, reply, {
        key: `counts:${gameId}:${viewerKey(viewer)}`,
        topics: [changeTopics.game(gameId)],
        load: async () => ({ answer: await games.counts(viewer, gameId) }),
      });
    },
  });

  app.route({
    // CPU-bound on a cache miss (a few ms per analysis, about 150 ms for a node's first), so
    // limited per client address like the guesses that make a game worth analysing.
    ...endpointRoute(API_ENDPOINTS.analysis, {
      rateLimit: perMinute(config.rateLimits.analysis),
    }),
    handler: async (request) => games.analysis(gameViewer(request), request.params.id),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.clearMarks),
    handler: async (request) => games.clearMarks(gameViewer(request), request.params.id),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.updateMark),
    handler: async (request) => {
      const alphabet = await games.updateMark(
        gameViewer(request),
        request.params.id,
        request.body.letter,
        request.body.color,
      );
      return { result: 'ok' as const, alphabet };
    },
  });
};
