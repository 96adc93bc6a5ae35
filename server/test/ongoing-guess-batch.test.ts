import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countMatches, GAME_MESSAGES } from '@jotto/shared/game-rules';
import type { PlayResponse } from '@jotto/shared/game-schemas';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { sessions, users } from '../src/db/account-tables.ts';
import { gamePlayers, games } from '../src/db/game-tables.ts';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Reply = Partial<PlayResponse> & { result: 'ok' | 'error'; err?: string };

// A node keeps each game it has just recorded a guess in (GameStateCache) and the sessions it
// has seen, and plans the player's next guess on that memory without reading it back
// (MoveRecorder). These tests make that memory wrong in every way it can be, and check that the
// answer is still the one the database's state gives.
describe.each(DATABASE_KINDS)('guesses scored from a node’s memory on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  async function gameOf(agent: TestAgent) {
    const { gameId } = (await agent.get<{ gameId: number }>('/api/games/new')).body;
    const [row] = await t.app.db.select().from(games).where(eq(games.id, gameId));
    const secret = row!.secret.trim();
    const misses = SECRET_WORDS.filter((word) => countMatches(word, secret) < 5);
    return { gameId, secret, misses };
  }

  const play = (agent: TestAgent, gameId: number, word: string) =>
    agent.get<Reply>(`/api/game/${gameId}/play/${word}`);

  /** One value of this node's metrics (0 before it is first recorded). */
  async function metric(name: string) {
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics.body)?.[1] ?? 0);
  }

  /** Guess batches this node has run so far, and the guesses they held. */
  const guessBatchTotals = async () => ({
    batches: await metric('jotto_guess_batch_size_count'),
    guesses: await metric('jotto_guess_batch_size_sum'),
  });

  const batchesRun = async () => (await guessBatchTotals()).batches;
  /** Guess batches that failed as a whole (their guesses took the locked path). */
  const batchFailures = () => metric('jotto_guess_batch_failures_total');

  async function sideOf(gameId: number) {
    const [side] = await t.app.db.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId));
    return side!;
  }

  it('refuses an ended session (404) or a lost username (403), though the node remembers both', async () => {
    const { agent, username } = await registerUser(t.app);
    const { gameId, misses } = await gameOf(agent);
    expect((await play(agent, gameId, misses[0]!)).status).toBe(200);
    const sessionHash = t.app.sessions.hash(agent.cookies.get(SESSION_COOKIE)!);

    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, sessionHash));
    expect(await play(agent, gameId, misses[1]!)).toMatchObject({
      status: 404,
      body: { err: 'Game not found' },
    });

    // A fresh session of the same user plays on; the refused guess left no trace.
    const login = new TestAgent(t.app);
    await login.post('/api/login', { username, password: 'secret1' });
    expect(await play(login, gameId, misses[2]!)).toMatchObject({
      status: 200,
      body: { score: 90 },
    });
    expect((await sideOf(gameId)).guessCount).toBe(2);

    // Logged out after a remembered guess, and a user who lost their username.
    await login.get('/api/logout');
    const stale = new TestAgent(t.app);
    stale.cookies.set(SESSION_COOKIE, login.cookies.get(SESSION_COOKIE) ?? 'gone');
    expect((await play(stale, gameId, misses[3]!)).status).toBe(404);
    const again = new TestAgent(t.app);
    await again.post('/api/login', { username, password: 'secret1' });
    expect((await play(again, gameId, misses[4]!)).status).toBe(200);
    const [user] = await t.app.db
      .update(users)
      .set({ username: null })
      .where(eq(users.username, username))
      .returning({ id: users.id });
    // Announced, as every change to what a session says about its user is: the guess then says
    // what every game route says to an account without a username (see game-access.test.ts).
    await t.app.sessions.changed({ userId: user!.id });
    expect((await play(again, gameId, misses[5]!)).status).toBe(403);
    expect((await sideOf(gameId)).guessCount).toBe(3);
  });

  it('answers a repeat, a win and the last points as the database says', async () => {
    const { agent } = await registerUser(t.app);
    const { gameId, secret, misses } = await gameOf(agent);
    expect((await play(agent, gameId, misses[0]!)).body.score).toBe(95);
    // From memory in one batch; a repeat is read afresh in a second one, never retried more.
    let before = await batchesRun();
    expect(await play(agent, gameId, misses[0]!)).toMatchObject({
      status: 400,
      body: { err: GAME_MESSAGES.alreadyGuessed },
    });
    expect((await batchesRun()) - before).toBe(2);
    expect(await play(agent, gameId, misses[1]!)).toMatchObject({
      status: 200,
      body: { score: 90, matches: countMatches(misses[1]!, secret) },
    });
    before = await batchesRun();
    expect((await play(agent, gameId, misses[2]!)).body.score).toBe(85);
    expect((await batchesRun()) - before).toBe(1);
    expect(await play(agent, gameId, secret)).toMatchObject({
      status: 200,
      body: { win: true, finished: true, score: 85, target: secret },
    });
    expect(await play(agent, gameId, misses[3]!)).toMatchObject({
      status: 409,
      body: { err: GAME_MESSAGES.gameOver },
    });

    const { gameId: lostGame, misses: lostMisses } = await gameOf(agent);
    for (let i = 0; i < 19; i += 1) {
      expect((await play(agent, lostGame, lostMisses[i]!)).body.score).toBe(95 - 5 * i);
    }
    expect(await play(agent, lostGame, lostMisses[19]!)).toMatchObject({
      status: 200,
      body: { score: 0, win: false, finished: true },
    });
    expect(await sideOf(lostGame)).toMatchObject({ status: 'lost', guessCount: 20, score: 0 });
  });

  it('lets a guest who signs up play on with the game they started', async () => {
    const guest = new TestAgent(t.app);
    const { gameId, misses } = await gameOf(guest);
    expect((await play(guest, gameId, misses[0]!)).body.score).toBe(95);
    const guestCookie = guest.cookies.get(SESSION_COOKIE)!;
    await guest.post('/api/register', {
      username: `g${Date.now() % 1_000_000}`,
      email: `g${Date.now()}@example.com`,
      password: 'secret1',
    });
    expect(guest.cookies.get(SESSION_COOKIE)).not.toBe(guestCookie);
    expect((await play(guest, gameId, misses[1]!)).body.score).toBe(90);
    const former = new TestAgent(t.app);
    former.cookies.set(SESSION_COOKIE, guestCookie);
    expect((await play(former, gameId, misses[2]!)).status).toBe(404);
    expect((await sideOf(gameId)).guessCount).toBe(2);
  });

  it('isolates a guess that fails the batch: the others are recorded, it alone fails', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app)));
    const boards = await Promise.all(players.map(({ agent }) => gameOf(agent)));
    // A database error that only one guess can cause (nothing in the app can: a trigger stands
    // in for whatever might).
    const poison = boards[0]!.misses[7]!;
    await t.app.db.execute(
      sql.raw(`CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.word = '${poison}' THEN RAISE EXCEPTION 'refused by the test'; END IF;
          RETURN NEW;
        END $$`),
    );
    await t.app.db.execute(
      sql.raw(`CREATE TRIGGER refuse_poison BEFORE INSERT ON guesses
        FOR EACH ROW EXECUTE FUNCTION refuse_poison()`),
    );
    const failuresBefore = await batchFailures();
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const words = boards.map((board, i) =>
        i === 0 ? poison : board.misses.find((word) => word !== poison)!,
      );
      const replies = await Promise.all(
        players.map(({ agent }, i) => play(agent, boards[i]!.gameId, words[i]!)),
      );
      expect(replies[0]!.status).toBe(500);
      // Not swallowed: the failed batch was logged with its error, and counted.
      expect(await batchFailures()).toBeGreaterThan(failuresBefore);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({
          err: expect.objectContaining({ message: expect.stringContaining('refused by the test') }),
        }),
        'move batch failed: its moves are recorded alone',
      );
      expect(replies.slice(1).map((reply) => reply.body.score)).toEqual(
        players.slice(1).map(() => 95),
      );
      expect((await sideOf(boards[0]!.gameId)).guessCount).toBe(0);
      for (const board of boards.slice(1)) expect((await sideOf(board.gameId)).guessCount).toBe(1);
    } finally {
      warn.mockRestore();
      await t.app.db.execute(sql.raw('DROP TRIGGER refuse_poison ON guesses'));
      await t.app.db.execute(sql.raw('DROP FUNCTION refuse_poison()'));
    }
  });

  it('records many players’ guesses together and counts its batches', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => registerUser(t.app)));
    const boards = await Promise.all(players.map(({ agent }) => gameOf(agent)));
    // The counters are this node's since it started: count only this test's guesses.
    const before = await guessBatchTotals();
    for (let round = 0; round < 3; round += 1) {
      const replies = await Promise.all(
        players.map(({ agent }, i) => play(agent, boards[i]!.gameId, boards[i]!.misses[round]!)),
      );
      expect(replies.map((reply) => reply.body.score)).toEqual(players.map(() => 95 - 5 * round));
    }
    const after = await guessBatchTotals();
    const batches = after.batches - before.batches;
    const guesses = after.guesses - before.guesses;
    expect(guesses).toBeGreaterThanOrEqual(36);
    // Parallel requests share batches: fewer batches than guesses.
    expect(batches).toBeLessThan(guesses);
  });
});

describe('guesses on two nodes sharing one Postgres', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp('postgres');
    second = await startTestApp('postgres', {}, { databaseUrl: first.databaseUrl! });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('scores on the database’s state when another node moved the side on', async () => {
    const { agent } = await registerUser(first.app);
    const { gameId } = (await agent.get<{ gameId: number }>('/api/games/new')).body;
    const [row] = await first.app.db.select().from(games).where(eq(games.id, gameId));
    const secret = row!.secret.trim();
    const misses = SECRET_WORDS.filter((word) => countMatches(word, secret) < 5);
    const onSecond = new TestAgent(second.app);
    onSecond.cookies.set(SESSION_COOKIE, agent.cookies.get(SESSION_COOKIE)!);

    expect((await agent.get<Reply>(`/api/game/${gameId}/play/${misses[0]}`)).body.score).toBe(95);
    expect((await onSecond.get<Reply>(`/api/game/${gameId}/play/${misses[1]}`)).body.score).toBe(
      90,
    );
    // The first node remembers 95 and one guess; the database holds 90 and two.
    expect((await agent.get<Reply>(`/api/game/${gameId}/play/${misses[2]}`)).body.score).toBe(85);
    // A word the other node recorded is a repeat here too.
    expect(await agent.get<Reply>(`/api/game/${gameId}/play/${misses[1]}`)).toMatchObject({
      status: 400,
      body: { err: GAME_MESSAGES.alreadyGuessed },
    });
    // Both nodes at once, on the same side: every accepted guess cost exactly 5.
    const replies = await Promise.all(
      [3, 4, 5, 6, 7, 8].map((i) =>
        (i % 2 ? agent : onSecond).get<Reply>(`/api/game/${gameId}/play/${misses[i]}`),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    const accepted = replies;
    expect(accepted.map((reply) => reply.body.score).sort((a, b) => b! - a!)).toEqual(
      accepted.map((_, i) => 80 - 5 * i),
    );
    const [side] = await first.app.db
      .select()
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, gameId));
    expect(side).toMatchObject({
      guessCount: 3 + accepted.length,
      score: 85 - 5 * accepted.length,
    });
  });
});
