import { and, eq, isNotNull, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dailyDayOf, dailyNumberOf } from '@jotto/shared/daily-rules';
import type {
  DailyGameResponse,
  DailyLeadersResponse,
  DailyStatsResponse,
} from '@jotto/shared/daily-schemas';
import type { GameDetailResponse, PlayResponse } from '@jotto/shared/game-schemas';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { JottoSolver } from '@jotto/test-support/game-solver';
import {
  DAILY_LEADERS_FRESH_MS,
  DAILY_LEADERS_TICK_MS,
} from '../src/daily/daily-leaders-service.ts';
import { DailyWordDraw } from '../src/daily/daily-word.ts';
import { ADVISORY_LOCKS } from '../src/db/advisory-locks.ts';
import { rowsOf } from '../src/db/database.ts';
import { changeTopics } from '../src/lib/invalidation-channel.ts';
import { users } from '../src/db/account-tables.ts';
import { gamePlayers, games } from '../src/db/game-tables.ts';
import { dailyLeaderSnapshots } from '../src/db/snapshot-tables.ts';
import {
  type AgentResponse,
  newUsername,
  registerUser,
  startTestApp,
  type TestApp,
  TestAgent,
} from './test-app.ts';
import { DATABASE_KINDS, TEST_REDIS_URL } from './test-environment.ts';

/** A fixed day of the fake clock, so that its word (from the test key) is always the same. */
const FIRST_TEST_DAY = '2027-03-14';
const noonOf = (day: string) => new Date(`${day}T12:00:00.000Z`);

/** Every string value anywhere in a JSON body (keys are the schema's, not the game's). */
function stringValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringValues);
  return [];
}

/** The words of a text, lowercased: a secret "in" a log line is one of them. */
const wordsOf = (text: string) => text.toLowerCase().split(/[^a-z]+/);

describe.each(DATABASE_KINDS)('Daily Jotto on %s', (kind) => {
  let t: TestApp;
  let now = noonOf(FIRST_TEST_DAY);
  const logLines: string[] = [];

  const dailyOf = async (agent: TestAgent) => {
    const response = await agent.get<DailyGameResponse>('/api/daily');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const detailOf = async (agent: TestAgent, gameId: number) =>
    (await agent.get<GameDetailResponse>(`/api/games/${gameId}`)).body;
  const statsOf = async (agent: TestAgent) => {
    const response = await agent.get<DailyStatsResponse>('/api/daily/stats');
    expect(response.status).toBe(200);
    return response.body;
  };
  const play = (agent: TestAgent, gameId: number, word: string) =>
    agent.get<PlayResponse>(`/api/game/${gameId}/play/${word}`);
  const secretInDatabase = async (gameId: number) => {
    const [game] = await t.app.db.select().from(games).where(eq(games.id, gameId));
    return game!.secret;
  };

  /**
   * Moves the app's clock to `at`, the end of a day. The nodes' caches keep real time (in which
   * the answers they hold expire at the day's end): they are told the games changed.
   */
  const endOfDay = async (at: string, ...gameIds: number[]) => {
    now = new Date(at);
    await t.app.invalidations.publish(gameIds.map((id) => changeTopics.game(id)));
  };

  /** Solves a game through the API from match counts alone; returns the words, in order. */
  async function solve(agent: TestAgent, gameId: number) {
    const solver = new JottoSolver();
    const words: string[] = [];
    for (let turn = 0; turn < 20; turn += 1) {
      const word = solver.nextGuess();
      const answer = await play(agent, gameId, word);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      words.push(word);
      if (answer.body.win) return { words, score: answer.body.score };
      solver.observe(word, answer.body.matches!, false);
    }
    throw new Error('not solved in 20 guesses');
  }

  beforeAll(async () => {
    t = await startTestApp(
      kind,
      { LOG_LEVEL: 'debug' },
      {
        overrides: {
          clock: () => now,
          logStream: { write: (line) => void logLines.push(line) },
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives two players their own games on the same word, the day’s from the key', async () => {
    now = noonOf(FIRST_TEST_DAY);
    const alice = await registerUser(t.app);
    const guest = new TestAgent(t.app);
    const a = await dailyOf(alice.agent);
    const g = await dailyOf(guest);
    expect(guest.cookies.size).toBeGreaterThan(0);
    expect(a.gameId).not.toBe(g.gameId);
    expect(a).toMatchObject({ day: FIRST_TEST_DAY, number: dailyNumberOf(FIRST_TEST_DAY) });
    expect(g).toMatchObject({ day: FIRST_TEST_DAY, number: dailyNumberOf(FIRST_TEST_DAY) });

    await solve(alice.agent, a.gameId);
    const gaveUp = await play(guest, g.gameId, 'giveup');
    expect(gaveUp.body.finished).toBe(true);
    // Alice solved it: the word is hers. The guest gave up: not before the day ends.
    expect(gaveUp.body).not.toHaveProperty('target');
    expect(await detailOf(guest, g.gameId)).not.toHaveProperty('target');
    const aliceSaw = (await detailOf(alice.agent, a.gameId)).target;
    expect(aliceSaw).toBe(new DailyWordDraw(t.app.secrets.daily).secretOf(FIRST_TEST_DAY));
    await endOfDay(`${addDays(FIRST_TEST_DAY, 1)}T00:00:00.000Z`, g.gameId);
    expect((await detailOf(guest, g.gameId)).target).toBe(aliceSaw);
  });

  it('answers the same game on every later call of the day, marked daily', async () => {
    now = noonOf(FIRST_TEST_DAY);
    const bob = await registerUser(t.app);
    const guest = new TestAgent(t.app);
    const first = await dailyOf(bob.agent);
    const guestFirst = await dailyOf(guest);
    now = new Date(`${FIRST_TEST_DAY}T23:59:59.999Z`);
    expect(await dailyOf(bob.agent)).toEqual(first);
    expect(await dailyOf(guest)).toEqual(guestFirst);
    expect((await detailOf(bob.agent, first.gameId)).daily).toBe(true);
    expect((await detailOf(guest, guestFirst.gameId)).daily).toBe(true);
    // Any other game says nothing of the kind.
    const other = await bob.agent.get<{ gameId: number }>('/api/games/new');
    expect(await detailOf(bob.agent, other.body.gameId)).not.toHaveProperty('daily');
  });

  it('makes one game of concurrent first calls', async () => {
    now = noonOf(FIRST_TEST_DAY);
    const carol = await registerUser(t.app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => dailyOf(carol.agent)));
    expect(new Set(answers.map((answer) => answer.gameId)).size).toBe(1);
    const [user] = await t.app.db.select().from(users).where(eq(users.username, carol.username));
    const rows = await t.app.db
      .select()
      .from(gamePlayers)
      .where(and(eq(gamePlayers.userId, user!.id), isNotNull(gamePlayers.dailyDay)));
    expect(rows).toHaveLength(1);
    // The losing inserts took their game rows back with them.
    const [orphans] = await t.app.db
      .select({ count: sql<number>`cast(count(*) as integer)` })
      .from(games)
      .where(sql`not exists (select 1 from ${gamePlayers} where game_id = ${games.id})`);
    expect(orphans!.count).toBe(0);
  });

  it('gives a new game each day and keeps the streak only while every day is solved', async () => {
    const dave = await registerUser(t.app);
    const day = (offset: number) => addDays(FIRST_TEST_DAY, offset);
    const secrets: string[] = [];
    const playDay = async (offset: number, how: 'solve' | 'give up') => {
      now = noonOf(day(offset));
      const daily = await dailyOf(dave.agent);
      expect(daily).toMatchObject({ day: day(offset), number: dailyNumberOf(day(offset)) });
      if (how === 'solve') await solve(dave.agent, daily.gameId);
      else await play(dave.agent, daily.gameId, 'giveup');
      secrets.push(await secretInDatabase(daily.gameId));
      return daily.gameId;
    };

    const first = await playDay(0, 'solve');
    expect(await statsOf(dave.agent)).toMatchObject({
      played: 1,
      solved: 1,
      currentStreak: 1,
      maxStreak: 1,
    });

    // The next day: another game; the streak holds until the day is over.
    now = noonOf(day(1));
    const second = await dailyOf(dave.agent);
    expect(second.gameId).not.toBe(first);
    expect((await statsOf(dave.agent)).currentStreak).toBe(1);
    await solve(dave.agent, second.gameId);
    secrets.push(await secretInDatabase(second.gameId));
    expect((await statsOf(dave.agent)).currentStreak).toBe(2);

    // Given up: the streak is lost at once; the longest stays.
    await playDay(2, 'give up');
    expect(await statsOf(dave.agent)).toMatchObject({ currentStreak: 0, maxStreak: 2 });
    await playDay(3, 'solve');
    expect((await statsOf(dave.agent)).currentStreak).toBe(1);

    // Day 4 missed: on day 5, before playing, there is no current streak any more.
    now = noonOf(day(5));
    expect((await statsOf(dave.agent)).currentStreak).toBe(0);
    await playDay(5, 'solve');
    const stats = await statsOf(dave.agent);
    expect(stats).toMatchObject({ played: 5, solved: 4, currentStreak: 1, maxStreak: 2 });
    expect(stats.distribution).toHaveLength(21);
    expect(stats.distribution.reduce((sum, n) => sum + n, 0)).toBe(4);
    // Each day its own word, none twice.
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('is a solo game in every other way: analysis, the solo list, points', async () => {
    now = noonOf(FIRST_TEST_DAY);
    const erin = await registerUser(t.app);
    const { gameId } = await dailyOf(erin.agent);
    const early = await erin.agent.get(`/api/game/${gameId}/analysis`);
    expect(early.status).toBe(409);
    const { score } = await solve(erin.agent, gameId);
    // The analysis shows what others are still looking for: when the day ends.
    expect((await erin.agent.get(`/api/game/${gameId}/analysis`)).body).toEqual({
      result: 'error',
      err: GAME_MESSAGES.analysisBeforeReveal,
    });
    now = new Date(`${addDays(FIRST_TEST_DAY, 1)}T00:00:01.000Z`);
    expect((await erin.agent.get(`/api/game/${gameId}/analysis`)).status).toBe(200);
    const list = await erin.agent.post<{ games: Array<{ id: number; target?: string }> }>(
      '/api/games',
      { type: 'solo', age: 'old' },
    );
    expect(list.body.games.map((game) => game.id)).toContain(gameId);
    const profile = await erin.agent.get<{ data: { points: number; winCt: number } }>(
      `/api/profile/${erin.username}`,
    );
    expect(profile.body.data).toMatchObject({ points: score, winCt: 1 });
  });

  it('never shows the secret to anyone who has not solved it before the day has ended', async () => {
    now = noonOf(addDays(FIRST_TEST_DAY, 20));
    const secret = new DailyWordDraw(t.app.secrets.daily).secretOf(dailyDayOf(now));
    logLines.length = 0;
    const frank = await registerUser(t.app);
    const guest = new TestAgent(t.app);
    const bodies: unknown[] = [];
    const seen = async <T>(response: Promise<AgentResponse<T>>) => {
      const answer = await response;
      bodies.push(answer.body);
      return answer;
    };
    const mine = (await seen(frank.agent.get<DailyGameResponse>('/api/daily'))).body.gameId;
    const theirs = (await seen(guest.get<DailyGameResponse>('/api/daily'))).body.gameId;
    // The guest solves first: the word is out in the world, but not for Frank.
    await t.app.dailyLeaders.refreshLeaderboards(now);
    await solve(guest, theirs);
    await t.app.dailyLeaders.refreshLeaderboards(now);
    const miss = secret === 'crane' ? 'slate' : 'crane';
    await seen(frank.agent.get(`/api/game/${mine}/play/${miss}`));
    await seen(frank.agent.get(`/api/game/${mine}/play/${miss}`));
    for (const agent of [frank.agent, guest]) {
      await seen(agent.get('/api/daily'));
      await seen(agent.get('/api/daily/leaders'));
    }
    await seen(frank.agent.get(`/api/games/${mine}`));
    await seen(frank.agent.get('/api/daily/stats'));
    const analysis = await seen(frank.agent.get(`/api/game/${mine}/analysis`));
    expect(analysis.body).toEqual({ result: 'error', err: GAME_MESSAGES.analysisBeforeEnd });
    for (const body of bodies) {
      expect(stringValues(body).map((value) => value.toLowerCase())).not.toContain(secret);
      expect(body).not.toHaveProperty('target');
    }
    // The log saw every one of these requests, and the guest's winning guess too.
    expect(logLines.length).toBeGreaterThan(10);
    for (const line of logLines) expect(wordsOf(line)).not.toContain(secret);

    // Frank gives up: still nothing, nor in the answer; once the day has ended, the board
    // carries the word (the checks above can fail).
    const gaveUp = await seen(frank.agent.get(`/api/game/${mine}/play/giveup`));
    expect(gaveUp.body).not.toHaveProperty('target');
    expect(await detailOf(frank.agent, mine)).not.toHaveProperty('target');
    await endOfDay(`${addDays(dailyDayOf(now), 1)}T00:00:00.000Z`, mine);
    expect((await detailOf(frank.agent, mine)).target).toBe(secret);
  });

  it('lists today’s signed-in solvers, fewest guesses first, then the earliest', async () => {
    now = noonOf(addDays(FIRST_TEST_DAY, 30));
    const secret = new DailyWordDraw(t.app.secrets.daily).secretOf(dailyDayOf(now));
    const empty = await new TestAgent(t.app).get<DailyLeadersResponse>('/api/daily/leaders');
    expect(empty.body).toMatchObject({ result: 'ok', day: dailyDayOf(now), entries: [] });

    const quick = await registerUser(t.app, newUsername('Quick'));
    const slow = await registerUser(t.app, newUsername('slow'));
    const later = await registerUser(t.app, newUsername('later'));
    const guest = new TestAgent(t.app);
    const leaders = async () =>
      (await new TestAgent(t.app).get<DailyLeadersResponse>('/api/daily/leaders')).body;
    // Quick solves; Slow plays two misses first, then Quick's very words; Later plays Quick's
    // words too, after both: as few guesses as Quick, but later.
    const { words } = await solve(quick.agent, (await dailyOf(quick.agent)).gameId);
    // A solve is on the board read right after it, long before the minute's refresh.
    expect((await leaders()).entries.map((entry) => entry.displayName)).toEqual([quick.username]);
    const misses = ['crane', 'moist', 'plumb', 'fjord']
      .filter((word) => word !== secret && !words.includes(word))
      .slice(0, 2);
    for (const [player, sequence] of [
      [slow, [...misses, ...words]],
      [later, words],
    ] as const) {
      const { gameId } = await dailyOf(player.agent);
      for (const word of sequence)
        expect((await play(player.agent, gameId, word)).status).toBe(200);
    }
    await solve(guest, (await dailyOf(guest)).gameId);
    const loser = await registerUser(t.app);
    await play(loser.agent, (await dailyOf(loser.agent)).gameId, 'giveup');

    // Every solve is on it at once; a guest's solve and a lost game are never on it.
    const body = await leaders();
    expect(body.day).toBe(dailyDayOf(now));
    expect(body.entries.map((entry) => entry.displayName)).toEqual([
      quick.username,
      later.username,
      slow.username,
    ]);
    expect(body.entries[0]).toMatchObject({
      username: quick.username.toLowerCase(),
      guesses: words.length,
      score: 100 - 5 * (words.length - 1),
    });
    expect(body.entries[1]!.guesses).toBe(words.length);
    expect(Date.parse(body.entries[0]!.finishedAt)).toBeLessThanOrEqual(
      Date.parse(body.entries[1]!.finishedAt),
    );
    expect(body.entries[2]).toMatchObject({ guesses: words.length + 2 });
    // Every node's timer asks every 15 s; a snapshot is recomputed (once, by whichever node
    // takes the lock) once it is 45 s old: what is served is never more than a minute old.
    expect(DAILY_LEADERS_FRESH_MS + DAILY_LEADERS_TICK_MS).toBeLessThanOrEqual(60_000);
    const after = (ms: number) => new Date(Date.parse(body.computedAt) + ms);
    const tick = (at: Date) => t.app.dailyLeaders.refreshLeaderboards(at, { onlyIfStale: true });
    expect(await tick(after(DAILY_LEADERS_FRESH_MS - 1_000))).toBe('fresh');
    expect(await tick(after(DAILY_LEADERS_FRESH_MS))).toBe('refreshed');
  });

  it('moves a guest’s unfinished daily to the account, unless the account has that day’s', async () => {
    now = noonOf(addDays(FIRST_TEST_DAY, 40));
    // A guest who signs up keeps the daily they started.
    const newcomer = new TestAgent(t.app);
    const started = await dailyOf(newcomer);
    await play(newcomer, started.gameId, 'crane');
    const username = newUsername('new');
    const registered = await newcomer.post('/api/register', {
      username,
      email: `${username}@example.com`,
      password: 'secret1',
    });
    expect(registered.status).toBe(200);
    expect(await dailyOf(newcomer)).toEqual(started);

    // An account that already has today's keeps its own; the guest's stays behind.
    const owner = await registerUser(t.app);
    const ownDaily = await dailyOf(owner.agent);
    const visitor = new TestAgent(t.app);
    const visitorsDaily = await dailyOf(visitor);
    const login = await visitor.post('/api/login', {
      username: owner.username,
      password: owner.password,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(await dailyOf(visitor)).toEqual(ownDaily);
    const [left] = await t.app.db
      .select()
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, visitorsDaily.gameId));
    expect(left).toMatchObject({ userId: null });

    // A guest's finished daily stays with the guest session, as every finished guest game.
    const quitter = new TestAgent(t.app);
    const quit = await dailyOf(quitter);
    await play(quitter, quit.gameId, 'giveup');
    const name = newUsername('quit');
    await quitter.post('/api/register', {
      username: name,
      email: `${name}@x.org`,
      password: 'pw12',
    });
    expect((await dailyOf(quitter)).gameId).not.toBe(quit.gameId);
  });

  it('keeps the stats for signed-in players, and GET /daily from foreign pages', async () => {
    const guest = new TestAgent(t.app);
    await dailyOf(guest);
    expect((await guest.get('/api/daily/stats')).status).toBe(401);
    expect((await new TestAgent(t.app).get('/api/daily/stats')).status).toBe(401);
    // It starts a session and a game: a link on another site cannot make a visitor's browser
    // call it (the cross-site rule), though the leaders are open to anyone.
    const foreign = new TestAgent(t.app, { clientHeader: false });
    const refused = await foreign.get('/api/daily', { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect((await foreign.get('/api/daily/leaders')).status).toBe(200);
  });
});

describe('a sign-in while the account makes its daily, on Postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres');
  });
  afterAll(async () => {
    await t.close();
  });

  it('waits for the account’s daily, keeps it, and leaves the guest’s with the guest', async () => {
    const owner = await registerUser(t.app);
    const [account] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, owner.username));
    const visitor = new TestAgent(t.app);
    const guestDaily = (await visitor.get<DailyGameResponse>('/api/daily')).body;
    // Another request makes the account's daily of the day, as the daily service does (the
    // account's daily lock, then the rows), and has not committed yet when the sign-in starts.
    const other = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      let commit: () => void = () => {};
      const committed = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let locked: () => void = () => {};
      const holding = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const making = other.begin(async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.accountDaily}, ${account!.id})`;
        const [game] = await tx<{ id: number }[]>`
          INSERT INTO games (mode, secret) VALUES ('solo', 'crane') RETURNING id`;
        await tx`INSERT INTO game_players (game_id, user_id, daily_day)
                 VALUES (${game!.id}, ${account!.id}, ${guestDaily.day})`;
        locked();
        await committed;
        return game!.id;
      });
      await holding;
      const login = visitor.post('/api/login', {
        username: owner.username,
        password: owner.password,
      });
      // The sign-in comes to wait for it (before the lock, it then failed with a 500 on the
      // one-daily-a-day index): seen as a backend of the database waiting on a lock.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [waiting] = rowsOf<{ count: number }>(
          await t.app.db.execute(sql`
            SELECT count(*)::int AS count FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`),
        );
        if ((waiting?.count ?? 0) > 0) break;
        if (Date.now() > deadline) throw new Error('the sign-in never waited on a lock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      commit();
      const accountsDaily = await making;
      const answered = await login;
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      expect((await visitor.get<DailyGameResponse>('/api/daily')).body.gameId).toBe(accountsDaily);
      const [left] = await t.app.db
        .select()
        .from(gamePlayers)
        .where(eq(gamePlayers.gameId, guestDaily.gameId));
      expect(left).toMatchObject({ userId: null });
    } finally {
      await other.end();
    }
  });
});

describe('today’s leaders on two nodes sharing Postgres and Redis', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  beforeAll(async () => {
    nodeA = await startTestApp('postgres', { REDIS_URL: TEST_REDIS_URL });
    nodeB = await startTestApp(
      'postgres',
      { REDIS_URL: TEST_REDIS_URL },
      { databaseUrl: nodeA.databaseUrl! },
    );
  });
  afterAll(async () => {
    await nodeB?.app.close();
    await nodeA?.close();
  });

  const leadersOn = async (node: TestApp) => {
    const response = await new TestAgent(node.app).get<DailyLeadersResponse>('/api/daily/leaders');
    expect(response.status).toBe(200);
    return response.body.entries.map((entry) => entry.displayName);
  };
  const storedVersion = async () => {
    const [row] = await nodeA.app.db
      .select({ version: dailyLeaderSnapshots.version })
      .from(dailyLeaderSnapshots)
      .where(eq(dailyLeaderSnapshots.day, dailyDayOf(new Date())));
    return row?.version ?? 0;
  };

  it('shows a solve at once on the solver’s node and within a second on the other', async () => {
    // Both nodes hold today's (empty) board and have just checked it.
    expect(await leadersOn(nodeA)).toEqual([]);
    expect(await leadersOn(nodeB)).toEqual([]);
    const solved: string[] = [];
    for (const name of ['first', 'second']) {
      const player = await registerUser(nodeA.app, newUsername(name));
      const { gameId } = (await player.agent.get<DailyGameResponse>('/api/daily')).body;
      const solver = new JottoSolver();
      for (let turn = 0; ; turn += 1) {
        expect(turn).toBeLessThan(20);
        const word = solver.nextGuess();
        const answer = await player.agent.get<PlayResponse>(`/api/game/${gameId}/play/${word}`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        if (answer.body.win) break;
        solver.observe(word, answer.body.matches!, false);
      }
      solved.push(player.username);
      const before = await storedVersion();
      // The solver's next look, on its node, shows it; many requests on both nodes at once
      // compute the board once for the whole cluster.
      const [mine] = await Promise.all([
        leadersOn(nodeA),
        ...Array.from({ length: 4 }, () => leadersOn(nodeA)),
        ...Array.from({ length: 4 }, () => leadersOn(nodeB)),
      ]);
      expect([...mine].sort()).toEqual([...solved].sort());
      expect(await storedVersion()).toBe(before + 1);
      // The other node heard of it on Redis: well before its own check every 5 s.
      await expect
        .poll(async () => [...(await leadersOn(nodeB))].sort(), { timeout: 1_000, interval: 50 })
        .toEqual([...solved].sort());
    }
  });
});
