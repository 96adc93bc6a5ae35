import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_REQUEST_HEADER } from '@jotto/shared/request-headers';
import { registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';

describe('cross-site refusal of state-changing requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { CLIENT_ORIGIN: 'https://client.jotto.test' });
  });
  afterAll(async () => {
    await t.close();
  });

  const body = { username: 'nobody_x', password: 'abcd' };

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin null', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site without Origin', { 'sec-fetch-site': 'same-site' }],
  ])('refuses POST /login from %s with 403', async (_name, headers) => {
    const response = await new TestAgent(t.app).post('/api/login', body, headers);
    expect(response).toMatchObject({
      status: 403,
      body: { result: 'error', err: 'Cross-site requests are not allowed' },
    });
  });

  it('refuses state-changing GETs (logout) cross-site and leaves the session alone', async () => {
    const { agent, username } = await registerUser(t.app);
    const response = await agent.get('/api/logout', { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect((await agent.get('/api/user/info')).body).toEqual({ result: 'ok', msg: username });
  });

  it('allows reads cross-site (CORS still decides who may read them)', async () => {
    const response = await new TestAgent(t.app).get('/api/user/info', {
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([
    ['the configured client origin', { origin: 'https://client.jotto.test' }],
    ['the app itself (PUBLIC_URL)', { origin: 'http://localhost:3000' }],
    ['the host the request went to', { origin: 'http://localhost:80', host: 'localhost:80' }],
    ['a same-origin fetch', { 'sec-fetch-site': 'same-origin' }],
    ['a script without Origin or Fetch Metadata that sends the client header', {}],
  ])('allows %s', async (_name, headers) => {
    const response = await new TestAgent(t.app).post('/api/login', body, headers);
    expect(response.status).toBe(401);
  });

  it('answers CORS preflights for the client origin with credentials', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: {
        origin: 'https://client.jotto.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': `content-type,${CLIENT_REQUEST_HEADER}`,
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://client.jotto.test');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase();
    expect(allowed.split(/\s*,\s*/)).toEqual(
      expect.arrayContaining(['content-type', CLIENT_REQUEST_HEADER]),
    );
  });

  it('sets SameSite=None; Secure cookies when the client is on another site', async () => {
    const { agent } = await registerUser(t.app);
    const response = await agent.post('/api/login', { username: 'x', password: 'y' });
    expect(response.status).toBe(401);
    const registered = await new TestAgent(t.app).post('/api/register', {
      username: 'cookie_check',
      email: 'cookie_check@example.com',
      password: 'abcd',
    });
    const cookie = String(registered.headers['set-cookie']);
    expect(cookie).toContain('SameSite=None');
    expect(cookie).toContain('Secure');
  });
});

// A browser without Fetch Metadata sends neither Origin nor Sec-Fetch-Site
// on a cross-site link (and, SameSite=Lax, sends the cookie with a top-level GET). Without one
// of those, a state-changing request must carry the client's own header, which a cross-site
// form or link cannot set (and a cross-site script only after a CORS preflight we refuse).
describe('state-changing requests with neither Origin nor Sec-Fetch-Site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a cross-site link from a browser without Fetch Metadata (no client header)', async () => {
    const bob = await registerUser(t.app);
    const alice = await registerUser(t.app);
    const link = new TestAgent(t.app, { clientHeader: false });
    for (const [name, value] of alice.agent.cookies) link.cookies.set(name, value);
    const response = await link.get(`/api/friends/add/${bob.username}`);
    expect(response).toMatchObject({
      status: 403,
      body: { result: 'error', err: 'Cross-site requests are not allowed' },
    });
    // Nothing was sent: bob has no request from alice.
    expect((await bob.agent.get('/api/user/friend_requests')).body).toEqual({
      result: 'ok',
      requests: [],
    });
    // The same request from our client's script goes through.
    expect((await alice.agent.get(`/api/friends/add/${bob.username}`)).status).toBe(200);
  });

  it.each([
    ['GET /api/logout', 'GET', '/api/logout'],
    ['GET /api/games/new', 'GET', '/api/games/new'],
    ['POST /api/login', 'POST', '/api/login'],
  ] as const)('refuses %s without the client header', async (_name, method, url) => {
    const response = await new TestAgent(t.app, { clientHeader: false }).request({
      method,
      url,
      ...(method === 'POST' ? { payload: { username: 'x', password: 'y' } } : {}),
    });
    expect(response.status).toBe(403);
  });

  it('lets a browser with Fetch Metadata through on its word (same-origin), header or not', async () => {
    const { agent } = await registerUser(t.app);
    const noHeader = new TestAgent(t.app, { clientHeader: false });
    for (const [name, value] of agent.cookies) noHeader.cookies.set(name, value);
    expect((await noHeader.get('/api/games/new', { 'sec-fetch-site': 'same-origin' })).status).toBe(
      200,
    );
    expect((await noHeader.get('/api/games/new', { 'sec-fetch-site': 'none' })).status).toBe(200);
    expect((await noHeader.get('/api/games/new', { 'sec-fetch-site': 'cross-site' })).status).toBe(
      403,
    );
    // The header does not make a request the browser marks cross-site acceptable.
    expect((await agent.get('/api/games/new', { 'sec-fetch-site': 'cross-site' })).status).toBe(
      403,
    );
  });

  it('still serves reads without any of them', async () => {
    const response = await new TestAgent(t.app, { clientHeader: false }).get('/api/user/info');
    expect(response).toMatchObject({ status: 200, body: { result: 'guest' } });
  });
});
