import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULT_LIMIT } from '@jotto/shared/social-schemas';
import { users } from '../src/db/account-tables.ts';
import { PROFILE_ERRORS } from '@jotto/shared/social-schemas';
import { newUsername, registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS, uniqueClientAddress } from './test-environment.ts';

type Json = Record<string, unknown>;
type SearchResult = { result: string; users: { id: number; username: string }[] };
type ProfileResult = { result: string; data: Json };

/** A prefix no other test's usernames start with: 3 letters and digits, lower case. */
function freshPrefix(): string {
  return `q${randomBytes(4).toString('hex').slice(0, 5)}`;
}

describe.each(DATABASE_KINDS)('search and profiles on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Accounts made straight in the database: search only needs their names. */
  async function insertUsers(names: (string | null)[]): Promise<number[]> {
    const rows = await t.app.db
      .insert(users)
      .values(names.map((username) => ({ username })))
      .returning({ id: users.id });
    return rows.map((row) => row.id);
  }

  async function befriend(
    a: { agent: TestAgent; username: string },
    b: { agent: TestAgent; username: string },
  ) {
    expect((await a.agent.get(`/api/friends/add/${b.username}`)).status).toBe(200);
    expect((await b.agent.get(`/api/friends/add/${a.username}`)).status).toBe(200);
  }

  describe('POST /user/search', () => {
    const search = (agent: TestAgent, username: unknown) =>
      agent.post<SearchResult>('/api/user/search', { username });
    const names = (response: { body: SearchResult }) => response.body.users.map((u) => u.username);

    it('matches the start of usernames without regard to case, by name', async () => {
      const p = freshPrefix();
      const [idB, idA] = await insertUsers([`${p}_B`, `${p}_a`, `x${p}`, `${p.slice(0, 3)}`]);
      const { agent } = await registerUser(t.app);
      const response = await search(agent, p.toUpperCase());
      expect(response).toMatchObject({ status: 200 });
      expect(response.body).toEqual({
        result: 'ok',
        users: [
          { id: idA, username: `${p}_a` },
          { id: idB, username: `${p}_B` },
        ],
      });
      expect(names(await search(agent, `${p}_b`))).toEqual([`${p}_B`]);
      expect(names(await search(agent, `  ${p}_A `))).toEqual([`${p}_a`]);
    });

    it(`answers at most ${SEARCH_RESULT_LIMIT} users`, async () => {
      const p = freshPrefix();
      await insertUsers(Array.from({ length: 25 }, (_, i) => `${p}${String(i).padStart(2, '0')}`));
      const { agent } = await registerUser(t.app);
      const found = names(await search(agent, p));
      expect(found).toHaveLength(SEARCH_RESULT_LIMIT);
      expect(found).toEqual(
        Array.from({ length: SEARCH_RESULT_LIMIT }, (_, i) => `${p}${String(i).padStart(2, '0')}`),
      );
    });

    it('never finds the caller', async () => {
      const p = freshPrefix();
      const me = await registerUser(t.app, `${p}_me`);
      await insertUsers([`${p}_you`]);
      expect(names(await search(me.agent, p))).toEqual([`${p}_you`]);
      expect(names(await search(me.agent, me.username))).toEqual([]);
    });

    it('finds nobody for an empty or blank query, or no query at all', async () => {
      await insertUsers([`${freshPrefix()}`]);
      const { agent } = await registerUser(t.app);
      for (const query of ['', '   ']) {
        expect((await search(agent, query)).body).toEqual({ result: 'ok', users: [] });
      }
      const noField = await agent.post<SearchResult>('/api/user/search', {});
      expect(noField).toMatchObject({ status: 200, body: { result: 'ok', users: [] } });
    });

    it('takes %, _ and \\ literally', async () => {
      const p = freshPrefix();
      await insertUsers([`${p}_x`, `${p}ax`, `${p}bx`]);
      const { agent } = await registerUser(t.app);
      expect(names(await search(agent, `${p}_`))).toEqual([`${p}_x`]);
      for (const query of ['%', `${p}%`, `%${p}`, '_', '__', `${p}\\`, '\\', '\\%', '%_%']) {
        const found = names(await search(agent, query));
        expect(
          found.filter((name) => !name.toLowerCase().startsWith(query.toLowerCase())),
          query,
        ).toEqual([]);
      }
      expect(names(await search(agent, `${p}%`))).toEqual([]);
      expect(names(await search(agent, `${p}\\_`))).toEqual([]);
    });

    it('never lists an account that has no username yet', async () => {
      const p = freshPrefix();
      await insertUsers([null, `${p}_named`]);
      const { agent } = await registerUser(t.app);
      expect(names(await search(agent, p))).toEqual([`${p}_named`]);
    });

    it('refuses bad input with 400', async () => {
      const { agent } = await registerUser(t.app);
      for (const body of [{ username: 5 }, { username: null }, { username: 'a'.repeat(65) }]) {
        expect(await agent.post('/api/user/search', body), JSON.stringify(body)).toMatchObject({
          status: 400,
          body: { result: 'error', err: expect.any(String) },
        });
      }
      expect(await agent.post('/api/user/search', { username: 'a', extra: 1 })).toMatchObject({
        status: 400,
      });
    });

    it('needs a signed-in user (401)', async () => {
      expect(await new TestAgent(t.app).post('/api/user/search', { username: 'q' })).toMatchObject({
        status: 401,
        body: { result: 'error', err: 'You must be logged in to do that' },
      });
    });
  });

  describe('GET /profile/:username', () => {
    const profileOf = (agent: TestAgent, username: string) =>
      agent.get<ProfileResult>(`/api/profile/${username}`);

    it('shows the stats to anyone; the friends list only to the owner and friends', async () => {
      const owner = await registerUser(t.app, newUsername('Own'));
      const friend = await registerUser(t.app, newUsername('Frd'));
      const otherFriend = await registerUser(t.app, newUsername('abc'));
      const stranger = await registerUser(t.app);
      await befriend(owner, friend);
      await befriend(owner, otherFriend);
      await t.app.db
        .update(users)
        .set({ gameCt: 4, winCt: 3, points: 250, admin: true })
        .where(eq(users.username, owner.username));

      const stats = {
        username: owner.username,
        displayName: owner.username,
        admin: true,
        points: 250,
        gameCt: 4,
        winCt: 3,
        winRatio: 3,
        // No rated game yet: the starting rating, provisional.
        rating: { value: 1500, deviation: 350, provisional: true, games: 0 },
      };
      const friendNames = [otherFriend.username, friend.username];

      const asOwner = await profileOf(owner.agent, owner.username.toLowerCase());
      expect(asOwner).toMatchObject({ status: 200 });
      expect(asOwner.body).toEqual({
        result: 'ok',
        data: { ...stats, isFriend: false, friends: friendNames },
      });
      expect((await profileOf(friend.agent, owner.username.toUpperCase())).body).toEqual({
        result: 'ok',
        data: { ...stats, isFriend: true, friends: friendNames },
      });
      expect((await profileOf(stranger.agent, owner.username)).body).toEqual({
        result: 'ok',
        data: { ...stats, isFriend: false },
      });
      expect((await profileOf(new TestAgent(t.app), owner.username)).body).toEqual({
        result: 'ok',
        data: { ...stats, isFriend: false },
      });
    });

    it('treats a guest with a guest session as a stranger', async () => {
      const owner = await registerUser(t.app);
      const guest = new TestAgent(t.app);
      expect((await guest.get('/api/games/new')).status).toBe(200);
      expect(guest.cookies.size).toBe(1);
      const response = await profileOf(guest, owner.username);
      expect(response).toMatchObject({ status: 200, body: { data: { isFriend: false } } });
      expect(response.body.data).not.toHaveProperty('friends');
    });

    it('shows an empty friends list to its owner', async () => {
      const owner = await registerUser(t.app);
      expect((await profileOf(owner.agent, owner.username)).body.data).toMatchObject({
        friends: [],
        isFriend: false,
      });
    });

    it.each([
      [3, 4, 3],
      [2, 5, 0.67],
      [0, 0, 0],
      [0, 3, 0],
      [5, 5, 5],
      [1, 9, 0.13],
    ])('gives winRatio %s wins of %s games → %s', async (winCt, gameCt, ratio) => {
      const owner = await registerUser(t.app);
      await t.app.db.update(users).set({ gameCt, winCt }).where(eq(users.username, owner.username));
      expect((await profileOf(owner.agent, owner.username)).body.data).toMatchObject({
        gameCt,
        winCt,
        winRatio: ratio,
      });
    });

    it('answers 404 for an unknown user or one without a username yet', async () => {
      const { agent } = await registerUser(t.app);
      await insertUsers([null]);
      for (const name of ['no_such_user', 'null', '%25', '_']) {
        expect(await profileOf(agent, name), name).toMatchObject({
          status: 404,
          body: { result: 'error', err: PROFILE_ERRORS.notFound },
        });
      }
      expect(await profileOf(agent, 'a'.repeat(65))).toMatchObject({
        status: 400,
        body: { result: 'error' },
      });
    });

    it('a friendship made by accepting shows on both profiles', async () => {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      await alice.agent.get(`/api/friends/add/${bob.username}`);
      const { requests } = (
        await bob.agent.get<{ requests: { id: number }[] }>('/api/user/friend_requests')
      ).body;
      expect((await profileOf(bob.agent, alice.username)).body.data).toMatchObject({
        isFriend: false,
      });
      await bob.agent.post('/api/friends/accept', { id: requests[0]!.id });
      expect((await profileOf(bob.agent, alice.username)).body.data).toMatchObject({
        isFriend: true,
        friends: [bob.username],
      });
      expect((await profileOf(alice.agent, bob.username)).body.data).toMatchObject({
        isFriend: true,
        friends: [alice.username],
      });
    });
  });
});

describe('search rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { RATE_LIMIT_SEARCH: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 after N searches per client address per minute', async () => {
    const address = uniqueClientAddress();
    const { agent } = await registerUser(t.app);
    const limited = new TestAgent(t.app, { remoteAddress: address });
    for (const [name, value] of agent.cookies) limited.cookies.set(name, value);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await limited.post('/api/user/search', { username: 'abc' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const other = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    for (const [name, value] of agent.cookies) other.cookies.set(name, value);
    expect((await other.post('/api/user/search', { username: 'abc' })).status).toBe(200);
  });
});
