import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import {
  type ClientSocket,
  connected,
  openSocket,
  recordEvents,
} from '@jotto/test-support/socket-client';
import { users } from '../src/db/account-tables.ts';
import { gamePlayers, guesses } from '../src/db/game-tables.ts';
import { userReports } from '../src/db/moderation-tables.ts';
import {
  registerPlayer,
  type RegisteredPlayer,
  startTestApp,
  TestAgent,
  type TestApp,
} from './test-app.ts';
import { TEST_REDIS_URL } from './test-environment.ts';
import { runAdmin } from './admin-cli-process.ts';

// Each run starts a process of its own (a few seconds on a busy machine).
describe('pnpm admin reports / resolve', { timeout: 120_000 }, () => {
  let t: TestApp;
  let env: Record<string, string>;
  let baseUrl: string;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    t = await startTestApp('postgres', { REDIS_URL: TEST_REDIS_URL });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    env = { DATABASE_URL: t.databaseUrl!, REDIS_URL: TEST_REDIS_URL };
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await t.close();
  });

  const report = async (from: RegisteredPlayer, body: Record<string, unknown>) => {
    const answer = await from.agent.post<{ reportId: number }>('/api/user/report', body);
    expect(answer.status).toBe(200);
    return answer.body.reportId;
  };
  /** A versus game between two players, each with the guesses given (word and count). */
  const gameWithMoves = async (
    a: RegisteredPlayer,
    b: RegisteredPlayer,
    moves: Record<number, Array<[string, number]>>,
  ) => {
    const sent = await a.agent.post<{ challengeId: number }>('/api/challenges/new', {
      username: b.username,
    });
    const { gameId } = (
      await b.agent.post<{ gameId: number }>('/api/challenges/accept', {
        challenge_id: sent.body.challengeId,
      })
    ).body;
    const sides = await t.app.db
      .select({ id: gamePlayers.id, userId: gamePlayers.userId })
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, gameId));
    for (const side of sides) {
      for (const [word, matches] of moves[side.userId!] ?? []) {
        await t.app.db.insert(guesses).values({ playerId: side.id, word, matches });
      }
    }
    return gameId;
  };

  it('lists the open reports oldest first, with the game’s moves and recent results', async () => {
    const reporter = await registerPlayer(t.app, 'rep');
    const reported = await registerPlayer(t.app, 'bad');
    const gameId = await gameWithMoves(reporter, reported, {
      [reporter.id]: [
        ['crane', 2],
        ['plumb', 0],
      ],
      [reported.id]: [['ghost', 5]],
    });
    const first = await report(reporter, {
      username: reported.username,
      reason: 'cheating',
      gameId,
      note: 'Five in one',
    });
    const second = await report(reported, { username: reporter.username, reason: 'name' });
    const run = await runAdmin(['reports'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const at = (text: string) => run.stdout.indexOf(text);
    expect(at(`Report #${first}`)).toBeGreaterThanOrEqual(0);
    expect(at(`Report #${second}`)).toBeGreaterThan(at(`Report #${first}`));
    const block = run.stdout.slice(at(`Report #${first}`), at(`Report #${second}`));
    expect(block).toContain(`reporter: ${reporter.username}`);
    expect(block).toContain(`reported: ${reported.username}`);
    expect(block).toContain('reason:   cheating');
    expect(block).toContain('note:     Five in one');
    expect(block).toContain(`game #${gameId} (versus, in play)`);
    expect(block).toContain('2 guesses: crane 2, plumb 0');
    expect(block).toContain('1 guess: ghost 5');
    expect(block).toContain(`${reporter.username}'s recent results: none`);
    expect(block).toContain(`${reported.username}'s recent results: none`);
  });

  it('refuses an unknown report, an unknown action, and a report already resolved', async () => {
    const unknown = await runAdmin(['resolve', '999999', '--action', 'none'], env);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('No report #999999.');
    const badAction = await runAdmin(['resolve', '1', '--action', 'delete'], env);
    expect(badAction.code).toBe(2);
    expect(badAction.stderr).toContain('Unknown action "delete": use none, rename, ban.');
    for (const args of [
      ['resolve', '1'],
      ['resolve', 'x', '--action', 'none'],
    ]) {
      const run = await runAdmin(args, env);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
    }
    const [a, b] = [await registerPlayer(t.app, 'x'), await registerPlayer(t.app, 'y')];
    const id = await report(a, { username: b.username, reason: 'other' });
    expect(await runAdmin(['resolve', String(id), '--action', 'none'], env)).toMatchObject({
      code: 0,
    });
    const again = await runAdmin(['resolve', String(id), '--action', 'ban'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Report #${id} is already resolved (action: none)`);
    const [row] = await t.app.db.select().from(userReports).where(eq(userReports.id, id));
    expect(row).toMatchObject({ action: 'none', resolvedAt: expect.any(Date) });
    expect((await runAdmin(['reports'], env)).stdout).not.toContain(`Report #${id} `);
  });

  it('rename gives the reported account the neutral name player{id}', async () => {
    const [a, b] = [await registerPlayer(t.app, 'x'), await registerPlayer(t.app, 'y')];
    const id = await report(a, { username: b.username, reason: 'name' });
    const run = await runAdmin(['resolve', String(id), '--action', 'rename'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`${b.username} is now player${b.id}.`);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, b.id));
    expect(row).toMatchObject({ username: `player${b.id}`, usernameSkeleton: expect.any(String) });
    expect((await t.app.db.select().from(users).where(eq(users.id, b.id)))[0]!.bannedAt).toBeNull();
    // Their session now speaks for the new name, on this node at once.
    expect((await b.agent.get('/api/user/info')).body).toEqual({
      result: 'ok',
      msg: `player${b.id}`,
    });
    expect((await a.agent.get(`/api/profile/${b.username}`)).status).toBe(404);
  });

  it('ban ends the sessions and sockets at once, and refuses every later sign-in', async () => {
    const [a, b] = [await registerPlayer(t.app, 'x'), await registerPlayer(t.app, 'y')];
    const id = await report(a, { username: b.username, reason: 'abuse' });
    // A challenge from the account banned waits for A; A's friend request waits for it.
    const challenged = await b.agent.post<{ challengeId: number }>('/api/challenges/new', {
      username: a.username,
    });
    await a.agent.get(`/api/friends/add/${b.username}`);
    expect(
      (await a.agent.get<{ notices: unknown[] }>('/api/user/notices')).body.notices,
    ).toHaveLength(1);
    const aTab = openSocket(baseUrl, a.agent.cookies.get(SESSION_COOKIE));
    sockets.push(aTab);
    await connected(aTab);
    const answered = recordEvents(aTab, ['challenge:answered']);
    const socket = openSocket(baseUrl, b.agent.cookies.get(SESSION_COOKIE));
    sockets.push(socket);
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const run = await runAdmin(['resolve', String(id), '--action', 'ban'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`${b.username} is banned: 1 session(s) ended.`);
    // Told over Redis, not found by the 30 s re-check.
    expect(await closed).toBe('io server disconnect');
    // Its pending challenge and request are withdrawn: A's notice goes, with no 'declined'.
    await answered.waitFor(1);
    expect(answered.events.map((event) => event.payload)).toEqual([
      { challengeId: challenged.body.challengeId },
    ]);
    expect((await a.agent.get<{ notices: unknown[] }>('/api/user/notices')).body.notices).toEqual(
      [],
    );
    const outgoing = await a.agent.post<{ challenges: unknown[] }>('/api/challenges', {
      type: 'out',
    });
    expect(outgoing.body.challenges).toEqual([]);
    expect((await a.agent.get<{ result: string }>(`/api/friends/add/${b.username}`)).status).toBe(
      200,
    );

    expect((await b.agent.get('/api/user/blocked')).status).toBe(401);
    const login = await new TestAgent(t.app).post('/api/login', {
      username: b.username,
      password: 'secret1',
    });
    expect(login).toMatchObject({
      status: 403,
      body: { result: 'error', err: 'This account is banned' },
    });
    // A wrong password still says only that.
    expect(
      (await new TestAgent(t.app).post('/api/login', { username: b.username, password: 'nope12' }))
        .status,
    ).toBe(401);
    // Registration cannot take the name back.
    const again = await new TestAgent(t.app).post('/api/register', {
      username: b.username,
      email: `again-${b.username}@example.com`,
      password: 'secret1',
    });
    expect(again.status).toBe(409);
    // A session that would remain (made behind the ban's back) speaks for nobody.
    const { sessionId } = await t.app.sessions.create(b.id);
    const leftover = new TestAgent(t.app);
    leftover.cookies.set(SESSION_COOKIE, sessionId);
    expect((await leftover.get('/api/user/blocked')).status).toBe(401);
    const refused = openSocket(baseUrl, sessionId);
    sockets.push(refused);
    await expect(connected(refused)).rejects.toThrow('unauthorized');
    const [row] = await t.app.db
      .select({ bannedAt: users.bannedAt })
      .from(users)
      .where(inArray(users.id, [b.id]));
    expect(row!.bannedAt).toBeInstanceOf(Date);
  });
});
