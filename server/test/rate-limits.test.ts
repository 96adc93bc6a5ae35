import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { TEST_REDIS_URL, uniqueClientAddress } from './test-environment.ts';

const LIMITS = { RATE_LIMIT_LOGIN: '4', RATE_LIMIT_REGISTER: '3' };

describe('rate limits, in-process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 after N login attempts per client address per minute', async () => {
    const agent = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await agent.post('/api/login', { username: 'x', password: 'y' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const limited = await agent.post('/api/login', { username: 'x', password: 'y' });
    expect(limited.body).toEqual({
      result: 'error',
      err: expect.stringMatching(/^Too many attempts/),
    });
    // Another address is counted on its own.
    const other = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    expect((await other.post('/api/login', { username: 'x', password: 'y' })).status).toBe(401);
  });

  it('limits registration too', async () => {
    const agent = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await agent.post('/api/register', { username: '' })).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('rate limits across two nodes sharing Redis', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  beforeAll(async () => {
    nodeA = await startTestApp('postgres', { ...LIMITS, REDIS_URL: TEST_REDIS_URL });
    nodeB = await startTestApp(
      'postgres',
      { ...LIMITS, REDIS_URL: TEST_REDIS_URL },
      { databaseUrl: nodeA.databaseUrl! },
    );
  });
  afterAll(async () => {
    await nodeB.app.close();
    await nodeA.close();
  });

  it('counts N attempts in total, not N per node', async () => {
    const address = uniqueClientAddress();
    const onA = new TestAgent(nodeA.app, { remoteAddress: address });
    const onB = new TestAgent(nodeB.app, { remoteAddress: address });
    const statuses = [];
    for (const agent of [onA, onB, onA, onB, onA, onB]) {
      statuses.push((await agent.post('/api/login', { username: 'x', password: 'y' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
