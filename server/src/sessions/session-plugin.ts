import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import type { AppConfig } from '../config/config.ts';
import { callerOf, gameViewerOf } from './route-access.ts';
import { type SessionIdentity, SessionStore } from './session-store.ts';

/** Our ids are 43 characters; a longer cookie is not ours and is not even hashed. */
const MAX_SESSION_ID_LENGTH = 128;

/**
 * Whether a request changes nothing, so that it may take its session from this node's memory
 * (`SessionStore.resolveForRead`): a GET or HEAD of a route of the endpoint table that does not
 * change state. Every other request, and every route off the table, reads it from the database.
 */
function changesNothing(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.routeOptions.config.changesState === false
  );
}

declare module 'fastify' {
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
 * For routes marked `sessionCheckedByService`: the keyed hash of the session the cookie
 * names, unchecked (the service's own write checks it), or null without a usable cookie.
 */
function sessionHashOf(request: FastifyRequest, store: SessionStore): string | null {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (!sessionId || sessionId.length > MAX_SESSION_ID_LENGTH) return null;
  return store.hash(sessionId);
}

/**
 * The account whose session the cookie names, as far as this node's memory of sessions knows
 * at once: no database read and no promise (`SessionStore.cachedHashForRead`). Null without a
 * cookie, for a guest's session, and for a session this node does not hold (unknown, expired,
 * forged, or not read on this node yet). For the rate limit of a route marked
 * `sessionCheckedByService`, which has no session looked up before it: the limiter runs on the
 * requests it refuses too, so it must not pay a database read for them.
 */
export function cachedAccountOf(request: FastifyRequest): number | null {
  const store = request.server.sessions;
  const sessionHash = sessionHashOf(request, store);
  if (sessionHash === null) return null;
  return store.cachedHashForRead(sessionHash)?.userId ?? null;
}

/**
 * Loads the session named by the cookie on every API request that may need it, and enforces
 * each route's declared access (`config.access`, see `route-access.ts`) before its handler
 * runs: after the body and parameters are validated, so a malformed request still gets its
 * 400 first, as it did when each handler checked for itself.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig; sessionSecret: string }) => {
    const { config, sessionSecret } = options;
    await app.register(fastifyCookie, { secret: sessionSecret });
    const store = new SessionStore(app.db, sessionSecret, {
      invalidations: app.invalidations,
      maxAgeMs: config.cacheMaxAgeSeconds * 1000,
    });
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
    // Both hooks run on every API request: written with a callback, so that the common case (no
    // cookie, or a session in memory) is answered without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const sessionId = request.url.startsWith(apiPrefix)
        ? request.cookies[SESSION_COOKIE]
        : undefined;
      if (
        !sessionId ||
        sessionId.length > MAX_SESSION_ID_LENGTH ||
        request.routeOptions.config.sessionCheckedByService
      ) {
        done();
        return;
      }
      const readOnly = changesNothing(request);
      const cached = readOnly ? store.cachedForRead(sessionId) : undefined;
      if (cached !== undefined) {
        request.session = cached;
        done();
        return;
      }
      (readOnly ? store.resolveForRead(sessionId) : store.resolve(sessionId)).then(
        (session) => {
          request.session = session;
          done();
        },
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    });

    app.addHook('preHandler', (request, _reply, done) => {
      const { access, sessionCheckedByService, unauthorizedMessage } = request.routeOptions.config;
      if (access === undefined || access === 'public') {
        done();
        return;
      }
      if (sessionCheckedByService) {
        // Declared for `game` routes only (checked when the route is registered).
        const sessionHash = sessionHashOf(request, store);
        request.caller = {
          access: 'unchecked game',
          unchecked: {
            sessionHash,
            viewer: (fresh) => {
              if (sessionHash === null) return gameViewerOf(null);
              if (fresh) return store.resolveHash(sessionHash).then(gameViewerOf);
              const cached = store.cachedHashForRead(sessionHash);
              if (cached !== undefined) return gameViewerOf(cached);
              return store.resolveHashForRead(sessionHash).then(gameViewerOf);
            },
          },
        };
        done();
        return;
      }
      // A refusal is thrown: Fastify answers it as it would from an async hook.
      request.caller = callerOf(access, request.session, unauthorizedMessage);
      done();
    });
  },
  { name: 'session', dependencies: ['database', 'route-access', 'invalidations'] },
);
