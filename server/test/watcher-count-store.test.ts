import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  LocalWatcherCountStore,
  RedisWatcherCountStore,
  type WatcherCountStore,
} from '../src/watching/watcher-count-store.ts';
import { TEST_REDIS_URL } from './test-environment.ts';

const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
const gameIds: number[] = [];
afterAll(async () => {
  await redis.del(...gameIds.map((gameId) => `jotto:watchers:${gameId}`));
  redis.disconnect();
});

/** The watcher counts kept for the cluster: the newest count taken wins, whatever the order. */
describe.each([
  ['Redis', () => new RedisWatcherCountStore(redis)],
  ['memory', () => new LocalWatcherCountStore()],
] as const)('the watcher count store in %s', (_kind, make: () => WatcherCountStore) => {
  // A game id no other run uses (the Redis keys outlive the test).
  const gameId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  gameIds.push(gameId);

  it('keeps the newest count taken, not the last one written', async () => {
    const store = make();
    expect(await store.read([gameId, gameId + 1])).toEqual([0, 0]);
    const older = await store.ticket();
    const newer = await store.ticket();
    expect(newer).toBeGreaterThan(older);
    expect(await store.write(gameId, newer, 2)).toBe(0);
    // The older count arrives late: refused, and the newer one stays.
    expect(await store.write(gameId, older, 5)).toBeNull();
    expect(await store.read([gameId])).toEqual([2]);
    expect(await store.write(gameId, await store.ticket(), 0)).toBe(2);
    expect(await store.read([gameId, gameId + 1])).toEqual([0, 0]);
  });
});
