import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@jotto/shared/api-envelope';
import { countMatches, GAME_MESSAGES } from '@jotto/shared/game-rules';
import type {
  ClearResponse,
  CountsResponse,
  GameDetailResponse,
  GameListItem,
  GamesListResponse,
  NewGameResponse,
  PlayResponse,
  UpdateMarkResponse,
} from '@jotto/shared/game-schemas';
import { isValidGuessWord, SECRET_WORDS } from '@jotto/shared/word-lists';
import { sessions, users } from '../src/db/account-tables.ts';
import { gamePlayers, games, guesses, pointAwards } from '../src/db/game-tables.ts';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { solveGame, solveOffline } from '@jotto/test-support/game-solver';
import { newUsername, registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

/** A response body that may be the success shape or the error envelope. */
type Reply<T> = Partial<Omit<T, 'result'>> &
  Partial<Omit<ErrorResponse, 'result'>> & {
    result: 'ok' | 'error';
  };

/** Every permutation of a word's letters that is in the dictionary, the word itself excluded. */
function dictionaryAnagrams(word: string): string[] {
  const found = new Set<string>();
  const permute = (prefix: string, rest: string) => {
    if (rest.length === 0) {
      if (prefix !== word && isValidGuessWord(prefix)) found.add(prefix);
      return;
    }
    for (let i = 0; i < rest.length; i += 1) {
      permute(prefix + rest[i], rest.slice(0, i) + rest.slice(i + 1));
    }
  };
  permute('', word);
  return [...found].sort();
}

/** `count` valid guesses that are not the secret (nor an anagram of it), from `offset` on. */
function missWords(secret: string, count: number, offset = 0): string[] {
  const words = SECRET_WORDS.filter((w) => countMatches(w, secret) < 5);
  const start = offset % words.length;
  const picked = [...words.slice(start), ...words.slice(0, start)].slice(0, count);
  expect(picked).toHaveLength(count);
  return picked;
}

describe('the test solver (match counts only, no server)', () => {
  it('solves a spread of secrets within 19 guesses, and most within 8', () => {
    const lengths = SECRET_WORDS.filter((_, i) => i % 9 === 0).map(
      (secret) => solveOffline(secret).length,
    );
    expect(Math.max(...lengths)).toBeLessThanOrEqual(19);
    const average = lengths.reduce((a, b) => a + b, 0) / lengths.length;
    expect(average).toBeLessThan(8);
  });
});

describe.each(DATABASE_KINDS)('solo games on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  async function newGame(agent: TestAgent): Promise<number> {
    const response = await agent.get<Reply<NewGameResponse>>('/api/games/new');
    expect(response).toMatchObject({ status: 200, body: { result: 'ok' } });
    expect(response.body.gameId).toEqual(expect.any(Number));
    return response.body.gameId!;
  }

  async function secretOf(gameId: number): Promise<string> {
    const [row] = await t.app.db.select().from(games).where(eq(games.id, gameId));
    expect(row).toBeDefined();
    return row!.secret.trim();
  }

  async function userRow(username: string) {
    const [row] = await t.app.db.select().from(users).where(eq(users.username, username));
    expect(row).toBeDefined();
    return row!;
  }

  function play(agent: TestAgent, gameId: number | string, word: string) {
    return agent.get<Reply<PlayResponse>>(`/api/game/${gameId}/play/${encodeURIComponent(word)}`);
  }

  function detail(agent: TestAgent, gameId: number | string) {
    return agent.get<Reply<GameDetailResponse>>(`/api/games/${gameId}`);
  }

  async function list(agent: TestAgent, type: 'solo' | 'multi', age: 'new' | 'old') {
    const response = await agent.post<Reply<GamesListResponse>>('/api/games', { type, age });
    expect(response).toMatchObject({ status: 200, body: { result: 'ok' } });
    return response.body.games as GameListItem[];
  }

  async function awardsOf(userId: number, gameId: number) {
    return t.app.db
      .select()
      .from(pointAwards)
      .where(and(eq(pointAwards.userId, userId), eq(pointAwards.gameId, gameId)));
  }

  describe('a game won by the solver', () => {
    it('scores 100 − 5(n − 1), shows the target only at the end, and settles once', async () => {
      const { agent, username } = await registerUser(t.app, newUsername('Solo'));
      const before = await userRow(username);
      const gameId = await newGame(agent);

      const fresh = await detail(agent, gameId);
      expect(fresh).toMatchObject({
        status: 200,
        body: {
          result: 'ok',
          id: gameId,
          score: 100,
          guesses: [],
          alphabet: {},
          won: false,
          forfeit: false,
          finished: false,
          multiplayer: false,
        },
      });
      expect(fresh.body).not.toHaveProperty('target');
      expect(fresh.body).not.toHaveProperty('enemyGuessList');

      const newBefore = await list(agent, 'solo', 'new');
      expect(newBefore).toContainEqual(
        expect.objectContaining({ id: gameId, score: 100, guess: null, won: false }),
      );
      expect(newBefore.find((g) => g.id === gameId)).not.toHaveProperty('target');

      const replies: Reply<PlayResponse>[] = [];
      const observations = await solveGame(async (word) => {
        const response = await play(agent, gameId, word);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        replies.push(response.body);
        return {
          matches: response.body.matches!,
          win: response.body.win!,
          finished: response.body.finished!,
        };
      });
      const n = observations.length;
      const secret = await secretOf(gameId);
      expect(observations.at(-1)?.word).toBe(secret);

      // Every answer but the last: a miss costing 5, game on, no target.
      replies.slice(0, -1).forEach((reply, i) => {
        expect(reply).toMatchObject({
          result: 'ok',
          matches: countMatches(observations[i]!.word, secret),
          score: 100 - 5 * (i + 1),
          win: false,
          forfeit: false,
          finished: false,
        });
        expect(reply).not.toHaveProperty('target');
      });
      const finalScore = 100 - 5 * (n - 1);
      expect(replies.at(-1)).toMatchObject({
        result: 'ok',
        matches: 5,
        score: finalScore,
        win: true,
        forfeit: false,
        finished: true,
        target: secret,
      });

      const done = await detail(agent, gameId);
      expect(done.body).toMatchObject({
        result: 'ok',
        score: finalScore,
        won: true,
        forfeit: false,
        finished: true,
        target: secret,
      });
      // Newest first.
      expect(done.body.guesses).toEqual(
        [...observations].reverse().map((o) => ({ word: o.word, matches: o.matches })),
      );

      expect((await list(agent, 'solo', 'new')).map((g) => g.id)).not.toContain(gameId);
      const old = await list(agent, 'solo', 'old');
      expect(old).toContainEqual(
        expect.objectContaining({
          id: gameId,
          score: finalScore,
          won: true,
          forfeit: false,
          guess: secret,
          target: secret,
        }),
      );

      const after = await userRow(username);
      expect(after.gameCt).toBe(before.gameCt + 1);
      expect(after.winCt).toBe(before.winCt + 1);
      expect(after.points).toBe(before.points + finalScore);
      expect(await awardsOf(after.id, gameId)).toEqual([
        expect.objectContaining({ points: finalScore }),
      ]);
      const [gameRow] = await t.app.db.select().from(games).where(eq(games.id, gameId));
      expect(gameRow?.settledAt).toBeInstanceOf(Date);

      // Exactly once: nothing that happens after settling counts again.
      expect(await play(agent, gameId, secret)).toMatchObject({
        status: 409,
        body: { result: 'error', err: GAME_MESSAGES.gameOver },
      });
      expect(await play(agent, gameId, 'giveup')).toMatchObject({
        status: 409,
        body: { result: 'error', err: GAME_MESSAGES.gameOver },
      });
      await detail(agent, gameId);
      await list(agent, 'solo', 'old');
      const again = await userRow(username);
      expect([again.gameCt, again.winCt, again.points]).toEqual([
        after.gameCt,
        after.winCt,
        after.points,
      ]);
      expect(await awardsOf(after.id, gameId)).toHaveLength(1);
      expect((await detail(agent, gameId)).body.guesses).toHaveLength(n);
    });
  });

  describe('giving up', () => {
    it('forfeits, shows the target, keeps the score and counts a game but no win', async () => {
      const { agent, username } = await registerUser(t.app, newUsername('Quit'));
      const before = await userRow(username);
      const gameId = await newGame(agent);
      const secret = await secretOf(gameId);
      const [miss] = missWords(secret, 1, 7);

      expect((await play(agent, gameId, miss!)).body).toMatchObject({ score: 95, finished: false });
      const response = await play(agent, gameId, 'giveup');
      expect(response).toMatchObject({
        status: 200,
        body: {
          result: 'ok',
          score: 95,
          win: false,
          forfeit: true,
          finished: true,
          target: secret,
        },
      });
      expect(await detail(agent, gameId)).toMatchObject({
        status: 200,
        body: { score: 95, won: false, forfeit: true, finished: true, target: secret },
      });
      // The keyword is not a guess.
      expect((await detail(agent, gameId)).body.guesses).toEqual([
        { word: miss, matches: countMatches(miss!, secret) },
      ]);

      expect((await list(agent, 'solo', 'new')).map((g) => g.id)).not.toContain(gameId);
      expect(await list(agent, 'solo', 'old')).toContainEqual(
        expect.objectContaining({ id: gameId, won: false, forfeit: true, target: secret }),
      );

      const after = await userRow(username);
      expect(after.gameCt).toBe(before.gameCt + 1);
      expect(after.winCt).toBe(before.winCt);
      expect(after.points).toBe(before.points);
      expect(await awardsOf(after.id, gameId)).toEqual([]);

      expect(await play(agent, gameId, 'giveup')).toMatchObject({
        status: 409,
        body: { err: GAME_MESSAGES.gameOver },
      });
      expect(await play(agent, gameId, secret)).toMatchObject({
        status: 409,
        body: { err: GAME_MESSAGES.gameOver },
      });
      const again = await userRow(username);
      expect([again.gameCt, again.winCt, again.points]).toEqual([
        after.gameCt,
        after.winCt,
        after.points,
      ]);
    });
  });

  describe('running out of points', () => {
    it('ends the game lost at the 20th miss with the target, and refuses a 21st guess', async () => {
      const { agent, username } = await registerUser(t.app, newUsername('Broke'));
      const before = await userRow(username);
      const gameId = await newGame(agent);
      const secret = await secretOf(gameId);
      const words = missWords(secret, 21, 100);

      for (let i = 0; i < 19; i += 1) {
        const response = await play(agent, gameId, words[i]!);
        expect(response).toMatchObject({
          status: 200,
          body: {
            matches: countMatches(words[i]!, secret),
            score: 100 - 5 * (i + 1),
            win: false,
            finished: false,
          },
        });
        expect(response.body).not.toHaveProperty('target');
      }
      const last = await play(agent, gameId, words[19]!);
      expect(last).toMatchObject({
        status: 200,
        body: { score: 0, win: false, forfeit: false, finished: true, target: secret },
      });
      expect(await play(agent, gameId, words[20]!)).toMatchObject({
        status: 409,
        body: { result: 'error', err: GAME_MESSAGES.gameOver },
      });
      const board = await detail(agent, gameId);
      expect(board.body).toMatchObject({
        score: 0,
        won: false,
        forfeit: false,
        finished: true,
        target: secret,
      });
      expect(board.body.guesses).toHaveLength(20);

      const after = await userRow(username);
      expect(after.gameCt).toBe(before.gameCt + 1);
      expect(after.winCt).toBe(before.winCt);
      expect(after.points).toBe(before.points);
      expect(await list(agent, 'solo', 'old')).toContainEqual(
        expect.objectContaining({ id: gameId, score: 0, won: false, target: secret }),
      );
    });
  });

  describe('refused guesses', () => {
    it('refuses bad words with the right status and message and changes nothing', async () => {
      const { agent } = await registerUser(t.app, newUsername('Refuse'));
      const gameId = await newGame(agent);
      const secret = await secretOf(gameId);
      const [first] = missWords(secret, 1, 33);
      expect((await play(agent, gameId, first!)).body).toMatchObject({ score: 95 });
      const guessRowsBefore = await t.app.db.$count(guesses);

      const cases: Array<[string, number, string | null]> = [
        ['abcd', 400, GAME_MESSAGES.wrongLength],
        ['abcdef', 400, GAME_MESSAGES.wrongLength],
        ['giveupx', 400, GAME_MESSAGES.wrongLength],
        ['ab1de', 400, GAME_MESSAGES.lettersOnly],
        ['ab-de', 400, GAME_MESSAGES.lettersOnly],
        ['cafés', 400, GAME_MESSAGES.lettersOnly],
        ['zzzzz', 400, GAME_MESSAGES.notInDictionary],
        ['qxjvk', 400, GAME_MESSAGES.notInDictionary],
        [first!, 400, GAME_MESSAGES.alreadyGuessed],
        [first!.toUpperCase(), 400, GAME_MESSAGES.alreadyGuessed],
        ['a'.repeat(40), 400, null],
      ];
      for (const [word, status, message] of cases) {
        const response = await play(agent, gameId, word);
        expect(response.status, `${word}: ${JSON.stringify(response.body)}`).toBe(status);
        expect(response.body).toMatchObject({
          result: 'error',
          err: message ?? expect.any(String),
        });
      }

      const board = await detail(agent, gameId);
      expect(board.body).toMatchObject({ score: 95, finished: false });
      expect(board.body.guesses).toEqual([{ word: first, matches: countMatches(first!, secret) }]);
      expect(await t.app.db.$count(guesses)).toBe(guessRowsBefore);
    });

    it('lowercases the word', async () => {
      const { agent } = await registerUser(t.app, newUsername('Upper'));
      const gameId = await newGame(agent);
      const secret = await secretOf(gameId);
      const [miss] = missWords(secret, 1, 400);
      expect(await play(agent, gameId, miss!.toUpperCase())).toMatchObject({
        status: 200,
        body: { matches: countMatches(miss!, secret), score: 95 },
      });
      expect((await detail(agent, gameId)).body.guesses).toEqual([
        { word: miss, matches: countMatches(miss!, secret) },
      ]);
      expect(await play(agent, gameId, secret.toUpperCase())).toMatchObject({
        status: 200,
        body: { win: true, score: 95, target: secret },
      });
    });
  });

  describe('anagrams and match counts', () => {
    it('counts an anagram of the secret as 5 matches but not a win', async () => {
      const { agent } = await registerUser(t.app, newUsername('Anagram'));
      let gameId = 0;
      let secret = '';
      let anagram: string | undefined;
      for (let attempt = 0; attempt < 30 && !anagram; attempt += 1) {
        gameId = await newGame(agent);
        secret = await secretOf(gameId);
        anagram = dictionaryAnagrams(secret)[0];
      }

      // Whatever the secret, the counts follow multiset intersection.
      const probes = missWords(secret, 3, 900);
      for (const word of probes) {
        expect((await play(agent, gameId, word)).body.matches).toBe(countMatches(word, secret));
      }
      let score = 100 - 5 * probes.length;
      if (anagram) {
        expect(await play(agent, gameId, anagram)).toMatchObject({
          status: 200,
          body: { matches: 5, win: false, finished: false, score: score - 5 },
        });
        score -= 5;
        expect((await play(agent, gameId, anagram)).body.err).toBe(GAME_MESSAGES.alreadyGuessed);
      } else {
        console.warn(`no secret with an anagram in the dictionary within 30 games on ${kind}`);
      }
      expect(await play(agent, gameId, secret)).toMatchObject({
        status: 200,
        body: { matches: 5, win: true, finished: true, score, target: secret },
      });
    });
  });

  describe('concurrent guesses', () => {
    it('applies 10 parallel different guesses one at a time', async () => {
      const { agent } = await registerUser(t.app, newUsername('Par'));
      const gameId = await newGame(agent);
      const secret = await secretOf(gameId);
      const words = missWords(secret, 10, 250);
      const responses = await Promise.all(words.map((word) => play(agent, gameId, word)));
      for (const response of responses) {
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
      }
      const accepted = responses.filter((r) => r.status === 200);
      expect(accepted.length).toBeGreaterThanOrEqual(1);
      // Serialised: every accepted guess saw a different score, 95, 90, … in some order.
      expect(accepted.map((r) => r.body.score).sort((a, b) => b! - a!)).toEqual(
        accepted.map((_, i) => 100 - 5 * (i + 1)),
      );
      const board = await detail(agent, gameId);
      expect(board.body.score).toBe(100 - 5 * accepted.length);
      expect(board.body.guesses).toHaveLength(accepted.length);
      const boardWords = board.body.guesses!.map((g) => g.word);
      expect(new Set(boardWords).size).toBe(boardWords.length);
      const acceptedWords = words.filter((_, i) => responses[i]!.status === 200);
      expect([...boardWords].sort()).toEqual([...acceptedWords].sort());
      const [player] = await t.app.db
        .select()
        .from(gamePlayers)
        .where(eq(gamePlayers.gameId, gameId));
      expect(player?.guessCount).toBe(accepted.length);
    });

    it('accepts the same word sent 10 times in parallel exactly once', async () => {
      const { agent } = await registerUser(t.app, newUsername('Same'));
      const gameId = await newGame(agent);
      const secret = await secretOf(gameId);
      const [word] = missWords(secret, 1, 600);
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => play(agent, gameId, word!)),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, ...Array<number>(9).fill(400)]);
      for (const r of responses.filter((r) => r.status === 400)) {
        expect(r.body.err).toBe(GAME_MESSAGES.alreadyGuessed);
      }
      const board = await detail(agent, gameId);
      expect(board.body.score).toBe(95);
      expect(board.body.guesses).toEqual([{ word, matches: countMatches(word!, secret) }]);
    });

    it('settles once when the secret is among 10 parallel guesses', async () => {
      const { agent, username } = await registerUser(t.app, newUsername('ParWin'));
      const before = await userRow(username);
      const gameId = await newGame(agent);
      const secret = await secretOf(gameId);
      const words = [...missWords(secret, 9, 321)];
      words.splice(4, 0, secret);
      const responses = await Promise.all(words.map((word) => play(agent, gameId, word)));
      const accepted = responses.filter((r) => r.status === 200);
      for (const r of responses.filter((r) => r.status !== 200)) {
        expect(r).toMatchObject({ status: 409, body: { err: GAME_MESSAGES.gameOver } });
      }
      const win = responses[4]!;
      expect(win).toMatchObject({ status: 200, body: { win: true, target: secret } });
      const finalScore = win.body.score!;
      // Every guess accepted before the win cost 5; none after it was accepted.
      expect(finalScore).toBe(100 - 5 * (accepted.length - 1));
      const board = await detail(agent, gameId);
      expect(board.body).toMatchObject({ score: finalScore, won: true, finished: true });
      expect(board.body.guesses).toHaveLength(accepted.length);
      expect(board.body.guesses![0]!.word).toBe(secret);
      const after = await userRow(username);
      expect([after.gameCt, after.winCt, after.points]).toEqual([
        before.gameCt + 1,
        before.winCt + 1,
        before.points + finalScore,
      ]);
      expect(await awardsOf(after.id, gameId)).toEqual([
        expect.objectContaining({ points: finalScore }),
      ]);
    });
  });

  describe('alphabet marks', () => {
    it('updates, shows in the game, is per game, and clears', async () => {
      const { agent } = await registerUser(t.app, newUsername('Marks'));
      const gameId = await newGame(agent);
      const otherGameId = await newGame(agent);
      const mark = (letter: string, color: string, id = gameId) =>
        agent.post<Reply<UpdateMarkResponse>>(`/api/game/${id}/update`, { letter, color });

      expect(await mark('a', 'bad')).toMatchObject({
        status: 200,
        body: { result: 'ok', alphabet: { a: 'bad' } },
      });
      await mark('e', 'good');
      await mark('z', 'maybe');
      await mark('a', 'maybe');
      const last = await mark('z', 'none');
      expect(last.body.alphabet).toEqual({ a: 'maybe', e: 'good' });
      expect((await detail(agent, gameId)).body.alphabet).toEqual({ a: 'maybe', e: 'good' });
      expect((await detail(agent, otherGameId)).body.alphabet).toEqual({});

      for (const body of [
        { letter: 'A', color: 'bad' },
        { letter: 'ab', color: 'bad' },
        { letter: '1', color: 'bad' },
        { letter: 'b', color: 'red' },
        { letter: 'b' },
        { letter: 'b', color: 'bad', extra: true },
      ]) {
        const response = await agent.post(`/api/game/${gameId}/update`, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body).toMatchObject({ result: 'error', err: expect.any(String) });
      }
      expect((await detail(agent, gameId)).body.alphabet).toEqual({ a: 'maybe', e: 'good' });

      const cleared = await agent.get<Reply<ClearResponse>>(`/api/game/${gameId}/clear`);
      expect(cleared).toMatchObject({ status: 200, body: { result: 'ok', alphabet: {} } });
      expect((await detail(agent, gameId)).body.alphabet).toEqual({});
      // Marking works again after a clear.
      expect((await mark('q', 'good')).body.alphabet).toEqual({ q: 'good' });
    });
  });

  describe('access', () => {
    it('answers 404 for every call on someone else’s game and leaves it untouched', async () => {
      const owner = await registerUser(t.app, newUsername('Own'));
      const other = await registerUser(t.app, newUsername('Nosy'));
      const gameId = await newGame(owner.agent);
      const secret = await secretOf(gameId);
      await owner.agent.post(`/api/game/${gameId}/update`, { letter: 'k', color: 'bad' });

      const calls = [
        () => other.agent.get(`/api/games/${gameId}`),
        () => other.agent.get(`/api/game/${gameId}/play/${secret}`),
        () => other.agent.get(`/api/game/${gameId}/play/giveup`),
        () => other.agent.get(`/api/game/${gameId}/counts`),
        () => other.agent.get(`/api/game/${gameId}/clear`),
        () => other.agent.post(`/api/game/${gameId}/update`, { letter: 'a', color: 'good' }),
        () => new TestAgent(t.app).get(`/api/games/${gameId}`),
        () => new TestAgent(t.app).get(`/api/game/${gameId}/play/${secret}`),
      ];
      for (const call of calls) {
        const response = await call();
        expect(response.status, JSON.stringify(response.body)).toBe(404);
        expect(response.body).toMatchObject({ result: 'error', err: expect.any(String) });
        expect(JSON.stringify(response.body).toLowerCase()).not.toContain(secret);
      }
      expect((await list(other.agent, 'solo', 'new')).map((g) => g.id)).not.toContain(gameId);
      expect(await detail(owner.agent, gameId)).toMatchObject({
        status: 200,
        body: { score: 100, guesses: [], alphabet: { k: 'bad' }, finished: false },
      });
    });

    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      const { agent } = await registerUser(t.app, newUsername('Ids'));
      const ownGame = await newGame(agent);
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        for (const response of [
          await agent.get(`/api/games/${id}`),
          await agent.get(`/api/game/${id}/play/crane`),
          await agent.get(`/api/game/${id}/counts`),
          await agent.get(`/api/game/${id}/clear`),
          await agent.post(`/api/game/${id}/update`, { letter: 'a', color: 'bad' }),
        ]) {
          expect(response.status, `${id}: ${JSON.stringify(response.body)}`).toBe(400);
          expect(response.body).toMatchObject({ result: 'error', err: expect.any(String) });
        }
      }
      for (const response of [
        await agent.get('/api/games/999999'),
        await agent.get('/api/game/999999/play/crane'),
        await agent.get('/api/game/999999/counts'),
        await agent.get('/api/game/999999/clear'),
        await agent.post('/api/game/999999/update', { letter: 'a', color: 'bad' }),
      ]) {
        expect(response.status, JSON.stringify(response.body)).toBe(404);
        expect(response.body).toMatchObject({ result: 'error', err: expect.any(String) });
      }
      // Counts are for versus games only.
      expect(await agent.get(`/api/game/${ownGame}/counts`)).toMatchObject({
        status: 400,
        body: { result: 'error', err: expect.any(String) },
      });
    });

    it('validates the list request and needs a signed-in user for it', async () => {
      const { agent } = await registerUser(t.app, newUsername('Lists'));
      for (const body of [
        { type: 'duo', age: 'new' },
        { type: 'solo', age: 'ancient' },
        { type: 'solo' },
        {},
      ]) {
        expect((await agent.post('/api/games', body)).status, JSON.stringify(body)).toBe(400);
      }
      const guest = new TestAgent(t.app);
      for (const type of ['solo', 'multi'] as const) {
        for (const age of ['new', 'old'] as const) {
          expect(await guest.post('/api/games', { type, age })).toMatchObject({
            status: 401,
            body: { result: 'error', err: expect.any(String) },
          });
        }
      }
    });
  });

  describe('guests', () => {
    async function guestWithGame() {
      const agent = new TestAgent(t.app);
      const gameId = await newGame(agent);
      expect(agent.cookies.get(SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      return { agent, gameId, secret: await secretOf(gameId) };
    }

    it('gets a session cookie and a game, can play it, but cannot list or mark', async () => {
      const { agent, gameId, secret } = await guestWithGame();
      expect((await agent.get('/api/user/info')).body).toEqual({ result: 'guest' });
      const [miss] = missWords(secret, 1, 50);
      expect(await play(agent, gameId, miss!)).toMatchObject({
        status: 200,
        body: { matches: countMatches(miss!, secret), score: 95, win: false },
      });
      expect(await detail(agent, gameId)).toMatchObject({
        status: 200,
        body: { id: gameId, score: 95, multiplayer: false, finished: false },
      });
      expect(await agent.post('/api/games', { type: 'solo', age: 'new' })).toMatchObject({
        status: 401,
        body: { result: 'error' },
      });
      expect(
        await agent.post(`/api/game/${gameId}/update`, { letter: 'a', color: 'bad' }),
      ).toMatchObject({ status: 401, body: { result: 'error' } });

      // A second game for the same guest session, and the first is still theirs.
      const cookie = agent.cookies.get(SESSION_COOKIE);
      const second = await newGame(agent);
      expect(second).not.toBe(gameId);
      expect(agent.cookies.get(SESSION_COOKIE)).toBe(cookie);
      expect((await detail(agent, gameId)).status).toBe(200);

      // Another guest cannot see it.
      expect((await detail(new TestAgent(t.app), gameId)).status).toBe(404);

      expect(await play(agent, gameId, secret)).toMatchObject({
        status: 200,
        body: { win: true, score: 95, finished: true, target: secret },
      });
    });

    it('loses the game when the guest session expires (24 h)', async () => {
      const { agent, gameId, secret } = await guestWithGame();
      expect((await detail(agent, gameId)).status).toBe(200);
      const sessionHash = t.app.sessions.hash(agent.cookies.get(SESSION_COOKIE)!);
      await t.app.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(sessions.idHash, sessionHash));
      // Moving the expiry back is a write to the session row, announced as every such write is
      // (time passing needs no announcement: a node's copy goes at the session's own expiry).
      await t.app.sessions.changed({ sessionHash });
      expect(await detail(agent, gameId)).toMatchObject({
        status: 404,
        body: { result: 'error', err: expect.any(String) },
      });
      expect((await play(agent, gameId, secret)).status).toBe(404);
    });

    it('gives a guest whose session expired a fresh session and game', async () => {
      const { agent, gameId } = await guestWithGame();
      const oldCookie = agent.cookies.get(SESSION_COOKIE)!;
      await t.app.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(sessions.idHash, t.app.sessions.hash(oldCookie)));
      const next = await newGame(agent);
      expect(next).not.toBe(gameId);
      expect(agent.cookies.get(SESSION_COOKIE)).not.toBe(oldCookie);
      expect((await detail(agent, next)).status).toBe(200);
      expect((await detail(agent, gameId)).status).toBe(404);
    });

    it('keeps the unfinished game after registering', async () => {
      const { agent, gameId, secret } = await guestWithGame();
      const [miss, next] = missWords(secret, 2, 70);
      await play(agent, gameId, miss!);
      const username = newUsername('Conv');
      const registered = await agent.post('/api/register', {
        username,
        email: `${username}@example.com`,
        password: 'secret1',
      });
      expect(registered.status).toBe(200);

      expect(await detail(agent, gameId)).toMatchObject({
        status: 200,
        body: { score: 95, guesses: [{ word: miss }], finished: false },
      });
      expect(await list(agent, 'solo', 'new')).toContainEqual(
        expect.objectContaining({ id: gameId, score: 95, guess: miss }),
      );
      expect((await play(agent, gameId, next!)).body).toMatchObject({ score: 90 });
      const user = await userRow(username);
      const [player] = await t.app.db
        .select()
        .from(gamePlayers)
        .where(eq(gamePlayers.gameId, gameId));
      expect(player?.userId).toBe(user.id);

      // Now it is an account game: marks are kept, and a win counts on the profile.
      expect(
        (await agent.post(`/api/game/${gameId}/update`, { letter: 'a', color: 'bad' })).status,
      ).toBe(200);
      const win = await play(agent, gameId, secret);
      expect(win.body).toMatchObject({ win: true, score: 90 });
      const after = await userRow(username);
      expect([after.gameCt, after.winCt, after.points]).toEqual([1, 1, 90]);
    });

    it('keeps the unfinished game after logging in', async () => {
      const { username, password } = await registerUser(t.app, newUsername('Back'));
      const { agent, gameId, secret } = await guestWithGame();
      const [miss] = missWords(secret, 1, 90);
      await play(agent, gameId, miss!);
      expect((await agent.post('/api/login', { username, password })).status).toBe(200);

      expect(await detail(agent, gameId)).toMatchObject({
        status: 200,
        body: { score: 95, guesses: [{ word: miss }] },
      });
      expect(await list(agent, 'solo', 'new')).toContainEqual(
        expect.objectContaining({ id: gameId, score: 95 }),
      );
      expect(await play(agent, gameId, secret)).toMatchObject({
        status: 200,
        body: { win: true, score: 95, target: secret },
      });
      // And the same account sees it from another device.
      const laptop = new TestAgent(t.app);
      await laptop.post('/api/login', { username, password });
      expect(await list(laptop, 'solo', 'old')).toContainEqual(
        expect.objectContaining({ id: gameId, won: true, target: secret }),
      );
    });

    it('gives a signed-in user a saved game in the new list', async () => {
      const { agent } = await registerUser(t.app, newUsername('Saved'));
      const gameId = await newGame(agent);
      expect(await list(agent, 'solo', 'new')).toContainEqual(
        expect.objectContaining({
          id: gameId,
          score: 100,
          guess: null,
          won: false,
          forfeit: false,
          timeAgo: expect.any(String),
          lastPlayedAt: expect.any(String),
        }),
      );
      expect((await list(agent, 'multi', 'new')).map((g) => g.id)).not.toContain(gameId);
    });
  });

  it('counts on a solo game are refused, not a crash', async () => {
    const { agent } = await registerUser(t.app, newUsername('Cnt'));
    const gameId = await newGame(agent);
    const response = await agent.get<Reply<CountsResponse>>(`/api/game/${gameId}/counts`);
    expect(response.status).toBe(400);
  });
});
