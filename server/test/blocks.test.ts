import { and, eq, inArray, or } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notice } from '@jotto/shared/notice-schemas';
import postgres from 'postgres';
import { ADVISORY_LOCKS, pairLockKey } from '../src/db/advisory-locks.ts';
import { userBlocks } from '../src/db/moderation-tables.ts';
import { gamePlayers } from '../src/db/game-tables.ts';
import { challenges, friendRequests, friendships, matchSeeks } from '../src/db/social-tables.ts';
import { sql } from 'drizzle-orm';
import {
  registerPlayer,
  type RegisteredPlayer,
  startTestApp,
  TestAgent,
  type TestApp,
} from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Json = Record<string, unknown>;
type Player = RegisteredPlayer;

describe.each(DATABASE_KINDS)('blocks on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Every event the notifier sends from now on, as [userId, event, payload]. */
  const recordNotices = () => {
    const events: Array<[number, string, unknown]> = [];
    const notify = t.app.notifier.notify.bind(t.app.notifier);
    vi.spyOn(t.app.notifier, 'notify').mockImplementation((userId, event, payload) => {
      events.push([userId, event, payload]);
      notify(userId, event, payload);
    });
    return events;
  };
  const player = () => registerPlayer(t.app, 'b');
  const players = async (): Promise<[Player, Player]> => [await player(), await player()];
  const trio = async (): Promise<[Player, Player, Player]> => [
    await player(),
    await player(),
    await player(),
  ];
  const block = (who: Player, whom: string) =>
    who.agent.post<Json>('/api/user/block', { username: whom });
  const challenge = (from: Player, to: Player) =>
    from.agent.post<{ result: string; challengeId: number; message: string; gameId?: number }>(
      '/api/challenges/new',
      { username: to.username },
    );
  const noticesOf = async (player: Player) =>
    (await player.agent.get<{ notices: Notice[] }>('/api/user/notices')).body.notices;
  const infoOf = async (player: Player, challengeId: number) =>
    (await player.agent.get<Json>(`/api/challenges/${challengeId}/info`)).body;
  const friendRequestsOf = async (player: Player) =>
    (await player.agent.get<{ requests: Json[] }>('/api/user/friend_requests')).body.requests;

  it('blocks and unblocks by name, idempotently; lists the blocked newest first', async () => {
    const [me, first, second] = await trio();
    expect(await block(me, 'no_such_player')).toMatchObject({
      status: 404,
      body: { result: 'error', err: 'No player has that username' },
    });
    expect(await block(me, me.username.toUpperCase())).toMatchObject({
      status: 400,
      body: { result: 'error', err: 'You cannot block yourself' },
    });
    expect(await block(me, first.username.toUpperCase())).toMatchObject({
      status: 200,
      body: { result: 'ok' },
    });
    expect((await block(me, first.username)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await block(me, second.username)).status).toBe(200);
    const listed = await me.agent.get<{ users: { username: string; since: string }[] }>(
      '/api/user/blocked',
    );
    expect(listed.body.users.map((user) => user.username)).toEqual([
      second.username,
      first.username,
    ]);
    expect(Number.isNaN(Date.parse(listed.body.users[0]!.since))).toBe(false);
    expect(await me.agent.post('/api/user/unblock', { username: first.username })).toMatchObject({
      status: 200,
      body: { result: 'ok' },
    });
    expect((await me.agent.post('/api/user/unblock', { username: first.username })).status).toBe(
      200,
    );
    expect(
      (await me.agent.post<Json>('/api/user/unblock', { username: 'no_such_player' })).status,
    ).toBe(404);
    const after = await me.agent.get<{ users: { username: string }[] }>('/api/user/blocked');
    expect(after.body.users.map((user) => user.username)).toEqual([second.username]);
    // Only for accounts.
    expect((await new TestAgent(t.app).get('/api/user/blocked')).status).toBe(401);
  });

  it('ends the friendship and withdraws pending challenges and requests both ways, notices too', async () => {
    const [blocker, blocked, friend] = await trio();
    // A friendship, then a challenge each way and a friend request each way with a third.
    await blocker.agent.get(`/api/friends/add/${blocked.username}`);
    await blocked.agent.get(`/api/friends/add/${blocker.username}`);
    const mine = (await challenge(blocker, blocked)).body.challengeId;
    // Their challenge to me would start the game (mutual): a second pair for the other way.
    const [blocker2, blocked2] = await players();
    const theirs = (await challenge(blocked2, blocker2)).body.challengeId;
    await blocked2.agent.get(`/api/friends/add/${blocker2.username}`);
    await blocker2.agent.get(`/api/friends/add/${friend.username}`);
    expect((await noticesOf(blocked)).map((n) => n.kind)).toContain('challenge-received');
    expect((await noticesOf(blocker2)).map((n) => n.kind).sort()).toEqual([
      'challenge-received',
      'friend-request',
    ]);

    const events = recordNotices();
    expect((await block(blocker, blocked.username)).status).toBe(200);
    expect((await block(blocker2, blocked2.username)).status).toBe(200);

    // The friendship is gone both ways.
    const friendshipRows = await t.app.db
      .select()
      .from(friendships)
      .where(
        or(
          and(eq(friendships.userId, blocker.id), eq(friendships.friendId, blocked.id)),
          and(eq(friendships.userId, blocked.id), eq(friendships.friendId, blocker.id)),
        ),
      );
    expect(friendshipRows).toEqual([]);
    // Both challenges stop; nothing pending is left between either pair.
    expect(await infoOf(blocker, mine)).toEqual({ result: 'stop', challengeId: mine });
    expect(await infoOf(blocked2, theirs)).toEqual({ result: 'stop', challengeId: theirs });
    const pending = await t.app.db
      .select()
      .from(challenges)
      .where(and(inArray(challenges.id, [mine, theirs]), eq(challenges.status, 'pending')));
    expect(pending).toEqual([]);
    const requests = await t.app.db
      .select({ status: friendRequests.status })
      .from(friendRequests)
      .where(
        and(eq(friendRequests.senderId, blocked2.id), eq(friendRequests.recipientId, blocker2.id)),
      );
    expect(requests).toEqual([{ status: 'denied' }]);
    // Notices: the challenge to the player blocked goes; the blocker is told of no decline.
    expect(await noticesOf(blocked)).toEqual([]);
    expect(await noticesOf(blocker)).toEqual([]);
    // The blocker's requests go; the blocked sender sees a decline, as for every later one.
    expect(await noticesOf(blocker2)).toEqual([]);
    expect(await noticesOf(blocked2)).toEqual([
      { kind: 'challenge-denied', challengeId: theirs, name: blocker2.username },
    ]);
    // A request of the blocker's to someone else is untouched.
    expect((await friendRequestsOf(friend)).map((r) => r.name)).toEqual([blocker2.username]);
    // And the events that take the notices away everywhere, after commit.
    expect(events).toEqual(
      expect.arrayContaining([
        [blocked.id, 'challenge:answered', { challengeId: mine }],
        [blocker2.id, 'challenge:answered', { challengeId: theirs }],
        [blocked2.id, 'challenge:denied', { challengeId: theirs }],
        [blocker2.id, 'friend:answered', { id: expect.any(Number) }],
      ]),
    );
    expect(events.filter(([userId]) => userId === blocker.id)).toEqual([]);
  });

  it("answers the blocked player's challenge as a denied one: nothing reaches the blocker", async () => {
    const [blocker, blocked] = await players();
    await block(blocker, blocked.username);
    const events = recordNotices();
    const sent = await challenge(blocked, blocker);
    expect(sent).toMatchObject({
      status: 200,
      body: { result: 'ok', challengeId: expect.any(Number), message: 'Challenge sent!' },
    });
    expect(sent.body.gameId).toBeUndefined();
    const { challengeId } = sent.body;
    expect(events).toEqual([[blocked.id, 'challenge:denied', { challengeId }]]);
    expect(await infoOf(blocked, challengeId)).toEqual({ result: 'stop', challengeId });
    expect(await noticesOf(blocked)).toEqual([
      { kind: 'challenge-denied', challengeId, name: blocker.username },
    ]);
    expect(await noticesOf(blocker)).toEqual([]);
    const incoming = await blocker.agent.post<{ challenges: Json[] }>('/api/challenges', {
      type: 'in',
    });
    expect(incoming.body.challenges).toEqual([]);
    // Nothing for the blocker to answer either.
    expect(
      (await blocker.agent.post('/api/challenges/accept', { challenge_id: challengeId })).status,
    ).toBe(409);
  });

  it("answers the blocked player's friend request as sent, and keeps nothing the blocker sees", async () => {
    const [blocker, blocked] = await players();
    await block(blocker, blocked.username);
    const events = recordNotices();
    expect(await blocked.agent.get(`/api/friends/add/${blocker.username}`)).toMatchObject({
      status: 200,
      body: { result: 'ok', msg: `Friend request sent to ${blocker.username}!` },
    });
    expect(events).toEqual([]);
    expect(await friendRequestsOf(blocker)).toEqual([]);
    expect(await noticesOf(blocker)).toEqual([]);
    const rows = await t.app.db
      .select()
      .from(friendRequests)
      .where(eq(friendRequests.recipientId, blocker.id));
    expect(rows).toEqual([]);
  });

  it('leaves nothing pending for the blocker when a challenge and a request race the block', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [blocker, blocked] = await players();
      const [blocking, challenged, requested] = await Promise.all([
        block(blocker, blocked.username),
        challenge(blocked, blocker),
        blocked.agent.get<Json>(`/api/friends/add/${blocker.username}`),
      ]);
      expect([blocking.status, challenged.status, requested.status]).toEqual([200, 200, 200]);
      expect(await noticesOf(blocker)).toEqual([]);
      expect(await friendRequestsOf(blocker)).toEqual([]);
      const pending = await t.app.db
        .select()
        .from(challenges)
        .where(and(eq(challenges.recipientId, blocker.id), eq(challenges.status, 'pending')));
      expect(pending).toEqual([]);
    }
  });

  it("refuses the blocker's own challenge and friend request: 409 'You blocked {name}'", async () => {
    const [blocker, blocked] = await players();
    await block(blocker, blocked.username);
    const refusal = {
      status: 409,
      body: { result: 'error', err: `You blocked ${blocked.username}` },
    };
    expect(await challenge(blocker, blocked)).toMatchObject(refusal);
    expect(await blocker.agent.get(`/api/friends/add/${blocked.username}`)).toMatchObject(refusal);
    // Unblocked, both go through again.
    await blocker.agent.post('/api/user/unblock', { username: blocked.username });
    expect((await challenge(blocker, blocked)).body.message).toBe('Challenge sent!');
    expect((await blocker.agent.get<Json>(`/api/friends/add/${blocked.username}`)).status).toBe(
      200,
    );
  });

  it('starts no game from an old challenge between a blocked pair', async () => {
    const [sender, recipient] = await players();
    const { challengeId } = (await challenge(sender, recipient)).body;
    // A block recorded as the challenge was made (the route would have withdrawn it).
    await t.app.db.insert(userBlocks).values({ blockerId: recipient.id, blockedId: sender.id });
    expect(
      await recipient.agent.post('/api/challenges/accept', { challenge_id: challengeId }),
    ).toMatchObject({
      status: 409,
      body: { result: 'error', err: 'This challenge is no longer pending' },
    });
    const games = await t.app.db
      .select()
      .from(gamePlayers)
      .where(inArray(gamePlayers.userId, [sender.id, recipient.id]));
    expect(games).toEqual([]);
  });

  it('never pairs a blocked pair through open challenges', async () => {
    const [blocker, blocked, other] = await trio();
    await block(blocked, blocker.username);
    const open = (player: Player) =>
      player.agent.post<Json>('/api/challenges/new', { username: '@open' });
    expect((await open(blocker)).body.gameId).toBeUndefined();
    expect((await open(blocked)).body.gameId).toBeUndefined();
    expect((await open(other)).body.gameId).toEqual(expect.any(Number));
  });

  // Postgres only: PGlite has one connection, so nothing there commits beside a pairing.
  it.runIf(kind === 'postgres')(
    'never pairs open challenges across a block committing as they pair',
    async () => {
      const [waiting, blocked] = await players();
      // Earlier tests' open challenges out of the queue: the one waiting is this test's.
      await t.app.db
        .update(challenges)
        .set({ status: 'denied' })
        .where(and(eq(challenges.isOpen, true), eq(challenges.status, 'pending')));
      const open = (player: Player) =>
        player.agent.post<Json>('/api/challenges/new', { username: '@open' });
      expect((await open(waiting)).body.gameId).toBeUndefined();
      // The block, as the block service writes it, under the pair's lock, not yet committed.
      const raw = postgres(t.databaseUrl!, { max: 2, onnotice: () => {} });
      const blocker = await raw.reserve();
      try {
        await blocker`BEGIN`;
        await blocker`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.challengePair}, ${pairLockKey(waiting.id, blocked.id)})`;
        await blocker`INSERT INTO user_blocks (blocker_id, blocked_id) VALUES (${waiting.id}, ${blocked.id})`;
        const sent = open(blocked);
        // The pairing found the waiting challenge (the block is not committed) and waits for
        // the pair's lock.
        const waitsForLock = async () =>
          (
            await raw`SELECT 1 FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`
          ).length > 0;
        const until = Date.now() + 5_000;
        while (!(await waitsForLock()) && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(await waitsForLock()).toBe(true);
        await blocker`COMMIT`;
        const answer = await sent;
        expect(answer.status).toBe(200);
        expect(answer.body.gameId).toBeUndefined();
      } finally {
        blocker.release();
        await raw.end();
      }
      const games = await t.app.db
        .select()
        .from(gamePlayers)
        .where(inArray(gamePlayers.userId, [waiting.id, blocked.id]));
      expect(games).toEqual([]);
    },
  );

  it("'Play now' never pairs a blocked pair, either way, and pairs them with others", async () => {
    const [a, b, c] = await trio();
    await block(b, a.username);
    const seek = async (player: Player) =>
      (await player.agent.post<{ status: string; gameId?: number }>('/api/match/seek')).body;
    expect(await seek(a)).toMatchObject({ status: 'waiting' });
    expect(await seek(b)).toMatchObject({ status: 'waiting' });
    // Any rating after 10 s: still not each other, on the job's pass either.
    await t.app.db
      .update(matchSeeks)
      .set({ seekingSince: sql`${matchSeeks.seekingSince} - interval '20 seconds'` })
      .where(inArray(matchSeeks.userId, [a.id, b.id]));
    expect(await t.app.matches.pairWaiting()).toBe(0);
    expect(await seek(c)).toMatchObject({ status: 'paired' });
    const paired = await t.app.db
      .select({ userId: matchSeeks.userId, gameId: matchSeeks.gameId })
      .from(matchSeeks)
      .where(inArray(matchSeeks.userId, [a.id, b.id, c.id]));
    const byUser = new Map(paired.map((row) => [row.userId, row.gameId]));
    expect(byUser.get(c.id)).not.toBeNull();
    // c took the one who waited longest (a, then b on a tie by id); the other still waits.
    expect(
      [byUser.get(a.id), byUser.get(b.id)].filter((id) => id === byUser.get(c.id)),
    ).toHaveLength(1);
    for (const player of [a, b, c]) await player.agent.post('/api/match/cancel');
  });

  it('says blocked: true on the profile of a player I blocked, to me only', async () => {
    const [blocker, blocked] = await players();
    await block(blocker, blocked.username);
    const profile = async (viewer: TestAgent, name: string) =>
      (await viewer.get<{ data: Json }>(`/api/profile/${name}`)).body.data;
    expect(await profile(blocker.agent, blocked.username)).toMatchObject({ blocked: true });
    expect(await profile(blocked.agent, blocker.username)).not.toHaveProperty('blocked');
    expect(await profile(new TestAgent(t.app), blocked.username)).not.toHaveProperty('blocked');
    await blocker.agent.post('/api/user/unblock', { username: blocked.username });
    expect(await profile(blocker.agent, blocked.username)).not.toHaveProperty('blocked');
  });
});
