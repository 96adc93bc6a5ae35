import { and, eq, or } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/account-tables.ts';
import { friendRequests, friendships } from '../src/db/social-tables.ts';
import { FRIEND_ERRORS } from '../src/friends/friend-service.ts';
import { newUsername, registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

type Json = Record<string, unknown>;
type Requests = { result: string; requests: { id: number; name: string }[] };
type Friends = { result: string; friends: { id: number; name: string }[] };

describe.each(DATABASE_KINDS)('friends on %s', (kind) => {
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

  const userId = async (username: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!
      .id;

  /** The friendship rows between two users, in either direction. */
  async function friendshipRows(a: string, b: string) {
    const [idA, idB] = [await userId(a), await userId(b)];
    return t.app.db
      .select({ userId: friendships.userId, friendId: friendships.friendId })
      .from(friendships)
      .where(
        or(
          and(eq(friendships.userId, idA), eq(friendships.friendId, idB)),
          and(eq(friendships.userId, idB), eq(friendships.friendId, idA)),
        ),
      );
  }

  /** Friend request rows between two users, in either direction, with their status. */
  async function requestRows(a: string, b: string) {
    const [idA, idB] = [await userId(a), await userId(b)];
    return t.app.db
      .select({ id: friendRequests.id, status: friendRequests.status })
      .from(friendRequests)
      .where(
        or(
          and(eq(friendRequests.senderId, idA), eq(friendRequests.recipientId, idB)),
          and(eq(friendRequests.senderId, idB), eq(friendRequests.recipientId, idA)),
        ),
      );
  }

  const requestsOf = async (agent: TestAgent) =>
    (await agent.get<Requests>('/api/user/friend_requests')).body.requests;
  const friendsOf = async (agent: TestAgent) =>
    (await agent.get<Friends>('/api/user/friends')).body.friends;

  /** Sends a request from one user to another and returns its id, as the recipient sees it. */
  async function sendRequest(
    from: { agent: TestAgent; username: string },
    to: { agent: TestAgent; username: string },
  ): Promise<number> {
    const sent = await from.agent.get<Json>(`/api/friends/add/${to.username}`);
    expect(sent.status).toBe(200);
    const request = (await requestsOf(to.agent)).find((r) => r.name === from.username);
    return request!.id;
  }

  it('a request shows for the recipient only; accepting makes both friends', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const sent = await alice.agent.get<Json>(`/api/friends/add/${bob.username.toUpperCase()}`);
    expect(sent).toEqual({
      status: 200,
      headers: expect.anything(),
      body: { result: 'ok', msg: `Friend request sent to ${bob.username}!` },
    });

    const incoming = await bob.agent.get<Requests>('/api/user/friend_requests');
    expect(incoming).toMatchObject({ status: 200 });
    expect(incoming.body).toEqual({
      result: 'ok',
      requests: [{ id: expect.any(Number), name: alice.username }],
    });
    expect(await requestsOf(alice.agent)).toEqual([]);
    expect(await friendsOf(alice.agent)).toEqual([]);
    expect(await friendsOf(bob.agent)).toEqual([]);

    const requestId = incoming.body.requests[0]!.id;
    const accepted = await bob.agent.post<Json>('/api/friends/accept', { id: requestId });
    expect(accepted).toMatchObject({ status: 200, body: { result: 'ok' } });
    expect(accepted.body).toEqual({ result: 'ok' });

    expect((await alice.agent.get<Friends>('/api/user/friends')).body).toEqual({
      result: 'ok',
      friends: [{ id: await userId(bob.username), name: bob.username }],
    });
    expect(await friendsOf(bob.agent)).toEqual([
      { id: await userId(alice.username), name: alice.username },
    ]);
    expect(await requestsOf(bob.agent)).toEqual([]);
    expect(await friendshipRows(alice.username, bob.username)).toHaveLength(2);
  });

  it('lists friends by name without regard to case, and requests oldest first', async () => {
    const me = await registerUser(t.app, newUsername('mm'));
    const others = [
      await registerUser(t.app, newUsername('Cc')),
      await registerUser(t.app, newUsername('aa')),
      await registerUser(t.app, newUsername('bb')),
    ];
    for (const other of others) {
      expect((await other.agent.get(`/api/friends/add/${me.username}`)).status).toBe(200);
    }
    const requests = await requestsOf(me.agent);
    expect(requests.map((r) => r.name)).toEqual(others.map((o) => o.username));
    for (const request of requests) {
      expect(
        (await me.agent.post('/api/friends/accept', { id: request.id })).status,
        request.name,
      ).toBe(200);
    }
    expect((await friendsOf(me.agent)).map((f) => f.name)).toEqual([
      others[1]!.username,
      others[2]!.username,
      others[0]!.username,
    ]);
  });

  it('deny leaves no friendship and no request; the sender may ask again', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const requestId = await sendRequest(alice, bob);
    const denied = await bob.agent.post<Json>('/api/friends/deny', { id: requestId });
    expect(denied).toMatchObject({ status: 200, body: { result: 'ok' } });
    expect(await requestsOf(bob.agent)).toEqual([]);
    expect(await friendsOf(alice.agent)).toEqual([]);
    expect(await friendsOf(bob.agent)).toEqual([]);
    expect(await friendshipRows(alice.username, bob.username)).toEqual([]);

    // A denied request is an answer, not a ban: a new request is a new question.
    const again = await sendRequest(alice, bob);
    expect(again).not.toBe(requestId);
  });

  it('asking someone who already asked me makes us friends at once', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    await sendRequest(alice, bob);
    const mutual = await bob.agent.get<Json>(`/api/friends/add/${alice.username}`);
    expect(mutual).toMatchObject({
      status: 200,
      body: { result: 'ok', msg: `${alice.username} had already asked you: you are now friends!` },
    });
    expect((await friendsOf(alice.agent)).map((f) => f.name)).toEqual([bob.username]);
    expect((await friendsOf(bob.agent)).map((f) => f.name)).toEqual([alice.username]);
    expect(await requestsOf(alice.agent)).toEqual([]);
    expect(await requestsOf(bob.agent)).toEqual([]);
    expect(await requestRows(alice.username, bob.username)).toEqual([
      { id: expect.any(Number), status: 'accepted' },
    ]);
  });

  describe('refusals', () => {
    it('refuses adding myself, in any case, with 400', async () => {
      const alice = await registerUser(t.app, newUsername('Self'));
      for (const name of [alice.username, alice.username.toLowerCase()]) {
        expect(await alice.agent.get(`/api/friends/add/${name}`)).toMatchObject({
          status: 400,
          body: { result: 'error', err: FRIEND_ERRORS.yourself },
        });
      }
    });

    it('refuses an unknown user with 404', async () => {
      const alice = await registerUser(t.app);
      for (const name of ['no_such_user', 'x'.repeat(64), '%25', '_']) {
        expect(await alice.agent.get(`/api/friends/add/${name}`), name).toMatchObject({
          status: 404,
          body: { result: 'error', err: FRIEND_ERRORS.unknownUser },
        });
      }
      expect(await alice.agent.get(`/api/friends/add/${'x'.repeat(65)}`)).toMatchObject({
        status: 400,
        body: { result: 'error', err: expect.any(String) },
      });
    });

    it('refuses existing friends with 409, from either side', async () => {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      await bob.agent.post('/api/friends/accept', { id: await sendRequest(alice, bob) });
      for (const [from, to] of [
        [alice, bob],
        [bob, alice],
      ] as const) {
        expect(await from.agent.get(`/api/friends/add/${to.username}`)).toMatchObject({
          status: 409,
          body: { result: 'error', err: FRIEND_ERRORS.alreadyFriends },
        });
      }
      expect(await requestsOf(alice.agent)).toEqual([]);
      expect(await requestsOf(bob.agent)).toEqual([]);
    });

    it('refuses a second pending request with 409 and keeps one', async () => {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      await sendRequest(alice, bob);
      expect(await alice.agent.get(`/api/friends/add/${bob.username}`)).toMatchObject({
        status: 409,
        body: { result: 'error', err: FRIEND_ERRORS.alreadyRequested },
      });
      expect(await requestsOf(bob.agent)).toHaveLength(1);
    });

    it('only the recipient may answer: anyone else, or an unknown id, gets 404', async () => {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      const carol = await registerUser(t.app);
      const requestId = await sendRequest(alice, bob);
      for (const [who, agent] of [
        ['a third user', carol.agent],
        ['the sender', alice.agent],
      ] as const) {
        for (const action of ['accept', 'deny']) {
          expect(
            await agent.post(`/api/friends/${action}`, { id: requestId }),
            `${action} by ${who}`,
          ).toMatchObject({
            status: 404,
            body: { result: 'error', err: FRIEND_ERRORS.requestNotFound },
          });
        }
      }
      expect(await bob.agent.post('/api/friends/accept', { id: 2_000_000_000 })).toMatchObject({
        status: 404,
        body: { err: FRIEND_ERRORS.requestNotFound },
      });
      expect(await requestsOf(bob.agent)).toEqual([{ id: requestId, name: alice.username }]);
      expect(await friendshipRows(alice.username, carol.username)).toEqual([]);
    });

    it('refuses answering an answered request with 409', async () => {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      const carol = await registerUser(t.app);
      const accepted = await sendRequest(alice, bob);
      expect((await bob.agent.post('/api/friends/accept', { id: accepted })).status).toBe(200);
      for (const action of ['accept', 'deny']) {
        expect(await bob.agent.post(`/api/friends/${action}`, { id: accepted })).toMatchObject({
          status: 409,
          body: { result: 'error', err: FRIEND_ERRORS.notPending },
        });
      }
      const denied = await sendRequest(carol, bob);
      expect((await bob.agent.post('/api/friends/deny', { id: denied })).status).toBe(200);
      for (const action of ['accept', 'deny']) {
        expect(await bob.agent.post(`/api/friends/${action}`, { id: denied })).toMatchObject({
          status: 409,
          body: { result: 'error', err: FRIEND_ERRORS.notPending },
        });
      }
      expect(await friendshipRows(bob.username, carol.username)).toEqual([]);
      expect(await friendshipRows(alice.username, bob.username)).toHaveLength(2);
    });

    it.each([
      ['a missing id', {}],
      ['a non-numeric id', { id: 'abc' }],
      ['a numeric string', { id: '1' }],
      ['a fraction', { id: 1.5 }],
      ['zero', { id: 0 }],
      ['a negative id', { id: -3 }],
      ['an id beyond int4', { id: 2_147_483_648 }],
      ['null', { id: null }],
      ['an extra field', { id: 1, admin: true }],
      ['an array body', [1]],
    ])('refuses %s with 400 on accept and deny', async (_name, body) => {
      const bob = await registerUser(t.app);
      for (const action of ['accept', 'deny']) {
        expect(await bob.agent.post(`/api/friends/${action}`, body)).toMatchObject({
          status: 400,
          body: { result: 'error', err: expect.any(String) },
        });
      }
    });

    it('refuses a body that is not JSON with 400', async () => {
      const bob = await registerUser(t.app);
      const response = await bob.agent.request({
        method: 'POST',
        url: '/api/friends/accept',
        headers: { 'content-type': 'application/json' },
        payload: '{"id": ',
      });
      expect(response).toMatchObject({ status: 400, body: { result: 'error' } });
    });

    it('needs a signed-in user on every friends route (401)', async () => {
      const guest = new TestAgent(t.app);
      const { username } = await registerUser(t.app);
      const calls = [
        guest.get(`/api/friends/add/${username}`),
        guest.get('/api/user/friends'),
        guest.get('/api/user/friend_requests'),
        guest.post('/api/friends/accept', { id: 1 }),
        guest.post('/api/friends/deny', { id: 1 }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response).toMatchObject({
          status: 401,
          body: { result: 'error', err: 'You must be logged in to do that' },
        });
      }
    });

    it('refuses a cross-site add (a state-changing GET) with 403 and sends nothing', async () => {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      const response = await alice.agent.get(`/api/friends/add/${bob.username}`, {
        origin: 'https://evil.example',
      });
      expect(response).toMatchObject({ status: 403, body: { result: 'error' } });
      expect(await requestsOf(bob.agent)).toEqual([]);
    });
  });

  describe('under concurrency', () => {
    it('five concurrent accepts make exactly one friendship', async () => {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      const requestId = await sendRequest(alice, bob);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => bob.agent.post('/api/friends/accept', { id: requestId })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await friendshipRows(alice.username, bob.username)).toHaveLength(2);
      expect(await friendsOf(alice.agent)).toHaveLength(1);
    });

    it('an accept racing a deny: exactly one wins', async () => {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      const requestId = await sendRequest(alice, bob);
      const [accept, deny] = await Promise.all([
        bob.agent.post('/api/friends/accept', { id: requestId }),
        bob.agent.post('/api/friends/deny', { id: requestId }),
      ]);
      expect([accept.status, deny.status].sort()).toEqual([200, 409]);
      expect(await friendshipRows(alice.username, bob.username)).toHaveLength(
        accept.status === 200 ? 2 : 0,
      );
    });

    it('both adding each other at the same moment become friends once, nothing left pending', async () => {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      const answers = await Promise.all([
        alice.agent.get(`/api/friends/add/${bob.username}`),
        bob.agent.get(`/api/friends/add/${alice.username}`),
        alice.agent.get(`/api/friends/add/${bob.username}`),
        bob.agent.get(`/api/friends/add/${alice.username}`),
      ]);
      expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
      expect(await friendshipRows(alice.username, bob.username)).toHaveLength(2);
      expect(
        (await requestRows(alice.username, bob.username)).filter((r) => r.status === 'pending'),
      ).toEqual([]);
    });

    it('repeated concurrent adds keep one pending request', async () => {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => alice.agent.get(`/api/friends/add/${bob.username}`)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await requestsOf(bob.agent)).toHaveLength(1);
    });
  });

  it('tells the other side, after the change is saved', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const carol = await registerUser(t.app);
    const [aliceId, bobId, carolId] = [
      await userId(alice.username),
      await userId(bob.username),
      await userId(carol.username),
    ];
    const notify = vi.spyOn(t.app.notifier, 'notify');

    const requestId = await sendRequest(alice, bob);
    expect(notify).toHaveBeenLastCalledWith(bobId, 'friend:request', {
      id: requestId,
      name: alice.username,
    });
    await bob.agent.post('/api/friends/accept', { id: requestId });
    expect(notify).toHaveBeenLastCalledWith(aliceId, 'friend:accepted', { name: bob.username });

    await sendRequest(carol, alice);
    await alice.agent.get(`/api/friends/add/${carol.username}`);
    expect(notify).toHaveBeenLastCalledWith(carolId, 'friend:accepted', { name: alice.username });

    // Refusals tell nobody; a denial tells only the one who denied (their other tabs drop the
    // request's notice), never the sender.
    notify.mockClear();
    await alice.agent.get(`/api/friends/add/${bob.username}`);
    const deniedId = await sendRequest(bob, carol);
    await carol.agent.post('/api/friends/deny', { id: deniedId });
    expect(notify.mock.calls.map(([user, event]) => [user, event])).toEqual([
      [carolId, 'friend:request'],
      [carolId, 'friend:answered'],
    ]);
    expect(notify).toHaveBeenLastCalledWith(carolId, 'friend:answered', { id: deniedId });
  });
});
