import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database.ts';
import { sessions, users } from '../db/account-tables.ts';
import {
  type CacheStats,
  ClusterCache,
  emptyCacheStats,
  type InvalidationPublisher,
  type InvalidationSource,
} from '../lib/cluster-cache.ts';
import { hashToken, newOpaqueToken } from '../lib/secret-hashing.ts';
import { changeTopics } from '../lib/invalidation-channel.ts';

export const USER_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A guest's session, and with it the guest's game, lives 24 hours (docs/PRODUCT.md, 'Guests'). */
export const GUEST_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A live session: its row has not expired. The one condition, for the lookups below and for
 * the statements that check a session themselves (a move's write, `games/move-write.ts`).
 */
export const liveSessionCondition = gt(sessions.expiresAt, sql`now()`);

/** What a request knows about who sent it. */
export interface SessionIdentity {
  /** Keyed hash of the session id: the session's key in storage and in socket rooms. */
  sessionHash: string;
  /** Null for a guest session. */
  userId: number | null;
  /** Null for a guest, or for a social sign-in that has not picked a username yet. */
  username: string | null;
  expiresAt: Date;
}

/** A change to sessions that every node must hear of: one session, or every session of a user. */
export type SessionChange = { sessionHash: string } | { userId: number };

/** A session that has ended: its keyed hash and its account (null for a guest's). */
export interface EndedSession {
  sessionHash: string;
  userId: number | null;
}

/**
 * How sessions ended: `early`, before their expiry (logout, a password reset, a sign-in that
 * replaced the browser's session), or `expired` (removed by the purge, past their expiry).
 */
export type SessionEndCause = 'early' | 'expired';

/**
 * Told after sessions ended, once their rows are gone, by the layers above that keep something
 * per session (the real-time channel its sockets, 'Play now' its seeks), so that this one need
 * not know them. A listener that rejects fails the call that ended the sessions: one that can
 * survive a failure catches and logs it.
 */
export type SessionEndListener = (
  ended: readonly EndedSession[],
  cause: SessionEndCause,
) => Promise<void> | void;

/** Sessions a node keeps in memory for requests that change nothing (see `resolveForRead`). */
const CACHED_SESSIONS = 50_000;

/**
 * Sessions live in the database, so every node sees the same ones. The cookie holds a
 * random id; the table holds only its keyed hash.
 *
 * Requests that change nothing (polls above all) may take the session from this node's memory
 * (`resolveForRead`); requests that change something always read it from the database. So that
 * a cached session is never served after it ended, every change to a session row or to what
 * it says about its user (the username) is announced to every node after it commits
 * (`changed`, or `ended` for a session that ended; `destroy` does it itself outside a
 * transaction), and a cached session is served only until its own expiry. See
 * docs/ARCHITECTURE.md, 'Polling'.
 *
 * What the layers above keep per session (sockets, 'Play now' seeks) they drop when told that
 * sessions ended (`onEnded`).
 */
export class SessionStore {
  /**
   * Cookie → keyed hash, for the sessions seen lately: an HMAC on every request is a cost the
   * guess route, the hottest, need not pay again for a cookie it has just seen. The hash is a
   * pure function of the cookie, so nothing goes stale; the session's validity is still checked
   * in the database on every request.
   */
  private readonly recentHashes = new LRUCache<string, string>({ max: 10_000 });

  hash(sessionId: string): string {
    let hashed = this.recentHashes.get(sessionId);
    if (hashed === undefined) {
      hashed = hashToken(this.secret, sessionId);
      this.recentHashes.set(sessionId, hashed);
    }
    return hashed;
  }

  /** Starts a session and returns the cookie value to hand to the client. */
  async create(
    userId: number | null,
    executor: Pick<Database, 'insert'> = this.db,
  ): Promise<{ sessionId: string; sessionHash: string; expiresAt: Date }> {
    const sessionId = newOpaqueToken();
    const sessionHash = this.hash(sessionId);
    const ttl = userId === null ? GUEST_SESSION_TTL_MS : USER_SESSION_TTL_MS;
    const expiresAt = new Date(Date.now() + ttl);
    await executor.insert(sessions).values({ idHash: sessionHash, userId, expiresAt });
    return { sessionId, sessionHash, expiresAt };
  }

  // Runs on every API request: built and prepared once rather than rebuilt each time.
  private readonly resolveQuery;
  private readonly cached: ClusterCache<SessionIdentity | null> | null;
  private readonly invalidations: InvalidationPublisher | null;
  private readonly endListeners: SessionEndListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly secret: string,
    /** Without it, every lookup reads the database and nothing is announced (one node alone). */
    cache?: { invalidations: InvalidationSource & InvalidationPublisher; maxAgeMs: number },
  ) {
    this.invalidations = cache?.invalidations ?? null;
    this.cached = cache
      ? new ClusterCache(cache.invalidations, { max: CACHED_SESSIONS, maxAgeMs: cache.maxAgeMs })
      : null;
    this.resolveQuery = this.db
      .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, username: users.username })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.idHash, sql.placeholder('hash')),
          liveSessionCondition,
          // A ban deletes the account's sessions; should one remain (a sign-in racing the ban),
          // it speaks for nobody. Free: the user's row is read anyway (a guest's has none).
          isNull(users.bannedAt),
        ),
      )
      .limit(1)
      .prepare('resolve_session');
  }

  /** The live session a cookie names, or null (unknown or expired). */
  async resolve(sessionId: string): Promise<SessionIdentity | null> {
    return this.resolveHash(this.hash(sessionId));
  }

  /** Lookups of `resolveForRead` by outcome (for /metrics). */
  get cacheStats(): CacheStats {
    return this.cached?.stats ?? emptyCacheStats();
  }

  /**
   * What `resolveForRead` would answer from memory at once, or undefined when it would have to
   * read (so a hook can answer without waiting for a promise).
   */
  cachedForRead(sessionId: string): SessionIdentity | null | undefined {
    return this.cached?.peek(this.hash(sessionId));
  }

  /**
   * The live session a cookie names, or null, for a request that changes nothing: from this
   * node's memory while no change to it has been announced (see the class), else as `resolve`.
   */
  async resolveForRead(sessionId: string): Promise<SessionIdentity | null> {
    return this.resolveHashForRead(this.hash(sessionId));
  }

  /** What `resolveHashForRead` would answer from memory at once, or undefined. */
  cachedHashForRead(sessionHash: string): SessionIdentity | null | undefined {
    return this.cached?.peek(sessionHash);
  }

  /**
   * `resolveForRead` by the session's keyed hash. Also for a move (a guess), whose own write
   * checks in the same statement that the session is still live (`games/move-write.ts`), so
   * that a copy from memory never lets an ended session change a game.
   */
  async resolveHashForRead(sessionHash: string): Promise<SessionIdentity | null> {
    if (this.cached === null) return this.resolveHash(sessionHash);
    return this.cached.get(sessionHash, async () => {
      const identity = await this.resolveHash(sessionHash);
      return {
        value: identity,
        topics:
          identity?.userId == null
            ? [changeTopics.session(sessionHash)]
            : [changeTopics.session(sessionHash), changeTopics.user(identity.userId)],
        // Expiry is time passing, which nobody announces: the copy goes when the session does.
        expiresAt: identity?.expiresAt.getTime() ?? null,
      };
    });
  }

  /**
   * Tells every node that a session, or every session of a user, changed (its user's username,
   * say): their copies are dropped, and the next request reads the database. Call it after the
   * change commits, and await it before answering. A session that ended is announced by `ended`
   * instead, which also tells the listeners.
   */
  async changed(change: SessionChange): Promise<void> {
    await this.invalidations?.publish([
      'sessionHash' in change
        ? changeTopics.session(change.sessionHash)
        : changeTopics.user(change.userId),
    ]);
  }

  /** The live session with this keyed hash, or null (unknown or expired). */
  async resolveHash(sessionHash: string): Promise<SessionIdentity | null> {
    const [row] = await this.resolveQuery.execute({ hash: sessionHash });
    if (!row) return null;
    return {
      sessionHash,
      userId: row.userId,
      username: row.username ?? null,
      expiresAt: row.expiresAt,
    };
  }

  /**
   * Registers what to do when sessions end (see `SessionEndListener`): every way a session ends
   * early (`destroy`, `ended`) and the purge of expired sessions tell it.
   */
  onEnded(listener: SessionEndListener): void {
    this.endListeners.push(listener);
  }

  /**
   * Ends a session. Outside a transaction, it announces the end itself (`ended`). Inside one
   * (`executor`), the caller calls `ended` with what this answers once the transaction has
   * committed; announced before, another node could read the session again before the commit and
   * keep it, and a listener could see the session still live.
   */
  async destroy(
    sessionHash: string,
    executor: Pick<Database, 'delete'> = this.db,
  ): Promise<EndedSession[]> {
    const removed = await executor
      .delete(sessions)
      .where(eq(sessions.idHash, sessionHash))
      .returning({ sessionHash: sessions.idHash, userId: sessions.userId });
    if (executor === this.db) await this.ended(removed);
    return removed;
  }

  /**
   * After sessions ended before their expiry and their rows are gone (committed): every node
   * drops its copies, and the listeners hear of it (their sockets close, their seeks go).
   */
  async ended(ended: readonly EndedSession[]): Promise<void> {
    if (ended.length === 0) return;
    await this.invalidations?.publish(ended.map((end) => changeTopics.session(end.sessionHash)));
    await this.tellListeners(ended, 'early');
  }

  /**
   * Whether these sessions are live, read from the database in one statement (never from this
   * node's memory, which a lost announcement could leave stale): the live ones' keyed hashes.
   */
  async liveAmong(sessionHashes: readonly string[]): Promise<Set<string>> {
    if (sessionHashes.length === 0) return new Set();
    const rows = await this.db
      .select({ sessionHash: sessions.idHash })
      .from(sessions)
      // One array parameter, not a list: a node may hold the sockets of many sessions.
      .where(
        and(
          sql`${sessions.idHash} = ANY(${sql.param(sessionHashes)}::text[])`,
          liveSessionCondition,
        ),
      );
    return new Set(rows.map((row) => row.sessionHash));
  }

  /**
   * Removes expired sessions (see ExpiredDataPurgeJob), then tells the listeners; answers how
   * many. Expiry itself needs no announcement (a node's copy goes at the session's expiry).
   */
  async purgeExpiredSessions(): Promise<number> {
    const removed = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .returning({ sessionHash: sessions.idHash, userId: sessions.userId });
    if (removed.length > 0) await this.tellListeners(removed, 'expired');
    return removed.length;
  }

  private async tellListeners(
    ended: readonly EndedSession[],
    cause: SessionEndCause,
  ): Promise<void> {
    await Promise.all(this.endListeners.map(async (listener) => listener(ended, cause)));
  }
}
