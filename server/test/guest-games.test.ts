import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/account-tables.ts';
import { games } from '../src/db/game-tables.ts';
import { registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { TEST_REDIS_URL, uniqueClientAddress } from './test-environment.ts';

// Unlimited before: 3,000 cookie-less GET /api/games/new in 5.2 s all answered 200, each
// inserting a session, a game and a player kept for 24 hours. Guests now start at most
// RATE_LIMIT_GUEST_GAMES games per address per minute (across nodes with Redis), and a guest
// who shows their session cookie plays on in that session. Signed-in accounts were not limited
// at all (500 games from one account in 0.9 s): they now start at most RATE_LIMIT_ACCOUNT_GAMES
// per minute, per account from any address.

const LIMIT = 10;
const ACCOUNT_LIMIT = 15;

describe.each(['in-process', 'with Redis'] as const)('guest games (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', {
      RATE_LIMIT_GUEST_GAMES: String(LIMIT),
      RATE_LIMIT_ACCOUNT_GAMES: String(ACCOUNT_LIMIT),
      ...(mode === 'with Redis' ? { REDIS_URL: TEST_REDIS_URL } : {}),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits cookie-less game creation per address: the probe, replayed with 30', async () => {
    const address = uniqueClientAddress();
    const sessionsBefore = await t.app.db.$count(sessions);
    const gamesBefore = await t.app.db.$count(games);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () =>
        new TestAgent(t.app, { remoteAddress: address })
          .get('/api/games/new')
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LIMIT);
    expect((await t.app.db.$count(sessions)) - sessionsBefore).toBe(LIMIT);
    expect((await t.app.db.$count(games)) - gamesBefore).toBe(LIMIT);
    const refused = await new TestAgent(t.app, { remoteAddress: address }).get('/api/games/new');
    expect(refused.body).toEqual({ result: 'error', err: expect.stringMatching(/^Too many/) });
    // Another address starts its own guest game.
    const other = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    expect((await other.get('/api/games/new')).status).toBe(200);
  });

  it('reuses the guest session a guest presents: no new session row', async () => {
    const guest = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    expect((await guest.get('/api/games/new')).status).toBe(200);
    const cookie = [...guest.cookies.values()][0];
    const sessionsBefore = await t.app.db.$count(sessions);
    const again = await guest.get<{ gameId: number }>('/api/games/new');
    expect(again.status).toBe(200);
    expect(await t.app.db.$count(sessions)).toBe(sessionsBefore);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect([...guest.cookies.values()][0]).toBe(cookie);
    expect((await guest.get(`/api/games/${again.body.gameId}`)).status).toBe(200);
  });

  it('limits a signed-in account per account, from any address, apart from the guests', async () => {
    const address = uniqueClientAddress();
    const { agent } = await registerUser(t.app);
    const player = new TestAgent(t.app, { remoteAddress: address });
    for (const [name, value] of agent.cookies) player.cookies.set(name, value);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () => player.get('/api/games/new').then((r) => r.status)),
    );
    // Before: 40x200.
    expect(statuses.filter((s) => s === 200)).toHaveLength(ACCOUNT_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - ACCOUNT_LIMIT);
    // The same account from another address is counted with it.
    const elsewhere = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    for (const [name, value] of agent.cookies) elsewhere.cookies.set(name, value);
    expect(await elsewhere.get('/api/games/new')).toMatchObject({
      status: 429,
      body: { result: 'error', err: expect.stringMatching(/^Too many attempts\. Try again in/) },
    });
    // Another account is not, nor do the account's games use up its address's guest allowance.
    const other = await registerUser(t.app);
    const otherPlayer = new TestAgent(t.app, { remoteAddress: address });
    for (const [name, value] of other.agent.cookies) otherPlayer.cookies.set(name, value);
    expect((await otherPlayer.get('/api/games/new')).status).toBe(200);
    expect(
      (await new TestAgent(t.app, { remoteAddress: address }).get('/api/games/new')).status,
    ).toBe(200);
  });
});
