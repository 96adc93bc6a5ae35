import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Where the node that has just recomputed something stored (the leaderboards' snapshots) notes,
 * for every node, that it is fresh for a while: the other nodes' periodic jobs then skip their
 * look at the database until the note lapses. What it buys: every node's timer asked Postgres
 * in a transaction (a try-lock and a read) every period, for ever, to learn that another node
 * had just done the work; now a note in Redis answers that (one EXISTS), and the cluster asks
 * Postgres about once per refresh. A note lost or unreadable (Redis away) only sends the nodes
 * back to Postgres's own freshness check, as before: it never makes anything staler, since it
 * lapses when what it speaks of stops being fresh.
 */
export interface FreshnessNote {
  /** Whether a node noted it fresh and the note has not lapsed. */
  isFresh(): Promise<boolean>;
  /** Notes it fresh for `ms` from now. */
  noteFresh(ms: number): Promise<void>;
}

/** A note in a Redis key with an expiry, seen by every node. */
export class RedisFreshnessNote implements FreshnessNote {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async isFresh(): Promise<boolean> {
    try {
      return (await this.redis.exists(this.key)) === 1;
    } catch {
      return false;
    }
  }

  async noteFresh(ms: number): Promise<void> {
    if (ms <= 0) return;
    await this.redis.set(this.key, '1', 'PX', Math.round(ms)).catch((err: unknown) => {
      this.log.debug({ err, key: this.key }, 'freshness not noted: redis unavailable');
    });
  }
}

/** The same in this process's memory: one node alone (no Redis) needs no one else's note. */
export class LocalFreshnessNote implements FreshnessNote {
  private freshUntil = -Infinity;

  async isFresh(): Promise<boolean> {
    return performance.now() < this.freshUntil;
  }

  async noteFresh(ms: number): Promise<void> {
    this.freshUntil = performance.now() + ms;
  }
}
