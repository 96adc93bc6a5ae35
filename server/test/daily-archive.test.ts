import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  ARCHIVE_MESSAGES,
  ARCHIVE_PAGE_SIZE,
  DAILY_FIRST_DAY,
  dailyNumberOf,
} from '@jotto/shared/daily-rules';
import type {
  DailyArchiveGameResponse,
  DailyArchiveResponse,
  DailyGameResponse,
  DailyLeadersResponse,
  DailyStatsResponse,
} from '@jotto/shared/daily-schemas';
import type { GameDetailResponse, PlayResponse } from '@jotto/shared/game-schemas';
import { JottoSolver } from '@jotto/test-support/game-solver';
import { DailyWordDraw } from '../src/daily/daily-word.ts';
import { users } from '../src/db/account-tables.ts';
import { gamePlayers, games, pointAwards } from '../src/db/game-tables.ts';
import { GameRetention } from '../src/games/game-retention.ts';
import { newUsername, registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS, uniqueClientAddress } from './test-environment.ts';

// The archive of past dailies (docs/PRODUCT.md, 'Archive'), on a fake clock.
const TODAY = '2027-03-14';
const YESTERDAY = addDays(TODAY, -1);
const noonOf = (day: string) => new Date(`${day}T12:00:00.000Z`);

describe.each(DATABASE_KINDS)('the Daily Jotto archive on %s', (kind) => {
  let t: TestApp;
  let now = noonOf(TODAY);

  const listOf = (agent: TestAgent, before?: string) =>
    agent.get<DailyArchiveResponse>(`/api/daily/archive${before ? `?before=${before}` : ''}`);
  const pastGame = async (agent: TestAgent, day: string) => {
    const response = await agent.get<DailyArchiveGameResponse>(`/api/daily/${day}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const detailOf = async (agent: TestAgent, gameId: number) =>
    (await agent.get<GameDetailResponse>(`/api/games/${gameId}`)).body;
  const statsOf = async (agent: TestAgent) =>
    (await agent.get<DailyStatsResponse>('/api/daily/stats')).body;
  const play = (agent: TestAgent, gameId: number, word: string) =>
    agent.get<PlayResponse>(`/api/game/${gameId}/play/${word}`);
  const wordOf = (day: string) => new DailyWordDraw(t.app.secrets.daily).secretOf(day);
  const userIdOf = async (username: string) => {
    const [user] = await t.app.db.select().from(users).where(eq(users.username, username));
    return user!.id;
  };

  async function solve(agent: TestAgent, gameId: number) {
    const solver = new JottoSolver();
    for (let turn = 0; turn < 20; turn += 1) {
      const word = solver.nextGuess();
      const answer = await play(agent, gameId, word);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      if (answer.body.win) return { ...answer.body, guessCount: turn + 1 };
      solver.observe(word, answer.body.matches!, false);
    }
    throw new Error('not solved in 20 guesses');
  }

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { overrides: { clock: () => now } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the days from yesterday back to the first daily, 60 a page, never today', async () => {
    now = noonOf(TODAY);
    const visitor = new TestAgent(t.app);
    const first = await listOf(visitor);
    expect(first.status).toBe(200);
    // A visitor without a session gets the days, played by nobody, and no session.
    expect(visitor.cookies.size).toBe(0);
    const days = first.body.days;
    expect(days).toHaveLength(ARCHIVE_PAGE_SIZE);
    expect(days[0]).toEqual({
      day: YESTERDAY,
      number: dailyNumberOf(YESTERDAY),
      played: false,
      solved: false,
      guesses: 0,
    });
    expect(days.map((entry) => entry.day)).not.toContain(TODAY);
    expect(days[ARCHIVE_PAGE_SIZE - 1]!.day).toBe(addDays(TODAY, -ARCHIVE_PAGE_SIZE));

    // The next page starts the day before the last one listed, and ends at the first daily.
    const second = await listOf(visitor, days[ARCHIVE_PAGE_SIZE - 1]!.day);
    expect(second.body.days[0]!.day).toBe(addDays(TODAY, -ARCHIVE_PAGE_SIZE - 1));
    const last = second.body.days[second.body.days.length - 1]!;
    expect(last).toMatchObject({ day: DAILY_FIRST_DAY, number: 1 });
    expect((await listOf(visitor, DAILY_FIRST_DAY)).body.days).toEqual([]);
    // A `before` after today lists from yesterday, as without one.
    expect((await listOf(visitor, addDays(TODAY, 30))).body).toEqual(first.body);
  });

  it('refuses a bad day with a 400 that says why, and makes nothing', async () => {
    now = noonOf(TODAY);
    const guest = new TestAgent(t.app);
    const refusals: Array<[string, string | RegExp]> = [
      ['/api/daily/archive?before=yesterday', /^before must match pattern/],
      [
        '/api/daily/archive?before=2027-02-30',
        `before: ${ARCHIVE_MESSAGES.noSuchDay} (2027-02-30)`,
      ],
      ['/api/daily/archive?after=2027-01-01', 'after is not an accepted field'],
      [`/api/daily/${TODAY}`, ARCHIVE_MESSAGES.today],
      [`/api/daily/${addDays(TODAY, 1)}`, ARCHIVE_MESSAGES.future],
      [`/api/daily/${addDays(DAILY_FIRST_DAY, -1)}`, ARCHIVE_MESSAGES.beforeFirst],
      ['/api/daily/2027-02-30', ARCHIVE_MESSAGES.noSuchDay],
      ['/api/daily/27-1-1', /^day must match pattern/],
    ];
    const gamesBefore = await t.app.db.$count(games);
    for (const [url, message] of refusals) {
      const response = await guest.get(url);
      expect(response.status, url).toBe(400);
      expect(response.body.result).toBe('error');
      if (typeof message === 'string') expect(response.body.err, url).toBe(message);
      else expect(response.body.err, url).toMatch(message);
    }
    expect(guest.cookies.size).toBe(0);
    expect(await t.app.db.$count(games)).toBe(gamesBefore);
  });

  it('plays a past day on its word and counts it apart: no streak, board, points or leaderboards', async () => {
    const day = addDays(TODAY, -3);
    // The day's board as it was: a player who solved it on the day.
    now = noonOf(day);
    const onTheDay = await registerUser(t.app);
    const daily = (await onTheDay.agent.get<DailyGameResponse>('/api/daily')).body;
    await solve(onTheDay.agent, daily.gameId);

    now = noonOf(TODAY);
    const frank = await registerUser(t.app);
    const game = await pastGame(frank.agent, day);
    expect(game).toMatchObject({ day, number: dailyNumberOf(day), archive: true });
    const before = await detailOf(frank.agent, game.gameId);
    expect(before).toMatchObject({ daily: true, archive: true, finished: false });
    // Its day is over: no deadline, and the word only once the game has ended.
    expect(before).not.toHaveProperty('deadline');
    expect(before).not.toHaveProperty('target');
    // Resumed, not made again.
    expect((await pastGame(frank.agent, day)).gameId).toBe(game.gameId);

    const won = await solve(frank.agent, game.gameId);
    expect(won.target).toBe(wordOf(day));
    expect((await detailOf(frank.agent, game.gameId)).target).toBe(wordOf(day));

    const stats = await statsOf(frank.agent);
    expect(stats).toMatchObject({
      played: 0,
      solved: 0,
      currentStreak: 0,
      maxStreak: 0,
      archivePlayed: 1,
      archiveSolved: 1,
    });
    expect(stats.distribution.every((n) => n === 0)).toBe(true);
    const userId = await userIdOf(frank.username);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ points: 0, gameCt: 0, winCt: 0 });
    expect(await t.app.db.$count(pointAwards, eq(pointAwards.userId, userId))).toBe(0);
    // Settled like any finished game, in the solo list with its word.
    const [row] = await t.app.db.select().from(games).where(eq(games.id, game.gameId));
    expect(row!.settledAt).not.toBeNull();
    const list = await frank.agent.post<{ games: Array<{ id: number; target?: string }> }>(
      '/api/games',
      { type: 'solo', age: 'old' },
    );
    expect(list.body.games.find((entry) => entry.id === game.gameId)?.target).toBe(wordOf(day));

    // The day's board has its solver of the day, not the archive's.
    now = noonOf(day);
    await t.app.dailyLeaders.refreshLeaderboards(now);
    const board = await new TestAgent(t.app).get<DailyLeadersResponse>('/api/daily/leaders');
    const names = board.body.entries.map((entry) => entry.displayName);
    expect(names).toContain(onTheDay.username);
    expect(names).not.toContain(frank.username);
    now = noonOf(TODAY);
    await t.app.leaderboards.refreshLeaderboards(new Date());
    for (const type of ['daily', 'weekly', 'alltime']) {
      const leaders = await new TestAgent(t.app).get<{ data: Array<{ username: string }> }>(
        `/api/leaders/${type}`,
      );
      expect(JSON.stringify(leaders.body), type).not.toContain(frank.username.toLowerCase());
    }

    // The list says so.
    const entry = (await listOf(frank.agent)).body.days.find((d) => d.day === day);
    expect(entry).toMatchObject({ played: true, solved: true, guesses: won.guessCount });
  });

  it('shows the word to a player who gives up, and lists the day as lost', async () => {
    now = noonOf(TODAY);
    const day = addDays(TODAY, -5);
    const gina = await registerUser(t.app);
    const game = await pastGame(gina.agent, day);
    await play(gina.agent, game.gameId, 'crane');
    expect((await listOf(gina.agent)).body.days.find((d) => d.day === day)).toMatchObject({
      played: false,
      guesses: 1,
    });
    const gaveUp = await play(gina.agent, game.gameId, 'giveup');
    expect(gaveUp.body).toMatchObject({ finished: true, target: wordOf(day) });
    expect((await listOf(gina.agent)).body.days.find((d) => d.day === day)).toEqual({
      day,
      number: dailyNumberOf(day),
      played: true,
      solved: false,
      // Giving up is not a guess.
      guesses: 1,
    });
    expect(await statsOf(gina.agent)).toMatchObject({
      played: 0,
      archivePlayed: 1,
      archiveSolved: 0,
    });
    const analysis = await gina.agent.get(`/api/game/${game.gameId}/analysis`);
    expect(analysis.status).toBe(200);
  });

  it('answers the game a player played on the day itself, not an archive game', async () => {
    const day = addDays(TODAY, -7);
    now = noonOf(day);
    const hank = await registerUser(t.app);
    const daily = (await hank.agent.get<DailyGameResponse>('/api/daily')).body;
    await play(hank.agent, daily.gameId, 'giveup');
    now = noonOf(TODAY);
    expect(await pastGame(hank.agent, day)).toEqual({
      result: 'ok',
      gameId: daily.gameId,
      day,
      number: dailyNumberOf(day),
      archive: false,
    });
    expect(await detailOf(hank.agent, daily.gameId)).not.toHaveProperty('archive');
    expect((await listOf(hank.agent)).body.days.find((d) => d.day === day)).toMatchObject({
      played: true,
      solved: false,
    });
  });

  it('makes one game of concurrent first calls', async () => {
    now = noonOf(TODAY);
    const day = addDays(TODAY, -9);
    const ivy = await registerUser(t.app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => pastGame(ivy.agent, day)));
    expect(new Set(answers.map((answer) => answer.gameId)).size).toBe(1);
    const userId = await userIdOf(ivy.username);
    const rows = await t.app.db
      .select()
      .from(gamePlayers)
      .where(and(eq(gamePlayers.userId, userId), isNotNull(gamePlayers.dailyDay)));
    expect(rows).toHaveLength(1);
    const [orphans] = await t.app.db
      .select({ count: sql<number>`cast(count(*) as integer)` })
      .from(games)
      .where(sql`not exists (select 1 from ${gamePlayers} where game_id = ${games.id})`);
    expect(orphans!.count).toBe(0);
  });

  it('lets a guest play the archive, keeps an idle archive game, and moves it on sign-in', async () => {
    now = noonOf(TODAY);
    const day = addDays(TODAY, -11);
    const guest = new TestAgent(t.app);
    const game = await pastGame(guest, day);
    expect(game.archive).toBe(true);
    expect(guest.cookies.size).toBeGreaterThan(0);
    await play(guest, game.gameId, 'crane');
    expect((await listOf(guest)).body.days.find((d) => d.day === day)?.guesses).toBe(1);
    expect((await pastGame(guest, day)).gameId).toBe(game.gameId);

    // An unfinished archive game is the player's game of that day: the purge of idle solo
    // games leaves it, as it leaves a daily.
    await new GameRetention(t.app.db).purgeIdleSoloGames(new Date(Date.now() + 86_400_000));
    expect(await t.app.db.$count(games, eq(games.id, game.gameId))).toBe(1);

    const username = newUsername('arch');
    const registered = await guest.post('/api/register', {
      username,
      email: `${username}@example.com`,
      password: 'secret1',
    });
    expect(registered.status).toBe(200);
    const [moved] = await t.app.db
      .select()
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, game.gameId));
    expect(moved).toMatchObject({ userId: await userIdOf(username), archive: true });
    expect((await pastGame(guest, day)).gameId).toBe(game.gameId);
    await solve(guest, game.gameId);
    expect(await statsOf(guest)).toMatchObject({ played: 0, archivePlayed: 1, archiveSolved: 1 });
  });
});

describe('the archive’s guest games under the guest games’ limit, on Postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      'postgres',
      { RATE_LIMIT_GUEST_GAMES: '2' },
      { overrides: { clock: () => noonOf(TODAY) } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the calls that start a guest session, as GET /daily does, and never a session’s', async () => {
    const address = uniqueClientAddress();
    const statuses: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const guest = new TestAgent(t.app, { remoteAddress: address });
      statuses.push((await guest.get(`/api/daily/${YESTERDAY}`)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const player = await registerUser(t.app);
    for (let n = 0; n < 4; n += 1) {
      const response = await player.agent.get(`/api/daily/${addDays(YESTERDAY, -n)}`);
      expect(response.status).toBe(200);
    }
  });
});
