import { randomUUID } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_REDIS_URL } from './test-environment.ts';
import { REQUEST_PATH_REDIS_OPTIONS } from '../src/plugins/redis-plugin.ts';
import { rateLimitStore } from '../src/plugins/rate-limit-store.ts';

// The counting the app relies on, now ours rather than the plugin's private stores: fixed
// windows that refused hits do not extend (unless continueExceeding), the same in Redis and in
// memory, with the keys named per route as before.

const log = Fastify().log;

/** The child store the plugin would make for a route (or, without one, for a limiter). */
function storeFor(
  redis: Redis | null,
  nameSpace: string,
  route: { method: string; url: string } | null,
  options: { continueExceeding?: boolean } = {},
): FastifyRateLimitStore {
  const Store = rateLimitStore(redis, nameSpace, log);
  const root = new Store({});
  const merged = { ...options, routeInfo: route ?? {} };
  return root.child(merged as unknown as Parameters<FastifyRateLimitStore['child']>[0]);
}

const incr = (store: FastifyRateLimitStore, key: string, timeWindow: number, max: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    store.incr(
      key,
      (error, result) => (result ? resolve(result) : reject(error ?? new Error('no count'))),
      timeWindow,
      max,
    );
  });

describe('in memory', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts in a fixed window that refused hits do not move, then starts again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const store = storeFor(null, 'ns:', { method: 'POST', url: '/api/login' });
    expect(await incr(store, 'a', 60_000, 2)).toEqual({ current: 1, ttl: 60_000 });
    vi.setSystemTime(1_010_000);
    expect(await incr(store, 'a', 60_000, 2)).toEqual({ current: 2, ttl: 50_000 });
    vi.setSystemTime(1_020_000);
    expect(await incr(store, 'a', 60_000, 2)).toEqual({ current: 3, ttl: 40_000 });
    // Another key, and the same key on another route, count on their own.
    expect(await incr(store, 'b', 60_000, 2)).toEqual({ current: 1, ttl: 60_000 });
    const other = storeFor(null, 'ns:', { method: 'POST', url: '/api/register' });
    expect(await incr(other, 'a', 60_000, 2)).toEqual({ current: 1, ttl: 60_000 });
    vi.setSystemTime(1_060_000);
    expect(await incr(store, 'a', 60_000, 2)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('restarts the window on every hit over the limit with continueExceeding', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 2_000_000 });
    const store = storeFor(null, 'ns:', null, { continueExceeding: true });
    await incr(store, 'k', 60_000, 1);
    vi.setSystemTime(2_030_000);
    expect(await incr(store, 'k', 60_000, 1)).toEqual({ current: 2, ttl: 60_000 });
    vi.setSystemTime(2_080_000);
    expect(await incr(store, 'k', 60_000, 1)).toEqual({ current: 3, ttl: 60_000 });
  });

  it('refuses exponential back-off, which it does not count', () => {
    const Store = rateLimitStore(null, 'ns:', log);
    expect(() => new Store({ exponentialBackoff: true })).toThrow(/exponentialBackoff/);
  });
});

describe('in Redis', () => {
  let redis: Redis;
  const nameSpace = `test:rate-limit:${randomUUID()}:`;
  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL, REQUEST_PATH_REDIS_OPTIONS);
    await redis.connect();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${nameSpace}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts under the route-named key, in a window that refused hits do not move', async () => {
    const store = storeFor(redis, nameSpace, { method: 'POST', url: '/api/login' });
    const first = await incr(store, '127.0.0.9', 1_000, 2);
    expect(first).toEqual({ current: 1, ttl: 1_000 });
    const key = `${nameSpace}POST/api/login-127.0.0.9`;
    expect(await redis.get(key)).toBe('1');
    await incr(store, '127.0.0.9', 1_000, 2);
    const refused = await incr(store, '127.0.0.9', 1_000, 2);
    expect(refused.current).toBe(3);
    expect(refused.ttl).toBeGreaterThan(0);
    expect(refused.ttl).toBeLessThanOrEqual(1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await incr(store, '127.0.0.9', 1_000, 2)).toEqual({ current: 1, ttl: 1_000 });
  });

  it('names a limiter without a route "custom", and extends with continueExceeding', async () => {
    const store = storeFor(redis, nameSpace, null, { continueExceeding: true });
    await incr(store, 'login-account:x', 60_000, 1);
    await redis.pexpire(`${nameSpace}custom-login-account:x`, 5_000);
    expect(await incr(store, 'login-account:x', 60_000, 1)).toEqual({ current: 2, ttl: 60_000 });
    expect(await redis.pttl(`${nameSpace}custom-login-account:x`)).toBeGreaterThan(50_000);
  });

  it('gives a key found without an expiry one, rather than counting it for ever', async () => {
    const store = storeFor(redis, nameSpace, { method: 'GET', url: '/api/x' });
    await redis.set(`${nameSpace}GET/api/x-k`, '7');
    expect(await incr(store, 'k', 30_000, 100)).toEqual({ current: 8, ttl: 30_000 });
    expect(await redis.pttl(`${nameSpace}GET/api/x-k`)).toBeGreaterThan(0);
  });

  it('counts in memory at once when Redis is not there', async () => {
    const away = new Redis('redis://127.0.0.1:1', REQUEST_PATH_REDIS_OPTIONS);
    try {
      const store = storeFor(away, nameSpace, { method: 'POST', url: '/api/login' });
      const started = performance.now();
      expect(await incr(store, 'k', 60_000, 2)).toMatchObject({ current: 1 });
      expect(await incr(store, 'k', 60_000, 2)).toMatchObject({ current: 2 });
      expect(performance.now() - started).toBeLessThan(100);
    } finally {
      away.disconnect();
    }
  });
});
