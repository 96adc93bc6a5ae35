import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { freePort } from '../../ops/cluster-launcher.ts';
import { ScratchRedis } from '@jotto/test-support/cluster-harness';
import { registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { uniqueClientAddress } from './test-environment.ts';

// Once, with Redis gone, every rate-limited route and /readyz took ~5.3 s
// (ioredis queued and retried), rate limits switched off (skipOnError), and /readyz answered
// 503, so the balancer dropped every node for the loss of an optional dependency. Each test
// here runs a redis-server of its own on a spare loopback port, which it stops or freezes.

const LOGIN_LIMIT = 5;

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await call();
  return { ms: performance.now() - started, value };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Ten guesses of one new game: how long each took, and its status. */
async function guessLatencies(agent: TestAgent): Promise<{ ms: number; status: number }[]> {
  const game = await agent.get<{ gameId: number }>('/api/games/new');
  const results = [];
  for (const word of SECRET_WORDS.slice(0, 10)) {
    const { ms, value } = await timed(() =>
      agent.get(`/api/game/${game.body.gameId}/play/${word}`),
    );
    results.push({ ms, status: value.status });
  }
  return results;
}

async function waitUntilReady(agent: TestAgent): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await agent.get<{ status?: string }>('/readyz')).body.status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('node did not see Redis again within 10 s');
}

describe('while Redis is down', () => {
  let redis: ScratchRedis;
  let t: TestApp;
  let player: TestAgent;
  beforeAll(async () => {
    redis = new ScratchRedis(await freePort());
    await redis.start();
    t = await startTestApp('postgres', {
      REDIS_URL: redis.url,
      RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
    });
    ({ agent: player } = await registerUser(t.app));
  });
  afterAll(async () => {
    await t.close();
    await redis.stop();
  });

  it('answers rate-limited routes at once, says "degraded" within 1 s, and still limits', async () => {
    const before = await guessLatencies(player);
    expect(before.map((r) => r.status)).toEqual(Array(10).fill(200));

    await redis.stop();

    const during = await guessLatencies(player);
    expect(during.map((r) => r.status)).toEqual(Array(10).fill(200));
    console.log(
      `guess latency, Redis up: median ${median(before.map((r) => r.ms)).toFixed(1)} ms; ` +
        `Redis down: median ${median(during.map((r) => r.ms)).toFixed(1)} ms, ` +
        `max ${Math.max(...during.map((r) => r.ms)).toFixed(1)} ms`,
    );
    // Before: 2.4 s, then 5.3 s each. Bounds leave room for a busy CI machine.
    expect(Math.max(...during.map((r) => r.ms))).toBeLessThan(1000);
    expect(median(during.map((r) => r.ms))).toBeLessThan(250);

    const ready = await timed(() => new TestAgent(t.app).get('/readyz'));
    console.log(`/readyz with Redis down: ${ready.ms.toFixed(1)} ms`);
    expect(ready.ms).toBeLessThan(1000);
    expect(ready.value).toMatchObject({
      status: 200,
      body: { result: 'ok', status: 'degraded', database: 'ok', redis: 'unreachable' },
    });

    // The probe's brute force: 40 parallel wrong logins from one address during the outage.
    const attacker = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        attacker
          .post('/api/login', { username: 'victim', password: 'guess' })
          .then((r) => r.status),
      ),
    );

    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_LIMIT);
  });

  it('counts in Redis again, shared by every node, once Redis is back', async () => {
    await redis.start();
    await waitUntilReady(new TestAgent(t.app));
    const address = uniqueClientAddress();
    const agent = new TestAgent(t.app, { remoteAddress: address });
    expect((await agent.post('/api/login', { username: 'x', password: 'y' })).status).toBe(401);
    const probe = new Redis(redis.url);
    try {
      const keys = await probe.keys('jotto:rate-limit:*');
      expect(keys.some((key) => key.includes(address))).toBe(true);
    } finally {
      probe.disconnect();
    }
    expect(await new TestAgent(t.app).get('/readyz')).toMatchObject({
      status: 200,
      body: { result: 'ok', status: 'ready', database: 'ok', redis: 'ok' },
    });
  });
});

describe('while Redis hangs (connections open, no answers)', () => {
  let redis: ScratchRedis;
  let t: TestApp;
  beforeAll(async () => {
    redis = new ScratchRedis(await freePort());
    await redis.start();
    t = await startTestApp('postgres', { REDIS_URL: redis.url });
  });
  afterAll(async () => {
    redis.resume();
    await t.close();
    await redis.stop();
  });

  it('bounds each request by the command timeout, and most not even that', async () => {
    const { agent } = await registerUser(t.app);
    redis.pause();
    try {
      const during = await guessLatencies(agent);
      expect(during.map((r) => r.status)).toEqual(Array(10).fill(200));
      const times = during.map((r) => r.ms);
      console.log(
        `guess latency, Redis frozen: max ${Math.max(...times).toFixed(1)} ms, ` +
          `median ${median(times).toFixed(1)} ms`,
      );
      // The first pays the command timeout (500 ms); the next ones skip Redis for 2 s.
      expect(Math.max(...times)).toBeLessThan(2000);
      expect(median(times)).toBeLessThan(250);
      const ready = await timed(() => new TestAgent(t.app).get('/readyz'));
      console.log(`/readyz with Redis frozen: ${ready.ms.toFixed(1)} ms`);
      expect(ready.ms).toBeLessThan(1000);
      expect(ready.value).toMatchObject({
        status: 200,
        body: { status: 'degraded', redis: 'unreachable' },
      });
    } finally {
      redis.resume();
    }
  });
});

describe('a node that starts while Redis is down', () => {
  it('starts degraded instead of failing, and uses Redis once it is there', async () => {
    const redis = new ScratchRedis(await freePort());
    const t = await startTestApp('postgres', { REDIS_URL: redis.url });
    try {
      expect(await new TestAgent(t.app).get('/readyz')).toMatchObject({
        status: 200,
        body: { status: 'degraded', redis: 'unreachable' },
      });
      await redis.start();
      await waitUntilReady(new TestAgent(t.app));
    } finally {
      await t.close();
      await redis.stop();
    }
  });
});
