import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTICE_ANSWER_WINDOW_MS } from '@jotto/shared/notice-rules';
import type { Notice } from '@jotto/shared/notice-schemas';
import { connected, quietFor, recordEvents } from '@jotto/test-support/socket-client';
import { users } from '../src/db/account-tables.ts';
import { challenges, friendRequests } from '../src/db/social-tables.ts';
import { changeTopics } from '../src/lib/invalidation-channel.ts';
import { registerUser, TestAgent } from './test-app.ts';
import { listeningTestApp } from './listening-test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Json = Record<string, unknown>;
type Player = Awaited<ReturnType<typeof registerUser>>;

/** How long to listen for an event that must not come (see realtime-channel.test.ts). */
const NOTHING_ELSE_WITHIN_MS = 300;

describe.each(DATABASE_KINDS)('notices on %s', (kind) => {
  const t = listeningTestApp(kind);

  const noticesOf = async (agent: TestAgent) => {
    const response = await agent.get<{ result: string; notices: Notice[] }>('/api/user/notices');
    expect(response.status).toBe(200);
    expect(response.body.result).toBe('ok');
    return response.body.notices;
  };
  const challenge = async (from: Player, to: Player) =>
    (
      await from.agent.post<{ challengeId: number }>('/api/challenges/new', {
        username: to.username,
      })
    ).body.challengeId;
  const befriend = async (from: Player, to: Player) => {
    await from.agent.get(`/api/friends/add/${to.username}`);
    const requests = await to.agent.get<{ requests: Array<{ id: number; name: string }> }>(
      '/api/user/friend_requests',
    );
    return requests.body.requests.find((request) => request.name === from.username)!.id;
  };
  /** A socket of this player's session, like one more tab. */
  const tabOf = async (player: Player) => {
    return connected(t.socketOf(player.agent));
  };
  /**
   * Alice, Bob and Carol, with two tabs of Bob's and one each of Alice's and Carol's, all
   * recording `event`: the answer to one of Bob's is told to his tabs alone.
   */
  const threePlayersListeningFor = async (event: 'challenge:answered' | 'friend:answered') => {
    const [alice, bob, carol] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const bobTabs = [await tabOf(bob), await tabOf(bob)].map((tab) => recordEvents(tab, [event]));
    const others = [await tabOf(alice), await tabOf(carol)].map((tab) =>
      recordEvents(tab, [event]),
    );
    /** Each of Bob's tabs heard `payloads`, in order; the other tabs heard nothing. */
    const expectOnlyBobTold = async (payloads: unknown[]) => {
      for (const tab of bobTabs) {
        const events = await tab.waitFor(payloads.length);
        expect(events.map((heard) => heard.payload)).toEqual(payloads);
      }
      for (const tab of others) expect(await quietFor(tab, NOTHING_ELSE_WITHIN_MS)).toBe(true);
      expect(others.flatMap((tab) => tab.events)).toEqual([]);
    };
    return { alice, bob, carol, expectOnlyBobTold };
  };

  it('lists the challenges and friend requests waiting for me, newest first, with who sent them', async () => {
    const [alice, bob, carol] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    expect(await noticesOf(bob.agent)).toEqual([]);
    const fromAlice = await challenge(alice, bob);
    const requestId = await befriend(carol, bob);
    const fromCarol = await challenge(carol, bob);

    expect(await noticesOf(bob.agent)).toEqual([
      {
        kind: 'challenge-received',
        challengeId: fromCarol,
        sender: carol.username,
        rematch: false,
      },
      { kind: 'friend-request', id: requestId, name: carol.username },
      {
        kind: 'challenge-received',
        challengeId: fromAlice,
        sender: alice.username,
        rematch: false,
      },
    ]);
    // What I sent and is still pending is no notice of mine.
    expect(await noticesOf(alice.agent)).toEqual([]);
    expect(await noticesOf(carol.agent)).toEqual([]);
  });

  it('turns an answer to my challenge into a notice (the game to open when accepted), and drops the answered one', async () => {
    const [alice, bob] = [await registerUser(t.app), await registerUser(t.app)];
    const accepted = await challenge(alice, bob);
    const { gameId } = (
      await bob.agent.post<{ gameId: number }>('/api/challenges/accept', { challenge_id: accepted })
    ).body;
    expect(await noticesOf(alice.agent)).toEqual([
      { kind: 'challenge-accepted', challengeId: accepted, gameId, name: bob.username },
    ]);
    expect(await noticesOf(bob.agent)).toEqual([]);

    const denied = await challenge(alice, bob);
    await bob.agent.post('/api/challenges/deny', { challenge_id: denied });
    expect(await noticesOf(alice.agent)).toEqual([
      { kind: 'challenge-denied', challengeId: denied, name: bob.username },
      { kind: 'challenge-accepted', challengeId: accepted, gameId, name: bob.username },
    ]);
    expect(await noticesOf(bob.agent)).toEqual([]);
  });

  it('names the player who took my open challenge', async () => {
    // This file's database is its own: no other open challenge waits in the queue.
    const [alice, bob] = [await registerUser(t.app), await registerUser(t.app)];
    const waiting = (
      await alice.agent.post<{ challengeId: number; gameId?: number }>('/api/challenges/new', {
        username: '@open',
      })
    ).body;
    expect(waiting.gameId).toBeUndefined();
    const paired = (
      await bob.agent.post<{ challengeId: number; gameId?: number }>('/api/challenges/new', {
        username: '@open',
      })
    ).body;
    expect(paired).toMatchObject({ challengeId: waiting.challengeId, gameId: expect.any(Number) });
    expect(await noticesOf(alice.agent)).toEqual([
      {
        kind: 'challenge-accepted',
        challengeId: waiting.challengeId,
        gameId: paired.gameId,
        name: bob.username,
      },
    ]);
    expect(await noticesOf(bob.agent)).toEqual([]);
  });

  it('calls a challenge to my last versus opponent, once my game with them ended, a rematch, and any other a challenge', async () => {
    const [alice, bob, carol] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const accepted = await bob.agent.post<{ gameId: number }>('/api/challenges/accept', {
      challenge_id: await challenge(alice, bob),
    });
    // While Alice still plays that game, a challenge to Bob is no rematch.
    const whilePlaying = await challenge(alice, bob);
    expect(await noticesOf(bob.agent)).toEqual([
      {
        kind: 'challenge-received',
        challengeId: whilePlaying,
        sender: alice.username,
        rematch: false,
      },
    ]);
    await bob.agent.post('/api/challenges/deny', { challenge_id: whilePlaying });
    // Alice's game has ended (Bob plays on): her challenge to him now is what 'Rematch!' sends.
    const gaveUp = await alice.agent.get(`/api/game/${accepted.body.gameId}/play/giveup`);
    expect(gaveUp.status).toBe(200);
    const rematch = await challenge(alice, bob);
    const fromCarol = await challenge(carol, bob);
    expect(await noticesOf(bob.agent)).toEqual([
      {
        kind: 'challenge-received',
        challengeId: fromCarol,
        sender: carol.username,
        rematch: false,
      },
      { kind: 'challenge-received', challengeId: rematch, sender: alice.username, rematch: true },
    ]);
    // Bob's last opponent is Alice: his challenge to Dave is no rematch.
    const dave = await registerUser(t.app);
    const toDave = await challenge(bob, dave);
    expect(await noticesOf(dave.agent)).toEqual([
      { kind: 'challenge-received', challengeId: toDave, sender: bob.username, rematch: false },
    ]);
  });

  it('keeps friend requests to me until answered; my accepted requests are a notice, denied ones none', async () => {
    const [alice, bob, carol] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const toBob = await befriend(alice, bob);
    expect(await noticesOf(bob.agent)).toEqual([
      { kind: 'friend-request', id: toBob, name: alice.username },
    ]);
    await bob.agent.post('/api/friends/accept', { id: toBob });
    expect(await noticesOf(bob.agent)).toEqual([]);
    expect(await noticesOf(alice.agent)).toEqual([
      { kind: 'friend-accepted', id: toBob, name: bob.username },
    ]);

    const toCarol = await befriend(alice, carol);
    await carol.agent.post('/api/friends/deny', { id: toCarol });
    expect(await noticesOf(carol.agent)).toEqual([]);
    expect(await noticesOf(alice.agent)).toEqual([
      { kind: 'friend-accepted', id: toBob, name: bob.username },
    ]);

    // Two requests crossing: Carol's add accepts Alice's new request.
    const crossed = await befriend(alice, carol);
    expect(await noticesOf(carol.agent)).toEqual([
      { kind: 'friend-request', id: crossed, name: alice.username },
    ]);
    await carol.agent.get(`/api/friends/add/${alice.username}`);
    expect(await noticesOf(carol.agent)).toEqual([]);
    expect(await noticesOf(alice.agent)).toEqual([
      { kind: 'friend-accepted', id: crossed, name: carol.username },
      { kind: 'friend-accepted', id: toBob, name: bob.username },
    ]);
  });

  it('leaves out answers older than the window and expired challenges', async () => {
    const [alice, bob] = [await registerUser(t.app), await registerUser(t.app)];
    const denied = await challenge(alice, bob);
    await bob.agent.post('/api/challenges/deny', { challenge_id: denied });
    const requestId = await befriend(alice, bob);
    await bob.agent.post('/api/friends/accept', { id: requestId });
    const pending = await challenge(bob, alice);
    expect(await noticesOf(alice.agent)).toHaveLength(3);

    const longAgo = new Date(Date.now() - NOTICE_ANSWER_WINDOW_MS - 1000);
    await t.app.db
      .update(challenges)
      .set({ respondedAt: longAgo })
      .where(eq(challenges.id, denied));
    await t.app.db
      .update(friendRequests)
      .set({ respondedAt: longAgo })
      .where(eq(friendRequests.id, requestId));
    await t.app.db
      .update(challenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(challenges.id, pending));
    // Moving those times back is a write behind the app's back, announced as the app's own are
    // (time passing needs none: a node's copy of the notices goes when the first would leave).
    const [row] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, alice.username));
    await t.app.invalidations.publish([changeTopics.notices(row!.id)]);
    expect(await noticesOf(alice.agent)).toEqual([]);
  });

  it('tells every tab of the one who answered a challenge, and no one else', async () => {
    const { alice, bob, carol, expectOnlyBobTold } =
      await threePlayersListeningFor('challenge:answered');

    const accepted = await challenge(alice, bob);
    await bob.agent.post('/api/challenges/accept', { challenge_id: accepted });
    const denied = await challenge(carol, bob);
    await bob.agent.post('/api/challenges/deny', { challenge_id: denied });
    // Bob challenges Alice back while her challenge waits: his challenge answers hers.
    const mutual = await challenge(alice, bob);
    const started = await bob.agent.post<Json>('/api/challenges/new', { username: alice.username });
    expect(started.body).toMatchObject({ challengeId: mutual, gameId: expect.any(Number) });

    await expectOnlyBobTold([
      { challengeId: accepted },
      { challengeId: denied },
      { challengeId: mutual },
    ]);
  });

  it('tells every tab of the one who answered a friend request, and no one else', async () => {
    const { alice, bob, carol, expectOnlyBobTold } =
      await threePlayersListeningFor('friend:answered');

    const accepted = await befriend(alice, bob);
    await bob.agent.post('/api/friends/accept', { id: accepted });
    const denied = await befriend(carol, bob);
    await bob.agent.post('/api/friends/deny', { id: denied });
    // Carol asks again; Bob adding her answers her request.
    const crossed = await befriend(carol, bob);
    expect((await bob.agent.get<Json>(`/api/friends/add/${carol.username}`)).status).toBe(200);

    await expectOnlyBobTold([{ id: accepted }, { id: denied }, { id: crossed }]);
  });

  it('never lists news again once I have seen it, on any device, and tells my tabs', async () => {
    const [alice, bob, carol] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const denied = await challenge(alice, bob);
    await bob.agent.post('/api/challenges/deny', { challenge_id: denied });
    const requestId = await befriend(alice, bob);
    await bob.agent.post('/api/friends/accept', { id: requestId });
    const aliceTab = recordEvents(await tabOf(alice), ['notices:seen']);
    const carolTab = recordEvents(await tabOf(carol), ['notices:seen']);
    expect(await noticesOf(alice.agent)).toHaveLength(2);

    // Another player's rows are left as they are, without a word.
    const foreign = await carol.agent.post<Json>('/api/user/notices/seen', {
      notices: [{ kind: 'challenge-denied', id: denied }],
    });
    expect(foreign.status).toBe(200);
    expect(await noticesOf(alice.agent)).toHaveLength(2);

    const seen = await alice.agent.post<Json>('/api/user/notices/seen', {
      notices: [
        { kind: 'challenge-denied', id: denied },
        { kind: 'friend-accepted', id: requestId },
      ],
    });
    expect(seen.body).toEqual({ result: 'ok' });
    // Another device of Alice's (a second sign-in) lists nothing either.
    const elsewhere = new TestAgent(t.app);
    await elsewhere.post('/api/login', { username: alice.username, password: alice.password });
    expect(await noticesOf(elsewhere)).toEqual([]);
    expect(await noticesOf(alice.agent)).toEqual([]);
    const [told] = await aliceTab.waitFor(1);
    expect(told!.payload).toEqual({
      notices: [
        { kind: 'challenge-denied', id: denied },
        { kind: 'friend-accepted', id: requestId },
      ],
    });

    // Seen twice is seen once: no second event.
    await alice.agent.post('/api/user/notices/seen', {
      notices: [{ kind: 'challenge-denied', id: denied }],
    });
    expect(await quietFor(aliceTab, NOTHING_ELSE_WITHIN_MS)).toBe(true);
    expect(aliceTab.events).toHaveLength(1);
    expect(carolTab.events).toEqual([]);
  });

  it('drops an accepted challenge once its game is over', async () => {
    const [alice, bob] = [await registerUser(t.app), await registerUser(t.app)];
    const accepted = await challenge(alice, bob);
    const { gameId } = (
      await bob.agent.post<{ gameId: number }>('/api/challenges/accept', { challenge_id: accepted })
    ).body;
    expect(await noticesOf(alice.agent)).toHaveLength(1);
    await alice.agent.get(`/api/game/${gameId}/play/giveup`);
    // One player out: the game is still on, and so is its notice.
    expect(await noticesOf(alice.agent)).toHaveLength(1);
    await bob.agent.get(`/api/game/${gameId}/play/giveup`);
    expect(await noticesOf(alice.agent)).toEqual([]);
  });

  it('refuses a seen list that is empty, too long or names a kind that is not news', async () => {
    const alice = await registerUser(t.app);
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ kind: 'challenge-denied', id: i + 1 }));
    for (const body of [
      { notices: [] },
      { notices: tooMany },
      { notices: [{ kind: 'challenge-received', id: 1 }] },
      { notices: [{ kind: 'friend-accepted', id: 0 }] },
      {},
    ]) {
      const response = await alice.agent.post<Json>('/api/user/notices/seen', body);
      expect(response.status).toBe(400);
      expect(response.body.result).toBe('error');
    }
    const guest = new TestAgent(t.app);
    expect((await guest.post('/api/user/notices/seen', { notices: [] })).status).toBe(400);
    const signedOut = await guest.post('/api/user/notices/seen', {
      notices: [{ kind: 'friend-accepted', id: 1 }],
    });
    expect(signedOut.status).toBe(401);
  });
});
