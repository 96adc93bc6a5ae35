import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { InvalidationChannel } from '../src/lib/invalidation-channel.ts';
import { TEST_REDIS_URL } from './test-environment.ts';

/** Waits (up to 5 s) until `done` says yes. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const silentLog = { debug() {}, info() {}, warn() {} } as unknown as FastifyBaseLogger;

describe('invalidation channel', () => {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: false });
  const channel = new InvalidationChannel(redis, 2_000, silentLog);
  afterAll(async () => {
    await channel.close();
    redis.disconnect();
  });

  it('settles an announcement only after a PING that follows the PUBLISH answer, so every node has the message before the writer answers', async () => {
    const order: string[] = [];
    const publish = vi.spyOn(redis, 'publish');
    const ping = vi.spyOn(redis, 'ping');
    publish.mockImplementation(async (...args: Parameters<Redis['publish']>) => {
      order.push('publish sent');
      const answer = await Redis.prototype.publish.apply(redis, args);
      order.push('publish answered');
      return answer;
    });
    ping.mockImplementation(async () => {
      order.push('ping sent');
      const answer = (await redis.call('PING')) as 'PONG';
      order.push('ping answered');
      return answer;
    });
    try {
      const since = performance.now();
      await channel.publish(['game:1']);
      order.push('settled');
      await channel.settledSince(since);
      expect(order).toEqual([
        'publish sent',
        'publish answered',
        'ping sent',
        'ping answered',
        'settled',
      ]);
    } finally {
      publish.mockRestore();
      ping.mockRestore();
    }
  });

  it('hears its own announcement once, not again from Redis; another node hears it from Redis', async () => {
    const otherRedis = new Redis(TEST_REDIS_URL, { lazyConnect: false });
    const other = new InvalidationChannel(otherRedis, 2_000, silentLog);
    try {
      const heardHere: string[] = [];
      const heardThere: string[] = [];
      channel.subscribe((topics) => topics !== 'all' && heardHere.push(...topics));
      other.subscribe((topics) => topics !== 'all' && heardThere.push(...topics));
      await until(() => other.trusted && channel.trusted);
      await channel.publish(['game:7']);
      await until(() => heardThere.includes('game:7'));
      // Redis delivers in order: once this node hears the other's later message, it would
      // have heard its own copy of the first.
      await other.publish(['game:8']);
      await until(() => heardHere.includes('game:8'));
      expect(heardHere).toEqual(['game:7', 'game:8']);
      expect(heardThere).toEqual(['game:7', 'game:8']);
      // A message without a sender (a node of an earlier release) is all topics.
      await redis.publish('jotto:invalidations', 'game:9\nuser:3');
      await until(() => heardHere.includes('user:3'));
      expect(heardHere).toEqual(['game:7', 'game:8', 'game:9', 'user:3']);
    } finally {
      await other.close();
      otherRedis.disconnect();
    }
  });

  it('hears its own announcement at once, before Redis answers', () => {
    const before = channel.position();
    void channel.publish(['game:2']);
    expect(channel.changedSince(before, ['game:2'])).toBe(true);
    expect(channel.changedSince(before, ['game:3'])).toBe(false);
  });
});
