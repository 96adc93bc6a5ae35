import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from '@jotto/shared/client-routes';
import { startTestApp, type TestApp, TestAgent } from './test-app.ts';

describe('serving the built client', () => {
  let t: TestApp;
  let distDir: string;
  beforeAll(async () => {
    // A dist folder of the shape Vite writes (the real build is exercised by the e2e tests).
    distDir = await mkdtemp(path.join(tmpdir(), 'jotto-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="main"></div>');
    await writeFile(path.join(distDir, 'sw.js'), 'self.addEventListener("push", () => {});');
    await writeFile(
      path.join(distDir, 'sw.js.br'),
      brotliCompressSync('self.addEventListener("push", () => {});'),
    );
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The build leaves compressed copies beside its text files (client/vite.config.ts).
    await writeFile(
      path.join(distDir, 'assets', 'index-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
    await writeFile(
      path.join(distDir, 'index.html.gz'),
      gzipSync('<!doctype html><div id="main"></div>'),
    );
    t = await startTestApp('pglite', { CLIENT_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const concrete = (route: string) =>
    route.replace(':gameId', '42').replace(':username', 'alice').replace(':verifyCode', 'code123');

  it.each(CLIENT_ROUTES.map(concrete))('serves index.html at %s', async (url) => {
    const response = await new TestAgent(t.app).get<string>(url);
    expect(response.status).toBe(200);
    expect(response.body).toContain('id="main"');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves assets under /public/, hashed ones as immutable', async () => {
    const sw = await new TestAgent(t.app).get<string>('/public/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const asset = await new TestAgent(t.app).get<string>('/public/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves the service worker at /sw.js, never cached, as JavaScript under the page policy', async () => {
    const sw = await new TestAgent(t.app).get<string>('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.body).toBe('self.addEventListener("push", () => {});');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers['x-content-type-options']).toBe('nosniff');
    // The worker fetches the app's files from its own origin: the page policy allows that.
    const policy = String(sw.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    // The build's brotli copy, when the browser takes it.
    const br = await t.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
  });

  it('sends the compressed copy the browser accepts, and says it varies by encoding', async () => {
    const agent = new TestAgent(t.app);
    const br = await agent.request<string>({
      method: 'GET',
      url: '/public/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/public/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await agent.get<string>('/public/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    const page = await t.app.inject({
      method: 'GET',
      url: '/home',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sends a browser opening an unknown page the client (404), which shows its not-found screen', async () => {
    for (const url of ['/nope', '/game/42/extra', '/users/alice']) {
      const response = await new TestAgent(t.app).get<string>(url, {
        accept: 'text/html,application/xhtml+xml',
      });
      expect(response.status).toBe(404);
      expect(response.body).toContain('id="main"');
    }
  });

  it('answers the API, assets and non-page requests with a JSON 404', async () => {
    const agent = new TestAgent(t.app);
    for (const url of ['/nope', '/public/missing.js', '/game/42/extra']) {
      expect(await agent.get(url)).toMatchObject({ status: 404, body: { result: 'error' } });
    }
    for (const url of ['/api/nope', '/public/missing.js']) {
      expect(await agent.get(url, { accept: 'text/html' })).toMatchObject({
        status: 404,
        body: { result: 'error' },
      });
    }
    expect(await agent.post('/nope', {}, { accept: 'text/html' })).toMatchObject({
      status: 404,
      body: { result: 'error' },
    });
  });
});
