import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse } from '@jotto/shared/api-envelope';
import { countMatches, GAME_MESSAGES } from '@jotto/shared/game-rules';
import {
  CountsResponse,
  GameDetailResponse,
  GameListItem,
  type GamesListResponse,
  PlayResponse,
} from '@jotto/shared/game-schemas';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { users } from '../src/db/account-tables.ts';
import { games, pointAwards } from '../src/db/game-tables.ts';
import { solveGame } from '@jotto/test-support/game-solver';
import { registerPlayer, type RegisteredPlayer, startTestApp, type TestApp } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

/** A response body that may be the success shape or the error envelope. */
type Reply<T> = Partial<Omit<T, 'result'>> &
  Partial<Omit<ErrorResponse, 'result'>> & {
    result: 'ok' | 'error';
  };

/** `count` valid guesses that are not the secret (nor an anagram of it), from `offset` on. */
function missWords(secret: string, count: number, offset = 0): string[] {
  const words = SECRET_WORDS.filter((w) => countMatches(w, secret) < 5);
  const start = offset % words.length;
  const picked = [...words.slice(start), ...words.slice(0, start)].slice(0, count);
  expect(picked).toHaveLength(count);
  return picked;
}

/**
 * Every fixed text a game response can carry besides words: field names, enum values, time
 * phrases, messages. A secret found inside one of these would make a substring search for it
 * meaningless, so the leak test uses a game whose secret is in none of them.
 */
const RESPONSE_VOCABULARY = [
  ...Object.keys(GameDetailResponse.properties),
  ...Object.keys(PlayResponse.properties),
  ...Object.keys(CountsResponse.properties),
  ...Object.keys(GameListItem.properties),
  ...Object.keys(ErrorResponse.properties),
  'games ok error win lose draw pending good bad maybe none true false null',
  'just now year month week day hour minute seconds ago',
  ...Object.values(GAME_MESSAGES),
  'You must be logged in to do that',
]
  .join(' ')
  .toLowerCase();

describe.each(DATABASE_KINDS)('versus games on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  type Player = RegisteredPlayer;
  /** Usernames keep runs of letters shorter than 5, so no secret can hide in one. */
  const newPlayer = (prefix: string) => registerPlayer(t.app, prefix);

  async function userRow(username: string) {
    const [row] = await t.app.db.select().from(users).where(eq(users.username, username));
    expect(row).toBeDefined();
    return row!;
  }

  async function stats(player: Player) {
    const row = await userRow(player.username);
    return { gameCt: row.gameCt, winCt: row.winCt, points: row.points };
  }

  async function secretOf(gameId: number): Promise<string> {
    const [row] = await t.app.db.select().from(games).where(eq(games.id, gameId));
    expect(row).toBeDefined();
    return row!.secret.trim();
  }

  async function newVersus(a: Player, b: Player) {
    const gameId = (await t.app.games.createVersusGame([a.id, b.id])).gameId;
    expect(gameId).toEqual(expect.any(Number));
    return { gameId, secret: await secretOf(gameId) };
  }

  function play(player: Player, gameId: number, word: string) {
    return player.agent.get<Reply<PlayResponse>>(`/api/game/${gameId}/play/${word}`);
  }

  async function playOk(player: Player, gameId: number, word: string) {
    const response = await play(player, gameId, word);
    expect(response.status, `${player.username} ${word}: ${JSON.stringify(response.body)}`).toBe(
      200,
    );
    return response.body;
  }

  async function detail(player: Player, gameId: number) {
    const response = await player.agent.get<Reply<GameDetailResponse>>(`/api/games/${gameId}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  async function counts(player: Player, gameId: number) {
    const response = await player.agent.get<Reply<CountsResponse>>(`/api/game/${gameId}/counts`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  async function list(player: Player, age: 'new' | 'old') {
    const response = await player.agent.post<Reply<GamesListResponse>>('/api/games', {
      type: 'multi',
      age,
    });
    expect(response).toMatchObject({ status: 200, body: { result: 'ok' } });
    return response.body.games as GameListItem[];
  }

  async function awards(player: Player, gameId: number) {
    return t.app.db
      .select()
      .from(pointAwards)
      .where(and(eq(pointAwards.userId, player.id), eq(pointAwards.gameId, gameId)));
  }

  /** What `me` must see of the game while `me` has not finished. */
  async function expectHiddenFromUnfinished(
    me: Player,
    gameId: number,
    opponent: { name: string; score: number; guesses: number; won: boolean; forfeit: boolean },
    seq: number,
  ) {
    const board = await detail(me, gameId);
    expect(board).toMatchObject({
      result: 'ok',
      id: gameId,
      multiplayer: true,
      finished: false,
      enemyName: opponent.name,
      enemyScore: opponent.score,
      enemyGuesses: opponent.guesses,
      enemyWon: opponent.won,
      enemyForfeit: opponent.forfeit,
      outcome: 'pending',
      seq,
    });
    expect(board).not.toHaveProperty('target');
    expect(board).not.toHaveProperty('enemyGuessList');
    expect(await counts(me, gameId)).toEqual({
      result: 'ok',
      gameId,
      seq,
      enemyScore: opponent.score,
      enemyWon: opponent.won,
      enemyForfeit: opponent.forfeit,
      enemyGuesses: opponent.guesses,
      outcome: 'pending',
      timeControl: '3d',
      deadline: expect.any(String),
      watchers: 0,
    });
  }

  async function expectStats(
    player: Player,
    before: { gameCt: number; winCt: number; points: number },
    delta: { gameCt: number; winCt: number; points: number },
  ) {
    expect(await stats(player)).toEqual({
      gameCt: before.gameCt + delta.gameCt,
      winCt: before.winCt + delta.winCt,
      points: before.points + delta.points,
    });
  }

  /** After settling: both see the outcome, target, both guess lists, and the old lists. */
  async function expectSettled(
    gameId: number,
    secret: string,
    sides: Array<{ me: Player; opponent: Player; outcome: 'win' | 'lose' | 'draw' }>,
  ) {
    for (const { me, opponent, outcome } of sides) {
      const board = await detail(me, gameId);
      expect(board).toMatchObject({
        finished: true,
        target: secret,
        outcome,
        enemyName: opponent.username,
        enemyGuessList: expect.any(Array),
      });
      const theirs = await detail(opponent, gameId);
      expect(board.enemyGuessList).toEqual(theirs.guesses);
      expect(board.enemyGuesses).toBe(theirs.guesses!.length);
      expect(board.enemyScore).toBe(theirs.score);
      expect(await counts(me, gameId)).toMatchObject({ outcome, enemyScore: theirs.score });
      expect((await list(me, 'new')).map((g) => g.id)).not.toContain(gameId);
      expect(await list(me, 'old')).toContainEqual(
        expect.objectContaining({
          id: gameId,
          opponent: opponent.username,
          target: secret,
          outcome,
          score: board.score,
          enemyScore: theirs.score,
          won: board.won,
          forfeit: board.forfeit,
          enemyWon: theirs.won,
          enemyForfeit: theirs.forfeit,
        }),
      );
    }
  }

  describe('a game to win and lose, seen from each side at each moment', () => {
    it('hides what it must, counts every event, and settles once', async () => {
      const alice = await newPlayer('Va');
      const bob = await newPlayer('Vb');
      const carol = await newPlayer('Vc');
      const aliceBefore = await stats(alice);
      const bobBefore = await stats(bob);
      const { gameId, secret } = await newVersus(alice, bob);
      const aliceMisses = missWords(secret, 2, 11);
      const bobMisses = missWords(secret, 3, 500);

      let seq = (await counts(alice, gameId)).seq!;
      expect((await counts(bob, gameId)).seq).toBe(seq);
      const fresh = { score: 100, guesses: 0, won: false, forfeit: false };
      await expectHiddenFromUnfinished(alice, gameId, { name: bob.username, ...fresh }, seq);
      await expectHiddenFromUnfinished(bob, gameId, { name: alice.username, ...fresh }, seq);
      for (const p of [alice, bob]) {
        expect(await list(p, 'new')).toContainEqual(
          expect.objectContaining({
            id: gameId,
            opponent: p === alice ? bob.username : alice.username,
            score: 100,
            enemyScore: 100,
            outcome: 'pending',
            guess: null,
          }),
        );
      }

      // Alice misses twice, Bob once.
      for (const [i, word] of aliceMisses.entries()) {
        expect(await playOk(alice, gameId, word)).toMatchObject({
          matches: countMatches(word, secret),
          score: 95 - 5 * i,
          win: false,
          finished: false,
          enemyGuesses: 0,
          outcome: 'pending',
          seq: seq + 1,
        });
        seq += 1;
        await expectHiddenFromUnfinished(
          bob,
          gameId,
          {
            name: alice.username,
            score: 95 - 5 * i,
            guesses: i + 1,
            won: false,
            forfeit: false,
          },
          seq,
        );
      }
      expect(await playOk(bob, gameId, bobMisses[0]!)).toMatchObject({
        score: 95,
        enemyGuesses: 2,
        outcome: 'pending',
        seq: seq + 1,
      });
      seq += 1;
      await expectHiddenFromUnfinished(
        alice,
        gameId,
        { name: bob.username, score: 95, guesses: 1, won: false, forfeit: false },
        seq,
      );

      // A refused guess is not an event.
      expect((await play(alice, gameId, aliceMisses[0]!)).status).toBe(400);
      expect((await counts(bob, gameId)).seq).toBe(seq);

      // Alice solves on her third guess: 90. The game is not settled: nothing more for her
      // either (Bob races on the same secret), and Bob still sees nothing.
      const solved = await playOk(alice, gameId, secret);
      expect(solved).toMatchObject({
        matches: 5,
        score: 90,
        win: true,
        finished: true,
        enemyGuesses: 1,
        outcome: 'pending',
      });
      expect(solved).not.toHaveProperty('target');
      seq += 1;
      const aliceView = await detail(alice, gameId);
      expect(aliceView).toMatchObject({
        finished: true,
        won: true,
        outcome: 'pending',
        enemyGuesses: 1,
        seq,
      });
      expect(aliceView).not.toHaveProperty('target');
      expect(aliceView).not.toHaveProperty('enemyGuessList');
      expect((await alice.agent.get(`/api/game/${gameId}/analysis`)).status).toBe(409);
      await expectHiddenFromUnfinished(
        bob,
        gameId,
        { name: alice.username, score: 90, guesses: 3, won: true, forfeit: false },
        seq,
      );
      expect(await counts(alice, gameId)).toMatchObject({ outcome: 'pending', seq });
      // Finished for Alice, not settled: still a new game, no target in the list, no stats yet.
      const aliceNew = await list(alice, 'new');
      expect(aliceNew).toContainEqual(
        expect.objectContaining({ id: gameId, won: true, score: 90, outcome: 'pending' }),
      );
      expect(aliceNew.find((g) => g.id === gameId)).not.toHaveProperty('target');
      expect(JSON.stringify(await list(bob, 'new')).toLowerCase()).not.toContain(secret);
      expect(await stats(alice)).toEqual(aliceBefore);
      expect(await play(alice, gameId, missWords(secret, 1, 900)[0]!)).toMatchObject({
        status: 409,
        body: { err: GAME_MESSAGES.gameOver },
      });
      expect((await counts(bob, gameId)).seq).toBe(seq);

      // Bob misses twice more and solves on his fourth guess: 85 < 90, so he loses.
      for (const word of bobMisses.slice(1)) {
        await playOk(bob, gameId, word);
        seq += 1;
        expect(await counts(alice, gameId)).toMatchObject({ seq, outcome: 'pending' });
      }
      expect(await playOk(bob, gameId, secret)).toMatchObject({
        score: 85,
        win: true,
        finished: true,
        target: secret,
        enemyGuesses: 3,
        outcome: 'lose',
      });
      seq += 1;
      expect(await counts(alice, gameId)).toEqual({
        result: 'ok',
        gameId,
        seq,
        enemyScore: 85,
        enemyWon: true,
        enemyForfeit: false,
        enemyGuesses: 4,
        outcome: 'win',
        timeControl: '3d',
        deadline: expect.any(String),
        watchers: 0,
      });
      expect(await counts(bob, gameId)).toMatchObject({
        seq,
        enemyScore: 90,
        enemyWon: true,
        enemyGuesses: 3,
        outcome: 'lose',
      });

      await expectSettled(gameId, secret, [
        { me: alice, opponent: bob, outcome: 'win' },
        { me: bob, opponent: alice, outcome: 'lose' },
      ]);
      await expectStats(alice, aliceBefore, { gameCt: 1, winCt: 1, points: 90 });
      await expectStats(bob, bobBefore, { gameCt: 1, winCt: 0, points: 0 });
      expect(await awards(alice, gameId)).toEqual([expect.objectContaining({ points: 90 })]);
      expect(await awards(bob, gameId)).toEqual([]);

      // Exactly once: more calls on the settled game change nothing.
      for (const p of [alice, bob]) {
        expect((await play(p, gameId, 'giveup')).status).toBe(409);
        expect((await play(p, gameId, secret)).status).toBe(409);
        await detail(p, gameId);
        await counts(p, gameId);
        await list(p, 'old');
      }
      await expectStats(alice, aliceBefore, { gameCt: 1, winCt: 1, points: 90 });
      await expectStats(bob, bobBefore, { gameCt: 1, winCt: 0, points: 0 });
      expect(await awards(alice, gameId)).toHaveLength(1);
      expect((await counts(alice, gameId)).seq).toBe(seq);

      // A third user gets 404 on everything about it.
      for (const response of [
        await carol.agent.get(`/api/games/${gameId}`),
        await carol.agent.get(`/api/game/${gameId}/play/${secret}`),
        await carol.agent.get(`/api/game/${gameId}/play/giveup`),
        await carol.agent.get(`/api/game/${gameId}/counts`),
        await carol.agent.get(`/api/game/${gameId}/clear`),
        await carol.agent.post(`/api/game/${gameId}/update`, { letter: 'a', color: 'bad' }),
      ]) {
        expect(response.status, JSON.stringify(response.body)).toBe(404);
        expect(JSON.stringify(response.body).toLowerCase()).not.toContain(secret);
      }
      for (const age of ['new', 'old'] as const) {
        expect((await list(carol, age)).map((g) => g.id)).not.toContain(gameId);
      }
      expect(await stats(carol)).toEqual({ gameCt: 0, winCt: 0, points: 0 });
    });
  });

  describe('outcomes', () => {
    it('both run out of points: a draw for both, no win, no points', async () => {
      const a = await newPlayer('Da');
      const b = await newPlayer('Db');
      const [aBefore, bBefore] = [await stats(a), await stats(b)];
      const { gameId, secret } = await newVersus(a, b);
      const words = missWords(secret, 20, 40);
      for (const [i, word] of words.entries()) {
        const reply = await playOk(a, gameId, word);
        expect(reply.score).toBe(95 - 5 * i);
      }
      const ranOut = await detail(a, gameId);
      expect(ranOut).toMatchObject({ finished: true, score: 0, outcome: 'pending' });
      // B still races on the same secret: A learns it when the game is settled.
      expect(ranOut).not.toHaveProperty('target');
      expect(await counts(b, gameId)).toMatchObject({
        enemyScore: 0,
        enemyGuesses: 20,
        enemyWon: false,
        enemyForfeit: false,
        outcome: 'pending',
      });
      for (const word of words.slice(0, 19)) await playOk(b, gameId, word);
      const last = await playOk(b, gameId, words[19]!);
      expect(last).toMatchObject({ score: 0, finished: true, target: secret, outcome: 'draw' });
      await expectSettled(gameId, secret, [
        { me: a, opponent: b, outcome: 'draw' },
        { me: b, opponent: a, outcome: 'draw' },
      ]);
      await expectStats(a, aBefore, { gameCt: 1, winCt: 0, points: 0 });
      await expectStats(b, bBefore, { gameCt: 1, winCt: 0, points: 0 });
    });

    it('both solve with equal scores at the same moment: both win, settled once', async () => {
      const a = await newPlayer('Ea');
      const b = await newPlayer('Eb');
      const [aBefore, bBefore] = [await stats(a), await stats(b)];
      const { gameId, secret } = await newVersus(a, b);
      const [missA, missB] = missWords(secret, 2, 77);
      await playOk(a, gameId, missA!);
      await playOk(b, gameId, missB!);
      const before = (await counts(a, gameId)).seq!;
      const [ra, rb] = await Promise.all([play(a, gameId, secret), play(b, gameId, secret)]);
      expect([ra.status, rb.status]).toEqual([200, 200]);
      for (const r of [ra, rb]) {
        expect(r.body).toMatchObject({ win: true, score: 95, finished: true });
      }
      // Whoever finished second saw the result, and the word, at once.
      expect([ra.body.outcome, rb.body.outcome].sort()).toEqual(['pending', 'win']);
      const second = ra.body.outcome === 'win' ? ra : rb;
      const first = second === ra ? rb : ra;
      expect(second.body.target).toBe(secret);
      expect(first.body).not.toHaveProperty('target');
      expect((await counts(a, gameId)).seq).toBe(before + 2);
      await expectSettled(gameId, secret, [
        { me: a, opponent: b, outcome: 'win' },
        { me: b, opponent: a, outcome: 'win' },
      ]);
      await expectStats(a, aBefore, { gameCt: 1, winCt: 1, points: 95 });
      await expectStats(b, bBefore, { gameCt: 1, winCt: 1, points: 95 });
      expect(await awards(a, gameId)).toEqual([expect.objectContaining({ points: 95 })]);
      expect(await awards(b, gameId)).toEqual([expect.objectContaining({ points: 95 })]);
    });

    it('both forfeit: both lose', async () => {
      const a = await newPlayer('Fa');
      const b = await newPlayer('Fb');
      const [aBefore, bBefore] = [await stats(a), await stats(b)];
      const { gameId, secret } = await newVersus(a, b);
      await playOk(b, gameId, missWords(secret, 1, 5)[0]!);
      const seq = (await counts(a, gameId)).seq!;
      const gaveUp = await playOk(a, gameId, 'giveup');
      expect(gaveUp).toMatchObject({
        forfeit: true,
        finished: true,
        win: false,
        score: 100,
        outcome: 'pending',
      });
      // A second account giving up learns nothing that helps the main one.
      expect(gaveUp).not.toHaveProperty('target');
      await expectHiddenFromUnfinished(
        b,
        gameId,
        { name: a.username, score: 100, guesses: 0, won: false, forfeit: true },
        seq + 1,
      );
      expect(await playOk(b, gameId, 'giveup')).toMatchObject({
        forfeit: true,
        score: 95,
        target: secret,
        outcome: 'lose',
      });
      expect((await counts(a, gameId)).seq).toBe(seq + 2);
      await expectSettled(gameId, secret, [
        { me: a, opponent: b, outcome: 'lose' },
        { me: b, opponent: a, outcome: 'lose' },
      ]);
      await expectStats(a, aBefore, { gameCt: 1, winCt: 0, points: 0 });
      await expectStats(b, bBefore, { gameCt: 1, winCt: 0, points: 0 });
    });

    it('one forfeits and the other then solves: the other wins', async () => {
      const a = await newPlayer('Ga');
      const b = await newPlayer('Gb');
      const [aBefore, bBefore] = [await stats(a), await stats(b)];
      const { gameId, secret } = await newVersus(a, b);
      await playOk(a, gameId, missWords(secret, 1, 9)[0]!);
      const gaveUp = await playOk(a, gameId, 'giveup');
      expect(gaveUp).toMatchObject({ forfeit: true, score: 95 });
      expect(gaveUp).not.toHaveProperty('target');
      const waiting = await detail(a, gameId);
      expect(waiting).toMatchObject({ outcome: 'pending', finished: true });
      expect(waiting).not.toHaveProperty('target');
      expect(waiting).not.toHaveProperty('enemyGuessList');
      const misses = missWords(secret, 4, 300);
      for (const word of misses) await playOk(b, gameId, word);
      // 80 with a forfeited opponent at 95: still a win.
      expect(await playOk(b, gameId, secret)).toMatchObject({
        score: 80,
        win: true,
        outcome: 'win',
      });
      await expectSettled(gameId, secret, [
        { me: a, opponent: b, outcome: 'lose' },
        { me: b, opponent: a, outcome: 'win' },
      ]);
      await expectStats(a, aBefore, { gameCt: 1, winCt: 0, points: 0 });
      await expectStats(b, bBefore, { gameCt: 1, winCt: 1, points: 80 });
      expect(await awards(b, gameId)).toEqual([expect.objectContaining({ points: 80 })]);
    });

    it('one forfeits and the other then runs out of points: the other wins', async () => {
      const a = await newPlayer('Ha');
      const b = await newPlayer('Hb');
      const [aBefore, bBefore] = [await stats(a), await stats(b)];
      const { gameId, secret } = await newVersus(a, b);
      await playOk(a, gameId, 'giveup');
      const words = missWords(secret, 20, 640);
      for (const word of words.slice(0, 19)) await playOk(b, gameId, word);
      expect(await playOk(b, gameId, words[19]!)).toMatchObject({
        score: 0,
        win: false,
        forfeit: false,
        finished: true,
        target: secret,
        outcome: 'win',
      });
      await expectSettled(gameId, secret, [
        { me: a, opponent: b, outcome: 'lose' },
        { me: b, opponent: a, outcome: 'win' },
      ]);
      await expectStats(a, aBefore, { gameCt: 1, winCt: 0, points: 0 });
      await expectStats(b, bBefore, { gameCt: 1, winCt: 1, points: 0 });
    });

    it('one solves and the other runs out: a solve beats running out', async () => {
      const a = await newPlayer('Ia');
      const b = await newPlayer('Ib');
      const { gameId, secret } = await newVersus(a, b);
      const words = missWords(secret, 20, 1000);
      for (const word of words) await playOk(b, gameId, word);
      expect(await detail(b, gameId)).toMatchObject({ finished: true, outcome: 'pending' });
      for (const word of words.slice(0, 18)) await playOk(a, gameId, word);
      expect(await playOk(a, gameId, secret)).toMatchObject({ score: 10, outcome: 'win' });
      await expectSettled(gameId, secret, [
        { me: a, opponent: b, outcome: 'win' },
        { me: b, opponent: a, outcome: 'lose' },
      ]);
    });
  });

  describe('several games and players', () => {
    it('keeps marks, counts and lists per player per game', async () => {
      const a = await newPlayer('Ma');
      const b = await newPlayer('Mb');
      const c = await newPlayer('Mc');
      const ab = await newVersus(a, b);
      const ac = await newVersus(a, c);
      expect(
        (await a.agent.post(`/api/game/${ab.gameId}/update`, { letter: 'e', color: 'good' })).body,
      ).toMatchObject({ result: 'ok', alphabet: { e: 'good' } });
      await b.agent.post(`/api/game/${ab.gameId}/update`, { letter: 'x', color: 'bad' });
      expect((await detail(a, ab.gameId)).alphabet).toEqual({ e: 'good' });
      expect((await detail(b, ab.gameId)).alphabet).toEqual({ x: 'bad' });
      expect((await detail(a, ac.gameId)).alphabet).toEqual({});
      expect((await a.agent.get(`/api/game/${ab.gameId}/clear`)).body).toEqual({
        result: 'ok',
        alphabet: {},
      });
      expect((await detail(b, ab.gameId)).alphabet).toEqual({ x: 'bad' });

      await playOk(c, ac.gameId, missWords(ac.secret, 1, 3)[0]!);
      expect(await counts(a, ac.gameId)).toMatchObject({ enemyGuesses: 1, enemyScore: 95 });
      expect(await counts(a, ab.gameId)).toMatchObject({ enemyGuesses: 0, enemyScore: 100 });
      const aNew = await list(a, 'new');
      expect(aNew).toContainEqual(expect.objectContaining({ id: ab.gameId, opponent: b.username }));
      expect(aNew).toContainEqual(
        expect.objectContaining({ id: ac.gameId, opponent: c.username, enemyScore: 95 }),
      );
      expect((await list(b, 'new')).map((g) => g.id)).not.toContain(ac.gameId);
      // Versus games are not in the solo list.
      const soloNew = await a.agent.post<Reply<GamesListResponse>>('/api/games', {
        type: 'solo',
        age: 'new',
      });
      expect(soloNew.body.games!.map((g) => g.id)).not.toContain(ab.gameId);
      expect((await c.agent.get(`/api/games/${ab.gameId}`)).status).toBe(404);
      expect((await c.agent.get(`/api/game/${ab.gameId}/counts`)).status).toBe(404);
    });
  });

  describe('the secret and the opponent’s words never leak before a player finishes', () => {
    it('hides them from the loser who finishes last, and from the winner until solved', async () => {
      const winner = await newPlayer('Lw');
      const loser = await newPlayer('Ll');
      // A game whose secret cannot be mistaken for a field name or a fixed text.
      let game = await newVersus(winner, loser);
      for (let i = 0; i < 20 && RESPONSE_VOCABULARY.includes(game.secret); i += 1) {
        game = await newVersus(winner, loser);
      }
      const { gameId, secret } = game;
      expect(RESPONSE_VOCABULARY).not.toContain(secret);

      const seen = { winner: [] as string[], loser: [] as string[] };
      let winnerDone = false;
      let loserDone = false;
      const record = (who: 'winner' | 'loser', body: unknown) => {
        const done = who === 'winner' ? winnerDone : loserDone;
        if (!done) seen[who].push(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const look = async (who: 'winner' | 'loser') => {
        const p = who === 'winner' ? winner : loser;
        record(who, (await p.agent.get(`/api/games/${gameId}`)).body);
        record(who, (await p.agent.get(`/api/game/${gameId}/counts`)).body);
        for (const age of ['new', 'old'] as const) {
          record(who, (await p.agent.post('/api/games', { type: 'multi', age })).body);
        }
      };

      const loserWords = missWords(secret, 20, 123);
      let loserPlayed = 0;
      const loserPlays = async (n: number) => {
        for (let i = 0; i < n; i += 1) {
          const response = await play(loser, gameId, loserWords[loserPlayed]!);
          loserPlayed += 1;
          expect(response.status).toBe(200);
          if (response.body.finished) {
            expect(loserPlayed).toBe(20);
            loserDone = true;
          }
          record('loser', response.body);
          await look('loser');
          await look('winner');
        }
      };

      await look('loser');
      await look('winner');
      await loserPlays(2);
      // The winner solves with match counts only, the loser playing now and then.
      const winnerWords: string[] = [];
      await solveGame(async (word) => {
        winnerWords.push(word);
        const response = await play(winner, gameId, word);
        expect(response.status).toBe(200);
        if (response.body.finished) winnerDone = true;
        record('winner', response.body);
        await look('winner');
        await look('loser');
        await loserPlays(1);
        return {
          matches: response.body.matches!,
          win: response.body.win!,
          finished: response.body.finished!,
        };
      });
      expect(winnerDone).toBe(true);
      expect(winnerWords.at(-1)).toBe(secret);
      expect(loserDone).toBe(false);
      await loserPlays(20 - loserPlayed);
      expect(loserDone).toBe(true);
      expect(loserWords).not.toContain(secret);

      expect(seen.loser.length).toBeGreaterThan(40);
      expect(seen.winner.length).toBeGreaterThan(10);
      for (const who of ['loser', 'winner'] as const) {
        const leaks = seen[who].filter((text) => text.toLowerCase().includes(secret));
        expect(leaks, `${who} saw the secret ${secret}`).toEqual([]);
      }
      // Nor the winner's words, before the loser finished (unless the loser sent them too).
      const winnerOnly = winnerWords.filter(
        (w) => !loserWords.includes(w) && !RESPONSE_VOCABULARY.includes(w),
      );
      for (const word of winnerOnly) {
        const leaks = seen.loser.filter((text) => text.toLowerCase().includes(word));
        expect(leaks, `the loser saw the winner's word ${word}`).toEqual([]);
      }
      const loserOnly = loserWords.filter(
        (w) => !winnerWords.includes(w) && !RESPONSE_VOCABULARY.includes(w),
      );
      for (const word of loserOnly) {
        const leaks = seen.winner.filter((text) => text.toLowerCase().includes(word));
        expect(leaks, `the winner saw the loser's word ${word}`).toEqual([]);
      }

      // Once both are done, everything is shown.
      const winnerView = await detail(winner, gameId);
      expect(winnerView).toMatchObject({ outcome: 'win', target: secret });
      expect(winnerView.enemyGuessList).toHaveLength(20);
      const loserView = await detail(loser, gameId);
      expect(loserView).toMatchObject({ outcome: 'lose', target: secret, score: 0 });
      expect(loserView.enemyGuessList!.map((g) => g.word)).toEqual([...winnerWords].reverse());
    });
  });
});
