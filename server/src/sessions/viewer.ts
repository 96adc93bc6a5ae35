import type { SessionIdentity } from './session-store.ts';

/** Whom a request speaks for, on the routes about games. */
export type Viewer =
  | { kind: 'user'; userId: number; username: string; sessionHash: string }
  /** A guest: their game belongs to the guest session itself (for 24 hours). */
  | { kind: 'guest'; sessionHash: string };

/**
 * Why a request speaks for nobody: it has no live session (none, unknown, expired or logged
 * out: the session store only returns live ones), or it belongs to an account signed in
 * through a social provider that has not picked its username yet (it does so at /finalize
 * before anything else: docs/PRODUCT.md, 'Finalize').
 */
export type NoViewer = 'no-session' | 'no-username';

/**
 * The one rule of whom a session speaks for: nobody without a live session; an account only
 * once it has a username; otherwise a guest, by the session itself. Every route's access
 * check (`route-access.ts`), the Socket.IO handshake and the guess path (on the session this
 * node holds, whose move's write re-checks that it is live) decide with it; which rows of a
 * game the viewer owns is `games/game-ownership.ts`. One table-driven test
 * (`server/test/game-access.test.ts`) checks every route against both.
 */
export function viewerOfSession(session: SessionIdentity | null): Viewer | NoViewer {
  if (!session) return 'no-session';
  if (session.userId === null) return { kind: 'guest', sessionHash: session.sessionHash };
  if (session.username === null) return 'no-username';
  return {
    kind: 'user',
    userId: session.userId,
    username: session.username,
    sessionHash: session.sessionHash,
  };
}

/**
 * Whose view an answer is, as a cache key: a user by id (every session of theirs sees the same),
 * a guest by the session itself.
 */
export function viewerKey(viewer: Viewer): string {
  return viewer.kind === 'user' ? `u${viewer.userId}` : `g${viewer.sessionHash}`;
}
