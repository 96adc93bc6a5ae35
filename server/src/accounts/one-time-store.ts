import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Remembers values that may be used once (a sign-in state, a Steam response nonce) until
 * they could no longer be accepted anyway. `claim` is atomic: of two concurrent claims of
 * one value exactly one wins.
 */
export interface OneTimeStore {
  /** True the first time a value is claimed within `ttlMs`; false ever after. */
  claim(kind: string, value: string, ttlMs: number): Promise<boolean>;
}

const keyOf = (kind: string, value: string) =>
  `jotto:once:${kind}:${createHash('sha256').update(value).digest('base64url')}`;

/** With Redis every node sees every claim (SET NX PX), so a replay to another node fails too. */
export class RedisOneTimeStore implements OneTimeStore {
  constructor(private readonly redis: Redis) {}

  async claim(kind: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(keyOf(kind, value), '1', 'PX', ttlMs, 'NX')) === 'OK';
  }
}

/**
 * Without Redis (one node, the default set-up) claims live in this process. Expired
 * entries are swept as new ones come in, so the map stays as small as the traffic of `ttlMs`.
 */
export class MemoryOneTimeStore implements OneTimeStore {
  private readonly claimed = new Map<string, number>();

  async claim(kind: string, value: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    for (const [key, expiresAt] of this.claimed) {
      if (expiresAt > now) break; // insertion order ≈ expiry order for one ttl
      this.claimed.delete(key);
    }
    const key = keyOf(kind, value);
    const expiresAt = this.claimed.get(key);
    if (expiresAt !== undefined && expiresAt > now) return false;
    this.claimed.delete(key);
    this.claimed.set(key, now + ttlMs);
    return true;
  }
}

export function createOneTimeStore(redis: Redis | null): OneTimeStore {
  return redis ? new RedisOneTimeStore(redis) : new MemoryOneTimeStore();
}
