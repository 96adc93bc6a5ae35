import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeaderboardResponse } from '@jotto/shared/leaderboard-schemas';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import type { Database } from '../src/db/database.ts';
import { users } from '../src/db/account-tables.ts';
import { games, pointAwards } from '../src/db/game-tables.ts';
import { leaderboardSnapshots } from '../src/db/snapshot-tables.ts';
import { LeaderboardRefreshJob } from '../src/leaderboards/leaderboard-refresh-job.ts';
import { LocalFreshnessNote } from '../src/lib/freshness-note.ts';
import {
  LEADERBOARD_LOCK_KEY,
  type RefreshOutcome,
} from '../src/leaderboards/leaderboard-service.ts';
import { registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

const MINUTE = 60_000;
// 2026-03-02 is a Monday; the 4th a Wednesday.
const MONDAY = new Date('2026-03-02T09:00:00.000Z');
const WEDNESDAY = new Date('2026-03-04T12:00:00.000Z');

/** An account straight in the database (no password): leaderboards only need the row. */
async function addUser(
  db: Database,
  username: string | null,
  options: { admin?: boolean } = {},
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ username, admin: options.admin ?? false })
    .returning({ id: users.id });
  return row!.id;
}

/** Points won in a (made-up) finished game at a chosen time, as settleIfDone records them. */
async function award(db: Database, userId: number, points: number, awardedAt: Date) {
  const [game] = await db
    .insert(games)
    .values({ mode: 'solo', secret: 'crane', settledAt: awardedAt })
    .returning({ id: games.id });
  await db.insert(pointAwards).values({ userId, gameId: game!.id, points, awardedAt });
}

async function versions(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ kind: leaderboardSnapshots.kind, version: leaderboardSnapshots.version })
    .from(leaderboardSnapshots);
  return Object.fromEntries(rows.map((row) => [row.kind, row.version]));
}

async function board(app: TestApp['app'], type: string) {
  return new TestAgent(app).get<LeaderboardResponse>(`/api/leaders/${type}`);
}

const names = (response: { body: LeaderboardResponse }) =>
  response.body.scores.map((entry) => `${entry.displayName}:${entry.score}`);

describe.each(DATABASE_KINDS)('leaderboards on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  // Leaderboards are global: every test starts from no users and no points.
  beforeEach(async () => {
    await t.app.db.delete(pointAwards);
    await t.app.db.delete(games);
    await t.app.db.delete(users);
  });

  it('on a Wednesday: today counts everywhere, Tuesday and Monday 00:00 weekly, Sunday all-time only', async () => {
    const db = t.app.db;
    await award(db, await addUser(db, 'Today'), 40, new Date('2026-03-04T00:00:00.000Z'));
    await award(db, await addUser(db, 'Tuesday'), 30, new Date('2026-03-03T23:59:59.999Z'));
    await award(db, await addUser(db, 'Monday'), 20, new Date('2026-03-02T00:00:00.000Z'));
    await award(db, await addUser(db, 'Sunday'), 10, new Date('2026-03-01T23:59:59.999Z'));
    expect(await t.app.leaderboards.refreshLeaderboards(WEDNESDAY)).toBe('refreshed');

    expect(names(await board(t.app, 'daily'))).toEqual(['Today:40']);
    expect(names(await board(t.app, 'weekly'))).toEqual(['Today:40', 'Tuesday:30', 'Monday:20']);
    expect(names(await board(t.app, 'alltime'))).toEqual([
      'Today:40',
      'Tuesday:30',
      'Monday:20',
      'Sunday:10',
    ]);
  });

  it('on a Monday: yesterday (Sunday) belongs to last week, so all-time only', async () => {
    const db = t.app.db;
    await award(db, await addUser(db, 'Early'), 95, new Date('2026-03-02T08:59:00.000Z'));
    await award(db, await addUser(db, 'Weekend'), 100, new Date('2026-03-01T20:00:00.000Z'));
    await t.app.leaderboards.refreshLeaderboards(MONDAY);

    expect(names(await board(t.app, 'daily'))).toEqual(['Early:95']);
    expect(names(await board(t.app, 'weekly'))).toEqual(['Early:95']);
    expect(names(await board(t.app, 'alltime'))).toEqual(['Weekend:100', 'Early:95']);
  });

  it('sums each user’s points inside each window', async () => {
    const db = t.app.db;
    const id = await addUser(db, 'Steady');
    await award(db, id, 50, new Date('2026-03-04T10:00:00Z'));
    await award(db, id, 25, new Date('2026-03-04T11:59:59Z'));
    await award(db, id, 70, new Date('2026-03-02T01:00:00Z'));
    await award(db, id, 90, new Date('2026-02-20T01:00:00Z'));
    await t.app.leaderboards.refreshLeaderboards(WEDNESDAY);
    expect(names(await board(t.app, 'daily'))).toEqual(['Steady:75']);
    expect(names(await board(t.app, 'weekly'))).toEqual(['Steady:145']);
    expect(names(await board(t.app, 'alltime'))).toEqual(['Steady:235']);
  });

  it('keeps the top 100 of 105, by score and then username without regard to case', async () => {
    const db = t.app.db;
    // 35 scores, three users each; the names of a tie differ in case and insertion order.
    const people = Array.from({ length: 105 }, (_, i) => {
      const score = 10 * (35 - Math.floor(i / 3));
      const name = [`b${i}`, `A${i}`, `c${i}`][i % 3]!;
      return { name, score };
    });
    const insertOrder = [...people].sort((a, b) => (a.name < b.name ? 1 : -1));
    const ids = await db
      .insert(users)
      .values(insertOrder.map((p) => ({ username: p.name })))
      .returning({ id: users.id, username: users.username });
    const gameIds = await db
      .insert(games)
      .values(ids.map(() => ({ mode: 'solo' as const, secret: 'crane' })))
      .returning({ id: games.id });
    await db.insert(pointAwards).values(
      ids.map((user, i) => ({
        userId: user.id,
        gameId: gameIds[i]!.id,
        points: people.find((p) => p.name === user.username)!.score,
        awardedAt: new Date('2026-03-04T08:00:00Z'),
      })),
    );
    await t.app.leaderboards.refreshLeaderboards(WEDNESDAY);

    const expected = [...people]
      .sort((a, b) => b.score - a.score || a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
      .slice(0, 100)
      .map((p) => `${p.name}:${p.score}`);
    for (const type of ['daily', 'weekly', 'alltime']) {
      const response = await board(t.app, type);
      expect(response.body.scores).toHaveLength(100);
      expect(names(response)).toEqual(expected);
    }
    // The five cut score no more than anyone shown.
    const shown = (await board(t.app, 'alltime')).body.scores;
    const cut = people.filter((p) => !shown.some((e) => e.displayName === p.name));
    expect(cut).toHaveLength(5);
    expect(Math.max(...cut.map((p) => p.score))).toBeLessThanOrEqual(
      Math.min(...shown.map((e) => e.score)),
    );
  });

  it('answers entries of exactly {id, displayName, username, score, admin}, with the admin star', async () => {
    const db = t.app.db;
    const admin = await addUser(db, 'BossLady', { admin: true });
    const player = await addUser(db, 'Plain_Joe');
    const unnamed = await addUser(db, null);
    await addUser(db, 'NoPoints');
    await award(db, admin, 80, new Date('2026-03-04T09:00:00Z'));
    await award(db, player, 60, new Date('2026-03-04T09:00:00Z'));
    await award(db, unnamed, 100, new Date('2026-03-04T09:00:00Z'));
    await t.app.leaderboards.refreshLeaderboards(WEDNESDAY);

    for (const type of ['daily', 'weekly', 'alltime']) {
      const response = await board(t.app, type);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        result: 'ok',
        computedAt: WEDNESDAY.toISOString(),
        scores: [
          { id: admin, displayName: 'BossLady', username: 'bosslady', score: 80, admin: true },
          { id: player, displayName: 'Plain_Joe', username: 'plain_joe', score: 60, admin: false },
        ],
      });
    }
  });

  it('is open to guests and answers an empty board when nobody has points', async () => {
    await t.app.leaderboards.refreshLeaderboards(WEDNESDAY);
    expect(await board(t.app, 'weekly')).toMatchObject({
      status: 200,
      body: { result: 'ok', scores: [], computedAt: WEDNESDAY.toISOString() },
    });
  });

  it.each([
    'monthly',
    'DAILY',
    'Daily',
    'daily%20',
    '1',
    '%00',
    '',
    'x'.repeat(90),
    '%F0%9F%8F%86',
  ])('refuses the type "%s" with a 400', async (type) => {
    const response = await board(t.app, type);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ result: 'error', err: expect.any(String) });
  });

  it('refuses extra path segments (404) and an overlong type (414), never a 500', async () => {
    const extra = await board(t.app, 'daily/extra');
    expect(extra).toMatchObject({ status: 404, body: { result: 'error' } });
    // Fastify's router answers 414 past maxParamLength (100) before any route or error
    // handler runs, so that body is Fastify's own, not our envelope (an app-wide setting).
    expect((await board(t.app, 'x'.repeat(2_000))).status).toBe(414);
  });

  it('serves the stored snapshot: new points show only after the next refresh', async () => {
    const db = t.app.db;
    const id = await addUser(db, 'Patient');
    await award(db, id, 100, new Date('2026-03-04T09:00:00Z'));
    await t.app.leaderboards.refreshLeaderboards(WEDNESDAY);
    const before = await versions(db);
    expect(names(await board(t.app, 'daily'))).toEqual(['Patient:100']);

    await award(db, id, 50, new Date('2026-03-04T11:00:00Z'));
    await db.update(users).set({ admin: true }).where(eq(users.id, id));
    for (const type of ['daily', 'weekly', 'alltime']) {
      const response = await board(t.app, type);
      expect(names(response)).toEqual(['Patient:100']);
      expect(response.body.scores[0]?.admin).toBe(false);
      expect(response.body.computedAt).toBe(WEDNESDAY.toISOString());
    }
    expect(await versions(db)).toEqual(before);

    const later = new Date(WEDNESDAY.getTime() + 5 * MINUTE);
    await t.app.leaderboards.refreshLeaderboards(later);
    const response = await board(t.app, 'daily');
    expect(names(response)).toEqual(['Patient:150']);
    expect(response.body.scores[0]?.admin).toBe(true);
    expect(response.body.computedAt).toBe(later.toISOString());
    expect(await versions(db)).toEqual({
      daily: before.daily! + 1,
      weekly: before.weekly! + 1,
      alltime: before.alltime! + 1,
      rating: before.rating! + 1,
    });
  });

  it('skips a periodic run while the stored snapshots are fresh', async () => {
    const leaderboards = t.app.leaderboards;
    expect(await leaderboards.refreshLeaderboards(WEDNESDAY)).toBe('refreshed');
    const before = await versions(t.app.db);
    // The default period is 300 s: fresh for 270 s.
    const soon = new Date(WEDNESDAY.getTime() + 269_000);
    expect(await leaderboards.refreshLeaderboards(soon, { onlyIfStale: true })).toBe('fresh');
    expect(await versions(t.app.db)).toEqual(before);
    const due = new Date(WEDNESDAY.getTime() + 271_000);
    expect(await leaderboards.refreshLeaderboards(due, { onlyIfStale: true })).toBe('refreshed');
    expect((await versions(t.app.db)).daily).toBe(before.daily! + 1);
  });

  it('shows a game won through the API once the board is refreshed', async () => {
    const { agent, username } = await registerUser(t.app);
    const created = await agent.get<{ gameId: number }>('/api/games/new');
    const [game] = await t.app.db
      .select({ secret: games.secret })
      .from(games)
      .where(eq(games.id, created.body.gameId));
    const play = await agent.get(`/api/game/${created.body.gameId}/play/${game!.secret}`);
    expect(play.body).toMatchObject({ result: 'ok', win: true, score: 100 });

    await t.app.leaderboards.refreshLeaderboards(new Date());
    for (const type of ['daily', 'weekly', 'alltime']) {
      expect((await board(t.app, type)).body.scores).toEqual([
        expect.objectContaining({ displayName: username, score: 100, admin: false }),
      ]);
    }
  });
});

describe.each(DATABASE_KINDS)('a fresh start on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('computes the missing snapshots once, for all concurrent first requests', async () => {
    const id = await addUser(t.app.db, 'First');
    await award(t.app.db, id, 100, new Date());
    expect(await versions(t.app.db)).toEqual({});

    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => board(t.app, ['daily', 'weekly', 'alltime'][i % 3]!)),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(names(response)).toEqual(['First:100']);
    }
    // The rating leaderboard is one more snapshot of the same refresh.
    expect(await versions(t.app.db)).toEqual({ daily: 1, weekly: 1, alltime: 1, rating: 1 });

    await award(t.app.db, id, 50, new Date());
    expect(names(await board(t.app, 'alltime'))).toEqual(['First:100']);
    expect(await versions(t.app.db)).toEqual({ daily: 1, weekly: 1, alltime: 1, rating: 1 });
  });
});

describe('two nodes on one Postgres', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  beforeAll(async () => {
    nodeA = await startTestApp('postgres');
    nodeB = await startTestApp('postgres', {}, { databaseUrl: nodeA.databaseUrl! });
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('compute once per period when both timers fire at the same moment', async () => {
    const id = await addUser(nodeA.app.db, 'Clustered');
    await award(nodeA.app.db, id, 100, new Date('2026-03-04T09:00:00Z'));
    const log = Fastify({ logger: false }).log;
    const jobs = [nodeA, nodeB].map(
      (node) => new LeaderboardRefreshJob(node.app.leaderboards, 300_000, log),
    );

    for (let round = 1; round <= 4; round += 1) {
      const now = new Date(WEDNESDAY.getTime() + round * 5 * MINUTE);
      const outcomes = await Promise.all(jobs.map((job) => job.tick(now)));
      expect(outcomes.filter((o) => o === 'refreshed')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'locked' || o === 'fresh')).toHaveLength(1);
      expect(await versions(nodeA.app.db)).toEqual({
        daily: round,
        weekly: round,
        alltime: round,
        rating: round,
      });
      // Timers a little later, on both nodes at once, compute nothing: one finds the snapshot
      // fresh, the other fresh too or the lock taken by that check.
      const late = new Date(now.getTime() + 2_000);
      const lateOutcomes = await Promise.all(jobs.map((job) => job.tick(late)));
      expect(lateOutcomes).toContain('fresh');
      expect(lateOutcomes).not.toContain('refreshed');
      expect((await versions(nodeA.app.db)).daily).toBe(round);
    }
  });

  it('skip while another node holds the lock, and store real JSON arrays', async () => {
    const outside = postgres(nodeA.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      const before = await versions(nodeA.app.db);
      const later = new Date(WEDNESDAY.getTime() + 60 * MINUTE);
      await outside.begin(async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(${LEADERBOARD_LOCK_KEY})`;
        // Even a forced refresh gives way: someone else is computing right now.
        expect(await nodeB.app.leaderboards.refreshLeaderboards(later)).toBe('locked');
        expect(await nodeA.app.leaderboards.refreshLeaderboards(later)).toBe('locked');
      });
      expect(await versions(nodeA.app.db)).toEqual(before);
      expect(await nodeB.app.leaderboards.refreshLeaderboards(later)).toBe('refreshed');
      const [stored] = await outside<{ type: string; length: number }[]>`
        SELECT jsonb_typeof(entries) AS type, jsonb_array_length(entries) AS length
        FROM leaderboard_snapshots WHERE kind = 'alltime'`;
      expect(stored).toEqual({ type: 'array', length: 1 });
    } finally {
      await outside.end();
    }
  });

  it('serves the other node’s newer snapshot within seconds', async () => {
    const db = nodeA.app.db;
    await db.delete(pointAwards);
    const id = await addUser(db, 'Roamer');
    await award(db, id, 60, new Date('2026-03-04T09:00:00Z'));
    await nodeA.app.leaderboards.refreshLeaderboards(WEDNESDAY);
    expect(names(await board(nodeB.app, 'weekly'))).toEqual(['Roamer:60']);

    await award(db, id, 40, new Date('2026-03-04T10:00:00Z'));
    await nodeA.app.leaderboards.refreshLeaderboards(new Date(WEDNESDAY.getTime() + 5 * MINUTE));
    expect(names(await board(nodeA.app, 'weekly'))).toEqual(['Roamer:100']);
    // Node B checks the stored version every 5 seconds, not on every request.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6_000);
    expect(names(await board(nodeB.app, 'weekly'))).toEqual(['Roamer:100']);
  });
});

describe('LeaderboardRefreshJob', () => {
  const log = Fastify({ logger: false }).log;

  it('skips a run while the previous one is still going, and stop() waits for it', async () => {
    let finish: (outcome: RefreshOutcome) => void = () => {};
    const refreshLeaderboards = vi.fn(
      () => new Promise<RefreshOutcome>((resolve) => (finish = resolve)),
    );
    const warn = vi.spyOn(log, 'warn');
    const job = new LeaderboardRefreshJob({ refreshLeaderboards }, 60_000, log);
    const first = job.tick();
    expect(await job.tick()).toBe('overlapping');
    expect(warn).toHaveBeenCalledWith(
      'leaderboard refresh still running from the last period; skipping this one',
    );
    expect(refreshLeaderboards).toHaveBeenCalledTimes(1);
    expect(refreshLeaderboards).toHaveBeenCalledWith(expect.any(Date), { onlyIfStale: true });
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    // By the next macrotask every promise reaction that could settle stop() has run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    finish('refreshed');
    await stopping;
    expect(await first).toBe('refreshed');
  });

  it('logs a failed run and tries again next time', async () => {
    const error = vi.spyOn(log, 'error');
    const refreshLeaderboards = vi
      .fn<() => Promise<RefreshOutcome>>()
      .mockRejectedValueOnce(new Error('database away'))
      .mockResolvedValueOnce('refreshed');
    const job = new LeaderboardRefreshJob({ refreshLeaderboards }, 60_000, log);
    expect(await job.tick()).toBe('failed');
    expect(error).toHaveBeenCalledOnce();
    expect(await job.tick()).toBe('refreshed');
  });

  it('skips the database while a refresh noted the snapshots fresh, and notes its own', async () => {
    const refreshLeaderboards = vi.fn(async (): Promise<RefreshOutcome> => 'refreshed');
    const note = new LocalFreshnessNote();
    const job = new LeaderboardRefreshJob({ refreshLeaderboards }, 60_000, log, {
      note,
      freshForMs: 200,
    });
    expect(await job.tick()).toBe('refreshed');
    // Another node's tick within the note: no transaction at all.
    expect(await job.tick()).toBe('fresh');
    expect(refreshLeaderboards).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    // The note lapsed with the snapshots' freshness: the database decides again.
    expect(await job.tick()).toBe('refreshed');
    expect(refreshLeaderboards).toHaveBeenCalledTimes(2);
  });

  it('runs every period once started, and not after stop()', async () => {
    vi.useFakeTimers();
    try {
      const refreshLeaderboards = vi.fn(async (): Promise<RefreshOutcome> => 'fresh');
      const job = new LeaderboardRefreshJob({ refreshLeaderboards }, 5 * MINUTE, log);
      job.start();
      // No run at start-up: the first comes one period later, then one every period.
      await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
      expect(refreshLeaderboards).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(refreshLeaderboards).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2 * 5 * MINUTE);
      expect(refreshLeaderboards).toHaveBeenCalledTimes(3);
      await job.stop();
      await vi.advanceTimersByTimeAsync(3 * 5 * MINUTE);
      expect(refreshLeaderboards).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('LEADERBOARD_REFRESH_SECONDS', () => {
  it('defaults to 5 minutes and takes whole seconds', () => {
    expect(loadConfig({}).leaderboardRefreshSeconds).toBe(300);
    expect(loadConfig({ LEADERBOARD_REFRESH_SECONDS: '60' }).leaderboardRefreshSeconds).toBe(60);
  });

  it.each(['0', '4', '2.5', 'soon', '100000'])('refuses %s', (value) => {
    expect(() => loadConfig({ LEADERBOARD_REFRESH_SECONDS: value })).toThrow(ConfigError);
  });
});
