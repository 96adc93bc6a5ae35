import type { FastifyBaseLogger } from 'fastify';
import type { Redis, Result } from 'ioredis';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** CLAIM_SCRIPT, defined by `defineCommand`: 0 claimed, 1 session full, 2 account full. */
    jottoSocketClaim(
      sessionKey: string,
      userKey: string,
      now: number,
      leaseUntil: number,
      member: string,
      perSession: number,
      perAccount: number,
      leaseMs: number,
    ): Result<number, Context>;
  }
}

/** How many sockets one session and one account may hold at once (SOCKETS_PER_*). */
export interface SocketCaps {
  perSession: number;
  perAccount: number;
}

/** One socket's place in the ledger. */
export interface SocketEntry {
  socketId: string;
  userId: number;
  sessionHash: string;
}

/** Why a socket was refused: the cap that is full. */
export type SocketRefusal = 'session' | 'account';

/** The `connect_error` message a refused client receives. */
export function refusalMessage(refusal: SocketRefusal, caps: SocketCaps): string {
  return refusal === 'session'
    ? `too many connections: at most ${caps.perSession} per session`
    : `too many connections: at most ${caps.perAccount} per account`;
}

/**
 * Counts the sockets of every session and account, so that one signed-in client cannot hold
 * thousands (each costs the node memory and the balancer two connections).
 *
 * Without Redis the count is this node's. With Redis it is the cluster's: each socket is a
 * member of two sorted sets (its session's and its account's), scored by the end of a lease
 * that its node renews every LEASE_MS / 3. A node that dies stops renewing, and its sockets
 * drop out of the counts within LEASE_MS, so a crash never locks an account out for good. The
 * check and the claim are one Lua script (atomic: a burst of handshakes cannot all see room).
 * Chosen over the adapter's `fetchSockets()` on the account's room, which asks every node over
 * pub/sub and waits for all of them (a round trip per handshake, up to the adapter's 5 s
 * timeout when a node is slow) and is not atomic, so a burst would all be let in.
 *
 * While Redis fails, a handshake is checked against this node's own sockets (as rate limits
 * fall back to memory): the caps never switch off, and a handshake never waits for Redis.
 */
export class SocketLedger {
  private readonly local = new Map<string, SocketEntry>();
  private readonly bySession = new Map<string, number>();
  private readonly byAccount = new Map<number, number>();
  private readonly renewal: NodeJS.Timeout | null = null;

  constructor(
    private readonly caps: SocketCaps,
    private readonly redis: Redis | null,
    private readonly log: FastifyBaseLogger,
  ) {
    if (redis) {
      redis.defineCommand('jottoSocketClaim', { numberOfKeys: 2, lua: CLAIM_SCRIPT });
      this.renewal = setInterval(() => void this.renew(), LEASE_MS / 3);
      this.renewal.unref();
    }
  }

  /** Takes a place for a new socket, or says which cap is full. */
  async claim(entry: SocketEntry): Promise<SocketRefusal | null> {
    const refusal = this.redis
      ? await this.claimInRedis(this.redis, entry)
      : this.localRefusal(entry);
    if (refusal === null) {
      this.local.set(entry.socketId, entry);
      this.bySession.set(entry.sessionHash, (this.bySession.get(entry.sessionHash) ?? 0) + 1);
      this.byAccount.set(entry.userId, (this.byAccount.get(entry.userId) ?? 0) + 1);
    }
    return refusal;
  }

  /** Gives a socket's place back (idempotent: a socket may end in more than one way). */
  release(socketId: string): void {
    const entry = this.local.get(socketId);
    if (!entry) return;
    this.local.delete(socketId);
    decrement(this.bySession, entry.sessionHash);
    decrement(this.byAccount, entry.userId);
    if (!this.redis) return;
    // Not awaited: a place Redis keeps by mistake lapses with its lease.
    this.redis
      .multi()
      .zrem(sessionKey(entry.sessionHash), socketId)
      .zrem(userKey(entry.userId), socketId)
      .exec()
      .catch((err: unknown) => this.log.debug({ err }, 'socket place not released in redis'));
  }

  /** Sockets this node holds now. */
  get size(): number {
    return this.local.size;
  }

  close(): void {
    if (this.renewal) clearInterval(this.renewal);
  }

  private localRefusal(entry: SocketEntry): SocketRefusal | null {
    if ((this.bySession.get(entry.sessionHash) ?? 0) >= this.caps.perSession) return 'session';
    if ((this.byAccount.get(entry.userId) ?? 0) >= this.caps.perAccount) return 'account';
    return null;
  }

  private async claimInRedis(redis: Redis, entry: SocketEntry): Promise<SocketRefusal | null> {
    const now = Date.now();
    try {
      const answer = await redis.jottoSocketClaim(
        sessionKey(entry.sessionHash),
        userKey(entry.userId),
        now,
        now + LEASE_MS,
        entry.socketId,
        this.caps.perSession,
        this.caps.perAccount,
        LEASE_MS,
      );
      return answer === 1 ? 'session' : answer === 2 ? 'account' : null;
    } catch (err) {
      this.log.warn({ err }, 'socket caps counted on this node only: redis unavailable');
      return this.localRefusal(entry);
    }
  }

  /**
   * Extends the lease of every socket this node holds (one pipeline). A plain ZADD, not XX: a
   * socket admitted while Redis was away (counted here only) joins the cluster's count too.
   * A release between two renewals cannot be undone by one: both use this one connection, in
   * order, and a released socket is no longer in `local`.
   */
  private async renew(): Promise<void> {
    if (!this.redis || this.local.size === 0) return;
    const leaseUntil = Date.now() + LEASE_MS;
    const pipeline = this.redis.pipeline();
    for (const entry of this.local.values()) {
      for (const key of [sessionKey(entry.sessionHash), userKey(entry.userId)]) {
        pipeline.zadd(key, leaseUntil, entry.socketId).pexpire(key, LEASE_MS);
      }
    }
    await pipeline.exec().catch((err: unknown) => {
      this.log.debug({ err }, 'socket leases not renewed: redis unavailable');
    });
  }
}

/**
 * How long a socket's place outlives its node's last renewal. Renewed every third of it, so
 * two renewals in a row may fail (a Redis blip) before a live socket's place lapses.
 */
export const LEASE_MS = 60_000;

function decrement<K>(counts: Map<K, number>, key: K): void {
  const count = (counts.get(key) ?? 0) - 1;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

const sessionKey = (sessionHash: string) => `jotto:sockets:session:${sessionHash}`;
const userKey = (userId: number) => `jotto:sockets:user:${userId}`;

/**
 * KEYS: the session's set, the account's set. ARGV: now, the new lease's end, the socket, the
 * two caps, the lease in ms. Lapsed places go first; then the session's cap, then the
 * account's; then the socket takes its place in both, and both keys live as long as a lease.
 */
const CLAIM_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 2 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return 0
`;
