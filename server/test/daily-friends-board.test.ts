import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dailyDayOf } from '@jotto/shared/daily-rules';
import type { DailyGameResponse, DailyLeadersResponse } from '@jotto/shared/daily-schemas';
import type { PlayResponse } from '@jotto/shared/game-schemas';
import { JottoSolver } from '@jotto/test-support/game-solver';
import { users } from '../src/db/account-tables.ts';
import { gamePlayers } from '../src/db/game-tables.ts';
import { newUsername, registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

const DAY = '2027-06-10';
const noonOf = (day: string) => new Date(`${day}T12:00:00.000Z`);
type Player = Awaited<ReturnType<typeof registerUser>>;

describe.each(DATABASE_KINDS)('the friends’ daily board on %s', (kind) => {
  let t: TestApp;
  let now = noonOf(DAY);
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { overrides: { clock: () => now } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const dailyOf = async (agent: TestAgent) =>
    (await agent.get<DailyGameResponse>('/api/daily')).body.gameId;
  const play = (agent: TestAgent, gameId: number, word: string) =>
    agent.get<PlayResponse>(`/api/game/${gameId}/play/${word}`);
  /** Solves today's daily from match counts alone, after `misses` (each a miss); its guesses. */
  async function solveDaily(agent: TestAgent, misses: readonly string[] = []): Promise<number> {
    const gameId = await dailyOf(agent);
    const solver = new JottoSolver();
    for (const word of misses) {
      const answer = await play(agent, gameId, word);
      expect(answer.body.win, word).toBe(false);
      solver.observe(word, answer.body.matches!, false);
    }
    for (let turn = 0; turn < 20; turn += 1) {
      const word = solver.nextGuess();
      const answer = await play(agent, gameId, word);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      if (answer.body.win) return misses.length + turn + 1;
      solver.observe(word, answer.body.matches!, false);
    }
    throw new Error('not solved in 20 guesses');
  }
  async function befriend(a: Player, b: Player) {
    expect((await a.agent.get(`/api/friends/add/${b.username}`)).status).toBe(200);
    expect((await b.agent.get(`/api/friends/add/${a.username}`)).status).toBe(200);
  }
  const friendsBoard = (agent: TestAgent) =>
    agent.get<DailyLeadersResponse>('/api/daily/leaders?scope=friends');
  const namesOn = async (agent: TestAgent) => {
    const answer = await friendsBoard(agent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.entries.map((entry) => entry.displayName);
  };

  it('ranks me and my friends only, as the everyone board ranks, and leaves archive games out', async () => {
    now = noonOf(DAY);
    const me = await registerUser(t.app, newUsername('Me'));
    const quick = await registerUser(t.app, newUsername('Fq'));
    const slow = await registerUser(t.app, newUsername('Fs'));
    const stranger = await registerUser(t.app, newUsername('St'));
    const asked = await registerUser(t.app, newUsername('As'));
    await befriend(me, quick);
    await befriend(me, slow);
    // A request never answered is no friendship.
    expect((await me.agent.get(`/api/friends/add/${asked.username}`)).status).toBe(200);
    expect(await namesOn(me.agent)).toEqual([]);

    const quickGuesses = await solveDaily(quick.agent);
    await solveDaily(stranger.agent);
    await solveDaily(asked.agent);
    // Slow and I play the same misses first, then the solver's way: the same number of guesses,
    // and I finish later. Whether Quick took fewer depends on the day's word (the daily's key is
    // made per database): fewest guesses first, then the earliest solve.
    const misses = ['jiffy', 'vodka'];
    const slowGuesses = await solveDaily(slow.agent, misses);
    expect(await solveDaily(me.agent, misses)).toBe(slowGuesses);

    const board = (await friendsBoard(me.agent)).body;
    expect(board.day).toBe(dailyDayOf(now));
    expect(board.entries.map((entry) => entry.displayName)).toEqual(
      quickGuesses <= slowGuesses
        ? [quick.username, slow.username, me.username]
        : [slow.username, me.username, quick.username],
    );
    // The same entries, field for field, as the everyone board shows of them.
    const everyone = (await new TestAgent(t.app).get<DailyLeadersResponse>('/api/daily/leaders'))
      .body;
    for (const entry of board.entries)
      expect(everyone.entries.find((e) => e.username === entry.username)).toEqual(entry);
    expect(everyone.entries.map((entry) => entry.displayName)).toContain(stranger.username);
    // Friendship is mutual: Quick sees me, not Slow (not Quick's friend).
    expect(await namesOn(quick.agent)).toEqual(
      quickGuesses <= slowGuesses ? [quick.username, me.username] : [me.username, quick.username],
    );

    // A game from the archive is another day's game: never on today's board.
    const [slowRow] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, slow.username));
    await t.app.db
      .update(gamePlayers)
      .set({ archive: true })
      .where(and(eq(gamePlayers.userId, slowRow!.id), eq(gamePlayers.dailyDay, dailyDayOf(now))));
    expect(await namesOn(me.agent)).toEqual(
      quickGuesses <= slowGuesses ? [quick.username, me.username] : [me.username, quick.username],
    );

    // A new day starts empty.
    now = noonOf(addDays(DAY, 1));
    expect(await namesOn(me.agent)).toEqual([]);
  });

  it('needs a signed-in user for the friends board, and a known scope', async () => {
    now = noonOf(DAY);
    const nobody = new TestAgent(t.app);
    expect((await friendsBoard(nobody)).status).toBe(401);
    const guest = new TestAgent(t.app);
    await dailyOf(guest);
    const refused = await friendsBoard(guest);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      result: 'error',
      err: 'You must be logged in to do that',
    });
    // The everyone board is anyone's, with or without the default scope.
    for (const url of ['/api/daily/leaders', '/api/daily/leaders?scope=everyone'])
      expect((await nobody.get(url)).status).toBe(200);
    const { agent } = await registerUser(t.app, newUsername('Sc'));
    for (const url of ['/api/daily/leaders?scope=enemies', '/api/daily/leaders?scope=']) {
      const bad = await agent.get<{ result: string; err: string }>(url);
      expect(bad.status, url).toBe(400);
      expect(bad.body.result).toBe('error');
    }
  });
});
