import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface JottoServer {
  /** `http://127.0.0.1:{port}`, where the app serves the client and the API. */
  url: string;
  /** Every log line the server has written so far (JSON, one object a line). */
  logs: string[];
  stop(): Promise<void>;
}

/**
 * Starts the real server as a user would (`node --import tsx server/src/main.ts`) on the
 * embedded defaults: PGlite in a fresh temporary folder, in-process fan-out, no Redis. It
 * listens on a free port of 127.0.0.1, read back from its "listening" log line. `env` adds
 * settings (an SMTP server, raised rate limits…).
 */
export async function startJottoServer(env: Record<string, string> = {}): Promise<JottoServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jotto-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Every test registers its own players from 127.0.0.1.
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_LOGIN: '1000',
      // Every finished game on screen asks for its analysis, all from 127.0.0.1.
      RATE_LIMIT_ANALYSIS: '1000',
      // Guests' games (solo, daily, archive, hard mode, offline) come from 127.0.0.1 too: at the
      // shipped limit a run's later files were refused (429) by its earlier ones' games.
      RATE_LIMIT_GUEST_GAMES: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${logs.join('\n')}`)),
      90_000,
    );
    const onLine = (line: string) => {
      logs.push(line);
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    };
    collectLines(child, onLine);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join('\n')}`));
    });
  });
  return {
    url,
    logs,
    async stop() {
      await stopProcess(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function collectLines(child: ChildProcess, onLine: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onLine(line);
    });
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timeout);
}

/** A port free on 127.0.0.1 now (the kernel's pick), for a server that must know it in advance. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * `startJottoServer` on a port chosen beforehand, with PUBLIC_URL on it: for a test that
 * follows an absolute link the server makes (a mailed link, a sign-in's return address), which
 * never follows the host a request was sent to.
 */
export async function startJottoServerWithPublicUrl(
  env: Record<string, string> = {},
): Promise<JottoServer> {
  const port = await freePort();
  return startJottoServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env });
}
