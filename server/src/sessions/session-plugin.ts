import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { Viewer } from '../games/game-model.ts';
import { type SessionIdentity, SessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'jotto_session';

/** A request from a user with an account and a username. */
export interface SignedInUser {
  userId: number;
  username: string;
  sessionHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's service checks the session inside its own query (see `unresolvedSession`),
     * so the plugin does not look it up first.
     */
    sessionCheckedByService?: boolean;
  }
  interface FastifyInstance {
    sessions: SessionStore;
  }
  interface FastifyRequest {
    /** The session the cookie names, or null when there is none (or it expired). */
    session: SessionIdentity | null;
  }
  interface FastifyReply {
    /** Sets the session cookie for a session just created. */
    setSessionCookie(sessionId: string, expiresAt: Date): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

/**
 * The signed-in user of a request, or a 401. A social sign-in that has no username yet gets a
 * 403 until it finalizes. This is the one check every signed-in route makes.
 */
export function requireUser(request: FastifyRequest): SignedInUser {
  const session = request.session;
  if (!session || session.userId === null) throw unauthorized();
  if (session.username === null) throw forbidden('Pick your username first');
  return { userId: session.userId, username: session.username, sessionHash: session.sessionHash };
}

/**
 * The viewer of a game route: a signed-in user, or a guest by their session. Null when the
 * request has no session at all (a guest who never started a game, or whose 24 hours ended).
 */
export function viewerOf(request: FastifyRequest): Viewer | null {
  const session = request.session;
  if (!session) return null;
  if (session.userId === null) return { kind: 'guest', sessionHash: session.sessionHash };
  return { kind: 'user', userId: requireUser(request).userId };
}

/**
 * For routes marked `sessionCheckedByService`: the session the cookie names, as a viewer the
 * service resolves in its own query; null without a usable cookie.
 */
export function unresolvedSession(request: FastifyRequest, store: SessionStore): Viewer | null {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (!sessionId || sessionId.length > 128) return null;
  return { kind: 'session', sessionHash: store.hash(sessionId) };
}

/** Loads the session named by the cookie on every request that may need it. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    const { config } = options;
    await app.register(fastifyCookie, { secret: config.sessionSecret });
    const store = new SessionStore(app.db, config.sessionSecret);
    app.decorate('sessions', store);
    app.decorateRequest('session', null);

    const cookieOptions = {
      httpOnly: true,
      path: '/',
      // A client on another site needs SameSite=None (and so Secure) to send the cookie.
      sameSite: config.crossSiteClient ? ('none' as const) : ('lax' as const),
      secure: config.crossSiteClient || config.cookieSecure,
    };
    app.decorateReply(
      'setSessionCookie',
      function (this: FastifyReply, sessionId: string, expiresAt: Date) {
        return this.setCookie(SESSION_COOKIE, sessionId, { ...cookieOptions, expires: expiresAt });
      },
    );
    app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
      return this.clearCookie(SESSION_COOKIE, cookieOptions);
    });

    const apiPrefix = `${config.apiPrefix}/`;
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith(apiPrefix)) return;
      if (request.routeOptions.config.sessionCheckedByService) return;
      const sessionId = request.cookies[SESSION_COOKIE];
      if (!sessionId || sessionId.length > 128) return;
      request.session = await store.resolve(sessionId);
    });
  },
  { name: 'session', dependencies: ['database'] },
);
