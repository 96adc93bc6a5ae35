import type { FastifyRateLimitStore, RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis, Result } from 'ioredis';
import { LRUCache } from 'lru-cache';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** INCR_WINDOW_SCRIPT, defined by `defineCommand` (ioredis's way to run a Lua script). */
    jottoRateLimitIncr(
      key: string,
      timeWindowMs: number,
      max: number,
      continueExceeding: 0 | 1,
    ): Result<[number, number], Context>;
  }
}

/** A key's count in its current window, and the milliseconds until the window ends. */
interface WindowCount {
  current: number;
  ttl: number;
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * What the plugin hands a store's `child`, as its README documents it: the options of the
 * plugin merged with the route's (or the limiter's), plus `routeInfo`, the route's options
 * (empty for a limiter made with `createRateLimit`).
 */
type ChildOptions = RateLimitOptions & {
  routeInfo?: { method?: string | string[]; url?: string };
};

/**
 * One fixed window per key: the first hit opens a window of `timeWindow` ms, the hits in it are
 * counted, and the count starts again at 1 once it ends. Refused hits are counted too but do
 * not move the window's end, unless `continueExceeding`: then every hit over `max` restarts the
 * window (the limit holds as long as the client keeps trying). A key Redis holds without an
 * expiry (which this script never leaves) is given one rather than counting for ever.
 */
const INCR_WINDOW_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local window = tonumber(ARGV[1])
if current == 1 or (ARGV[3] == '1' and current > tonumber(ARGV[2])) then
  redis.call('PEXPIRE', KEYS[1], window)
  return {current, window}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], window)
  ttl = window
end
return {current, ttl}
`;

/** The same windows in this node's memory, for the keys of one route (or limiter). */
class MemoryWindows {
  private readonly windows: LRUCache<string, { current: number; endsAt: number }>;

  constructor(maxKeys: number) {
    this.windows = new LRUCache({ max: maxKeys });
  }

  incr(key: string, timeWindow: number, max: number, continueExceeding: boolean): WindowCount {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.set(key, { current: 1, endsAt: now + timeWindow });
      return { current: 1, ttl: timeWindow };
    }
    window.current += 1;
    if (continueExceeding && window.current > max) window.endsAt = now + timeWindow;
    return { current: window.current, ttl: window.endsAt - now };
  }
}

// After a failed command, Redis is left alone for this long: each request meanwhile counts in
// memory at once, instead of each paying the command timeout against a Redis that hangs.
const RETRY_REDIS_AFTER_MS = 2_000;
// Keys remembered per route while counting in memory (the plugin's own default).
const MEMORY_KEYS_PER_ROUTE = 5_000;

/** Shared by every route's store of one app: the connection, and whether to try it. */
class SharedCounts {
  private retryAt = 0;
  private away = false;

  constructor(
    readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    redis.defineCommand('jottoRateLimitIncr', { numberOfKeys: 1, lua: INCR_WINDOW_SCRIPT });
  }

  get usable(): boolean {
    return this.redis.status === 'ready' && Date.now() >= this.retryAt;
  }

  failed(error: unknown): void {
    this.retryAt = Date.now() + RETRY_REDIS_AFTER_MS;
    if (!this.away) {
      const err = error instanceof Error ? error.message : String(error);
      this.log.warn({ err }, 'rate limits count per node while Redis is away');
    }
    this.away = true;
  }

  succeeded(): void {
    if (this.away) this.log.info('rate limits count in Redis again');
    this.away = false;
  }
}

/**
 * A store of @fastify/rate-limit (its documented `store` option: a class with `incr` and
 * `child`). Counts in Redis, shared by every node, while Redis answers, and in this node's
 * memory while it does not, so that limits hold across nodes. An outage must not switch the
 * limits off (the plugin's `skipOnError` would let 40 parallel wrong logins through during
 * one), nor make a request wait: the request connection fails its commands at once (no
 * offline queue, a command timeout), and after a failure Redis is not asked again for
 * RETRY_REDIS_AFTER_MS. While Redis is away each node counts on its own, so a client spread
 * over N nodes gets at most N times the limit for that while; the memory counts are dropped,
 * not merged, when Redis comes back.
 */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: SharedCounts | null,
    /** Prefix of this route's keys in Redis. */
    private readonly keyPrefix: string,
    private readonly continueExceeding: boolean,
    private readonly memory: MemoryWindows,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    const { shared } = this;
    const inMemory = () =>
      callback(null, this.memory.incr(key, timeWindow, max, this.continueExceeding));
    if (!shared?.usable) {
      inMemory();
      return;
    }
    const flag = this.continueExceeding ? 1 : 0;
    shared.redis.jottoRateLimitIncr(this.keyPrefix + key, timeWindow, max, flag).then(
      ([current, ttl]) => {
        shared.succeeded();
        callback(null, { current, ttl });
      },
      (error: unknown) => {
        shared.failed(error);
        inMemory();
      },
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin's types call this argument the route's options; what it passes (see its
    // README and its `mergeParams`) is the merged rate-limit options with `routeInfo`.
    const options = routeOptions as unknown as ChildOptions;
    if (options.exponentialBackoff) {
      throw new Error('rate-limit-store counts fixed windows: exponentialBackoff is not supported');
    }
    // A route's keys are named after it; a limiter made with `createRateLimit` has no route,
    // and its keys (from its keyGenerator) say what they count.
    const route = options.routeInfo;
    const name = route?.url ? `${[route.method ?? ''].flat().join(',')}${route.url}` : 'custom';
    return new FallbackStore(
      this.shared,
      `${this.keyPrefix}${name}-`,
      options.continueExceeding ?? this.continueExceeding,
      new MemoryWindows(options.cache ?? MEMORY_KEYS_PER_ROUTE),
    );
  }
}

/**
 * The `store` option of @fastify/rate-limit: counts in Redis (keys under `nameSpace`) with a
 * fallback to memory while Redis is away, or only in memory without Redis.
 */
export function rateLimitStore(
  redis: Redis | null,
  nameSpace: string,
  log: FastifyBaseLogger,
): new (options: RateLimitOptions) => FastifyRateLimitStore {
  const shared = redis ? new SharedCounts(redis, log) : null;
  return class extends FallbackStore {
    constructor(options: RateLimitOptions) {
      if (options.exponentialBackoff) {
        throw new Error(
          'rate-limit-store counts fixed windows: exponentialBackoff is not supported',
        );
      }
      super(
        shared,
        nameSpace,
        options.continueExceeding ?? false,
        new MemoryWindows(options.cache ?? MEMORY_KEYS_PER_ROUTE),
      );
    }
  };
}
