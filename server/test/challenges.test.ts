import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/account-tables.ts';
import { gamePlayers, games } from '../src/db/game-tables.ts';
import { challenges } from '../src/db/social-tables.ts';
import { CHALLENGE_ERRORS } from '@jotto/shared/challenge-schemas';
import { registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Json = Record<string, unknown>;
/** A successful answer to POST /api/challenges/new; gameId when it started the game at once. */
type Sent = { result: string; challengeId: number; gameId?: number };

describe.each(DATABASE_KINDS)('challenges on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const userId = async (username: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!
      .id;

  /** The versus games both users play in. */
  async function gamesBetween(a: string, b: string): Promise<number[]> {
    const ids = [await userId(a), await userId(b)];
    const rows = await t.app.db
      .select({ gameId: gamePlayers.gameId, userId: gamePlayers.userId })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(inArray(gamePlayers.userId, ids));
    const byGame = new Map<number, Set<number | null>>();
    for (const row of rows)
      byGame.set(row.gameId, (byGame.get(row.gameId) ?? new Set()).add(row.userId));
    return [...byGame].filter(([, players]) => players.size === 2).map(([gameId]) => gameId);
  }

  it('a challenge shows on both sides; accepting starts one game both players can open', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const sent = await alice.agent.post<Sent>('/api/challenges/new', {
      username: bob.username.toUpperCase(),
    });
    expect(sent).toMatchObject({
      status: 200,
      body: { result: 'ok', challengeId: expect.any(Number) },
    });
    expect(sent.body.gameId).toBeUndefined();
    const challengeId = sent.body.challengeId;

    const out = await alice.agent.post<Json>('/api/challenges', { type: 'out' });
    expect(out.body.challenges).toEqual([
      expect.objectContaining({
        id: challengeId,
        sender: alice.username,
        recipient: bob.username,
        timeAgo: 'just now',
      }),
    ]);
    expect(
      (await alice.agent.post<Json>('/api/challenges', { type: 'in' })).body.challenges,
    ).toEqual([]);
    const incoming = await bob.agent.post<Json>('/api/challenges', { type: 'in' });
    expect(incoming.body.challenges).toEqual([
      expect.objectContaining({ id: challengeId, sender: alice.username }),
    ]);

    expect((await alice.agent.get<Json>(`/api/challenges/${challengeId}/info`)).body).toEqual({
      result: 'ok',
      challengeId,
    });
    const accepted = await bob.agent.post<Json>('/api/challenges/accept', {
      challenge_id: challengeId,
    });
    expect(accepted).toMatchObject({
      status: 200,
      body: { result: 'ok', challengeId, gameId: expect.any(Number) },
    });
    const gameId = accepted.body.gameId as number;
    expect((await alice.agent.get<Json>(`/api/challenges/${challengeId}/info`)).body).toEqual({
      result: 'ok',
      challengeId,
      gameId,
    });
    expect((await bob.agent.get<Json>(`/api/challenges/${challengeId}/info`)).body).toEqual({
      result: 'ok',
      challengeId,
      gameId,
    });

    const aliceView = await alice.agent.get<Json>(`/api/games/${gameId}`);
    const bobView = await bob.agent.get<Json>(`/api/games/${gameId}`);
    expect(aliceView.body).toMatchObject({
      multiplayer: true,
      enemyName: bob.username,
      score: 100,
    });
    expect(bobView.body).toMatchObject({
      multiplayer: true,
      enemyName: alice.username,
      score: 100,
    });
    expect(
      (await alice.agent.post<Json>('/api/challenges', { type: 'out' })).body.challenges,
    ).toEqual([]);
    expect((await bob.agent.post<Json>('/api/challenges', { type: 'in' })).body.challenges).toEqual(
      [],
    );
  });

  it('deny ends it: info says stop and no game is made', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const { challengeId } = (
      await alice.agent.post<Sent>('/api/challenges/new', { username: bob.username })
    ).body;
    expect(
      (await bob.agent.post<Json>('/api/challenges/deny', { challenge_id: challengeId })).body,
    ).toEqual({
      result: 'ok',
      challengeId,
    });
    expect((await alice.agent.get<Json>(`/api/challenges/${challengeId}/info`)).body).toEqual({
      result: 'stop',
      challengeId,
    });
    expect(
      await bob.agent.post('/api/challenges/accept', { challenge_id: challengeId }),
    ).toMatchObject({
      status: 409,
      body: { err: CHALLENGE_ERRORS.notPending },
    });
    expect(await gamesBetween(alice.username, bob.username)).toEqual([]);
  });

  it('only the two players see or act on a challenge; the sender cannot accept it', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const carol = await registerUser(t.app);
    const { challengeId } = (
      await alice.agent.post<Sent>('/api/challenges/new', { username: bob.username })
    ).body;
    for (const response of [
      await carol.agent.get(`/api/challenges/${challengeId}/info`),
      await carol.agent.post('/api/challenges/accept', { challenge_id: challengeId }),
      await carol.agent.post('/api/challenges/deny', { challenge_id: challengeId }),
      await bob.agent.get('/api/challenges/999999/info'),
    ]) {
      expect(response).toMatchObject({
        status: 404,
        body: { result: 'error', err: CHALLENGE_ERRORS.notFound },
      });
    }
    expect(
      await alice.agent.post('/api/challenges/accept', { challenge_id: challengeId }),
    ).toMatchObject({
      status: 403,
      body: { err: CHALLENGE_ERRORS.onlyRecipient },
    });
    expect(
      (await carol.agent.post<Json>('/api/challenges', { type: 'in' })).body.challenges,
    ).toEqual([]);
  });

  it('refuses bad targets and bad input', async () => {
    const alice = await registerUser(t.app);
    expect(
      await alice.agent.post('/api/challenges/new', { username: alice.username }),
    ).toMatchObject({
      status: 400,
      body: { err: CHALLENGE_ERRORS.yourself },
    });
    expect(
      await alice.agent.post('/api/challenges/new', { username: 'nobody_here_x' }),
    ).toMatchObject({
      status: 404,
      body: { err: CHALLENGE_ERRORS.unknownUser },
    });
    for (const body of [{}, { username: '' }, { username: 5 }, { username: 'x'.repeat(100) }]) {
      expect((await alice.agent.post('/api/challenges/new', body)).status).toBe(400);
    }
    for (const body of [{}, { challenge_id: 'abc' }, { challenge_id: -1 }, { challenge_id: 1.5 }]) {
      expect((await alice.agent.post('/api/challenges/accept', body)).status).toBe(400);
    }
    expect((await alice.agent.post('/api/challenges', { type: 'sideways' })).status).toBe(400);
    expect((await alice.agent.get('/api/challenges/abc/info')).status).toBe(400);
    const guest = new TestAgent(t.app);
    expect((await guest.post('/api/challenges', { type: 'in' })).status).toBe(401);
    expect((await guest.post('/api/challenges/new', { username: alice.username })).status).toBe(
      401,
    );
  });

  it('a second identical challenge keeps one pending challenge', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const first = await alice.agent.post<Sent>('/api/challenges/new', { username: bob.username });
    const second = await alice.agent.post<Sent>('/api/challenges/new', { username: bob.username });
    expect(second.body.challengeId).toBe(first.body.challengeId);
    expect(
      (await bob.agent.post<Json>('/api/challenges', { type: 'in' })).body.challenges,
    ).toHaveLength(1);
  });

  it('challenging someone who already challenged me starts the game at once', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const { challengeId } = (
      await alice.agent.post<Sent>('/api/challenges/new', { username: bob.username })
    ).body;
    const back = await bob.agent.post<Sent>('/api/challenges/new', { username: alice.username });
    expect(back.body).toMatchObject({ result: 'ok', challengeId, gameId: expect.any(Number) });
    expect((await alice.agent.get<Json>(`/api/challenges/${challengeId}/info`)).body).toEqual({
      result: 'ok',
      challengeId,
      gameId: back.body.gameId,
    });
    expect(await gamesBetween(alice.username, bob.username)).toEqual([back.body.gameId]);
  });

  it('pending challenges expire after 7 days', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const { challengeId } = (
      await alice.agent.post<Sent>('/api/challenges/new', { username: bob.username })
    ).body;
    await t.app.db
      .update(challenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(challenges.id, challengeId));
    expect((await alice.agent.get<Json>(`/api/challenges/${challengeId}/info`)).body).toEqual({
      result: 'stop',
      challengeId,
    });
    expect((await bob.agent.post<Json>('/api/challenges', { type: 'in' })).body.challenges).toEqual(
      [],
    );
    expect(
      (await bob.agent.post('/api/challenges/accept', { challenge_id: challengeId })).status,
    ).toBe(409);
    // A fresh challenge can be sent after the old one expired.
    const again = await alice.agent.post<Sent>('/api/challenges/new', { username: bob.username });
    expect(again.body.challengeId).not.toBe(challengeId);
    const [row] = await t.app.db
      .select()
      .from(challenges)
      .where(eq(challenges.id, again.body.challengeId));
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 1);
  });

  it('makes exactly one game under concurrent accepts', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const { challengeId } = (
      await alice.agent.post<Sent>('/api/challenges/new', { username: bob.username })
    ).body;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        bob.agent.post<Json>('/api/challenges/accept', { challenge_id: challengeId }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await gamesBetween(alice.username, bob.username)).toHaveLength(1);
  });

  it('makes exactly one game when both players press Rematch at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      const [fromAlice, fromBob] = await Promise.all([
        alice.agent.post<Sent>('/api/challenges/new', { username: bob.username }),
        bob.agent.post<Sent>('/api/challenges/new', { username: alice.username }),
      ]);
      expect(fromAlice.status).toBe(200);
      expect(fromBob.status).toBe(200);
      const created = await gamesBetween(alice.username, bob.username);
      expect(created).toHaveLength(1);
      // One of them got the game at once; the other learns it from the challenge info.
      const direct = [fromAlice, fromBob].filter((r) => r.body.gameId !== undefined);
      expect(direct).toHaveLength(1);
      expect(direct[0]!.body.gameId).toBe(created[0]);
      const waiting = [fromAlice, fromBob].find((r) => r.body.gameId === undefined)!;
      expect(waiting.body.challengeId).toBe(direct[0]!.body.challengeId);
      const info = await alice.agent.get<Json>(`/api/challenges/${waiting.body.challengeId}/info`);
      expect(info.body).toEqual({
        result: 'ok',
        challengeId: waiting.body.challengeId,
        gameId: created[0],
      });
    }
  });

  describe('open challenges', () => {
    it('wait in a queue and pair with the next open challenger', async () => {
      // Drain any open challenge left by another test so this one starts from an empty queue.
      const sweeper = await registerUser(t.app);
      await sweeper.agent.post('/api/challenges/new', { username: '@open' });
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      let first = await alice.agent.post<Sent>('/api/challenges/new', { username: '@open' });
      if (first.body.gameId !== undefined)
        first = await alice.agent.post<Sent>('/api/challenges/new', { username: '@open' });
      expect(first.body).toMatchObject({ result: 'ok', challengeId: expect.any(Number) });
      expect(first.body.gameId).toBeUndefined();
      const out = await alice.agent.post<Json>('/api/challenges', { type: 'out' });
      expect(out.body.challenges).toEqual([
        expect.objectContaining({ recipient: '@open', sender: alice.username }),
      ]);
      const again = await alice.agent.post<Sent>('/api/challenges/new', { username: '@open' });
      expect(again.body.challengeId).toBe(first.body.challengeId);
      expect(again.body.gameId).toBeUndefined();

      const paired = await bob.agent.post<Sent>('/api/challenges/new', { username: '@open' });
      expect(paired.body).toMatchObject({
        challengeId: first.body.challengeId,
        gameId: expect.any(Number),
      });
      expect(
        (await alice.agent.get<Json>(`/api/challenges/${first.body.challengeId}/info`)).body,
      ).toEqual({
        result: 'ok',
        challengeId: first.body.challengeId,
        gameId: paired.body.gameId,
      });
      expect((await alice.agent.get<Json>(`/api/games/${paired.body.gameId}`)).body).toMatchObject({
        enemyName: bob.username,
      });
    });

    it('pairs concurrent open challengers two by two, each in exactly one game', async () => {
      const sweeper = await registerUser(t.app);
      await sweeper.agent.post('/api/challenges/new', { username: '@open' });
      await sweeper.agent.post('/api/challenges/new', { username: '@open' });
      const players = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app)));
      // The sweeper may now be waiting; pair it away first so six players remain.
      const filler = await registerUser(t.app);
      await filler.agent.post('/api/challenges/new', { username: '@open' });
      const responses = await Promise.all(
        players.map((p) => p.agent.post<Sent>('/api/challenges/new', { username: '@open' })),
      );
      expect(responses.every((r) => r.status === 200)).toBe(true);
      expect(responses.filter((r) => r.body.gameId !== undefined)).toHaveLength(3);
      const ids = await Promise.all(players.map((p) => userId(p.username)));
      const rows = await t.app.db
        .select()
        .from(gamePlayers)
        .where(inArray(gamePlayers.userId, ids));
      const perUser = new Map<number, number>();
      for (const row of rows) perUser.set(row.userId!, (perUser.get(row.userId!) ?? 0) + 1);
      expect([...perUser.values()]).toEqual([1, 1, 1, 1, 1, 1]);
    });
  });
});
