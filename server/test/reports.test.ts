import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userReports } from '../src/db/moderation-tables.ts';
import { registerPlayer, type RegisteredPlayer, startTestApp, type TestApp } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Json = Record<string, unknown>;
type Player = RegisteredPlayer;

describe.each(DATABASE_KINDS)('reports on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const player = () => registerPlayer(t.app, 'r');
  const report = (from: Player, body: Json) => from.agent.post<Json>('/api/user/report', body);
  /** A versus game between two players, through a challenge. */
  const gameBetween = async (a: Player, b: Player) => {
    const sent = await a.agent.post<{ challengeId: number }>('/api/challenges/new', {
      username: b.username,
    });
    const accepted = await b.agent.post<{ gameId: number }>('/api/challenges/accept', {
      challenge_id: sent.body.challengeId,
    });
    return accepted.body.gameId;
  };

  it('files a report, with or without a game the two played', async () => {
    const [me, them, someone] = [await player(), await player(), await player()];
    const gameId = await gameBetween(me, them);
    const filed = await report(me, {
      username: them.username.toUpperCase(),
      reason: 'cheating',
      gameId,
      note: 'Guessed the word first try, five games in a row.',
    });
    expect(filed).toMatchObject({
      status: 200,
      body: { result: 'ok', reportId: expect.any(Number) },
    });
    const [row] = await t.app.db
      .select()
      .from(userReports)
      .where(eq(userReports.id, filed.body.reportId as number));
    expect(row).toMatchObject({
      reporterId: me.id,
      reportedId: them.id,
      reason: 'cheating',
      gameId,
      resolvedAt: null,
    });
    expect((await report(me, { username: someone.username, reason: 'name' })).status).toBe(200);
  });

  it('refuses unknown players, oneself, a game not between the two, bad input', async () => {
    const [me, them, other] = [await player(), await player(), await player()];
    expect(await report(me, { username: 'no_such_player', reason: 'abuse' })).toMatchObject({
      status: 404,
      body: { result: 'error', err: 'No player has that username' },
    });
    expect(await report(me, { username: me.username, reason: 'abuse' })).toMatchObject({
      status: 400,
      body: { result: 'error', err: 'You cannot report yourself' },
    });
    const theirGame = await gameBetween(them, other);
    for (const gameId of [theirGame, 2_000_000_000]) {
      expect(await report(me, { username: them.username, reason: 'abuse', gameId })).toMatchObject({
        status: 400,
        body: { result: 'error', err: 'That game is not between you two' },
      });
    }
    for (const body of [
      { username: them.username, reason: 'rude' },
      { username: them.username, reason: 'other', note: 'x'.repeat(501) },
      { username: them.username, reason: 'other', extra: 1 },
      { username: them.username },
    ]) {
      const answer = await report(me, body);
      expect(answer.status).toBe(400);
      expect(answer.body.result).toBe('error');
    }
    expect(
      (await report(me, { username: them.username, reason: 'other', note: 'x'.repeat(500) }))
        .status,
    ).toBe(200);
  });

  it('keeps one open report per pair, even sent twice at once; a resolved one allows another', async () => {
    const [me, them] = [await player(), await player()];
    const both = await Promise.all([
      report(me, { username: them.username, reason: 'abuse' }),
      report(me, { username: them.username, reason: 'abuse' }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(both.find((answer) => answer.status === 409)!.body).toEqual({
      result: 'error',
      err: 'You already reported this player',
    });
    const rows = await t.app.db.select().from(userReports).where(eq(userReports.reporterId, me.id));
    expect(rows).toHaveLength(1);
    // Another player may report them too.
    const other = await player();
    expect((await report(other, { username: them.username, reason: 'abuse' })).status).toBe(200);
    await t.app.db
      .update(userReports)
      .set({ resolvedAt: new Date(), action: 'none' })
      .where(eq(userReports.reporterId, me.id));
    expect((await report(me, { username: them.username, reason: 'other' })).status).toBe(200);
  });

  it('allows 10 reports in a rolling 24 hours; two sent at once cannot both be the tenth', async () => {
    const me = await player();
    const targets: Player[] = [];
    for (let i = 0; i < 12; i += 1) targets.push(await player());
    for (const target of targets.slice(0, 9)) {
      expect((await report(me, { username: target.username, reason: 'other' })).status).toBe(200);
    }
    const racing = await Promise.all(
      targets
        .slice(9, 11)
        .map((target) => report(me, { username: target.username, reason: 'other' })),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(racing.find((answer) => answer.status === 429)!.body).toEqual({
      result: 'error',
      err: 'You can send 10 reports a day',
    });
    expect(await report(me, { username: targets[11]!.username, reason: 'other' })).toMatchObject({
      status: 429,
    });
    // A day later the oldest no longer count.
    await t.app.db
      .update(userReports)
      .set({ createdAt: sql`${userReports.createdAt} - interval '25 hours'` })
      .where(eq(userReports.reporterId, me.id));
    expect((await report(me, { username: targets[11]!.username, reason: 'other' })).status).toBe(
      200,
    );
  });
});
