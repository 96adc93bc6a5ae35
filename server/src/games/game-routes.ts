import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import type { AppConfig } from '../config.ts';
import { notFound, unauthorized } from '../errors.ts';
import { perMinute } from '../plugins/rate-limit-plugin.ts';
import { requireUser, unresolvedSession, viewerOf } from '../sessions/session-plugin.ts';
import { GAME_ERRORS, type Viewer } from './game-model.ts';
import type { GameService } from './game-service.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';

/** A viewer for a route about an existing game; without a session the game cannot be theirs. */
function existingGameViewer(request: FastifyRequest): Viewer {
  const viewer = viewerOf(request);
  if (!viewer) throw notFound(GAME_ERRORS.notFound);
  return viewer;
}

/** The viewer of a guess: the cookie's session, checked by the game query itself. */
function guessViewer(request: FastifyRequest): Viewer {
  const viewer = unresolvedSession(request, request.server.sessions);
  if (!viewer) throw notFound(GAME_ERRORS.notFound);
  return viewer;
}

/** The game routes of spec §7 (lists, new game, board, guesses, counts, marks) and the analysis. */
export const gameRoutes: FastifyPluginAsyncTypebox<{
  games: GameService;
  config: AppConfig;
  onGuess: (result: Awaited<ReturnType<GameService['play']>>) => void;
}> = async (app, { games, config, onGuess }) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.gamesList),
    handler: async (request) => {
      if (!request.session || request.session.userId === null)
        throw unauthorized(GAME_ERRORS.guestsCannotSave);
      const user = requireUser(request);
      const mode = request.body.type === 'solo' ? 'solo' : 'versus';
      return {
        result: 'ok' as const,
        games: await games.listGames(user.userId, mode, request.body.age),
      };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.newGame, {
      // A guest's game costs a session, a game and a player row kept for 24 hours, for anyone
      // without an account: so guests (with a session or without) start at most N per address
      // per minute. Signed-in players are not limited here.
      rateLimit: {
        ...perMinute(config.rateLimits.guestGames),
        allowList: (request) => request.session?.userId != null,
      },
    }),
    handler: async (request, reply) => {
      const viewer = viewerOf(request) ?? (await startGuestSession(request, reply));
      return { result: 'ok' as const, gameId: await games.createSoloGame(viewer) };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.game),
    handler: async (request) => games.getGame(existingGameViewer(request), request.params.id),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.play, {
      // The guess query checks the session itself: one round trip fewer on the hottest route.
      sessionCheckedByService: true,
      rateLimit: perMinute(config.rateLimits.play),
    }),
    handler: async (request) => {
      const result = await games.play(guessViewer(request), request.params.id, request.params.word);
      onGuess(result);
      return result.response;
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.counts),
    handler: async (request) => games.counts(existingGameViewer(request), request.params.id),
  });

  app.route({
    // CPU-bound on a cache miss (a few ms per analysis, about 150 ms for a node's first), so
    // limited per client address like the guesses that make a game worth analysing.
    ...endpointRoute(API_ENDPOINTS.analysis, {
      rateLimit: perMinute(config.rateLimits.analysis),
    }),
    handler: async (request) => games.analysis(existingGameViewer(request), request.params.id),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.clearMarks),
    handler: async (request) => games.clearMarks(existingGameViewer(request), request.params.id),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.updateMark),
    handler: async (request) => {
      const viewer = viewerOf(request);
      if (!viewer || viewer.kind === 'guest') throw unauthorized(GAME_ERRORS.guestsCannotMark);
      const alphabet = await games.updateMark(
        viewer,
        request.params.id,
        request.body.letter,
        request.body.color,
      );
      return { result: 'ok' as const, alphabet };
    },
  });

  /** A guest's first game: a guest session (24 hours) holds it until they sign in. */
  async function startGuestSession(request: FastifyRequest, reply: FastifyReply): Promise<Viewer> {
    const session = await app.sessions.create(null);
    reply.setSessionCookie(session.sessionId, session.expiresAt);
    request.log.debug('guest session started');
    return { kind: 'guest', sessionHash: session.sessionHash };
  }
};
