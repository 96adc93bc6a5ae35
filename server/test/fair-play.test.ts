import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengesListResponse } from '@jotto/shared/challenge-schemas';
import type { DailyGameResponse } from '@jotto/shared/daily-schemas';
import { RATED_GAMES_PER_PAIR_PER_DAY } from '@jotto/shared/game-rules';
import type { GameDetailResponse, PlayResponse } from '@jotto/shared/game-schemas';
import type { MatchSeekResponse } from '@jotto/shared/match-schemas';
import { users } from '../src/db/account-tables.ts';
import { gamePlayers, games } from '../src/db/game-tables.ts';
import { registerUser, startTestApp, type TestApp } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

/** Waits for `check` to hold, polling every 50 ms, at most `timeoutMs`. */
async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(DATABASE_KINDS)('fair play on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const idOf = async (username: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!
      .id;

  it(`plays a pair's games past ${RATED_GAMES_PER_PAIR_PER_DAY} rated a day unrated, and says so first`, async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const challengeAndAccept = async () => {
      const sent = await alice.agent.post<{ challengeId: number }>('/api/challenges/new', {
        username: bob.username,
        timeControl: '10m',
      });
      expect(sent.status).toBe(200);
      const listed = await bob.agent.post<ChallengesListResponse>('/api/challenges', {
        type: 'in',
      });
      const item = listed.body.challenges.find((c) => c.id === sent.body.challengeId)!;
      const accepted = await bob.agent.post<{ gameId: number }>('/api/challenges/accept', {
        challenge_id: sent.body.challengeId,
      });
      expect(accepted.status).toBe(200);
      const board = await alice.agent.get<GameDetailResponse>(`/api/games/${accepted.body.gameId}`);
      return { item, board: board.body };
    };
    for (let i = 0; i < RATED_GAMES_PER_PAIR_PER_DAY; i += 1) {
      const { item, board } = await challengeAndAccept();
      expect(item).toMatchObject({ timeControl: '10m', rated: true });
      expect(board).toMatchObject({ timeControl: '10m', rated: true });
    }
    const fourth = await challengeAndAccept();
    expect(fourth.item).toMatchObject({ rated: false });
    expect(fourth.board).toMatchObject({ rated: false });
    expect(fourth.board).not.toHaveProperty('ratings');
    // 'Play now' between the same two: unrated too, and the answer says so.
    expect((await alice.agent.post<MatchSeekResponse>('/api/match/seek')).body.status).toBe(
      'waiting',
    );
    expect((await bob.agent.post<MatchSeekResponse>('/api/match/seek')).body).toMatchObject({
      status: 'paired',
      rated: false,
    });
    // Another pair is not affected.
    const carol = await registerUser(t.app);
    const [aliceId, carolId] = [await idOf(alice.username), await idOf(carol.username)];
    expect(await t.app.games.createVersusGame([aliceId, carolId])).toMatchObject({ rated: true });
  });

  it('ends a daily left unfinished at the end of its day: lost, out of time', async () => {
    const erin = await registerUser(t.app);
    const { gameId } = (await erin.agent.get<DailyGameResponse>('/api/daily')).body;
    const board = (await erin.agent.get<GameDetailResponse>(`/api/games/${gameId}`)).body;
    expect(Date.parse(board.deadline!)).toBe(Date.parse(`${board.deadline!.slice(0, 10)}T00:00Z`));
    // Its day ends in a moment (the clock is woken by the database at commit, not by a poll).
    await t.app.db
      .update(games)
      .set({
        deadline: sql`now() + interval '300 milliseconds'`,
        clockDueAt: sql`now() + interval '300 milliseconds'`,
      })
      .where(eq(games.id, gameId));
    const side = await eventually(async () => {
      const [row] = await t.app.db.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId));
      return row?.status === 'lost' && row;
    }, 5_000);
    expect(side).toMatchObject({ status: 'lost', forfeit: true, outOfTime: true });
    const moved = await erin.agent.get<PlayResponse>(`/api/game/${gameId}/play/crane`);
    expect(moved.status).toBe(409);
  });
});
