import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database.ts';
import { sessions, users } from '../db/schema.ts';
import { hashToken, newOpaqueToken } from '../lib/secret-hashing.ts';

export const USER_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A guest's session, and with it the guest's game, lives 24 hours (decisions §3). */
export const GUEST_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

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

/**
 * Sessions live in the database, so every node sees the same ones. The cookie holds a
 * random id; the table holds only its keyed hash.
 */
export class SessionStore {
  /**
   * Cookie → keyed hash, for the sessions seen lately: an HMAC per request was a tenth of the
   * guess route's CPU. The hash is a pure function of the cookie, so nothing goes stale; the
   * session's validity is still checked in the database on every request.
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

  constructor(
    private readonly db: Database,
    private readonly secret: string,
  ) {
    this.resolveQuery = this.db
      .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, username: users.username })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.idHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql`now()`)))
      .limit(1)
      .prepare('resolve_session');
  }

  /** The live session a cookie names, or null (unknown or expired). */
  async resolve(sessionId: string): Promise<SessionIdentity | null> {
    return this.resolveHash(this.hash(sessionId));
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

  async destroy(sessionHash: string, executor: Pick<Database, 'delete'> = this.db): Promise<void> {
    await executor.delete(sessions).where(eq(sessions.idHash, sessionHash));
  }

  /** Removes expired sessions (see ExpiredDataPurgeJob); answers how many. */
  async purgeExpiredSessions(): Promise<number> {
    const removed = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .returning({ idHash: sessions.idHash });
    return removed.length;
  }
}
