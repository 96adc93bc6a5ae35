import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { TEST_REDIS_URL, uniqueClientAddress } from './test-environment.ts';

// A limit per address alone lets an attacker with many addresses guess one account's password
// without limit, so attempts on an account are limited too, in short fixed windows, so that
// they slow a guesser down without locking the owner out for good: a browser that has signed
// in to the account before is counted on its own.

const ACCOUNT_LIMIT = 5;
// Long enough for a test's attempts to fit in one window on a loaded machine.
const WINDOW_SECONDS = 8;
/**
 * The window of the test that waits for a lockout to end with Redis: Redis expires its keys on
 * its own clock, which a test cannot move, so that window is short and real. (In-process, the
 * count's clock is Date, which the test moves instead.)
 */
const REDIS_WINDOW_SECONDS = 2;

/** One attempt from a fresh address, so the per-address limit never applies. */
const attempt = (t: TestApp, username: string, password: string, from?: TestAgent) =>
  (from ?? new TestAgent(t.app, { remoteAddress: uniqueClientAddress() })).post('/api/login', {
    username,
    password,
  });

describe.each(['in-process', 'with Redis'] as const)('per-account login limit (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', {
      RATE_LIMIT_LOGIN: '3',
      RATE_LIMIT_LOGIN_ACCOUNT: String(ACCOUNT_LIMIT),
      RATE_LIMIT_ACCOUNT_WINDOW: String(WINDOW_SECONDS),
      ...(mode === 'with Redis' ? { REDIS_URL: TEST_REDIS_URL } : {}),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stops guessing one account from many addresses, however the name is cased', async () => {
    const { username } = await registerUser(t.app);
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      const name = i % 2 ? username.toUpperCase() : username;
      statuses.push((await attempt(t, name, `wrong${i}`)).status);
    }
    expect(statuses).toEqual([...Array(ACCOUNT_LIMIT).fill(401), ...Array(7).fill(429)]);
    const refused = await attempt(t, username, 'secret1');
    expect(refused).toMatchObject({
      status: 429,
      body: { result: 'error', err: expect.stringMatching(/^Too many sign-in attempts/) },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Other accounts are not affected.
    const other = await registerUser(t.app);
    expect((await attempt(t, other.username, 'wrong')).status).toBe(401);
  });

  it("lets the owner's own browser in while the account is being guessed", async () => {
    const { agent, username } = await registerUser(t.app);
    // Registering (or signing in) marks this browser as one that knows the account.
    const owner = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    for (const [name, value] of agent.cookies) owner.cookies.set(name, value);
    for (let i = 0; i < ACCOUNT_LIMIT + 3; i++) await attempt(t, username, 'wrong');
    expect((await attempt(t, username, 'secret1')).status).toBe(429);
    expect((await attempt(t, username, 'secret1', owner)).status).toBe(200);
    // A browser that knows another account gets no such pass.
    const stranger = await registerUser(t.app);
    const strangerBrowser = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    for (const [name, value] of stranger.agent.cookies) strangerBrowser.cookies.set(name, value);
    expect((await attempt(t, username, 'secret1', strangerBrowser)).status).toBe(429);
    // Nor does a forged one.
    const forger = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    forger.cookies.set('jotto_device', 'made-up.value');
    expect((await attempt(t, username, 'secret1', forger)).status).toBe(429);
  });

  it("limits the owner's browser on its own count, so a stolen device cookie is no free pass", async () => {
    const { agent, username } = await registerUser(t.app);
    const statuses = [];
    for (let i = 0; i < ACCOUNT_LIMIT + 2; i++) {
      const device = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
      for (const [name, value] of agent.cookies) device.cookies.set(name, value);
      statuses.push((await attempt(t, username, 'wrong', device)).status);
    }
    expect(statuses).toEqual([...Array(ACCOUNT_LIMIT).fill(401), 429, 429]);
  });
});

describe('the end of a per-account lockout in-process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', {
      RATE_LIMIT_LOGIN: '3',
      RATE_LIMIT_LOGIN_ACCOUNT: String(ACCOUNT_LIMIT),
      RATE_LIMIT_ACCOUNT_WINDOW: String(WINDOW_SECONDS),
    });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // The in-process count reads Date: the test moves it instead of waiting.
  it('comes with its window to the millisecond, however long the guessing goes on', async () => {
    const { username } = await registerUser(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    const windowStart = Date.now();
    const windowMs = WINDOW_SECONDS * 1000;
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      expect((await attempt(t, username, 'wrong')).status).toBe(401);
    }
    // The attacker keeps trying through the whole window; refused attempts do not extend it.
    for (let at = 0; at < windowMs; at += windowMs / 16) {
      vi.setSystemTime(windowStart + at);
      expect((await attempt(t, username, 'wrong')).status).toBe(429);
    }
    vi.setSystemTime(windowStart + windowMs - 1);
    expect((await attempt(t, username, 'secret1')).status).toBe(429);
    vi.setSystemTime(windowStart + windowMs);
    expect((await attempt(t, username, 'secret1')).status).toBe(200);
  });
});

describe('the end of a per-account lockout with Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', {
      RATE_LIMIT_LOGIN: '3',
      RATE_LIMIT_LOGIN_ACCOUNT: String(ACCOUNT_LIMIT),
      RATE_LIMIT_ACCOUNT_WINDOW: String(REDIS_WINDOW_SECONDS),
      REDIS_URL: TEST_REDIS_URL,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('comes with its window, however long the guessing goes on', async () => {
    const { username } = await registerUser(t.app);
    const windowMs = REDIS_WINDOW_SECONDS * 1000;
    // The window starts when Redis counts the first attempt, so not before this.
    const notBefore = Date.now();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      expect((await attempt(t, username, 'wrong')).status).toBe(401);
    }
    // The owner tries every 50 ms from a browser the account has not seen, sharing the count
    // with the guesser: refused until the window ends (refused attempts do not extend it).
    const refusedAt: number[] = [];
    const openedAt = await vi.waitFor(
      async () => {
        const { status } = await attempt(t, username, 'secret1');
        if (status === 429) refusedAt.push(Date.now());
        expect(status).toBe(200);
        return Date.now();
      },
      { timeout: windowMs + 2_000, interval: 50 },
    );
    expect(refusedAt.length).toBeGreaterThan(0);
    expect(openedAt - notBefore).toBeGreaterThanOrEqual(windowMs);
  });
});
