import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
/** The compiled entry point `pnpm start` runs (`pnpm test` builds it first). */
const ENTRY_POINT = 'dist/main.js';
// A start takes about 2 s of CPU; on CI's two shared cores it has taken over 20 s of wall time.
const HEALTHY_WITHIN_MS = 60_000;

/** `node dist/main.js` as `pnpm start` runs it, on the embedded defaults and a random port. */
function startServer(env: Record<string, string>) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [ENTRY_POINT], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_FORMAT: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    port,
    child,
    exited,
    output: () => stdout + stderr,
    stdout: () => stdout,
    async waitForHealth(): Promise<boolean> {
      const deadline = Date.now() + HEALTHY_WITHIN_MS;
      while (Date.now() < deadline) {
        const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (healthy) return true;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return false;
    },
  };
}

describe('the entry point', { timeout: HEALTHY_WITHIN_MS + 30_000 }, () => {
  beforeAll(() => {
    if (!existsSync(path.join(SERVER_DIR, ENTRY_POINT))) {
      throw new Error(`${ENTRY_POINT} is missing: build the server first (pnpm build)`);
    }
  });

  it('starts on the embedded defaults, serves, and exits cleanly on SIGTERM', async () => {
    const server = startServer({ HOST: '127.0.0.1', SESSION_SECRET: '', DAILY_SECRET: '' });
    expect(await server.waitForHealth(), server.output()).toBe(true);
    const info = await fetch(`http://127.0.0.1:${server.port}/api/user/info`).then((r) => r.json());
    expect(info).toEqual({ result: 'guest' });

    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).toContain('shutting down');
    // Not a terminal: JSON lines by default, and the start says where to open the app.
    const lines = server
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toContain(
      `Jotto is up: open http://127.0.0.1:${server.port}`,
    );
    // No secret set: a fresh database gets random ones, which the log names but never shows.
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'SESSION_SECRET is not set: generated a random one and stored it in the database',
        'DAILY_SECRET is not set: generated a random one and stored it in the database',
      ]),
    );
  });

  it('logs pretty lines when asked, says localhost for a wildcard bind, and exits 0 on Ctrl-C', async () => {
    const server = startServer({ HOST: '0.0.0.0', LOG_FORMAT: 'pretty' });
    expect(await server.waitForHealth(), server.output()).toBe(true);
    // A verification code is masked in the request log, pretty or not (an API request: the
    // client's pages log at debug only).
    await fetch(`http://127.0.0.1:${server.port}/api/users/alice/verify/SECRETCODE123`);

    server.child.kill('SIGINT');
    expect(await server.exited, server.output()).toBe(0);
    const output = server.output();
    expect(output).toContain(`INFO: Jotto is up: open http://localhost:${server.port}`);
    expect(output).toContain('INFO: shutting down');
    expect(output).toContain('/api/users/alice/verify/[code]');
    expect(output).not.toContain('SECRETCODE123');
    expect(output).not.toContain('"level":');
  });

  it('refuses to start with a bad configuration and says why', async () => {
    const child = spawn(process.execPath, [ENTRY_POINT], {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: 'nope' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT must be a whole number');
  });

  it('refuses to start in production without PUBLIC_URL, and says so', async () => {
    const child = spawn(process.execPath, [ENTRY_POINT], {
      cwd: SERVER_DIR,
      env: { ...process.env, NODE_ENV: 'production', PUBLIC_URL: '', DATA_DIR: 'memory://' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PUBLIC_URL must be set when NODE_ENV=production');
  });
});
