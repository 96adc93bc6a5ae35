import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { type SessionIdentity, SessionStore } from './session-store.ts';
import { viewerOfSession } from './viewer.ts';

export const SESSION_COOKIE = 'jotto_session';
/** Our ids are 43 characters; a longer cookie is not ours and is not even hashed. */
const MAX_SESSION_ID_LENGTH = 128;

/** A request from a user with an account and a username. */
export interface SignedInUser {
  userId: number;
  username: string;
  sessionHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's service checks the session inside its own query (see `sessionHashOf`),
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

/** What a signed-in account without a username is told until it finalizes (decisions §7). */
export const PICK_USERNAME_FIRST = 'Pick your username first';

/**
 * The signed-in user of a request, or a 401 (no live session, or a guest's); a 403 for an
 * account that has not picked its username yet. Decided by `viewerOfSession`, like every
 * other check of who a request speaks for.
 */
export function requireUser(request: FastifyRequest): SignedInUser {
  const viewer = viewerOfSession(request.session);
  if (viewer === 'no-username') throw forbidden(PICK_USERNAME_FIRST);
  if (viewer === 'no-session' || viewer.kind === 'guest') throw unauthorized();
  return { userId: viewer.userId, username: viewer.username, sessionHash: viewer.sessionHash };
}

/**
 * For routes marked `sessionCheckedByService`: the keyed hash of the session the cookie
 * names, unchecked (the service checks it in its own query), or null without a usable cookie.
 */
export function sessionHashOf(request: FastifyRequest, store: SessionStore): string | null {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (!sessionId || sessionId.length > MAX_SESSION_ID_LENGTH) return null;
  return store.hash(sessionId);
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
      if (!sessionId || sessionId.length > MAX_SESSION_ID_LENGTH) return;
      request.session = await store.resolve(sessionId);
    });
  },
  { name: 'session', dependencies: ['database'] },
);
