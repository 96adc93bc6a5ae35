import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import type { AppConfig } from '../config/config.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { newGameLimit, perAccountPerMinute, perMinute } from '../plugins/rate-limit-plugin.ts';
import { changeTopics } from '../lib/invalidation-channel.ts';
import {
  gameViewer,
  signedInUser,
  uncheckedGameViewer,
  visitorOrNewGuest,
} from '../sessions/route-access.ts';
import { type Viewer, viewerKey } from '../sessions/viewer.ts';
import { cachedAccountOf } from '../sessions/session-plugin.ts';
import { hardModeOfNewGame } from '../settings/player-settings.ts';
import type { PollRead } from '../lib/poll-answers.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GameCreation } from './game-creation.ts';
import { listGames } from './game-lists.ts';
import type { GameMarks } from './game-marks.ts';
import type { GameViews } from './game-views.ts';
import type { GuessCommand } from './guess-command.ts';

/** The parts of the game domain its routes call (see `app.ts`). */
export interface GameRouteServices {
  creation: GameCreation;
  guesses: GuessCommand;
  views: GameViews;
  marks: GameMarks;
}

/** The game routes (lists, new game, board, guesses, counts, marks) and the analysis. */
export const gameRoutes: FastifyPluginAsyncTypebox<{
  games: GameRouteServices;
  config: AppConfig;
}> = async (app, { games, config }) => {
  /**
   * A polled route of one game: answered from memory (and 304) until the game changes, which
   * every change announces (see lib/poll-answers.ts); one answer per route, game and viewer.
   */
  const answerGamePoll = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    route: 'board' | 'counts' | `counts since ${number}`,
    gameId: number,
    load: (viewer: Viewer, gameId: number) => Promise<PollRead<T>>,
  ) => {
    const viewer = gameViewer(request);
    return app.polls.answer(request, reply, {
      key: `${route}:${gameId}:${viewerKey(viewer)}`,
      topics: [changeTopics.game(gameId)],
      load: () => load(viewer, gameId),
    });
  };

  app.route({
    // A guest is told why there is no list, rather than just to sign in.
    ...endpointRoute(API_ENDPOINTS.gamesList, {
      unauthorizedMessage: GAME_MESSAGES.guestsCannotSave,
    }),
    handler: async (request) => {
      const { userId, username, sessionHash } = signedInUser(request);
      const mode = request.body.type === 'solo' ? 'solo' : 'versus';
      const viewer = { kind: 'user' as const, userId, username, sessionHash };
      return {
        result: 'ok' as const,
        games: await listGames(app.db, viewer, mode, request.body.age),
      };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.newGame, {
      rateLimit: newGameLimit(config.rateLimits),
    }),
    handler: async (request, reply) => {
      const viewer = await visitorOrNewGuest(request, reply);
      const hard = await hardModeOfNewGame(app.db, viewer, request.query);
      return {
        result: 'ok' as const,
        gameId: await games.creation.createSoloGame(viewer, { hard }),
      };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.game),
    // The board, polled while the real-time channel is down: from memory (and 304) until the
    // game changes (see lib/poll-answers.ts).
    handler: async (request, reply) =>
      answerGamePoll(request, reply, 'board', request.params.id, async (viewer, gameId) => {
        const { detail, ratingsOf, changesAt, topics } = await games.views.board(viewer, gameId);
        return {
          answer: detail,
          topics: [...ratingsOf.map(changeTopics.rating), ...topics],
          changesAt,
        };
      }),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.play, {
      // The guess query checks the session itself: one round trip fewer on the hottest route.
      sessionCheckedByService: true,
      // Per account for a signed-in player, so that players who share an address (a classroom)
      // do not share one allowance; per address for everyone else. With no session looked up
      // before this route, the account is the one this node's memory of sessions holds for the
      // cookie (the player's first request on this node puts it there). Any other cookie (a
      // guest's, one this node has not seen, a forged one) counts per address: counted apart,
      // a made-up cookie on every guess would multiply a client's allowance, and looking it up
      // would cost the database a read for every request the limit refuses.
      rateLimit: perAccountPerMinute({
        account: config.rateLimits.play,
        accountOf: cachedAccountOf,
      }),
    }),
    handler: async (request) =>
      games.guesses.play(uncheckedGameViewer(request), request.params.id, request.params.word),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.counts),
    // Polled every 3 s while the real-time channel is down: from memory (and 304) until the game
    // changes, which every guess announces (see lib/poll-answers.ts).
    // With `?since=`, the answer also carries the phrases said after that seq: an answer of its
    // own, under a key naming `since`, so an answer without `said` never serves a poll with
    // `since` (nor one `since` another). A phrase takes a seq and announces the game, and a
    // mute announces it too, so every `since` answer of the game goes when either changes it.
    handler: async (request, reply) => {
      const { since } = request.query;
      return answerGamePoll(
        request,
        reply,
        since === undefined ? 'counts' : `counts since ${since}`,
        request.params.id,
        async (viewer, gameId) => {
          const { counts, topics } = await games.views.counts(viewer, gameId, since);
          return { answer: counts, topics };
        },
      );
    },
  });

  app.route({
    // CPU-bound when a node first analyses a game (and far more for its first analysis, which
    // builds the match table), so limited per client address.
    ...endpointRoute(API_ENDPOINTS.analysis, {
      rateLimit: perMinute(config.rateLimits.analysis),
    }),
    handler: async (request) => games.views.analysis(gameViewer(request), request.params.id),
  });

  app.route({
    // The analysis, summed up: served from the same per-node cache of analyses, and limited
    // like it, since a node's first analysis of a game costs the same CPU.
    ...endpointRoute(API_ENDPOINTS.gameSkill, {
      rateLimit: perMinute(config.rateLimits.analysis),
    }),
    handler: async (request) => games.views.skill(gameViewer(request), request.params.id),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.clearMarks),
    handler: async (request) => games.marks.clear(gameViewer(request), request.params.id),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.updateMark),
    handler: async (request) => {
      const alphabet = await games.marks.update(
        gameViewer(request),
        request.params.id,
        request.body.letter,
        request.body.color,
      );
      return { result: 'ok' as const, alphabet };
    },
  });
};
