import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    ['a client that is not a browser', {}],
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
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://client.jotto.test');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
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
