import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countMatches } from '@jotto/shared/game-rules';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { games } from '../src/db/game-tables.ts';
import { TestAgent } from './test-app.ts';

/** A log line as pino writes it (JSON), with the fields of the request line. */
interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

const INFO = 30;
const DEBUG = 20;

describe('request log', () => {
  let app: FastifyInstance;
  let distDir: string;
  const written: string[] = [];
  const lines = () => written.map((line) => JSON.parse(line) as LogLine);
  const requestLines = () => lines().filter((line) => line.req !== undefined);

  beforeAll(async () => {
    // A built client of the shape Vite writes, so that a static file is served.
    distDir = await mkdtemp(path.join(tmpdir(), 'jotto-log-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="main"></div>');
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    const config = loadConfig({
      LOG_LEVEL: 'debug',
      DATA_DIR: 'memory://',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      CLIENT_DIST_DIR: distDir,
    });
    app = await buildApp(config, { logStream: { write: (line) => void written.push(line) } });
  });
  afterAll(async () => {
    await app.close();
    await rm(distDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    written.length = 0;
  });

  it('writes one info line per API request, with method, URL, status and duration', async () => {
    const agent = new TestAgent(app);
    expect((await agent.get('/api/games/new')).status).toBe(200);
    expect((await agent.get('/api/no-such-route')).status).toBe(404);
    expect((await agent.post('/api/games', { type: 'solo', age: 'sometime' })).status).toBe(400);

    const logged = requestLines();
    expect(logged.map(({ level, msg, req, res }) => ({ level, msg, req, res }))).toEqual([
      {
        level: INFO,
        msg: 'request completed',
        req: { method: 'GET', url: '/api/games/new' },
        res: { statusCode: 200 },
      },
      {
        level: INFO,
        msg: 'request completed',
        req: { method: 'GET', url: '/api/no-such-route' },
        res: { statusCode: 404 },
      },
      {
        level: INFO,
        msg: 'request completed',
        req: { method: 'POST', url: '/api/games' },
        res: { statusCode: 400 },
      },
    ]);
    for (const line of logged) expect(line.responseTime).toBeGreaterThanOrEqual(0);
    // Fastify's own "incoming request" line is gone.
    expect(lines().filter((line) => line.msg === 'incoming request')).toEqual([]);
  });

  it('logs health probes, metrics, client pages and static files at debug only', async () => {
    const agent = new TestAgent(app, { headers: { accept: 'text/html' } });
    const urls = ['/healthz', '/readyz', '/metrics', '/public/assets/index-abc123.js', '/rules'];
    for (const url of urls) expect((await agent.get(url)).status, url).toBe(200);
    expect((await agent.get('/no-such-page')).status).toBe(404);

    const logged = requestLines();
    expect(logged.map((line) => line.req?.url)).toEqual([...urls, '/no-such-page']);
    expect(logged.map((line) => line.level)).toEqual(logged.map(() => DEBUG));
    expect(lines().filter((line) => line.level >= INFO)).toEqual([]);
  });

  it('logs a poll answered 304 (nothing changed) at debug, its first answer at info', async () => {
    const agent = new TestAgent(app);
    const first = await agent.get('/api/leaders/alltime');
    expect(first.status).toBe(200);
    const again = await agent.request({
      method: 'GET',
      url: '/api/leaders/alltime',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.status).toBe(304);
    expect(requestLines().map((line) => [line.level, line.res?.statusCode])).toEqual([
      [INFO, 200],
      [DEBUG, 304],
    ]);
  });

  it('never writes the secret of a game, not even from the URL of the winning guess', async () => {
    const agent = new TestAgent(app);
    const created = await agent.get<{ gameId: number }>('/api/games/new');
    const gameId = created.body.gameId;
    const [game] = await app.db.select().from(games).where(eq(games.id, gameId));
    const secret = game!.secret.trim();
    const miss = SECRET_WORDS.find((word) => countMatches(word, secret) < 5)!;

    expect((await agent.get(`/api/game/${gameId}/play/${miss}`)).status).toBe(200);
    const won = await agent.get<{ win: boolean }>(`/api/game/${gameId}/play/${secret}`);
    expect(won).toMatchObject({ status: 200, body: { win: true } });
    expect((await agent.get(`/api/games/${gameId}`)).status).toBe(200);

    expect(requestLines().map((line) => [line.level, line.req?.url])).toEqual([
      [INFO, '/api/games/new'],
      [INFO, `/api/game/${gameId}/play/[word]`],
      [INFO, `/api/game/${gameId}/play/[word]`],
      [INFO, `/api/games/${gameId}`],
    ]);
    const secretWord = new RegExp(`\\b${secret}\\b`, 'i');
    expect(written.filter((line) => secretWord.test(line))).toEqual([]);
  });
});
