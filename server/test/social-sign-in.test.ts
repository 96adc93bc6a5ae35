import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, eq } from 'drizzle-orm';
import {
  Events,
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
  OAuth2Server,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialSignInErrorMessage } from '@jotto/shared/social-sign-in';
import { MemoryOneTimeStore } from '../src/accounts/one-time-store.ts';
import { newSignInState, STATE_TTL_MS, stateProblem } from '../src/accounts/sign-in-state.ts';
import { SocialSignInError } from '../src/accounts/sign-in-error.ts';
import { verifySteamAssertion } from '../src/accounts/steam-openid.ts';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { sessions, socialAccounts, users } from '../src/db/account-tables.ts';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { LocalSteamOpenId } from '@jotto/test-support/local-steam-openid';
import {
  type AgentResponse,
  newUsername,
  startTestApp,
  type TestApp,
  TestAgent,
} from './test-app.ts';
import { TEST_REDIS_URL } from './test-environment.ts';

/** PUBLIC_URL of the test app: where the client lives and sign-ins land. */
const CLIENT = 'http://localhost:3000';
const OAUTH_PROVIDERS = ['twitter', 'facebook', 'google', 'vk'] as const;
type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
type Provider = OAuthProvider | 'steam';

/** Who approves the sign-in at the provider. */
interface ProviderUser {
  id: string;
  email?: string;
  emailVerified?: boolean;
}

/*
 * One real OAuth 2.0 / OpenID Connect server (oauth2-mock-server) on loopback plays Twitter,
 * Facebook, Google and VK, each at the paths and in the answer shape of the real one; a small
 * OpenID 2.0 endpoint plays Steam. The user named in `nextUser` approves at /authorize; the
 * code carries them into the access token, which the userinfo endpoints read back.
 */
let mock: OAuth2Server;
let mockBase: string;
let steam: LocalSteamOpenId;
let nextUser: ProviderUser = { id: 'nobody' };
const usersByCode = new Map<string, ProviderUser>();
const tokenRequests: { body: Record<string, unknown>; authorization: string | undefined }[] = [];

function claimsOf(accessToken: string): { sub: string; email?: string; email_verified?: boolean } {
  return JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
}
const bearerOf = (req: IncomingMessage) =>
  (req.headers.authorization ?? '').replace(/^Bearer /, '');
function sendJson(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function startLocalProviders() {
  mock = new OAuth2Server();
  await mock.issuer.keys.generate('RS256');
  await mock.start(0, '127.0.0.1');
  mockBase = `http://127.0.0.1:${mock.address().port}`;
  const service = mock.service;
  service.on(Events.BeforeAuthorizeRedirect, ({ url }: MutableRedirectUri) => {
    const code = url.searchParams.get('code');
    if (code) usersByCode.set(code, nextUser);
  });
  service.on(Events.BeforeTokenSigning, (token: MutableToken, req: TokenRequestIncomingMessage) => {
    const user = usersByCode.get(req.body.code ?? '');
    if (!user) return;
    Object.assign(token.payload, {
      sub: user.id,
      email: user.email,
      email_verified: user.emailVerified ?? true,
    });
  });
  // Every token response, as VK's does, names the user (`user_id`, `email`).
  service.on(
    Events.BeforeResponse,
    (response: MutableResponse, req: TokenRequestIncomingMessage) => {
      tokenRequests.push({
        body: { ...req.body },
        authorization: req.headers.authorization,
      });
      if (response.body === '' || typeof response.body.access_token !== 'string') return;
      const claims = claimsOf(response.body.access_token);
      response.body.user_id = Number(claims.sub);
      if (claims.email) response.body.email = claims.email;
    },
  );
  // Google: OpenID Connect userinfo.
  service.on(Events.BeforeUserinfo, (response: MutableResponse, req: IncomingMessage) => {
    const claims = claimsOf(bearerOf(req));
    response.body = { sub: claims.sub, email: claims.email, email_verified: claims.email_verified };
  });
  // Twitter: GET /2/users/me with a Bearer token.
  service.addRoute('GET', '/2/users/me', (req, res) => {
    sendJson(res, { data: { id: claimsOf(bearerOf(req)).sub, name: 'A Bird', username: 'bird' } });
  });
  // Facebook: GET /me?fields=id,email&access_token=…
  service.addRoute('GET', '/me', (req, res) => {
    const claims = claimsOf(String(req.query.access_token ?? ''));
    sendJson(res, { id: claims.sub, ...(claims.email ? { email: claims.email } : {}) });
  });
  steam = await LocalSteamOpenId.start();
}

function providerEnv(): Record<string, string> {
  const oauth = (prefix: string, userinfoPath: string | null) => ({
    [`${prefix}_CLIENT_ID`]: `${prefix.toLowerCase()}-client`,
    [`${prefix}_CLIENT_SECRET`]: `${prefix.toLowerCase()}-secret`,
    [`${prefix}_AUTHORIZE_URL`]: `${mockBase}/authorize`,
    [`${prefix}_TOKEN_URL`]: `${mockBase}/token`,
    ...(userinfoPath ? { [`${prefix}_USERINFO_URL`]: `${mockBase}${userinfoPath}` } : {}),
  });
  return {
    ...oauth('TWITTER', '/2/users/me'),
    ...oauth('FACEBOOK', '/me?fields=id,email'),
    ...oauth('GOOGLE', '/userinfo'),
    ...oauth('VK', null),
    STEAM_OPENID_URL: steam.url,
  };
}

let idCounter = 0;
/** A provider user id never seen before (numeric, as VK's and Steam's are). */
const freshId = () => `${Date.now()}${(idCounter += 1)}`.slice(-15);

interface SignInResult {
  /** The callback's answer: a redirect to the client. */
  response: AgentResponse;
  /** The callback URL as the provider sent the browser to it (path and query). */
  callbackPath: string;
  /** The state cookie as it was before the callback cleared it. */
  stateCookie: [string, string];
}

/** The browser's round trip: our start route, the provider, our callback (sent cross-site). */
async function signIn(agent: TestAgent, provider: Provider, user: ProviderUser) {
  const start = await agent.get(`/api/auth/${provider}`);
  expect(start.status).toBe(302);
  const stateCookie = [...agent.cookies].find(([name]) => name.includes(`state-${provider}`));
  expect(stateCookie).toBeDefined();
  if (provider === 'steam') steam.nextSteamId = user.id;
  else nextUser = user;
  const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${CLIENT}/api/auth/${provider}/callback`);
  const callbackPath = `${back.pathname}${back.search}`;
  const response = await agent.get(callbackPath, { 'sec-fetch-site': 'cross-site' });
  return { response, callbackPath, stateCookie: stateCookie! } satisfies SignInResult;
}

const loginError = (error: string, provider: Provider) =>
  `${CLIENT}/login?error=${error}&provider=${provider}`;

beforeAll(startLocalProviders);
afterAll(async () => {
  await mock?.stop();
  await steam?.close();
});

describe.each([
  { kind: 'pglite' as const, redis: false },
  { kind: 'postgres' as const, redis: true },
])('social sign-in on $kind (Redis: $redis)', ({ kind, redis }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      ...providerEnv(),
      ...(redis ? { REDIS_URL: TEST_REDIS_URL } : {}),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function userOf(provider: Provider, providerUserId: string) {
    const [row] = await t.app.db
      .select({ userId: socialAccounts.userId, username: users.username, email: users.email })
      .from(socialAccounts)
      .innerJoin(users, eq(users.id, socialAccounts.userId))
      .where(
        and(
          eq(socialAccounts.provider, provider),
          eq(socialAccounts.providerUserId, providerUserId),
        ),
      );
    expect(row).toBeDefined();
    return row!;
  }

  describe.each([...OAUTH_PROVIDERS, 'steam' as const])('%s', (provider) => {
    it('first sign-in → /finalize → username picked → signed in; second sign-in → /home', async () => {
      const id = freshId();
      const agent = new TestAgent(t.app);
      const first = await signIn(agent, provider, { id });
      expect(first.response).toMatchObject({
        status: 302,
        headers: { location: `${CLIENT}/finalize`, 'cache-control': 'no-store' },
      });
      expect(agent.cookies.get(SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The state (and PKCE verifier) cookies are gone once the callback ran.
      expect([...agent.cookies.keys()].filter((name) => name.startsWith('jotto-oauth'))).toEqual(
        [],
      );
      expect((await agent.get('/api/user/info')).body).toEqual({ result: 'finalize' });
      expect((await agent.post('/api/games', { type: 'solo', age: 'new' })).status).toBe(403);

      const username = newUsername(provider.slice(0, 2));
      expect(await agent.post('/api/finalize', { username })).toMatchObject({
        status: 200,
        body: { result: 'ok', msg: username },
      });
      expect((await agent.get('/api/user/info')).body).toEqual({ result: 'ok', msg: username });

      const otherBrowser = new TestAgent(t.app);
      const second = await signIn(otherBrowser, provider, { id });
      expect(second.response).toMatchObject({
        status: 302,
        headers: { location: `${CLIENT}/home` },
      });
      expect((await otherBrowser.get('/api/user/info')).body).toEqual({
        result: 'ok',
        msg: username,
      });
      expect((await userOf(provider, id)).username).toBe(username);
    });
  });

  it('a banned account is sent back to the login screen, signed in nowhere', async () => {
    const id = freshId();
    const first = new TestAgent(t.app);
    await signIn(first, 'google', { id });
    const { userId } = await userOf('google', id);
    await t.app.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, userId));
    const agent = new TestAgent(t.app);
    const { response } = await signIn(agent, 'google', { id });
    expect(response).toMatchObject({
      status: 302,
      headers: { location: loginError('banned', 'google') },
    });
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(socialSignInErrorMessage('banned', 'google')).toBe('This account is banned');
  });

  it('sends each provider the right client, callback, scope and PKCE challenge', async () => {
    const expectations = {
      twitter: { client: 'twitter-client', scope: 'users.read tweet.read', pkce: true },
      facebook: { client: 'facebook-client', scope: 'email', pkce: false },
      google: { client: 'google-client', scope: 'openid email', pkce: true },
      vk: { client: 'vk-client', scope: 'email', pkce: false },
    };
    for (const [provider, expected] of Object.entries(expectations)) {
      const start = await new TestAgent(t.app).get(`/api/auth/${provider}`);
      const location = new URL(String(start.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(`${mockBase}/authorize`);
      expect(Object.fromEntries(location.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: expected.client,
        redirect_uri: `${CLIENT}/api/auth/${provider}/callback`,
        scope: expected.scope,
        state: expect.stringMatching(/^[A-Za-z0-9_-]{22}\.[0-9a-z]+$/),
      });
      expect(location.searchParams.get('code_challenge_method')).toBe(
        expected.pkce ? 'S256' : null,
      );
    }
    const steamStart = await new TestAgent(t.app).get('/api/auth/steam');
    const steamUrl = new URL(String(steamStart.headers.location));
    expect(Object.fromEntries(steamUrl.searchParams)).toMatchObject({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'checkid_setup',
      'openid.realm': `${CLIENT}/`,
      'openid.return_to': expect.stringMatching(
        new RegExp(`^${CLIENT}/api/auth/steam/callback\\?state=[A-Za-z0-9_.-]+$`),
      ),
    });
  });

  it('exchanges the code with the PKCE verifier (Twitter: client in Basic auth)', async () => {
    tokenRequests.length = 0;
    await signIn(new TestAgent(t.app), 'twitter', { id: freshId() });
    const [request] = tokenRequests;
    expect(request?.body).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: `${CLIENT}/api/auth/twitter/callback`,
      code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from('twitter-client:twitter-secret').toString('base64')}`,
    );
  });

  it("takes over a guest's unfinished game", async () => {
    const agent = new TestAgent(t.app);
    const { body } = await agent.get<{ gameId: number }>('/api/games/new');
    await signIn(agent, 'google', { id: freshId() });
    await agent.post('/api/finalize', { username: newUsername('gst') });
    const list = await agent.post<{ games: { id: number }[] }>('/api/games', {
      type: 'solo',
      age: 'new',
    });
    expect(list.body.games.map((game) => game.id)).toContain(body.gameId);
  });

  describe('linking never merges', () => {
    it('a second provider account gets its own account, even in a signed-in browser', async () => {
      const agent = new TestAgent(t.app);
      const googleId = freshId();
      await signIn(agent, 'google', { id: googleId });
      const first = newUsername('one');
      await agent.post('/api/finalize', { username: first });
      const firstSession = agent.cookies.get(SESSION_COOKIE);

      const twitterId = freshId();
      const second = await signIn(agent, 'twitter', { id: twitterId });
      expect(second.response.headers.location).toBe(`${CLIENT}/finalize`);
      expect(agent.cookies.get(SESSION_COOKIE)).not.toBe(firstSession);
      expect((await agent.get('/api/user/info')).body).toEqual({ result: 'finalize' });
      const googleUser = await userOf('google', googleId);
      const twitterUser = await userOf('twitter', twitterId);
      expect(twitterUser.userId).not.toBe(googleUser.userId);
      // The old session is gone, not left signed in beside the new one.
      expect(
        await t.app.db.$count(sessions, eq(sessions.idHash, t.app.sessions.hash(firstSession!))),
      ).toBe(0);
    });

    it('the same id at two providers is two accounts', async () => {
      const id = freshId();
      await signIn(new TestAgent(t.app), 'vk', { id });
      await signIn(new TestAgent(t.app), 'steam', { id });
      expect((await userOf('vk', id)).userId).not.toBe((await userOf('steam', id)).userId);
    });

    it('an e-mail already registered is neither linked nor copied', async () => {
      const username = newUsername('mail');
      const email = `${username}@example.com`;
      const owner = new TestAgent(t.app);
      await owner.post('/api/register', { username, email, password: 'secret1' });
      const id = freshId();
      const response = await signIn(new TestAgent(t.app), 'facebook', { id, email });
      expect(response.response.headers.location).toBe(`${CLIENT}/finalize`);
      const social = await userOf('facebook', id);
      expect(social.email).toBeNull();
      const [registered] = await t.app.db.select().from(users).where(eq(users.username, username));
      expect(social.userId).not.toBe(registered?.id);
    });

    it('keeps a new e-mail, unless the provider calls it unverified', async () => {
      const verifiedId = freshId();
      const email = `${verifiedId}@example.com`;
      await signIn(new TestAgent(t.app), 'google', { id: verifiedId, email });
      expect((await userOf('google', verifiedId)).email).toBe(email);
      const unverifiedId = freshId();
      await signIn(new TestAgent(t.app), 'google', {
        id: unverifiedId,
        email: `${unverifiedId}@example.com`,
        emailVerified: false,
      });
      expect((await userOf('google', unverifiedId)).email).toBeNull();
    });
  });

  describe('the state', () => {
    it.each(['google', 'steam'] as const)(
      '%s: a replayed callback is refused, even with the old state cookie',
      async (provider) => {
        const agent = new TestAgent(t.app);
        const { callbackPath, stateCookie } = await signIn(agent, provider, { id: freshId() });
        const attacker = new TestAgent(t.app);
        attacker.cookies.set(...stateCookie);
        const replay = await attacker.get(callbackPath);
        expect(replay).toMatchObject({
          status: 302,
          headers: { location: loginError('bad_state', provider) },
        });
        expect(attacker.cookies.has(SESSION_COOKIE)).toBe(false);
      },
    );

    it.each(['twitter', 'steam'] as const)(
      '%s: a state that does not match the cookie is refused',
      async (provider) => {
        const agent = new TestAgent(t.app);
        await agent.get(`/api/auth/${provider}`);
        const forged = newSignInState();
        const response = await agent.get(`/api/auth/${provider}/callback?code=abc&state=${forged}`);
        expect(response).toMatchObject({
          status: 302,
          headers: { location: loginError('bad_state', provider) },
        });
        expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
      },
    );

    it('a callback from a browser that never started a sign-in is refused', async () => {
      const victim = new TestAgent(t.app);
      const attacker = new TestAgent(t.app);
      nextUser = { id: freshId() };
      // The attacker's own code and state, sent to the victim's browser (login CSRF).
      const start = await attacker.get('/api/auth/facebook');
      const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
      const back = new URL(atProvider.headers.get('location') ?? '');
      const response = await victim.get(`${back.pathname}${back.search}`);
      expect(response.headers.location).toBe(loginError('bad_state', 'facebook'));
      expect(victim.cookies.has(SESSION_COOKIE)).toBe(false);
      expect((await victim.get('/api/auth/facebook/callback?code=x')).headers.location).toBe(
        loginError('bad_state', 'facebook'),
      );
    });

    it('is signed, fresh for 10 minutes, and the same in the URL and the cookie', () => {
      const now = Date.now();
      const state = newSignInState(now);
      expect(stateProblem(state, state, now)).toBeNull();
      expect(stateProblem(state, state, now + STATE_TTL_MS + 1)).toBe('the state expired');
      expect(stateProblem(state, `${state}x`, now)).toBe('the state does not match the cookie');
      expect(stateProblem(state, undefined, now)).toMatch(/no state cookie/);
      expect(stateProblem(undefined, state, now)).toBe('the callback has no state');
      expect(stateProblem(['a', 'b'], state, now)).toBe('the callback has no state');
      expect(stateProblem('forged', 'forged', now)).toBe('the state is malformed');
    });

    it('a tampered state cookie (bad signature) is refused', async () => {
      const agent = new TestAgent(t.app);
      await agent.get('/api/auth/google');
      const name = [...agent.cookies.keys()].find((key) => key.includes('state-google'))!;
      const state = newSignInState();
      agent.cookies.set(name, `${state}.forgedsignature`);
      const response = await agent.get(`/api/auth/google/callback?code=abc&state=${state}`);
      expect(response.headers.location).toBe(loginError('bad_state', 'google'));
    });
  });

  describe('errors from the provider', () => {
    it.each([
      ['access_denied', 'denied'],
      ['server_error', 'provider_error'],
    ])('?error=%s → /login?error=%s, and the flow cookies are cleared', async (error, code) => {
      const agent = new TestAgent(t.app);
      const start = await agent.get('/api/auth/google');
      const state = new URL(String(start.headers.location)).searchParams.get('state');
      const response = await agent.get(
        `/api/auth/google/callback?error=${error}&error_description=nope&state=${state}`,
      );
      expect(response).toMatchObject({
        status: 302,
        headers: { location: loginError(code, 'google') },
      });
      expect([...agent.cookies.keys()].filter((name) => name.startsWith('jotto-oauth'))).toEqual(
        [],
      );
      expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(socialSignInErrorMessage(code, 'google')).toBe(
        code === 'denied'
          ? 'Sign-in with Google was cancelled.'
          : 'Google could not sign you in. Please try again.',
      );
    });

    it('Steam: cancel → denied', async () => {
      steam.nextAnswer = 'cancel';
      const { response } = await signIn(new TestAgent(t.app), 'steam', { id: freshId() });
      expect(response.headers.location).toBe(loginError('denied', 'steam'));
    });

    it('a refused code exchange → failed', async () => {
      mock.service.once(Events.BeforeResponse, (response: MutableResponse) => {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant' };
      });
      const { response } = await signIn(new TestAgent(t.app), 'vk', { id: freshId() });
      expect(response.headers.location).toBe(loginError('failed', 'vk'));
    });

    it('a failing userinfo endpoint → failed', async () => {
      mock.service.once(Events.BeforeUserinfo, (response: MutableResponse) => {
        response.statusCode = 401;
        response.body = { error: 'invalid_token' };
      });
      const { response } = await signIn(new TestAgent(t.app), 'google', { id: freshId() });
      expect(response.headers.location).toBe(loginError('failed', 'google'));
    });

    it('Steam: an assertion whose claimed id was changed → failed, and nothing signed in', async () => {
      const agent = new TestAgent(t.app);
      const start = await agent.get('/api/auth/steam');
      const atSteam = await fetch(String(start.headers.location), { redirect: 'manual' });
      const back = new URL(atSteam.headers.get('location') ?? '');
      back.searchParams.set('openid.claimed_id', 'https://steamcommunity.com/openid/id/1');
      back.searchParams.set('openid.identity', 'https://steamcommunity.com/openid/id/1');
      const calls = steam.checkAuthenticationCalls;
      const response = await agent.get(`${back.pathname}${back.search}`);
      expect(response.headers.location).toBe(loginError('failed', 'steam'));
      expect(steam.checkAuthenticationCalls).toBe(calls + 1);
      expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
    });
  });
});

describe('providers without credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      GOOGLE_CLIENT_ID: 'only-google',
      GOOGLE_CLIENT_SECRET: 's',
      STEAM_ENABLED: 'false',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['twitter', 'facebook', 'vk', 'steam'] as const)(
    '%s answers both routes with a redirect to /login?error=not_configured',
    async (provider) => {
      const agent = new TestAgent(t.app);
      for (const path of [`/api/auth/${provider}`, `/api/auth/${provider}/callback?code=x`]) {
        expect(await agent.get(path)).toMatchObject({
          status: 302,
          headers: { location: loginError('not_configured', provider) },
        });
      }
    },
  );

  it('a configured provider still works beside them, with the real endpoints by default', async () => {
    const response = await new TestAgent(t.app).get('/api/auth/google');
    expect(String(response.headers.location)).toMatch(
      /^https:\/\/accounts\.google\.com\/o\/oauth2\/v2\/auth\?/,
    );
  });

  it('an unknown provider is a 404', async () => {
    expect((await new TestAgent(t.app).get('/api/auth/github')).status).toBe(404);
  });

  it('the not-configured sentence names the provider', () => {
    expect(socialSignInErrorMessage('not_configured', 'vk')).toBe(
      'Sign-in with VK is not available on this server. Please choose another way to sign in.',
    );
    expect(socialSignInErrorMessage('whatever', null)).toBe(
      'Sign-in did not work. Please try again.',
    );
  });
});

describe('Steam assertion checks', () => {
  const endpoint = () => steam.url;
  async function assertion() {
    const returnTo = 'http://localhost:3000/api/auth/steam/callback?state=s';
    const url = new URL(endpoint());
    url.search = new URLSearchParams({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'checkid_setup',
      'openid.return_to': returnTo,
      'openid.realm': 'http://localhost:3000/',
      'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
    }).toString();
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
    return { query: Object.fromEntries(back.searchParams), returnTo };
  }
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof SocialSignInError ? error : null),
    );

  it('accepts a genuine assertion once: the nonce cannot be replayed', async () => {
    const nonces = new MemoryOneTimeStore();
    const { query, returnTo } = await assertion();
    const expected = { endpoint: endpoint(), returnTo };
    expect(await verifySteamAssertion(query, expected, nonces)).toBe(steam.nextSteamId);
    // Checked on a connection of its own, never a pooled one Steam may be closing.
    expect(steam.lastCheckAuthenticationConnection).toBe('close');
    const replay = await refusal(verifySteamAssertion(query, expected, nonces));
    expect(replay?.detail).toMatch(/response_nonce was already used/);
  });

  it('refuses another return_to, another endpoint, a stale nonce and unsigned fields', async () => {
    const { query, returnTo } = await assertion();
    const check = (
      changes: Record<string, string>,
      expected = { endpoint: endpoint(), returnTo },
    ) =>
      refusal(verifySteamAssertion({ ...query, ...changes }, expected, new MemoryOneTimeStore()));
    expect((await check({ 'openid.return_to': `${returnTo}x` }))?.detail).toMatch(/return_to/);
    expect(
      (await check({}, { endpoint: 'https://elsewhere.example/openid', returnTo }))?.detail,
    ).toMatch(/another endpoint/);
    expect((await check({ 'openid.response_nonce': '2001-01-01T00:00:00Zold' }))?.detail).toMatch(
      /too old/,
    );
    expect((await check({ 'openid.signed': 'op_endpoint,return_to' }))?.detail).toMatch(
      /not signed/,
    );
    expect(
      (await check({ 'openid.claimed_id': 'https://evil.example/openid/id/1' }))?.detail,
    ).toMatch(/not a Steam id/);
  });
});

describe('social sign-in configuration', () => {
  const base = { SESSION_SECRET: 'x'.repeat(32) };

  it('turns a provider on only with both its client id and secret', () => {
    const config = loadConfig({
      ...base,
      TWITTER_CLIENT_ID: 'id',
      TWITTER_CLIENT_SECRET: 'secret',
    });
    expect(config.socialSignIn.oauth.twitter).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      authorizeUrl: 'https://x.com/i/oauth2/authorize',
      tokenUrl: 'https://api.x.com/2/oauth2/token',
      userinfoUrl: 'https://api.x.com/2/users/me',
    });
    expect(config.socialSignIn.oauth.google).toBeNull();
    expect(config.socialSignIn.steamOpenIdUrl).toBe('https://steamcommunity.com/openid/login');
    expect(config.socialSignIn.apiPublicUrl).toBe('http://localhost:3000/api');
  });

  it('names every bad social sign-in variable', () => {
    let error: unknown;
    try {
      loadConfig({
        ...base,
        GOOGLE_CLIENT_ID: 'only-the-id',
        VK_CLIENT_ID: 'has space',
        VK_CLIENT_SECRET: 's',
        FACEBOOK_TOKEN_URL: 'ftp://graph.example',
        API_PUBLIC_URL: 'not a url',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual(
      expect.arrayContaining([
        'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (only GOOGLE_CLIENT_ID is set)',
        'VK_CLIENT_ID must be printable ASCII without spaces',
        'FACEBOOK_TOKEN_URL must use http: or https: (got "ftp:")',
        'API_PUBLIC_URL must be a URL (got "not a url")',
      ]),
    );
  });
});
