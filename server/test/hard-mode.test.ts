import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyGameResponse, DailyLeadersResponse } from '@jotto/shared/daily-schemas';
import { countMatches } from '@jotto/shared/game-rules';
import type { GameDetailResponse, NewGameResponse, PlayResponse } from '@jotto/shared/game-schemas';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { gamePlayers, games, guesses } from '../src/db/game-tables.ts';
import {
  registerPlayer,
  type RegisteredPlayer,
  startTestApp,
  type TestApp,
  TestAgent,
} from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

/** The first secret-list word (every secret is a valid guess) that `accept` accepts. */
function wordWhere(accept: (word: string) => boolean): string {
  const found = SECRET_WORDS.find(accept);
  if (!found) throw new Error('no such word');
  return found;
}

describe.each(DATABASE_KINDS)('hard mode on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const hardPlayer = async () => {
    const player = await registerPlayer(t.app, 'hard');
    expect((await player.agent.post('/api/user/settings', { hardMode: true })).status).toBe(200);
    return player;
  };
  const newGame = async (agent: TestAgent, query = '') => {
    const response = await agent.get<NewGameResponse>(`/api/games/new${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.gameId;
  };
  const detailOf = async (agent: TestAgent, gameId: number) =>
    (await agent.get<GameDetailResponse>(`/api/games/${gameId}`)).body;
  const play = (agent: TestAgent, gameId: number, word: string) =>
    agent.get<PlayResponse>(`/api/game/${gameId}/play/${word}`);
  const secretOf = async (gameId: number) => {
    const [row] = await t.app.db.select().from(games).where(eq(games.id, gameId));
    return row!.secret;
  };
  const storedHard = async (gameId: number) => {
    const [row] = await t.app.db
      .select({ hard: games.hard })
      .from(games)
      .where(eq(games.id, gameId));
    return row!.hard;
  };
  const storedGuesses = async (gameId: number) =>
    (
      await t.app.db
        .select({ word: guesses.word })
        .from(guesses)
        .innerJoin(gamePlayers, eq(gamePlayers.id, guesses.playerId))
        .where(eq(gamePlayers.gameId, gameId))
    ).map((row) => row.word);

  /** A first guess that misses `secret`, and a word that does not fit its count. */
  const firstAndMisfit = (secret: string) => {
    const first = wordWhere((word) => word !== secret && countMatches(word, secret) < 5);
    const count = countMatches(first, secret);
    const misfit = wordWhere(
      (word) => word !== secret && word !== first && countMatches(word, first) !== count,
    );
    return { first, count, misfit };
  };

  it('makes an account’s new solo game hard when its setting is on, whatever the query', async () => {
    const hard = await hardPlayer();
    const plain = await registerPlayer(t.app, 'plain');
    for (const query of ['', '?hard=false']) {
      const gameId = await newGame(hard.agent, query);
      expect(await storedHard(gameId)).toBe(true);
      expect((await detailOf(hard.agent, gameId)).hard).toBe(true);
    }
    for (const query of ['', '?hard=true']) {
      const gameId = await newGame(plain.agent, query);
      expect(await storedHard(gameId)).toBe(false);
      expect(await detailOf(plain.agent, gameId)).not.toHaveProperty('hard');
    }
    // Fixed for the game: turning the setting off later leaves it hard.
    const gameId = await newGame(hard.agent);
    await hard.agent.post('/api/user/settings', { hardMode: false });
    expect((await detailOf(hard.agent, gameId)).hard).toBe(true);
  });

  it('refuses a guess that does not fit an earlier count, with its sentence, changing nothing', async () => {
    const player = await hardPlayer();
    const gameId = await newGame(player.agent);
    const secret = await secretOf(gameId);
    const { first, count, misfit } = firstAndMisfit(secret);
    expect((await play(player.agent, gameId, first)).body.score).toBe(95);
    const before = await detailOf(player.agent, gameId);

    const refused = await play(player.agent, gameId, misfit);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      result: 'error',
      err: `Hard mode: ${misfit.toUpperCase()} does not fit ${first.toUpperCase()} (${count})`,
    });
    expect(await detailOf(player.agent, gameId)).toEqual(before);
    expect(await storedGuesses(gameId)).toEqual([first]);
  });

  it('accepts a guess that fits every count, and names the newest guess a misfit contradicts', async () => {
    const player = await hardPlayer();
    const gameId = await newGame(player.agent);
    const secret = await secretOf(gameId);
    const { first, count } = firstAndMisfit(secret);
    const fitting = wordWhere(
      (word) => word !== secret && word !== first && countMatches(word, first) === count,
    );
    expect((await play(player.agent, gameId, first)).status).toBe(200);
    const second = await play(player.agent, gameId, fitting);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.score).toBe(90);
    // A word that contradicts both earlier counts is refused for the newer one.
    const secondCount = countMatches(fitting, secret);
    const misfitBoth = wordWhere(
      (word) =>
        word !== secret &&
        word !== first &&
        word !== fitting &&
        countMatches(word, first) !== count &&
        countMatches(word, fitting) !== secondCount,
    );
    expect((await play(player.agent, gameId, misfitBoth)).body).toEqual({
      result: 'error',
      err: `Hard mode: ${misfitBoth.toUpperCase()} does not fit ${fitting.toUpperCase()} (${secondCount})`,
    });
    // The secret fits every count: it wins.
    const won = await play(player.agent, gameId, secret);
    expect(won.body).toMatchObject({ win: true, score: 90 });
  });

  it('leaves a game that is not hard as it was: any word may be guessed', async () => {
    const player = await registerPlayer(t.app, 'plain');
    const gameId = await newGame(player.agent);
    const { first, misfit } = firstAndMisfit(await secretOf(gameId));
    await play(player.agent, gameId, first);
    const answer = await play(player.agent, gameId, misfit);
    expect(answer.status).toBe(200);
    expect(answer.body.score).toBe(90);
  });

  it('takes a guest’s setting from the query of a new solo or daily game', async () => {
    const guest = new TestAgent(t.app);
    const hardGame = await newGame(guest, '?hard=true');
    expect((await detailOf(guest, hardGame)).hard).toBe(true);
    const { first, misfit } = firstAndMisfit(await secretOf(hardGame));
    await play(guest, hardGame, first);
    expect((await play(guest, hardGame, misfit)).status).toBe(400);
    for (const query of ['', '?hard=false']) {
      expect(await detailOf(guest, await newGame(guest, query))).not.toHaveProperty('hard');
    }
    const bad = await guest.get('/api/games/new?hard=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ result: 'error', err: 'hard must be boolean' });

    const daily = await new TestAgent(t.app).get<DailyGameResponse>('/api/daily?hard=true');
    expect(daily.status).toBe(200);
    expect(await storedHard(daily.body.gameId)).toBe(true);
  });

  it('makes an account’s daily hard and marks its solve on the day’s board', async () => {
    const hard = await hardPlayer();
    const plain = await registerPlayer(t.app, 'plain');
    const solveDaily = async (player: RegisteredPlayer) => {
      const { gameId } = (await player.agent.get<DailyGameResponse>('/api/daily')).body;
      const secret = await secretOf(gameId);
      await play(player.agent, gameId, firstAndMisfit(secret).first);
      expect((await play(player.agent, gameId, secret)).body.win).toBe(true);
      return gameId;
    };
    const hardDaily = await solveDaily(hard);
    expect((await detailOf(hard.agent, hardDaily)).hard).toBe(true);
    const plainDaily = await solveDaily(plain);
    expect(await detailOf(plain.agent, plainDaily)).not.toHaveProperty('hard');

    const board = (await new TestAgent(t.app).get<DailyLeadersResponse>('/api/daily/leaders')).body;
    const entryOf = (player: RegisteredPlayer) =>
      board.entries.find((entry) => entry.displayName === player.username);
    expect(entryOf(hard)?.hard).toBe(true);
    expect(entryOf(plain)).toBeDefined();
    expect(entryOf(plain)).not.toHaveProperty('hard');
  });

  it('never makes a versus game hard: the computer’s, a challenge’s', async () => {
    const hard = await hardPlayer();
    const other = await hardPlayer();
    const bot = await hard.agent.post<NewGameResponse>('/api/games/bot', { level: 'easy' });
    expect(bot.status).toBe(200);
    const versus = await t.app.games.createVersusGame([hard.id, other.id]);
    for (const gameId of [bot.body.gameId, versus.gameId]) {
      expect(await storedHard(gameId)).toBe(false);
      expect(await detailOf(hard.agent, gameId)).not.toHaveProperty('hard');
    }
    const { first, misfit } = firstAndMisfit(await secretOf(versus.gameId));
    expect((await play(hard.agent, versus.gameId, first)).status).toBe(200);
    const answer = await play(hard.agent, versus.gameId, misfit);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });
});
