import { eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../src/db/account-tables.ts';
import { gamePlayers, games } from '../src/db/game-tables.ts';
import { ExpiredDataPurgeJob, type PurgeSteps } from '../src/sessions/expired-data-purge-job.ts';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Json = Record<string, unknown>;

describe.each(DATABASE_KINDS)('purging expired data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const gameExists = async (id: number) => (await t.app.db.$count(games, eq(games.id, id))) === 1;
  const sessionOf = (agent: TestAgent) => t.app.sessions.hash(agent.cookies.get(SESSION_COOKIE)!);
  const expire = (hash: string) =>
    t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hash));

  it('removes expired sessions and the games only they could open; keeps everything live', async () => {
    const expiredGuest = new TestAgent(t.app);
    const lostGame = (await expiredGuest.get<Json>('/api/games/new')).body.gameId as number;
    const liveGuest = new TestAgent(t.app);
    const liveGuestGame = (await liveGuest.get<Json>('/api/games/new')).body.gameId as number;
    const user = await registerUser(t.app);
    const userGame = (await user.agent.get<Json>('/api/games/new')).body.gameId as number;
    // A guest who signs in keeps the unfinished game; a finished one stays with the old session.
    const convert = new TestAgent(t.app);
    const finished = (await convert.get<Json>('/api/games/new')).body.gameId as number;
    await convert.get(`/api/game/${finished}/play/giveup`);
    const unfinished = (await convert.get<Json>('/api/games/new')).body.gameId as number;
    await convert.post('/api/register', {
      username: `${user.username.slice(0, 10)}_c`,
      email: `c_${user.username}@example.com`,
      password: 'abcd',
    });
    const staleUser = await registerUser(t.app);
    await expire(sessionOf(expiredGuest));
    await expire(sessionOf(staleUser.agent));

    await t.app.purgeJob.run();

    expect(await gameExists(lostGame)).toBe(false);
    expect(await gameExists(finished)).toBe(false);
    expect(await gameExists(liveGuestGame)).toBe(true);
    expect(await gameExists(userGame)).toBe(true);
    expect(await gameExists(unfinished)).toBe(true);
    expect(await t.app.db.$count(sessions, eq(sessions.idHash, sessionOf(expiredGuest)))).toBe(0);
    expect(await t.app.db.$count(sessions, eq(sessions.idHash, sessionOf(staleUser.agent)))).toBe(
      0,
    );
    expect((await liveGuest.get(`/api/games/${liveGuestGame}`)).status).toBe(200);
    expect((await user.agent.get(`/api/games/${userGame}`)).status).toBe(200);
    expect((await convert.get(`/api/games/${unfinished}`)).status).toBe(200);
    // A second run finds nothing more to do.
    await t.app.purgeJob.run();
    expect(await gameExists(liveGuestGame)).toBe(true);
  });

  it('removes unfinished solo games untouched for 30 days, and nothing else', async () => {
    const { agent } = await registerUser(t.app);
    const start = async () => (await agent.get<Json>('/api/games/new')).body.gameId as number;
    const idle = await start();
    const recent = await start();
    const finishedLongAgo = await start();
    await agent.get(`/api/game/${finishedLongAgo}/play/giveup`);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const lastPlayed = (gameId: number, at: Date) =>
      t.app.db.update(gamePlayers).set({ lastPlayedAt: at }).where(eq(gamePlayers.gameId, gameId));
    await lastPlayed(idle, daysAgo(31));
    await lastPlayed(recent, daysAgo(29));
    await lastPlayed(finishedLongAgo, daysAgo(400));
    // An abandoned versus game is the opponent's too: it stays.
    const opponent = await registerUser(t.app);
    const me = await registerUser(t.app);
    const ids = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, [opponent.username, me.username]));
    const versus = (await t.app.games.createVersusGame([ids[0]!.id, ids[1]!.id])).gameId;
    await lastPlayed(versus, daysAgo(60));
    // A daily left unfinished is part of the player's daily record (played, not solved): it stays.
    const daily = (await agent.get<Json>('/api/daily')).body.gameId as number;
    await lastPlayed(daily, daysAgo(60));

    // Before: a signed-in player's abandoned solo games were never purged.
    await t.app.purgeJob.run();
    expect(await gameExists(idle)).toBe(false);
    expect(await gameExists(recent)).toBe(true);
    expect(await gameExists(finishedLongAgo)).toBe(true);
    expect(await gameExists(versus)).toBe(true);
    expect(await gameExists(daily)).toBe(true);
    expect((await agent.get(`/api/games/${recent}`)).status).toBe(200);
  });
});

describe('ExpiredDataPurgeJob', () => {
  const log = Fastify({ logger: false }).log;
  const HOUR = 60 * 60 * 1000;
  const steps = (purgeExpiredSessions: () => Promise<number>): PurgeSteps => ({
    purgeExpiredSessions,
    purgeAbandonedGuestGames: async () => 0,
    purgeIdleSoloGames: async () => 0,
    purgeExpiredResetTokens: async () => 0,
  });

  it('a run during a purge waits for that purge instead of starting one; stop() waits too', async () => {
    let finish: (count: number) => void = () => {};
    const purgeSessions = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const job = new ExpiredDataPurgeJob(steps(purgeSessions), log, { idleSoloGameDays: 30 });
    const first = job.run();
    let joined = false;
    const second = job.run().then(() => (joined = true));
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    // By the next macrotask every promise reaction that could settle them has run.
    await new Promise((resolve) => setImmediate(resolve));
    expect([joined, stopped]).toEqual([false, false]);
    expect(purgeSessions).toHaveBeenCalledOnce();
    finish(0);
    await Promise.all([first, second, stopping]);
    expect([joined, stopped]).toEqual([true, true]);
  });

  it('logs a failed purge and tries again next time', async () => {
    const error = vi.spyOn(log, 'error');
    const purgeSessions = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('database away'))
      .mockResolvedValueOnce(0);
    const job = new ExpiredDataPurgeJob(steps(purgeSessions), log, { idleSoloGameDays: 30 });
    await job.run();
    expect(error).toHaveBeenCalledOnce();
    await job.run();
    expect(purgeSessions).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledOnce();
  });

  it('purges every hour once started, the first an hour after start, and not after stop()', async () => {
    vi.useFakeTimers();
    try {
      const purgeSessions = vi.fn(async () => 0);
      const job = new ExpiredDataPurgeJob(steps(purgeSessions), log, { idleSoloGameDays: 30 });
      job.start();
      await vi.advanceTimersByTimeAsync(HOUR - 1);
      expect(purgeSessions).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(purgeSessions).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2 * HOUR);
      expect(purgeSessions).toHaveBeenCalledTimes(3);
      await job.stop();
      await vi.advanceTimersByTimeAsync(3 * HOUR);
      expect(purgeSessions).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
