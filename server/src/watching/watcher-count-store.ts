import type { Redis } from 'ioredis';

/**
 * Where the cluster keeps each game's watcher count (docs/PRODUCT.md, 'Watching'): in Redis
 * when the nodes share one, else in this node's memory (a node alone is the whole cluster).
 *
 * A count is written by whichever node last counted the sockets in the game's watch room, and
 * two nodes may count at once: each count takes a ticket first (one counter for the cluster),
 * and a count is stored only if no count with a later ticket was stored before it. A count that
 * started later saw the room later (the room's sockets are asked after the ticket is taken), so
 * the stored count is always the newest one taken, whatever order the writes arrive in.
 */
export interface WatcherCountStore {
  /** A ticket for a count about to be taken: later than every ticket taken before. */
  ticket(): Promise<number>;
  /**
   * Stores `count` for the game unless a count with a later ticket is there: answers the count
   * it replaced (0 for none), or null when it was too late and stored nothing.
   */
  write(gameId: number, ticket: number, count: number): Promise<number | null>;
  /** The stored counts of these games (0 for a game without one). */
  read(gameIds: readonly number[]): Promise<number[]>;
}

const TICKET_KEY = 'jotto:watchers:ticket';
const countKey = (gameId: number) => `jotto:watchers:${gameId}`;
/**
 * How long a count outlives its last write: longer than any game lasts (the longest time
 * control is days), so a game in play keeps its count; a count left by a node that stopped
 * without its sockets being counted out goes with it.
 */
const COUNT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** KEYS[1] the game's hash; ARGV ticket, count, ttl. Answers the replaced count, or -1. */
const WRITE_SCRIPT = `
local stored = tonumber(redis.call('HGET', KEYS[1], 't') or '0')
if tonumber(ARGV[1]) <= stored then return -1 end
local previous = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
redis.call('HSET', KEYS[1], 't', ARGV[1], 'n', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return previous
`;

/** The counts in the nodes' Redis. */
export class RedisWatcherCountStore implements WatcherCountStore {
  constructor(private readonly redis: Redis) {}

  async ticket(): Promise<number> {
    return this.redis.incr(TICKET_KEY);
  }

  async write(gameId: number, ticket: number, count: number): Promise<number | null> {
    const previous = Number(
      await this.redis.eval(WRITE_SCRIPT, 1, countKey(gameId), ticket, count, COUNT_TTL_MS),
    );
    return previous < 0 ? null : previous;
  }

  async read(gameIds: readonly number[]): Promise<number[]> {
    if (gameIds.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const gameId of gameIds) pipeline.hget(countKey(gameId), 'n');
    const results = (await pipeline.exec()) ?? [];
    return gameIds.map((_, i) => {
      const [error, value] = results[i] ?? [null, null];
      if (error) throw error;
      return Number(value ?? 0) || 0;
    });
  }
}

/** The counts of a node alone, in its memory. */
export class LocalWatcherCountStore implements WatcherCountStore {
  private lastTicket = 0;
  private readonly counts = new Map<number, { ticket: number; count: number }>();

  async ticket(): Promise<number> {
    this.lastTicket += 1;
    return this.lastTicket;
  }

  async write(gameId: number, ticket: number, count: number): Promise<number | null> {
    const stored = this.counts.get(gameId);
    if (stored && ticket <= stored.ticket) return null;
    // A game nobody watches needs no entry: its count is 0 either way, and no older count can
    // come after this one (a node counts each game once at a time: WatcherCounts).
    if (count === 0) this.counts.delete(gameId);
    else this.counts.set(gameId, { ticket, count });
    return stored?.count ?? 0;
  }

  async read(gameIds: readonly number[]): Promise<number[]> {
    return gameIds.map((gameId) => this.counts.get(gameId)?.count ?? 0);
  }
}
