import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Redis } from 'ioredis';
import {
  CLIENT_REQUEST_HEADER,
  CLIENT_REQUEST_HEADER_VALUE,
  SESSION_COOKIE,
} from '@jotto/shared/request-headers';

// The server's package, whose entry point ServerNode runs as a process (it imports none of it).
const SERVER_DIR = path.resolve(import.meta.dirname, '../../server');

async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A redis-server of the test's own on a spare loopback port, which the test may stop and restart. */
export class ScratchRedis {
  private process: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.process = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(async () => {
      const { Redis } = await import('ioredis');
      const probe = new Redis(this.url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on('error', () => {});
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } finally {
        probe.disconnect();
      }
    }, `redis on ${this.port}`);
  }

  /**
   * The server's client connections other than this query's own, each with the patterns it is
   * subscribed to (`CLIENT LIST`): how a test sees that the nodes are all connected again.
   */
  async clients(): Promise<{ patternSubscriptions: number }[]> {
    const { Redis } = await import('ioredis');
    const probe = new Redis(this.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      const [ownId, list] = await Promise.all([probe.client('ID'), probe.client('LIST')]);
      return String(list)
        .split('\n')
        .filter((line) => line.startsWith('id=') && !line.startsWith(`id=${ownId} `))
        .map((line) => ({ patternSubscriptions: Number(/ psub=(\d+)/.exec(line)?.[1] ?? 0) }));
    } finally {
      probe.disconnect();
    }
  }

  /** A client of this server, for a bench or test that runs commands itself (it disconnects it). */
  async client(): Promise<Redis> {
    const { Redis } = await import('ioredis');
    return new Redis(this.url, { maxRetriesPerRequest: 0 });
  }

  /** Freezes the server (SIGSTOP): connections stay open and nothing answers, as in a hang. */
  pause(): void {
    this.process?.kill('SIGSTOP');
  }

  resume(): void {
    this.process?.kill('SIGCONT');
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.process = null;
  }
}

/** One server process (`server/src/main.ts`), as production runs it. */
export class ServerNode {
  private process: ChildProcess | null = null;
  output = '';
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.process = child;
    await waitFor(
      async () => (await fetch(`${this.baseUrl}/readyz`)).ok,
      `node on ${this.port}\n${this.output}`,
    );
  }

  get alive(): boolean {
    return (
      this.process !== null && this.process.exitCode === null && this.process.signalCode === null
    );
  }

  /** The exit code of a process that has exited (null while it runs, or ended by a signal). */
  get exitCode(): number | null {
    return this.process?.exitCode ?? null;
  }

  /** Stops the process: SIGKILL for a crash, SIGTERM for a graceful stop. */
  async stop(signal: 'SIGKILL' | 'SIGTERM' = 'SIGTERM'): Promise<void> {
    const child = this.process;
    if (!child || !this.alive) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}

/** A cookie-keeping HTTP client over real sockets; `node` can be switched (a client moving nodes). */
export class HttpAgent {
  sessionId: string | undefined;
  readonly statuses: number[] = [];
  constructor(public baseUrl: string) {}

  async call<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        // As our web client does on every call (the cross-site guard wants it without Origin).
        [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE,
        ...(this.sessionId ? { cookie: `${SESSION_COOKIE}=${this.sessionId}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const match = cookie.match(new RegExp(`^${SESSION_COOKIE}=([^;]*)`));
      if (match) this.sessionId = match[1] || undefined;
    }
    this.statuses.push(response.status);
    return { status: response.status, body: (await response.json()) as T };
  }
}
