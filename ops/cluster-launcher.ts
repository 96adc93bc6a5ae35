// The cluster on one machine: N app nodes (the server's build, `server/dist/main.js`, as
// production runs it) on their own loopback ports behind the system's nginx with ops/nginx.conf
// rendered for them.
// Used by `pnpm cluster` (ops/cluster.ts), the reliability suite and the fan-out bench; every
// process it starts is its child, and `stop()` ends them all.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { nginxMainConfig, renderSharedNginxConfig } from './nginx-config.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..', 'server');
/** What `pnpm build` makes of server/src/main.ts; `pnpm cluster` builds it first. */
const SERVER_ENTRY = path.join(SERVER_DIR, 'dist', 'main.js');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** The `fail_timeout` of the upstream servers in ops/nginx.conf. */
const NGINX_FAIL_TIMEOUT_MS = 5_000;

/**
 * Where the nodes listen (loopback: nothing off this machine reaches them) and the one address
 * they trust to name the client (their TRUST_PROXY): nginx reaches them from it. A hop count
 * (TRUST_PROXY=1) trusted whoever connected, so a client that reached a node's port directly,
 * bypassing nginx, chose the address its rate limits counted under with X-Forwarded-For.
 */
export const BALANCER_ADDRESS = '127.0.0.1';

/** A free TCP port on loopback (released at once: the caller binds it soon after). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port. */
async function waitForPort(port: number, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what()}`);
}

/** Waits for a child to exit, sending `signal` and then SIGKILL after `graceMs`. */
async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Splits a stream into lines, across chunk boundaries. */
function lineSplitter(onLine: (line: string) => void): (chunk: Buffer) => void {
  let rest = '';
  return (chunk) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    lines.forEach(onLine);
  };
}

/** A line the app logged at pino level error (50) or fatal (60). */
export const isErrorLogLine = (line: string) => /"level":(50|60)[,}]/.test(line);

/** One app process on its own port; may be killed and started again on the same port. */
export class AppNode {
  private child: ChildProcess | null = null;
  /** Error and fatal lines the node logged, over all its starts (the first 200). */
  readonly errorLines: string[] = [];
  /** How many times the process exited without being asked to (a crash). */
  unexpectedExits = 0;
  private expectingExit = false;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly onLine: (node: AppNode, line: string) => void,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and resolves once `/readyz` answers 200 (ready or degraded). */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.alive) return;
    if (!existsSync(SERVER_ENTRY)) {
      throw new Error(`${SERVER_ENTRY} is missing: build the server first (pnpm build)`);
    }
    const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
      cwd: SERVER_DIR,
      env: { ...this.env, PORT: String(this.port), HOST: BALANCER_ADDRESS },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.expectingExit = false;
    const onLine = (line: string) => {
      if (isErrorLogLine(line) && this.errorLines.length < 200) this.errorLines.push(line);
      this.onLine(this, line);
    };
    child.stdout?.on('data', lineSplitter(onLine));
    child.stderr?.on('data', lineSplitter(onLine));
    child.once('exit', () => {
      if (!this.expectingExit) this.unexpectedExits += 1;
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.alive) throw new Error(`${this.name} exited while starting`);
      const ready = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2_000) })
        .then((response) => response.status === 200)
        .catch(() => false);
      if (ready) return;
      await sleep(100);
    }
    throw new Error(`${this.name} was not ready within ${timeoutMs} ms`);
  }

  /** SIGKILL: a crash, nothing drained. */
  async kill(): Promise<void> {
    if (!this.child) return;
    this.expectingExit = true;
    await stopChild(this.child, 'SIGKILL', 0);
  }

  /**
   * SIGTERM: the app drains within its SHUTDOWN_GRACE_SECONDS (10 by default), then SIGKILL
   * 2 s after that if it is still there.
   */
  async stop(graceMs = (Number(this.env.SHUTDOWN_GRACE_SECONDS) || 10) * 1000 + 2_000) {
    if (!this.child) return;
    this.expectingExit = true;
    await stopChild(this.child, 'SIGTERM', graceMs);
  }
}

/** The system's nginx, found on PATH or in /usr/sbin; null when it is not installed. */
export function findNginx(): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin']) {
    if (dir && existsSync(path.join(dir, 'nginx'))) return path.join(dir, 'nginx');
  }
  return null;
}

/**
 * How long after workers with a new config answer that the old ones still accept connections:
 * nginx's master tells them to stop 100 ms after it started the new ones; the rest is room for a
 * busy machine.
 */
const NGINX_RELOAD_SETTLE_MS = 1_000;

/** nginx in the foreground, with ops/nginx.conf rendered for `upstreams`, on 127.0.0.1:port. */
export class Balancer {
  private child: ChildProcess | null = null;
  private stderr = '';
  /** Upstreams marked `down`: taken out of the balancing (see `setServing`). */
  private readonly down = new Set<string>();
  /** The config's generation, one more at each reload, and the port that says it. */
  private generation = 0;
  private controlPort = 0;

  constructor(
    readonly port: number,
    private readonly upstreams: readonly string[],
    readonly dir: string,
    private readonly nginx: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The access log: `remote|upstream|status|method|uri` per request. */
  get accessLogPath(): string {
    return path.join(this.dir, 'access.log');
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  private get args(): string[] {
    // -e: nginx opens its default error log before reading the config otherwise.
    const main = path.join(this.dir, 'nginx.conf');
    return ['-p', this.dir, '-e', path.join(this.dir, 'error.log'), '-c', main];
  }

  /** Writes both config files as they now are, and has nginx check them. */
  private async writeConfig(): Promise<void> {
    const sitePath = path.join(this.dir, 'jotto.conf');
    await writeFile(
      sitePath,
      renderSharedNginxConfig({
        upstreams: this.upstreams,
        listen: `127.0.0.1:${this.port}`,
        down: [...this.down],
      }),
    );
    const control = { port: this.controlPort, generation: this.generation };
    await writeFile(
      path.join(this.dir, 'nginx.conf'),
      nginxMainConfig({ dir: this.dir, siteConfigPath: sitePath, control }),
    );
    execFileSync(this.nginx, [...this.args, '-t', '-q'], { stdio: 'pipe' });
  }

  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    // Started as root, nginx's workers run as an unprivileged user, which must reach the temp
    // folders nginx makes here (request bodies over 16 KB are buffered to disk).
    await chmod(this.dir, 0o755);
    this.controlPort = await freePort();
    await this.writeConfig();
    const child = spawn(this.nginx, this.args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child = child;
    await waitForPort(this.port, 10_000, () => `nginx on ${this.port}: ${this.stderr}`);
  }

  /**
   * Takes `upstream` out of the balancing (`serving` false: marked `down`, its clients sent to
   * the next node, the requests it is serving left to finish) or puts it back, by a reload of
   * nginx; resolves once only workers with the new config accept connections. nginx open source
   * learns that a node is going away only from a failed request (it never asks `/readyz`), and
   * a guess it has sent there is never replayed elsewhere: it answers that one 503. A node
   * taken out first never gets a request it cannot answer.
   */
  async setServing(upstream: string, serving: boolean): Promise<void> {
    if (!this.child) throw new Error('nginx is not running');
    if (serving) this.down.delete(upstream);
    else this.down.add(upstream);
    this.generation += 1;
    await this.writeConfig();
    this.child.kill('SIGHUP');
    const expected = String(this.generation);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answered = await fetch(`http://127.0.0.1:${this.controlPort}/generation`, {
        signal: AbortSignal.timeout(2_000),
      })
        .then((response) => response.text())
        .catch(() => '');
      if (answered === expected) break;
      if (Date.now() > deadline) throw new Error(`nginx did not reload: ${this.stderr}`);
      await sleep(50);
    }
    await sleep(NGINX_RELOAD_SETTLE_MS);
  }

  /** SIGQUIT: nginx finishes the requests it is serving, then exits (SIGKILL after 5 s). */
  async stop(): Promise<void> {
    if (this.child) await stopChild(this.child, 'SIGQUIT', 5_000);
  }
}

export interface ClusterOptions {
  /** How many app nodes. */
  nodes: number;
  /** The balancer's port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** The whole environment of every node (PORT and HOST are set per node). */
  nodeEnv: NodeJS.ProcessEnv;
  /** Every line a node prints, as it comes. */
  onNodeLine?: (node: AppNode, line: string) => void;
  /** Where the balancer's files go; a fresh temporary folder, removed at stop, by default. */
  dir?: string;
}

/** A started cluster: its nodes, its balancer, and one `stop` for everything. */
export class Cluster {
  private stopped: Promise<void> | null = null;

  constructor(
    readonly nodes: readonly AppNode[],
    readonly balancer: Balancer,
    private readonly ownsDir: boolean,
  ) {}

  get url(): string {
    return this.balancer.url;
  }

  /**
   * A rolling restart (`pnpm cluster:restart`): each node in turn taken out of nginx's upstream
   * (see `Balancer.setServing`), stopped with SIGTERM (it drains: see docs/OPERATIONS.md,
   * 'Deploys'), started again on its port, ready (`/readyz` 200), and put back before the next
   * one goes, then `settleMs` more, nginx's `fail_timeout`: should nginx have found a node
   * closed after all, it counts it as down that long, and must send traffic to it again before
   * it loses the next. A start that fails stops the restart there (the node stays out of the
   * upstream). `onStep` hears each step.
   */
  async restartNodes(onStep: (message: string) => void, settleMs = NGINX_FAIL_TIMEOUT_MS) {
    for (const [index, node] of this.nodes.entries()) {
      if (index > 0) await sleep(settleMs);
      const upstream = `${BALANCER_ADDRESS}:${node.port}`;
      // A lone node stays in: out, it would stop serving before its drain, not after.
      const takeOut = this.nodes.length > 1;
      onStep(`${node.name}: ${takeOut ? 'out of the balancer, ' : ''}stopping (pid ${node.pid}) …`);
      if (takeOut) await this.balancer.setServing(upstream, false);
      const stoppedAt = Date.now();
      await node.stop();
      onStep(`${node.name}: stopped in ${Date.now() - stoppedAt} ms, starting …`);
      await node.start();
      if (takeOut) await this.balancer.setServing(upstream, true);
      onStep(`${node.name}: ready (pid ${node.pid})${takeOut ? ', back in the balancer' : ''}`);
    }
  }

  /** Stops the balancer, then every node (gracefully), then removes its temporary files. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      await this.balancer.stop().catch(() => {});
      await Promise.all(this.nodes.map((node) => node.stop().catch(() => {})));
      if (this.ownsDir) await rm(this.balancer.dir, { recursive: true, force: true });
    })();
    return this.stopped;
  }
}

/**
 * Starts `nodes` app nodes (the first alone, so that one applies pending migrations while the
 * others have nothing to wait for) and nginx in front. On a failure, whatever started is stopped.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install -y nginx)');
  const ownsDir = options.dir === undefined;
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'jotto-cluster-')));
  const onLine = options.onNodeLine ?? (() => {});
  const nodes: AppNode[] = [];
  for (let i = 0; i < options.nodes; i++) {
    nodes.push(new AppNode(`node${i + 1}`, await freePort(), options.nodeEnv, onLine));
  }
  const port = options.port === 0 ? await freePort() : options.port;
  const balancer = new Balancer(
    port,
    nodes.map((node) => `${BALANCER_ADDRESS}:${node.port}`),
    dir,
    nginx,
  );
  const cluster = new Cluster(nodes, balancer, ownsDir);
  try {
    await nodes[0]!.start();
    await Promise.all(nodes.slice(1).map((node) => node.start()));
    await balancer.start();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
