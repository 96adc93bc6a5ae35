import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { countMatches } from '@jotto/shared/game-rules';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { registerPlayer, startTestApp, type TestApp } from './test-app.ts';

type Json = Record<string, unknown>;

/**
 * The game clock and a move in flight take a game's rows in the same order, the players' and
 * then the game's (see `GameClock`): a clock looking at a game while a guess
 * of it is being written waits for that guess, and the guess never waits for the clock. In the
 * other order the two deadlocked, and Postgres broke it only after `deadlock_timeout` (1 s),
 * with every guess of the node waiting behind that write. Postgres only: PGlite has one
 * connection, so nothing there runs at the same time.
 */
describe('the game clock beside a move in flight (Postgres)', () => {
  let testApp: TestApp;
  let sql: postgres.Sql;

  beforeAll(async () => {
    testApp = await startTestApp('postgres');
    sql = postgres(testApp.databaseUrl!, { max: 3, onnotice: () => {} });
  }, 60_000);
  afterAll(async () => {
    await sql?.end();
    await testApp?.close();
  });

  /** A live versus game; Bob's side's row id; a word that misses its secret. */
  async function liveGame() {
    const { app } = testApp;
    const alice = await registerPlayer(app, 'clo');
    const bob = await registerPlayer(app, 'clo');
    const sent = await alice.agent.post<Json>('/api/challenges/new', { username: bob.username });
    const accepted = await bob.agent.post<Json>('/api/challenges/accept', {
      challenge_id: sent.body.challengeId,
    });
    const gameId = accepted.body.gameId as number;
    const [game] = await sql<{ secret: string }[]>`SELECT secret FROM games WHERE id = ${gameId}`;
    const miss = SECRET_WORDS.find((word) => countMatches(word, game!.secret) < 5)!;
    const [bobSide] = await sql<{ id: number }[]>`
      SELECT gp.id FROM game_players gp JOIN users u ON u.id = gp.user_id
      WHERE gp.game_id = ${gameId} AND u.username = ${bob.username}`;
    return { alice, bob, gameId, miss, bobSideId: bobSide!.id };
  }

  /** The game's clock moment and deadline once the clock has moved it on, or after 5 s. */
  async function afterTheLook(gameId: number) {
    const lookedAt = Date.now() + 5_000;
    let row: { due: Date | null; deadline: Date | null } | undefined;
    do {
      [row] = await sql<{ due: Date | null; deadline: Date | null }[]>`
        SELECT clock_due_at AS due, deadline FROM games WHERE id = ${gameId}`;
      if (row?.due?.getTime() === row?.deadline?.getTime()) break;
      await new Promise((r) => setTimeout(r, 50));
    } while (Date.now() < lookedAt);
    return row;
  }

  const clockWaits = async () => {
    const waiting = await sql`
      SELECT 1 FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    return waiting.length > 0;
  };

  it('moves a game whose players both started on to its deadline without waiting for a move in flight', async () => {
    const { alice, bob, gameId, miss, bobSideId } = await liveGame();
    for (const player of [alice, bob]) {
      expect((await player.agent.get(`/api/game/${gameId}/play/${miss}`)).status).toBe(200);
    }
    // A guess of Bob's being written holds his row ...
    const writer = await sql.reserve();
    try {
      await writer`BEGIN`;
      await writer`UPDATE game_players SET last_played_at = now() WHERE id = ${bobSideId}`;
      // ... as the game reaches its abort moment: the clock looks, and waits for nothing.
      await sql`UPDATE games SET abort_at = now(), clock_due_at = now() WHERE id = ${gameId}`;
      const row = await afterTheLook(gameId);
      expect(row?.due).toEqual(row?.deadline);
      expect(await clockWaits()).toBe(false);
    } finally {
      await writer`ROLLBACK`;
      writer.release();
    }
  });

  it("a guess's write is never held up by the clock looking at its game", async () => {
    const { alice, gameId, miss, bobSideId } = await liveGame();
    // Alice has moved; Bob's first guess is being written as the game reaches its abort moment,
    // so the clock must look under the players' locks (a player not started would abort it).
    expect((await alice.agent.get(`/api/game/${gameId}/play/${miss}`)).status).toBe(200);

    // A guess's write, as the batch makes it: the mover's row first ...
    const writer = await sql.reserve();
    await writer`BEGIN`;
    await writer`UPDATE game_players SET guess_count = guess_count + 1, last_played_at = now()
      WHERE id = ${bobSideId}`;
    // ... while the game falls due: the trigger wakes the app's clock, which looks at it now.
    await sql`UPDATE games SET abort_at = now(), clock_due_at = now() WHERE id = ${gameId}`;
    const waitUntil = Date.now() + 5_000;
    while (!(await clockWaits()) && Date.now() < waitUntil)
      await new Promise((r) => setTimeout(r, 20));
    expect(await clockWaits()).toBe(true);

    // ... then the game's event number, and the commit: at once, never a deadlock.
    const started = performance.now();
    await writer`UPDATE games SET event_seq = event_seq + 1 WHERE id = ${gameId}`;
    await writer`COMMIT`;
    writer.release();
    expect(performance.now() - started).toBeLessThan(500);

    // And the clock, which waited for the write, has looked at the game: on to the deadline.
    const row = await afterTheLook(gameId);
    expect(row?.due).toEqual(row?.deadline);
  });
});
