import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What @fastify/rate-limit hands a store's `child`: the route's merged options. */
type RouteStoreOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * The store contract of @fastify/rate-limit: its typed `incr` and `child`, plus the `read` its
 * own stores have (used for `{ increment: false }`).
 */
export interface RateLimitStore extends FastifyRateLimitStore {
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteStoreOptions): RateLimitStore;
}

// The plugin's own stores: its in-memory LRU counter and its Redis Lua counter, so both sides
// count exactly as the plugin does. They are not in its typed API (no `exports` map, so the
// paths resolve), hence the local types above.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => RateLimitStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => RateLimitStore;

// After a failed command, Redis is left alone for this long: each request meanwhile counts in
// memory at once, instead of each paying the command timeout against a Redis that hangs.
const RETRY_REDIS_AFTER_MS = 2_000;

/** Shared by every route's store of one app: whether Redis is to be tried. */
class RedisHealth {
  private retryAt = 0;
  private away = false;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {}

  get usable(): boolean {
    return this.redis.status === 'ready' && Date.now() >= this.retryAt;
  }

  failed(error: Error): void {
    this.retryAt = Date.now() + RETRY_REDIS_AFTER_MS;
    if (!this.away) {
      this.log.warn({ err: error.message }, 'rate limits count per node while Redis is away');
    }
    this.away = true;
  }

  succeeded(): void {
    if (this.away) this.log.info('rate limits count in Redis again');
    this.away = false;
  }
}

/**
 * Counts in Redis (shared by every node) while Redis answers, and in this node's memory while
 * it does not (decisions §7: limits hold across nodes). An outage must not switch the limits
 * off: the old `skipOnError` let 40 parallel wrong logins through during one. While Redis is
 * away each node counts on its own, so a client spread over N nodes gets at most N times the
 * limit for that while; the memory counts are dropped, not merged, when Redis comes back.
 */
class FallbackStore implements RateLimitStore {
  constructor(
    private readonly health: RedisHealth | null,
    private readonly shared: RateLimitStore | null,
    private readonly local: RateLimitStore,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.run('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.run('read', key, callback, timeWindow, max);
  }

  child(routeOptions: RouteStoreOptions): RateLimitStore {
    // A limiter made with `createRateLimit` has no route; the Redis store would name its keys
    // after an undefined method and URL. Its keys (from its keyGenerator) say what they count.
    const named = (routeOptions as { routeInfo?: { url?: string } }).routeInfo?.url
      ? routeOptions
      : { ...routeOptions, routeInfo: { method: '', url: 'custom' } };
    return new FallbackStore(
      this.health,
      this.shared?.child(named) ?? null,
      this.local.child(named),
    );
  }

  private run(
    method: 'incr' | 'read',
    key: string,
    callback: Callback,
    timeWindow: number,
    max: number,
  ): void {
    const { health, shared } = this;
    // The plugin's memory store answers with its own live record, which later requests of the
    // same key mutate before this one reads it; a copy keeps each answer its own count.
    const local = () =>
      this.local[method](
        key,
        (error, result) => callback(error, result && { current: result.current, ttl: result.ttl }),
        timeWindow,
        max,
      );
    if (!health?.usable || !shared) {
      local();
      return;
    }
    shared[method](
      key,
      (error, result) => {
        if (!error) {
          health.succeeded();
          callback(null, result);
          return;
        }
        health.failed(error);
        local();
      },
      timeWindow,
      max,
    );
  }
}

/** The options @fastify/rate-limit constructs its store with (its merged global options). */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * The `store` option of @fastify/rate-limit: counts in Redis with a fallback to memory while
 * Redis is away, or only in memory without Redis.
 */
export function rateLimitStore(
  redis: Redis | null,
  nameSpace: string,
  log: FastifyBaseLogger,
): new (options: StoreOptions) => RateLimitStore {
  const health = redis ? new RedisHealth(redis, log) : null;
  return class extends FallbackStore {
    constructor(options: StoreOptions) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        health,
        redis ? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace) : null,
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}
