import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
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

  it('answers other paths with a JSON 404', async () => {
    for (const url of ['/nope', '/public/missing.js', '/game/42/extra']) {
      expect(await new TestAgent(t.app).get(url)).toMatchObject({
        status: 404,
        body: { result: 'error' },
      });
    }
  });
});
