import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { InvalidationChannel } from '../src/realtime/invalidation-channel.ts';
import { TEST_REDIS_URL } from './test-environment.ts';

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

  it('hears its own announcement at once, before Redis answers', () => {
    const before = channel.position();
    void channel.publish(['game:2']);
    expect(channel.changedSince(before, ['game:2'])).toBe(true);
    expect(channel.changedSince(before, ['game:3'])).toBe(false);
  });
});
