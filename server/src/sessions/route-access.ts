import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { EndpointAccess } from '@jotto/shared/api-endpoints';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import { isUnderApiPrefix } from '../lib/api-path.ts';
import type { SessionIdentity } from './session-store.ts';
import { type Viewer, viewerOfSession } from './viewer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route (see `EndpointAccess` in `@jotto/shared/api-endpoints`). Every
     * route under API_PREFIX declares it (`endpointRoute` copies it from the endpoint table);
     * the session plugin's preHandler enforces it before the handler runs.
     */
    access?: EndpointAccess;
    /** For a `user` or `account` route: what its 401 says instead of the default sentence. */
    unauthorizedMessage?: string;
    /**
     * For a `game` route whose service checks the session inside its own query: the session is
     * not looked up before the handler, which gets an `UncheckedGameViewer` instead.
     */
    sessionCheckedByService?: boolean;
  }
  interface FastifyInstance {
    /** Every route registered so far, with the access it declares (checked by a test). */
    declaredRoutes: readonly DeclaredRoute[];
  }
  interface FastifyRequest {
    /** Who the access check found the caller to be; read through the accessor of the level. */
    caller: Caller | null;
  }
}

/** What a signed-in account without a username is told until it picks one at /finalize. */
export const PICK_USERNAME_FIRST = 'Pick your username first';

/** A request from a user with an account and a username. */
export interface SignedInUser {
  userId: number;
  username: string;
  sessionHash: string;
}

/** A request from a signed-in account, which may not have picked its username yet. */
export interface SignedInAccount {
  userId: number;
  /** Null for an account signed in through a provider that has not picked one yet. */
  username: string | null;
  sessionHash: string;
}

/**
 * The caller of a `game` route marked `sessionCheckedByService`: the session the cookie names,
 * not looked up before the handler. The service takes the viewer from this node's memory of
 * sessions and its own write checks that the session is still live (the guess route: no
 * session read on the hottest path).
 */
export interface UncheckedGameViewer {
  /** Keyed hash of the session the cookie names, not checked yet; null without a usable cookie. */
  sessionHash: string | null;
  /**
   * The viewer the session speaks for, or the `game` level's refusal (thrown): from this node's
   * memory of sessions (at once, when it holds the session), or with `fresh` from the database.
   */
  viewer(fresh: boolean): Viewer | Promise<Viewer>;
}

/** What the access check found out about the caller, by the route's level. */
export type Caller =
  | { access: 'visitor'; viewer: Viewer | null }
  | { access: 'game'; viewer: Viewer }
  | { access: 'unchecked game'; unchecked: UncheckedGameViewer }
  | { access: 'account'; account: SignedInAccount }
  | { access: 'user'; user: SignedInUser };

/** A route and the access it declares (undefined: none). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: EndpointAccess | undefined;
}

/**
 * The viewer of a route about an existing game, or its refusal: the same status for the same
 * situation on every game route. No live session: 404, as for a game that is not yours (a
 * guest's game expires with its 24-hour session, and the client then says so); an account
 * without a username yet: 403 until it finalizes.
 */
export function gameViewerOf(session: SessionIdentity | null): Viewer {
  const viewer = viewerOfSession(session);
  if (viewer === 'no-session') throw notFound(GAME_MESSAGES.notFound);
  if (viewer === 'no-username') throw forbidden(PICK_USERNAME_FIRST);
  return viewer;
}

/**
 * Who calls a route of the given level with this session, or the level's refusal (thrown).
 * Decided by `viewerOfSession`, like every other check of whom a request speaks for.
 */
export function callerOf(
  access: Exclude<EndpointAccess, 'public'>,
  session: SessionIdentity | null,
  unauthorizedMessage?: string,
): Caller {
  if (access === 'game') return { access, viewer: gameViewerOf(session) };
  const viewer = viewerOfSession(session);
  switch (access) {
    case 'visitor':
      if (viewer === 'no-username') throw forbidden(PICK_USERNAME_FIRST);
      return { access, viewer: viewer === 'no-session' ? null : viewer };
    case 'account':
      if (session === null || session.userId === null) throw unauthorized(unauthorizedMessage);
      return {
        access,
        account: {
          userId: session.userId,
          username: session.username,
          sessionHash: session.sessionHash,
        },
      };
    case 'user':
      if (viewer === 'no-username') throw forbidden(PICK_USERNAME_FIRST);
      if (viewer === 'no-session' || viewer.kind === 'guest') {
        throw unauthorized(unauthorizedMessage);
      }
      return {
        access,
        user: { userId: viewer.userId, username: viewer.username, sessionHash: viewer.sessionHash },
      };
  }
}

/**
 * The signed-in user of a session, or the refusal of a `user` route (401, or 403 without a
 * username): for a `public` route one of whose options is a user's (the friends' daily board).
 */
export function signedInUserOfSession(session: SessionIdentity | null): SignedInUser {
  const caller = callerOf('user', session);
  if (caller.access !== 'user') throw new Error(`a user caller, not ${caller.access}`);
  return caller.user;
}

/** A handler asked for a caller its route's declared level does not give: a bug, a 500. */
function undeclared(request: FastifyRequest, wanted: string): Error {
  const declared = request.routeOptions.config.access ?? 'nothing';
  return new Error(`${request.routeOptions.url} declares access ${declared}, not ${wanted}`);
}

/** The caller of an `access: 'user'` route. */
export function signedInUser(request: FastifyRequest): SignedInUser {
  const caller = request.caller;
  if (caller?.access === 'user') return caller.user;
  throw undeclared(request, 'user');
}

/** The caller of an `access: 'account'` route. */
export function signedInAccount(request: FastifyRequest): SignedInAccount {
  const caller = request.caller;
  if (caller?.access === 'account') return caller.account;
  throw undeclared(request, 'account');
}

/** The caller of an `access: 'game'` route. */
export function gameViewer(request: FastifyRequest): Viewer {
  const caller = request.caller;
  if (caller?.access === 'game') return caller.viewer;
  throw undeclared(request, 'game');
}

/** The caller of an `access: 'game'` route marked `sessionCheckedByService`. */
export function uncheckedGameViewer(request: FastifyRequest): UncheckedGameViewer {
  const caller = request.caller;
  if (caller?.access === 'unchecked game') return caller.unchecked;
  throw undeclared(request, 'game, checked by the service');
}

/** The caller of an `access: 'visitor'` route: null for a request without a live session. */
export function visitor(request: FastifyRequest): Viewer | null {
  const caller = request.caller;
  if (caller?.access === 'visitor') return caller.viewer;
  throw undeclared(request, 'visitor');
}

/**
 * The caller of an `access: 'visitor'` route that starts a game (a solo game, one against the
 * computer, the daily): the visitor, or, for a request without a live session, a new guest
 * session (24 hours) that holds the game until they sign in (docs/PRODUCT.md, 'Guests').
 */
export async function visitorOrNewGuest(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Viewer> {
  const viewer = visitor(request);
  if (viewer) return viewer;
  const session = await request.server.sessions.create(null);
  reply.setSessionCookie(session.sessionId, session.expiresAt);
  request.log.debug('guest session started');
  return { kind: 'guest', sessionHash: session.sessionHash };
}

/**
 * Registered before any route: records every route with the access it declares, and stops the
 * app from starting when a route under API_PREFIX declares none (a route nobody thought about
 * would otherwise be open to anyone).
 */
export const routeAccessPlugin = fp(
  async (app: FastifyInstance, options: { apiPrefix: string }) => {
    const routes: DeclaredRoute[] = [];
    app.decorate('declaredRoutes', routes);
    app.decorateRequest('caller', null);
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      const methods = [route.method].flat();
      for (const method of methods) routes.push({ method, url: route.url, access });
      const where = `${methods.join(',')} ${route.url}`;
      if (isUnderApiPrefix(route.url, options.apiPrefix) && access === undefined) {
        throw new Error(`${where} declares no access: add config.access (see EndpointAccess)`);
      }
      if (route.config?.sessionCheckedByService && access !== 'game') {
        throw new Error(`${where}: sessionCheckedByService is for access 'game' only`);
      }
    });
  },
  { name: 'route-access' },
);
