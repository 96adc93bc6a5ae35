import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@jotto/shared/account-rules';
import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_HEADER_VALUE } from '@jotto/shared/request-headers';
import { pushTokens, sessions, users } from '../src/db/account-tables.ts';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { ACCOUNT_ERRORS } from '../src/accounts/account-service.ts';
import { newUsername, registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /register', () => {
    it('creates the account, signs it in and answers with the username', async () => {
      const agent = new TestAgent(t.app);
      const username = newUsername('Reg');
      const response = await agent.post('/api/register', {
        username,
        email: `${username}@example.com`,
        password: 'pass1234',
      });
      expect(response).toMatchObject({ status: 200, body: { result: 'ok', msg: username } });
      expect(agent.cookies.get(SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(await agent.get('/api/user/info')).toMatchObject({
        status: 200,
        body: { result: 'ok', msg: username },
      });
    });

    it('stores an argon2id hash, never the password, and only a hash of the session id', async () => {
      const { agent, username } = await registerUser(t.app);
      const [row] = await t.app.db.select().from(users).where(eq(users.username, username));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const sessionId = agent.cookies.get(SESSION_COOKIE) ?? '';
      const stored = await t.app.db.select().from(sessions).where(eq(sessions.userId, row!.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.idHash).not.toContain(sessionId);
      expect(stored[0]?.idHash).toBe(t.app.sessions.hash(sessionId));
    });

    const base = { username: 'valid_name', email: 'valid@example.com', password: 'abcd' };
    it.each([
      [{ ...base, username: '' }, ACCOUNT_MESSAGES.usernameRequired],
      [{ ...base, email: '' }, ACCOUNT_MESSAGES.emailRequired],
      [{ ...base, email: 'not-an-email' }, ACCOUNT_MESSAGES.emailInvalid],
      [{ ...base, username: 'ab' }, ACCOUNT_MESSAGES.usernameBadSize],
      [{ ...base, username: 'a'.repeat(15) }, ACCOUNT_MESSAGES.usernameBadSize],
      [{ ...base, username: 'bad name!' }, ACCOUNT_MESSAGES.usernameBadCharacters],
      [{ ...base, username: 'dash-name' }, ACCOUNT_MESSAGES.usernameBadCharacters],
      [{ ...base, password: 'abc' }, ACCOUNT_MESSAGES.passwordTooWeak],
      [{ email: 'x@example.com', password: 'abcd' }, ACCOUNT_MESSAGES.usernameRequired],
      [{ username: 'someone', password: 'abcd' }, ACCOUNT_MESSAGES.emailRequired],
      [{ username: 'someone', email: 'x@example.com' }, ACCOUNT_MESSAGES.passwordTooWeak],
    ])('refuses %o with "%s" and creates nothing', async (body, message) => {
      const before = await t.app.db.$count(users);
      const agent = new TestAgent(t.app);
      const response = await agent.post('/api/register', body);
      expect(response).toMatchObject({ status: 400, body: { result: 'error', err: message } });
      expect(agent.cookies.size).toBe(0);
      expect(await t.app.db.$count(users)).toBe(before);
    });

    it('refuses a username taken in another case, and a taken e-mail', async () => {
      const { username } = await registerUser(t.app, newUsername('Case'));
      const agent = new TestAgent(t.app);
      const sameName = await agent.post('/api/register', {
        username: username.toUpperCase(),
        email: 'other@example.com',
        password: 'abcd',
      });
      expect(sameName).toMatchObject({ status: 409, body: { err: ACCOUNT_ERRORS.usernameTaken } });
      const sameEmail = await agent.post('/api/register', {
        username: newUsername('Mail'),
        email: `${username.toUpperCase()}@EXAMPLE.com`,
        password: 'abcd',
      });
      expect(sameEmail).toMatchObject({ status: 409, body: { err: ACCOUNT_ERRORS.emailTaken } });
    });

    it('gives exactly one account when the same username is registered concurrently', async () => {
      const username = newUsername('Race');
      const attempts = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          new TestAgent(t.app).post('/api/register', {
            username: i % 2 ? username : username.toLowerCase(),
            email: `race${i}-${username}@example.com`,
            password: 'abcd',
          }),
        ),
      );
      expect(attempts.filter((r) => r.status === 200)).toHaveLength(1);
      expect(attempts.filter((r) => r.status === 409)).toHaveLength(4);
    });
  });

  describe('POST /login', () => {
    it('signs in without regard to case and answers with the registered name', async () => {
      const { username, password } = await registerUser(t.app, newUsername('Login'));
      const agent = new TestAgent(t.app);
      const response = await agent.post('/api/login', {
        username: username.toLowerCase(),
        password,
      });
      expect(response).toMatchObject({ status: 200, body: { result: 'ok', msg: username } });
      expect((await agent.get('/api/user/info')).body).toEqual({ result: 'ok', msg: username });
    });

    it('refuses a wrong password and an unknown user with the same 401', async () => {
      const { username } = await registerUser(t.app);
      const agent = new TestAgent(t.app);
      const wrong = await agent.post('/api/login', { username, password: 'nope1' });
      const unknown = await agent.post('/api/login', {
        username: 'nobody_here',
        password: 'nope1',
      });
      for (const response of [wrong, unknown]) {
        expect(response).toMatchObject({
          status: 401,
          body: { result: 'error', err: ACCOUNT_ERRORS.wrongCredentials },
        });
      }
      expect(agent.cookies.size).toBe(0);
    });

    it('rotates the session id at every login and the old id stops working', async () => {
      const { agent: first, username, password } = await registerUser(t.app);
      const oldId = first.cookies.get(SESSION_COOKIE);
      await first.post('/api/login', { username, password });
      const newId = first.cookies.get(SESSION_COOKIE);
      expect(newId).toBeDefined();
      expect(newId).not.toBe(oldId);
      const stale = new TestAgent(t.app);
      stale.cookies.set(SESSION_COOKIE, oldId ?? '');
      expect((await stale.get('/api/user/info')).body).toEqual({ result: 'guest' });
      expect((await first.get('/api/user/info')).body).toEqual({ result: 'ok', msg: username });
    });

    it('replaces a guest session and keeps the other devices signed in', async () => {
      const { agent: laptop, username, password } = await registerUser(t.app);
      const guest = await t.app.sessions.create(null);
      const phone = new TestAgent(t.app);
      phone.cookies.set(SESSION_COOKIE, guest.sessionId);
      expect((await phone.get('/api/user/info')).body).toEqual({ result: 'guest' });
      await phone.post('/api/login', { username, password });
      expect(phone.cookies.get(SESSION_COOKIE)).not.toBe(guest.sessionId);
      expect(await t.app.db.$count(sessions, eq(sessions.idHash, guest.sessionHash))).toBe(0);
      expect((await laptop.get('/api/user/info')).body).toEqual({ result: 'ok', msg: username });
    });

    it('stores the push token sent with login and with register', async () => {
      const username = newUsername('Push');
      const agent = new TestAgent(t.app);
      await agent.post('/api/register', {
        username,
        email: `${username}@example.com`,
        password: 'abcd',
        token: `register-token-${username}`,
      });
      await agent.post('/api/login', {
        username,
        password: 'abcd',
        token: `login-token-${username}`,
      });
      const [user] = await t.app.db.select().from(users).where(eq(users.username, username));
      const tokens = await t.app.db
        .select()
        .from(pushTokens)
        .where(eq(pushTokens.userId, user!.id));
      expect(tokens.map((row) => row.token).sort()).toEqual([
        `login-token-${username}`,
        `register-token-${username}`,
      ]);
    });
  });

  describe('GET /logout', () => {
    it('deletes the session and clears the cookie', async () => {
      const { agent } = await registerUser(t.app);
      const sessionId = agent.cookies.get(SESSION_COOKIE) ?? '';
      const response = await agent.get('/api/logout');
      expect(response).toMatchObject({ status: 200, body: { result: 'ok' } });
      expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(
        await t.app.db.$count(sessions, eq(sessions.idHash, t.app.sessions.hash(sessionId))),
      ).toBe(0);
      const replay = new TestAgent(t.app);
      replay.cookies.set(SESSION_COOKIE, sessionId);
      expect((await replay.get('/api/user/info')).body).toEqual({ result: 'guest' });
    });

    it('is harmless for a guest', async () => {
      expect(await new TestAgent(t.app).get('/api/logout')).toMatchObject({
        status: 200,
        body: { result: 'ok' },
      });
    });
  });

  describe('GET /user/info', () => {
    it('answers guest without a session and with an unknown cookie', async () => {
      expect((await new TestAgent(t.app).get('/api/user/info')).body).toEqual({ result: 'guest' });
      const forged = new TestAgent(t.app);
      forged.cookies.set(SESSION_COOKIE, 'A'.repeat(43));
      expect((await forged.get('/api/user/info')).body).toEqual({ result: 'guest' });
    });
  });

  describe('POST /finalize', () => {
    async function socialUserWithoutName() {
      const [user] = await t.app.db
        .insert(users)
        .values({ email: null })
        .returning({ id: users.id });
      const session = await t.app.sessions.create(user!.id);
      const agent = new TestAgent(t.app);
      agent.cookies.set(SESSION_COOKIE, session.sessionId);
      return agent;
    }

    it('lets a social sign-in pick a username once', async () => {
      const agent = await socialUserWithoutName();
      expect((await agent.get('/api/user/info')).body).toEqual({ result: 'finalize' });
      const pushBeforeName = await agent.post('/api/user/pushtoken', { token: 'early' });
      expect(pushBeforeName.status).toBe(403);
      const username = newUsername('Social');
      const response = await agent.post('/api/finalize', { username });
      expect(response).toMatchObject({ status: 200, body: { result: 'ok', msg: username } });
      expect((await agent.get('/api/user/info')).body).toEqual({ result: 'ok', msg: username });
      const again = await agent.post('/api/finalize', { username: newUsername('Again') });
      expect(again).toMatchObject({ status: 409, body: { err: ACCOUNT_ERRORS.alreadyFinalized } });
    });

    it.each([
      ['', ACCOUNT_MESSAGES.usernameRequired],
      ['ab', ACCOUNT_MESSAGES.usernameBadSize],
      ['x'.repeat(15), ACCOUNT_MESSAGES.usernameBadSize],
      ['no spaces', ACCOUNT_MESSAGES.usernameBadCharacters],
    ])('refuses "%s" with "%s"', async (username, message) => {
      const agent = await socialUserWithoutName();
      expect(await agent.post('/api/finalize', { username })).toMatchObject({
        status: 400,
        body: { result: 'error', err: message },
      });
      expect((await agent.get('/api/user/info')).body).toEqual({ result: 'finalize' });
    });

    it('refuses a username taken in another case', async () => {
      const { username } = await registerUser(t.app, newUsername('Taken'));
      const agent = await socialUserWithoutName();
      expect(await agent.post('/api/finalize', { username: username.toLowerCase() })).toMatchObject(
        {
          status: 409,
          body: { err: ACCOUNT_ERRORS.usernameTaken },
        },
      );
    });

    it('needs a session', async () => {
      expect(
        (await new TestAgent(t.app).post('/api/finalize', { username: 'nobody' })).status,
      ).toBe(401);
    });
  });

  describe('GET /users/:username/verify/:code', () => {
    it('refuses unknown users, wrong codes and malformed codes', async () => {
      const { username } = await registerUser(t.app);
      const agent = new TestAgent(t.app);
      expect((await agent.get(`/api/users/${username}/verify/wrongcode`)).status).toBe(404);
      expect((await agent.get(`/api/users/nobody_at_all/verify/wrongcode`)).status).toBe(404);
      expect((await agent.get(`/api/users/${username}/verify/bad%20code!`)).status).toBe(400);
    });
  });

  describe('POST /user/pushtoken', () => {
    it('needs a signed-in user', async () => {
      expect(
        await new TestAgent(t.app).post('/api/user/pushtoken', { token: 'abc' }),
      ).toMatchObject({
        status: 401,
        body: { result: 'error' },
      });
    });

    it('stores the token, and a token moves to the last user who sent it', async () => {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      const token = `device-${alice.username}`;
      expect((await alice.agent.post('/api/user/pushtoken', { token })).body).toEqual({
        result: 'ok',
      });
      expect((await bob.agent.post('/api/user/pushtoken', { token })).body).toEqual({
        result: 'ok',
      });
      const rows = await t.app.db.select().from(pushTokens).where(eq(pushTokens.token, token));
      const [bobRow] = await t.app.db.select().from(users).where(eq(users.username, bob.username));
      expect(rows).toEqual([expect.objectContaining({ userId: bobRow!.id })]);
    });

    it('refuses an empty token', async () => {
      const { agent } = await registerUser(t.app);
      expect((await agent.post('/api/user/pushtoken', { token: '' })).status).toBe(400);
    });
  });

  describe('malformed input', () => {
    const json = { 'content-type': 'application/json' };
    it.each([
      ['bad JSON', '{"username": "a",', json, 400],
      ['a number for a string', JSON.stringify({ username: 12345, password: 'abcd' }), json, 400],
      [
        'an object for a string',
        JSON.stringify({ username: { $ne: '' }, password: 'abcd' }),
        json,
        400,
      ],
      ['an array body', JSON.stringify(['a', 'b']), json, 400],
      [
        'a huge username',
        JSON.stringify({ username: 'a'.repeat(5000), password: 'abcd' }),
        json,
        400,
      ],
      [
        'a huge password',
        JSON.stringify({ username: 'someone', password: 'p'.repeat(5000) }),
        json,
        400,
      ],
      [
        'an unknown field',
        JSON.stringify({ username: 'a', password: 'b', admin: true }),
        json,
        400,
      ],
      ['a body over 64 KiB', JSON.stringify({ username: 'a'.repeat(70_000) }), json, 413],
      [
        'plain text instead of JSON',
        'username=a&password=b',
        { 'content-type': 'text/plain' },
        400,
      ],
      ['XML instead of JSON', '<login/>', { 'content-type': 'application/xml' }, 415],
      ['no body at all', undefined, json, 400],
    ])(
      'login with %s gets a 4xx and the error envelope',
      async (_name, payload, headers, status) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { ...headers, [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE },
          payload,
        });
        expect(response.statusCode).toBe(status);
        expect(response.json()).toEqual({ result: 'error', err: expect.any(String) });
      },
    );

    it('register with wrong types creates nothing', async () => {
      const before = await t.app.db.$count(users);
      const response = await new TestAgent(t.app).post('/api/register', {
        username: ['array'],
        email: 42,
        password: null,
      });
      expect(response.status).toBe(400);
      expect(await t.app.db.$count(users)).toBe(before);
    });

    it('answers addresses the router rejects with the error envelope', async () => {
      const agent = new TestAgent(t.app);
      expect(await agent.get('/api/users/someone/verify/%zz')).toMatchObject({
        status: 400,
        body: { result: 'error', err: 'This address is not valid' },
      });
      expect(await agent.get(`/api/users/${'x'.repeat(150)}/verify/abc`)).toMatchObject({
        status: 414,
        body: { result: 'error', err: 'A part of this address is too long' },
      });
    });

    it('answers unknown API paths with a JSON 404', async () => {
      const response = await new TestAgent(t.app).get('/api/no/such/route');
      expect(response).toMatchObject({
        status: 404,
        body: { result: 'error', err: expect.any(String) },
      });
    });
  });
});
