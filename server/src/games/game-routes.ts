import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import type { AppConfig } from '../config.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { perMinute } from '../plugins/rate-limit-plugin.ts';
import { PICK_USERNAME_FIRST, requireUser, sessionHashOf } from '../sessions/session-plugin.ts';
import type { SessionIdentity } from '../sessions/session-store.ts';
import { type Viewer, viewerOfSession } from '../sessions/viewer.ts';
import type { GameService } from './game-service.ts';

/**
 * The viewer of a route about an existing game, or its refusal: the same status for the same
 * situation on every game route. No live session: 404, as for a game that is not yours (a
 * guest's game expires with the session, decisions §3, and the client then says so); an
 * account without a username yet: 403 until it finalizes.
 */
export function gameViewerOf(session: SessionIdentity | null): Viewer {
  const viewer = viewerOfSession(session);
  if (viewer === 'no-session') throw notFound(GAME_MESSAGES.notFound);
  if (viewer === 'no-username') throw forbidden(PICK_USERNAME_FIRST);
  return viewer;
}

/** The game routes of spec §7 (lists, new game, board, guesses, counts, marks) and the analysis. */
export const gameRoutes: FastifyPluginAsyncTypebox<{
  games: GameService;
  config: AppConfig;
}> = async (app, { games, config }) => {
  app.route({
    ...endpointRoute(API_ENDPOINTS.gamesList),
    handler: async (request) => {
      if (request.session?.userId == null) throw unauthorized(GAME_MESSAGES.guestsCannotSave);
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
      const viewer = request.session
        ? gameViewerOf(request.session)
        : await startGuestSession(request, reply);
      return { result: 'ok' as const, gameId: await games.createSoloGame(viewer) };
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.game),
    handler: async (request) => games.getGame(gameViewerOf(request.session), request.params.id),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.play, {
      // The guess query checks the session itself: one round trip fewer on the hottest route.
      sessionCheckedByService: true,
      rateLimit: perMinute(config.rateLimits.play),
    }),
    handler: async (request) => {
      const sessionHash = sessionHashOf(request, app.sessions);
      const guesser = {
        sessionHash,
        viewer: async () =>
          gameViewerOf(sessionHash === null ? null : await app.sessions.resolveHash(sessionHash)),
      };
      return games.play(guesser, request.params.id, request.params.word);
    },
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.counts),
    handler: async (request) => games.counts(gameViewerOf(request.session), request.params.id),
  });

  app.route({
    // CPU-bound on a cache miss (a few ms per analysis, about 150 ms for a node's first), so
    // limited per client address like the guesses that make a game worth analysing.
    ...endpointRoute(API_ENDPOINTS.analysis, {
      rateLimit: perMinute(config.rateLimits.analysis),
    }),
    handler: async (request) => games.analysis(gameViewerOf(request.session), request.params.id),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.clearMarks),
    handler: async (request) => games.clearMarks(gameViewerOf(request.session), request.params.id),
  });

  app.route({
    ...endpointRoute(API_ENDPOINTS.updateMark),
    handler: async (request) => {
      const alphabet = await games.updateMark(
        gameViewerOf(request.session),
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
