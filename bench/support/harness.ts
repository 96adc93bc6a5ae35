// What every bench shares: a scratch Postgres database, servers in child processes, a small
// HTTP client for setting up data, and autocannon runs summarised the same way.
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_HEADER_VALUE } from '@jotto/shared/request-headers';
import { ScratchRedis } from '@jotto/test-support/cluster-harness';
import { freePort } from '../../ops/cluster-launcher.ts';
import { bundleLikeProduction } from '../../server/bundle-options.ts';
import type { HeapReport, ServerMessage, ServerMode } from './server-process.ts';

/** The Postgres where scratch databases are made (trust auth, as for the tests). */
export const ADMIN_POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** Things to undo at the end, last registered first; run once, even after an error. */
export class Cleanup {
  private readonly steps: { name: string; run: () => Promise<void> }[] = [];
  private done: Promise<void> | null = null;

  add(name: string, run: () => Promise<void>): void {
    this.steps.push({ name, run });
  }

  run(): Promise<void> {
    this.done ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step.run();
        } catch (error) {
          console.error(`cleanup: ${step.name} failed:`, error);
        }
      }
    })();
    return this.done;
  }
}

/**
 * A redis-server of the bench's own on a free loopback port, its stop registered with `cleanup`
 * before it starts (stopping one that never started does nothing).
 */
export async function startScratchRedis(cleanup: Cleanup): Promise<ScratchRedis> {
  const redis = new ScratchRedis(await freePort());
  cleanup.add(`stop redis-server on ${redis.port}`, () => redis.stop());
  await redis.start();
  return redis;
}

/** Creates `<prefix>_<random>` and registers its drop (WITH FORCE) with `cleanup`. */
export async function createScratchDatabase(
  cleanup: Cleanup,
  prefix = 'jotto_bench',
): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(ADMIN_POSTGRES_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  cleanup.add(`drop database ${name}`, async () => {
    const dropper = postgres(ADMIN_POSTGRES_URL, { max: 1, onnotice: () => {} });
    try {
      await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface RunningServer {
  port: number;
  child: ChildProcess;
}

let serverProcessBundle: Promise<string> | undefined;

/**
 * Forks `server-process.ts` in the given mode, bundled as production bundles the server and run
 * by plain `node`: under tsx the same code runs with esbuild's keepNames, which wraps every
 * function made per request in a `__name` call (a visible share of a poll's CPU), and through a
 * loader, none of which production pays. Waits for its port. Registers a stop with `cleanup`: a
 * `close` message, then SIGKILL of that child (by its pid) after 10 s.
 */
export async function startServer(
  mode: ServerMode,
  env: NodeJS.ProcessEnv,
  cleanup: Cleanup,
  options: { execArgv?: string[] } = {},
): Promise<RunningServer> {
  serverProcessBundle ??= bundleLikeProduction(
    path.join(import.meta.dirname, 'server-process.ts'),
    '.bench-build',
  );
  const child = fork(await serverProcessBundle, [mode], {
    cwd: import.meta.dirname,
    env,
    execArgv: [
      '--enable-source-maps',
      ...(process.env.BENCH_CPU_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`]
        : []),
      ...(options.execArgv ?? []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanup.add(`stop ${mode} server (pid ${child.pid})`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send('close');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${mode} server did not start in 60 s`)),
      60_000,
    );
    child.on('message', (message: ServerMessage) => {
      if ('port' in message) {
        clearTimeout(timer);
        resolve(message.port);
      } else if ('error' in message) {
        clearTimeout(timer);
        reject(new Error(`${mode} server failed to start:\n${message.error}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${mode} server exited with code ${String(code)} before listening`));
    });
  });
  return { port, child };
}

/**
 * Asks a server child to collect garbage (twice; it must run with `--expose-gc`) and to report
 * its memory and socket count. Rejects after `timeoutMs` or if the child goes away.
 */
export function heapOf(server: RunningServer, timeoutMs = 30_000): Promise<HeapReport> {
  const { child } = server;
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: ServerMessage) => {
      if (!('heap' in message)) return;
      done();
      resolve(message.heap);
    };
    const onExit = () => {
      done();
      reject(new Error('server exited before reporting its heap'));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no heap report in ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send('heap');
  });
}

export interface HttpResult {
  status: number;
  json: Record<string, unknown> | null;
  setCookie: string[];
}

const setupAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * A whole number from the environment variable `name` (a bench's knob), `fallback` when unset;
 * anything else than a whole number in [min, max] stops the bench with a clear error.
 */
export function boundedInteger(name: string, fallback: number, min: number, max = Infinity) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Infinity ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new Error(`${name} must be a whole number ${range} (got "${raw}")`);
  }
  return value;
}

/** One request for setting up data (not for load): JSON in and out, over loopback. */
export function request(
  port: number,
  method: 'GET' | 'POST',
  urlPath: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<HttpResult> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent: setupAgent,
        timeout: 30_000,
        headers: {
          // As the web client sends on every call (the cross-site guard wants it).
          [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> | null = null;
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            json = null;
          }
          resolve({
            status: res.statusCode ?? 0,
            json,
            setCookie: res.headers['set-cookie'] ?? [],
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Runs `fn` over `items` with at most `limit` at a time; results keep the input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** What one measured autocannon run is summarised to. */
export interface LoadSummary {
  label: string;
  requests: number;
  /** From the start of the run to its last response. */
  seconds: number;
  /** Completed responses per second over `seconds`. */
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
  non2xx: number;
  /** 2xx responses whose body was not `{"result":"ok", …}`. */
  notOk: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Server CPU seconds (user + system, all threads) over the run; null when not measured. */
  serverCpuSeconds: number | null;
  /** Server CPU time over wall time, in % of one core; null when not measured. */
  serverCpuPercent: number | null;
  /** The same for every local `postgres` process (a local database only), and this process. */
  databaseCpuPercent: number | null;
  generatorCpuPercent: number;
}

export interface LoadOptions {
  label: string;
  port: number;
  /** Requests in total, spread evenly over the connections by autocannon. */
  amount: number;
  connections: number;
  /** A fixed path, or a function giving each request its own path and headers. */
  path: string | (() => { path: string; headers?: Record<string, string> });
  /** Hard cap on the run's wall time, in seconds. */
  maxSeconds: number;
  /** The server's process, to report how busy its CPU was (Linux only). */
  serverPid?: number | undefined;
  /**
   * Whether to count 2xx bodies that do not start with `{"result":"ok"` (default true); off for
   * compressed bodies, which the bench then checks itself.
   */
  checkBody?: boolean;
}

/** Clock ticks per second, the unit of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) a process has used so far, from /proc; null elsewhere. */
export function cpuSecondsOf(pid: number | undefined, name?: string): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (name !== undefined && !stat.includes(`(${name})`)) return null;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of proc(5) (utime, stime), counted after the name: 12 and 13 here.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / CLOCK_TICKS : null;
  } catch {
    return null;
  }
}

/**
 * CPU seconds of every process named `postgres` (server and backends) by pid, or null where
 * /proc is missing. Backends that start or end during a run count only for what /proc shows.
 */
export function postgresCpuSeconds(): Map<number, number> | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const seconds = new Map<number, number>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const cpu = cpuSecondsOf(Number(entry), 'postgres');
    if (cpu !== null) seconds.set(Number(entry), cpu);
  }
  return seconds;
}

/**
 * CPU seconds of the Postgres backends serving one database (by pid, from pg_stat_activity and
 * /proc): unlike postgresCpuSeconds, not counting what other databases of a shared server (other
 * tests, other benches) cost meanwhile. Null where /proc is missing.
 */
export async function databaseBackendsCpuSeconds(
  databaseUrl: string,
): Promise<Map<number, number> | null> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = postgres(ADMIN_POSTGRES_URL, { max: 1, onnotice: () => {} });
  let pids: number[];
  try {
    pids = (
      await admin<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = ${name}`
    ).map((row) => row.pid);
  } finally {
    await admin.end();
  }
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    const cpu = cpuSecondsOf(pid, 'postgres');
    if (cpu !== null) seconds.set(pid, cpu);
  }
  return seconds.size === 0 && pids.length > 0 ? null : seconds;
}

/**
 * CPU seconds the backends of one database used since `before` (databaseBackendsCpuSeconds):
 * a backend that started meanwhile counts from zero, one that ended is lost.
 */
export async function databaseBackendsCpuSince(
  databaseUrl: string,
  before: Map<number, number> | null,
): Promise<number | null> {
  const after = await databaseBackendsCpuSeconds(databaseUrl);
  if (!before || !after) return null;
  let used = 0;
  for (const [pid, cpu] of after) used += cpu - (before.get(pid) ?? 0);
  return used;
}

/** CPU seconds every local `postgres` process used since `before` (postgresCpuSeconds()). */
export function postgresCpuSince(before: Map<number, number> | null): number | null {
  const after = postgresCpuSeconds();
  if (!before || !after || after.size === 0) return null;
  let used = 0;
  for (const [pid, cpu] of after) used += cpu - (before.get(pid) ?? 0);
  return used;
}

/**
 * One autocannon run against loopback: `amount` requests over `connections` connections, no
 * pipelining, stopped after `maxSeconds` whatever happens.
 */
export async function runLoad(options: LoadOptions): Promise<LoadSummary> {
  let notOk = 0;
  const next = options.path;
  let instance: autocannon.Instance | undefined;
  // autocannon notices the end of an `amount` run only at its next sample tick and rounds its
  // duration to that tick; time the run here instead: start until the last response.
  let lastResponseAt = 0;
  const cpuBefore = cpuSecondsOf(options.serverPid);
  const databaseCpuBefore = postgresCpuSeconds();
  const generatorCpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: `http://127.0.0.1:${options.port}`,
        connections: options.connections,
        pipelining: 1,
        amount: options.amount,
        timeout: 10,
        sampleInt: 100,
        requests: [
          {
            method: 'GET',
            headers: { [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE },
            ...(typeof next === 'string'
              ? { path: next }
              : {
                  setupRequest: (req) => {
                    const { path: urlPath, headers } = next();
                    return { ...req, path: urlPath, headers: { ...req.headers, ...headers } };
                  },
                }),
            onResponse: (status, body) => {
              if (options.checkBody === false) return;
              if (status >= 200 && status < 300 && !body.startsWith('{"result":"ok"')) notOk += 1;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error as Error) : resolve(result)),
    );
  });
  instance?.on('response', () => {
    lastResponseAt = performance.now();
  });
  const limit = setTimeout(() => instance?.stop(), options.maxSeconds * 1000);
  try {
    const result = await finished;
    const statusCodes = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
    );
    const requests = result.requests.total;
    const seconds = Math.max(0, lastResponseAt - startedAt) / 1000;
    const cpuAfter = cpuSecondsOf(options.serverPid);
    const serverCpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    const databaseCpu = postgresCpuSince(databaseCpuBefore);
    const generatorCpu = process.cpuUsage(generatorCpuBefore);
    return {
      label: options.label,
      requests,
      seconds,
      rps: seconds > 0 ? requests / seconds : 0,
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
      non2xx: result.non2xx,
      notOk,
      errors: result.errors,
      timeouts: result.timeouts,
      statusCodes,
      serverCpuSeconds: serverCpu,
      serverCpuPercent: serverCpu === null || seconds === 0 ? null : (100 * serverCpu) / seconds,
      databaseCpuPercent:
        databaseCpu === null || seconds === 0 ? null : (100 * databaseCpu) / seconds,
      generatorCpuPercent:
        seconds === 0 ? 0 : (generatorCpu.user + generatorCpu.system) / 1e4 / seconds,
    };
  } finally {
    clearTimeout(limit);
  }
}

/** The columns every table of load runs starts with (see `loadRunCells`). */
export const LOAD_RUN_COLUMNS = [
  'route',
  'requests',
  'seconds',
  'req/s',
  'p50 ms',
  'p97.5 ms',
  'p99 ms',
  'max ms',
  'non-2xx',
  'not ok',
  'errors',
  'timeouts',
];

/** A load run's cells under `LOAD_RUN_COLUMNS`; a bench appends the columns of its own. */
export function loadRunCells(summary: LoadSummary): (string | number)[] {
  return [
    summary.label,
    summary.requests,
    summary.seconds.toFixed(2),
    summary.rps.toFixed(0),
    summary.p50,
    summary.p97_5,
    summary.p99,
    summary.max,
    summary.non2xx,
    summary.notOk,
    summary.errors,
    summary.timeouts,
  ];
}

/** A plain text table: the first row is the header; numbers align right. */
export function formatTable(rows: (string | number)[][]): string {
  const cells = rows.map((row) => row.map((cell) => String(cell)));
  const widths = cells[0]!.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? '').length)),
  );
  return cells
    .map((row, r) =>
      row
        .map((cell, column) =>
          column === 0 || r === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** What went wrong in a load run, so that a run whose figures are not valid says so. */
export function problemsOf(summary: LoadSummary, expected: number): string[] {
  const problems: string[] = [];
  if (summary.requests !== expected) {
    problems.push(`${summary.label}: ${summary.requests} of ${expected} requests completed`);
  }
  if (summary.non2xx > 0) {
    problems.push(
      `${summary.label}: ${summary.non2xx} non-2xx ${JSON.stringify(summary.statusCodes)}`,
    );
  }
  if (summary.notOk > 0) problems.push(`${summary.label}: ${summary.notOk} bodies not result ok`);
  if (summary.errors > 0) problems.push(`${summary.label}: ${summary.errors} connection errors`);
  if (summary.timeouts > 0) problems.push(`${summary.label}: ${summary.timeouts} timeouts`);
  return problems;
}

/**
 * Runs a bench's `main` with the guarantees every bench gives: a hard deadline, cleanup on
 * SIGINT/SIGTERM, on error and at the end, and `main`'s number as the exit code.
 */
export async function runBench(
  main: (cleanup: Cleanup) => Promise<number>,
  deadlineMs: number,
): Promise<never> {
  const cleanup = new Cleanup();
  const deadline = setTimeout(() => {
    console.error(`bench: deadline of ${deadlineMs / 1000} s reached; stopping`);
    void cleanup.run().finally(() => process.exit(1));
  }, deadlineMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`bench: ${signal}; cleaning up`);
      void cleanup.run().finally(() => process.exit(130));
    });
  }
  let exitCode = 1;
  try {
    exitCode = await main(cleanup);
  } catch (error) {
    console.error('bench failed:', error);
  } finally {
    await cleanup.run();
    clearTimeout(deadline);
  }
  process.exit(exitCode);
}

/**
 * Production mode, as the figures are measured; it needs a PUBLIC_URL, whose port does not
 * matter here (nothing the benches measure follows a link).
 */
const PRODUCTION_ENV = { NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1' };

/**
 * The environment of a bench's server: nothing of the caller's own configuration
 * (DATABASE_URL, REDIS_URL, …) leaks in; only what the bench sets.
 */
export function cleanServerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...PRODUCTION_ENV,
    LOG_LEVEL: 'silent',
    ...extra,
  };
}

/**
 * The same for launchers that lay the caller's environment underneath (the tests' ServerNode):
 * every inherited variable but PATH and HOME is blanked, which the app's config reads as unset.
 */
export function blankedServerEnv(extra: Record<string, string>): Record<string, string> {
  const inherited = Object.keys(process.env).filter((name) => name !== 'PATH' && name !== 'HOME');
  return {
    ...Object.fromEntries(inherited.map((name) => [name, ''])),
    ...PRODUCTION_ENV,
    LOG_LEVEL: 'silent',
    ...extra,
  };
}
