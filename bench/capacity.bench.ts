// How many live versus games one app node carries. One node (the production build,
// `node server/dist/main.js`) on a scratch Postgres database, with a scratch redis-server as its
// Socket.IO adapter and rate-limit store, as in production. N games are live at a time: 2N
// signed-in players, each with a Socket.IO client open as the browser opens it (its default
// transports: a polling handshake, then the upgrade to WebSocket), each guessing once every 5 s
// at a random phase over HTTP. Measured per guess: from the start of its HTTP request to the
// opponent's socket receiving the `game:counts` event for it, both on this process's clock.
// N is raised in steps until the p99 passes 100 ms (or an event goes missing, or a guess fails);
// the largest N that held is the node's capacity on this machine. Nothing is asserted.
//
// What a step prints, over its hold (after the ramp and a settle): N, sockets, guesses/s,
// latency p50/p99, events missing, the node's CPU (/proc/<pid>/stat) and its heap and resident
// memory (its /metrics), the CPU of the Postgres backends serving this database (pg_stat_activity
// and /proc; the bench's own connection left out), Redis commands/s (INFO stats), this load
// generator's own CPU and the load average. The generator shares the machine's cores with the
// node, Postgres and Redis, so the figure is a lower bound for a node with cores of its own.
//
// Players are seeded in SQL (users and their sessions, as registration writes them): thousands of
// argon2 hashes would take minutes and are not what a live game costs. Games are made as players
// make them, by a challenge and its acceptance, with a live time control. A side may miss 19
// times before its score reaches 0 and its game ends, so a pair whose side has sent its 19th
// word starts a new game the same way (a game lasts about 95 s, which is the pace of real games
// being started while others are played); every guess is a word of the dictionary that is not
// its game's secret, so no game ends by a guess. At one guess per 5 s a player stays far inside
// the per-account limits (120 guesses, 20 challenges and 30 games a minute), but every player
// here comes from 127.0.0.1, and the guess route counts a session its node does not hold in
// memory (a player's first guess on a node, and the first after each CACHE_MAX_AGE_SECONDS) by
// address: hundreds of players behind one address share its 120 guesses a minute and are refused.
// So RATE_LIMIT_PLAY is raised (the limiter still runs on every guess, its Redis script
// included); the other limits are as shipped.
//
// Knobs: BENCH_CAPACITY_STEPS (comma-separated N), BENCH_HOLD_SECONDS (each step's hold),
// BENCH_CPU_PROFILE_DIR (the node runs with --cpu-prof; the profile is written when it exits),
// BENCH_TIMELINE=1 (each step also prints its hold second by second, p50/p99: whether a missed
// step was slow throughout or in a few seconds, and which).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { io, type Socket } from 'socket.io-client';
import { usernameSkeleton } from '@jotto/shared/account-rules';
import type { ClientToServerEvents, ServerToClientEvents } from '@jotto/shared/realtime-events';
import {
  CLIENT_REQUEST_HEADER,
  CLIENT_REQUEST_HEADER_VALUE,
  SESSION_COOKIE,
} from '@jotto/shared/request-headers';
import { freePort } from '../ops/cluster-launcher.ts';
import { hashToken, newOpaqueToken } from '../server/src/lib/secret-hashing.ts';
import { USER_SESSION_TTL_MS } from '../server/src/sessions/session-store.ts';
import {
  type Cleanup,
  cleanServerEnv,
  cpuSecondsOf,
  createScratchDatabase,
  databaseBackendsCpuSeconds,
  formatTable,
  mapLimit,
  runBench,
  startScratchRedis,
} from './support/harness.ts';
import { shuffledWordPool } from './support/word-pool.ts';

const DEFAULT_STEPS = [100, 250, 500, 1_000, 1_500, 2_000, 3_000, 4_000, 5_000, 6_000, 8_000];
const STEPS = (process.env.BENCH_CAPACITY_STEPS ?? DEFAULT_STEPS.join(','))
  .split(',')
  .map((part) => Number(part.trim()));
if (
  STEPS.length === 0 ||
  STEPS.some((n, i) => !Number.isInteger(n) || n < 1 || n <= (STEPS[i - 1] ?? 0))
) {
  throw new Error('BENCH_CAPACITY_STEPS must be rising whole numbers, e.g. 100,250,500');
}
const TIMELINE = process.env.BENCH_TIMELINE === '1';
const HOLD_SECONDS = (() => {
  const value = Number(process.env.BENCH_HOLD_SECONDS ?? 20);
  if (!Number.isInteger(value) || value < 2 || value > 120) {
    throw new Error('BENCH_HOLD_SECONDS must be a whole number from 2 to 120');
  }
  return value;
})();
const GUESS_EVERY_MS = 5_000;
/** After a ramp, until every new player has guessed once (its phase is within 5 s). */
const SETTLE_MS = GUESS_EVERY_MS;
/** After a hold, how long the load goes on before its guesses' events are counted missing. */
const GRACE_MS = 2_000;
const P99_LIMIT_MS = 100;
/** Misses a side can make: the 20th would take its score from 100 to 0 and end its game. */
const WORDS_PER_SIDE = 19;
/** A live time control (a clock that counts down), longer than the whole run. */
const TIME_CONTROL = '10m';
/** Sockets opened and games made at a time during a ramp. */
const RAMP_CONCURRENCY = 32;
/** Connections of the guesses' keep-alive pool: behind a balancer a node sees a pool too. */
const GUESS_CONNECTIONS = 256;
const SESSION_SECRET = 'bench-secret-bench-secret-bench-secret-0';
const DEADLINE_MS = 900_000;
const REPO_ROOT = path.resolve(import.meta.dirname, '..');

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Player {
  name: string;
  /** The session cookie, as the browser sends it. */
  cookie: string;
  pair: Pair;
  side: 0 | 1;
  socket: ClientSocket | null;
  /** A guess of this player's awaits its answer (a player waits for it, as the page does). */
  busy: boolean;
  timer: NodeJS.Timeout | null;
}

interface GameRun {
  id: number;
  words: [string[], string[]];
  sent: [number, number];
}

interface Pair {
  index: number;
  players: [Player, Player];
  game: GameRun | null;
  /** A new game being made (challenge, then acceptance). */
  replacing: boolean;
}

/** One guess: when its request started, its answer, when the opponent heard of it. */
interface Guess {
  sentAt: number;
  status: number | null;
  heardAt: number | null;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** The built server, as production starts it; resolves once `/readyz` answers. */
async function startBuiltServer(
  env: NodeJS.ProcessEnv,
  cleanup: Cleanup,
  output: string[],
): Promise<{ child: ChildProcess; port: number }> {
  const entry = path.join(REPO_ROOT, 'server/dist/main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`pnpm build\` first`);
  const port = await freePort();
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const child = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      entry,
    ],
    {
      cwd: REPO_ROOT,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) output.push(line);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanup.add(`stop the node (pid ${child.pid})`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // SIGTERM: the node drains and exits by itself, which also writes a CPU profile.
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the node exited with ${child.exitCode}:\n${output.join('\n')}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, port };
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`the node did not become ready in 60 s:\n${output.join('\n')}`);
}

/** The node's /metrics: each series summed over its labels. */
async function metricsOf(port: number): Promise<(name: string) => number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const totals = new Map<string, number>();
  for (const match of text.matchAll(/^([a-zA-Z0-9_:]+)(?:\{[^}]*\})? (\S+)$/gm)) {
    totals.set(match[1]!, (totals.get(match[1]!) ?? 0) + Number(match[2]));
  }
  return (name) => totals.get(name) ?? Number.NaN;
}

/** A hold second by second, `second:p50/p99` of the latencies of the guesses sent in it. */
function timelineOf(
  held: readonly { sentAt: number; heardAt: number | null }[],
  holdStarted: number,
): string {
  const bySecond = new Map<number, number[]>();
  for (const record of held) {
    if (record.heardAt === null) continue;
    const second = Math.floor((record.sentAt - holdStarted) / 1000);
    const latencies = bySecond.get(second) ?? [];
    latencies.push(record.heardAt - record.sentAt);
    bySecond.set(second, latencies);
  }
  return [...bySecond.entries()]
    .sort(([a], [b]) => a - b)
    .map(([second, latencies]) => {
      latencies.sort((a, b) => a - b);
      return `${second}:${percentile(latencies, 50).toFixed(0)}/${percentile(latencies, 99).toFixed(0)}`;
    })
    .join(' ');
}

async function main(cleanup: Cleanup): Promise<number> {
  const problems: string[] = [];
  const databaseUrl = await createScratchDatabase(cleanup);
  const redis = await startScratchRedis(cleanup);
  const output: string[] = [];
  const server = await startBuiltServer(
    cleanServerEnv({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      DATA_DIR: 'memory://',
      SESSION_SECRET,
      // Errors only: a line logged is a problem of the run.
      LOG_LEVEL: 'error',
      // Every player shares 127.0.0.1 (see the top of this file).
      RATE_LIMIT_PLAY: '1000000',
    }),
    cleanup,
    output,
  );
  const base = `http://127.0.0.1:${server.port}`;
  const serverPid = server.child.pid;
  const redisClient = await redis.client();
  cleanup.add('redis client', async () => void redisClient.disconnect());
  /** Redis's calls so far by command (INFO commandstats), and their total. */
  const redisCommands = async () => {
    const calls = new Map<string, number>();
    for (const match of (await redisClient.info('commandstats')).matchAll(
      /^cmdstat_(\S+):calls=(\d+)/gm,
    )) {
      calls.set(match[1]!, Number(match[2]));
    }
    return { calls, total: [...calls.values()].reduce((sum, n) => sum + n, 0) };
  };
  /** Rows written and transactions committed in this database so far (pg_stat_database). */
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  cleanup.add('bench connection', () => sql.end());
  // Its own reads (games' secrets) are not the node's load.
  const [ownBackend] = await sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  const benchBackend = ownBackend!.pid;
  const databaseWrites = async () => {
    const [row] = await sql<{ rows: string; commits: string }[]>`
      SELECT tup_inserted + tup_updated + tup_deleted AS rows, xact_commit AS commits
      FROM pg_stat_database WHERE datname = ${databaseName}`;
    return { rows: Number(row?.rows), commits: Number(row?.commits) };
  };

  // The players: users and sessions, as registration writes them (the node migrated at start).
  const maxPairs = STEPS.at(-1)!;
  const seedStarted = performance.now();
  const pairs: Pair[] = [];
  const names = Array.from({ length: maxPairs }, (_, i) => [`capa${i}`, `capb${i}`] as const);
  for (let from = 0; from < maxPairs; from += 1_000) {
    const chunk = names.slice(from, from + 1_000).flat();
    const users = await sql<{ id: number; username: string }[]>`
      INSERT INTO users (username, email, username_skeleton)
      SELECT * FROM unnest(
        ${sql.array(chunk)}::text[],
        ${sql.array(chunk.map((name) => `${name}@example.com`))}::text[],
        ${sql.array(chunk.map(usernameSkeleton))}::text[])
      RETURNING id, username`;
    const ids = new Map(users.map((row) => [row.username, row.id]));
    const sessionIds = chunk.map(() => newOpaqueToken());
    await sql`
      INSERT INTO sessions (id_hash, user_id, expires_at)
      SELECT hash, user_id, ${new Date(Date.now() + USER_SESSION_TTL_MS)}
      FROM unnest(
        ${sql.array(sessionIds.map((id) => hashToken(SESSION_SECRET, id)))}::text[],
        ${sql.array(chunk.map((name) => ids.get(name)!))}::int[]) AS t(hash, user_id)`;
    for (let k = 0; k < chunk.length; k += 2) {
      const pair: Pair = {
        index: pairs.length,
        // Filled just below: each player points back at its pair.
        players: [] as unknown as Pair['players'],
        game: null,
        replacing: false,
      };
      const player = (side: 0 | 1): Player => ({
        name: chunk[k + side]!,
        cookie: `${SESSION_COOKIE}=${sessionIds[k + side]!}`,
        pair,
        side,
        socket: null,
        busy: false,
        timer: null,
      });
      pair.players = [player(0), player(1)];
      pairs.push(pair);
    }
  }
  console.log(
    `seeded ${maxPairs * 2} players in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const agent = new http.Agent({ keepAlive: true, maxSockets: GUESS_CONNECTIONS });
  cleanup.add('guess connections', async () => agent.destroy());
  /** One request as the web client sends it; resolves with its status and JSON body. */
  const call = (method: 'GET' | 'POST', urlPath: string, cookie: string, body?: unknown) =>
    new Promise<{ status: number; json: Record<string, unknown> | null }>((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method,
          path: urlPath,
          agent,
          timeout: 30_000,
          headers: {
            [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE,
            cookie,
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            let json: Record<string, unknown> | null = null;
            try {
              json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
            } catch {
              json = null;
            }
            resolve({ status: res.statusCode ?? 0, json });
          });
          res.on('error', () => resolve({ status: 0, json: null }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', () => resolve({ status: 0, json: null }));
      req.end(payload);
    });

  const pool = shuffledWordPool(9_091);
  const guesses = new Map<string, Guess>();
  const keyOf = (gameId: number, side: number, count: number) => `${gameId}:${side}:${count}`;
  /** Set once the last step is measured: no more guesses or games. */
  const stopping = { now: false };
  /** Guesses not answered 200 ok, by status and message. */
  const failures = new Map<string, number>();
  let skippedBusy = 0;
  let skippedNoGame = 0;
  let gamesMade = 0;
  let dropped = 0;

  /** A new game for the pair, as players make one: A challenges B, B accepts. */
  const makeGame = async (pair: Pair) => {
    pair.replacing = true;
    try {
      const [a, b] = pair.players;
      const sent = await call('POST', '/api/challenges/new', a.cookie, {
        username: b.name,
        timeControl: TIME_CONTROL,
      });
      const accepted = await call('POST', '/api/challenges/accept', b.cookie, {
        challenge_id: sent.json?.challengeId,
      });
      const id = accepted.json?.gameId;
      if (typeof id !== 'number') {
        problems.push(`pair ${pair.index}: no game (${sent.status}, ${accepted.status})`);
        return;
      }
      // Both open the game's page, which loads its board: a read, after which the node holds
      // the session in memory and counts the player's guesses against the account's allowance
      // (a guess from a session the node does not hold is counted by address, and here every
      // player shares 127.0.0.1).
      const boards = await Promise.all(
        pair.players.map((player) => call('GET', `/api/games/${id}`, player.cookie)),
      );
      if (boards.some((board) => board.status !== 200)) {
        problems.push(
          `game ${id}: board answered ${boards.map((board) => board.status).join(', ')}`,
        );
      }
      // The bench is not a player: it reads the secret so that no guess is it.
      const [row] = await sql<{ secret: string }[]>`SELECT secret FROM games WHERE id = ${id}`;
      const secret = row?.secret.trim();
      const words: string[] = [];
      for (let k = randomInt(pool.length); words.length < 2 * WORDS_PER_SIDE; k += 1) {
        const word = pool[k % pool.length]!;
        if (word !== secret) words.push(word);
      }
      pair.game = {
        id,
        words: [words.slice(0, WORDS_PER_SIDE), words.slice(WORDS_PER_SIDE)],
        sent: [0, 0],
      };
      gamesMade += 1;
    } finally {
      pair.replacing = false;
    }
  };

  const guess = (player: Player) => {
    const { pair, side } = player;
    const game = pair.game;
    if (stopping.now) return;
    if (player.busy) {
      skippedBusy += 1;
      return;
    }
    const word = game?.words[side][game.sent[side]];
    if (!game || word === undefined) {
      skippedNoGame += 1;
      return;
    }
    game.sent[side] += 1;
    const record: Guess = { sentAt: performance.now(), status: null, heardAt: null };
    guesses.set(keyOf(game.id, side, game.sent[side]), record);
    player.busy = true;
    void call('GET', `/api/game/${game.id}/play/${word}`, player.cookie).then(
      ({ status, json }) => {
        player.busy = false;
        record.status = status === 200 && json?.result === 'ok' ? 200 : status || -1;
        if (record.status !== 200) {
          const key = `${status} ${JSON.stringify(json?.err ?? json?.message ?? null)}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
        if (game.sent[side] === WORDS_PER_SIDE && pair.game === game && !pair.replacing) {
          void makeGame(pair);
        }
      },
    );
  };

  /** Every 5 s from a random phase, on a schedule kept from the start (no drift). */
  const startGuessing = (player: Player) => {
    const started = performance.now() + randomInt(GUESS_EVERY_MS);
    let n = 0;
    const tick = () => {
      guess(player);
      n += 1;
      player.timer = setTimeout(
        tick,
        Math.max(0, started + n * GUESS_EVERY_MS - performance.now()),
      );
    };
    player.timer = setTimeout(tick, Math.max(0, started - performance.now()));
  };

  const sockets: ClientSocket[] = [];
  cleanup.add('players', async () => {
    stopping.now = true;
    for (const pair of pairs)
      for (const player of pair.players) clearTimeout(player.timer ?? undefined);
    for (const socket of sockets) socket.disconnect();
  });
  /** A player's socket, opened as the web client opens it (cookie sent with the handshake). */
  const openSocket = (player: Player) =>
    new Promise<void>((resolve, reject) => {
      const socket: ClientSocket = io(base, {
        path: '/api/socket.io',
        forceNew: true,
        reconnection: false,
        extraHeaders: { cookie: player.cookie },
      });
      player.socket = socket;
      sockets.push(socket);
      const timer = setTimeout(
        () => reject(new Error(`${player.name}: no socket in 60 s`)),
        60_000,
      );
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('connect_error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      socket.on('disconnect', (reason) => {
        if (stopping.now) return;
        dropped += 1;
        problems.push(`${player.name}: socket dropped (${reason})`);
      });
      const moverSide = 1 - player.side;
      socket.on('game:counts', (event) => {
        const record = guesses.get(keyOf(event.gameId, moverSide, event.enemyGuesses));
        if (record && record.heardAt === null) record.heardAt = performance.now();
      });
    });

  const columns = [
    'N',
    'sockets',
    'guesses/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'missing',
    'failed',
    'node CPU %',
    'heap MB',
    'RSS MB',
    'loop lag p99 ms',
    'Postgres CPU %',
    'PG rows written/s',
    'PG commits/s',
    'Redis cmd/s',
    'bench CPU %',
    'load avg',
  ];
  const rows: (string | number)[][] = [columns];
  // What each guess costs the node and the stores, with the games begun meanwhile (a game is
  // begun for every 19 guesses or so of a side) counted in: the rates a cluster's model scales.
  const perGuessRows: (string | number)[][] = [
    [
      'N',
      'games begun/s',
      'node CPU µs/guess',
      'Postgres CPU µs/guess',
      'PG rows/guess',
      'PG commits/guess',
      'Redis cmd/guess',
      'Redis commands per guess (top 5)',
    ],
  ];
  let active = 0;
  let capacity: number | null = null;
  let failedStep: number | null = null;
  for (const n of STEPS) {
    // The ramp: the new players' sockets, then their games, then their guesses.
    const rampStarted = performance.now();
    const fresh = pairs.slice(active, n);
    await mapLimit(fresh, RAMP_CONCURRENCY, async (pair) => {
      await Promise.all(pair.players.map(openSocket));
      await makeGame(pair);
      for (const player of pair.players) startGuessing(player);
    });
    active = n;
    const rampSeconds = (performance.now() - rampStarted) / 1000;
    // Production's autovacuum analyzes a table once a tenth of it has changed; the Postgres of
    // this machine's tests runs without it, so the bench does it after each ramp, and the
    // planner sees the tables as they are (a scratch database starts with no statistics).
    await sql`ANALYZE`;
    await sleep(SETTLE_MS);

    // The hold.
    // Read once before: prom-client also restarts its event-loop lag histogram at each read.
    const metricsBefore = await metricsOf(server.port);
    const [cpuBefore, pgBefore, redisBefore, writesBefore] = [
      cpuSecondsOf(serverPid),
      await databaseBackendsCpuSeconds(databaseUrl),
      await redisCommands(),
      await databaseWrites(),
    ];
    const benchBefore = process.cpuUsage();
    const gamesBefore = gamesMade;
    const holdStarted = performance.now();
    await sleep(HOLD_SECONDS * 1000);
    const holdEnded = performance.now();
    const seconds = (holdEnded - holdStarted) / 1000;
    const cpu = (cpuSecondsOf(serverPid) ?? Number.NaN) - (cpuBefore ?? Number.NaN);
    const pgAfter = await databaseBackendsCpuSeconds(databaseUrl);
    const redisAfter = await redisCommands();
    const writesAfter = await databaseWrites();
    const gamesStarted = gamesMade - gamesBefore;
    const benchCpu = process.cpuUsage(benchBefore);
    const metrics = await metricsOf(server.port);
    const delta = (name: string) => metrics(name) - metricsBefore(name);
    const memory = {
      heapUsed: metrics('nodejs_heap_size_used_bytes'),
      rss: metrics('process_resident_memory_bytes'),
      lagP99: metrics('nodejs_eventloop_lag_p99_seconds'),
    };
    // What a guess waits for in the node: its batch (one in flight, at most 64 moves) and a
    // connection of the pool.
    const batches = delta('jotto_guess_batch_size_count');
    const batchSize = delta('jotto_guess_batch_size_sum') / batches;
    const batchMs = (1000 * delta('jotto_guess_batch_duration_seconds_sum')) / batches;
    const acquires = delta('jotto_db_pool_acquire_seconds_count');
    const acquireMs =
      acquires > 0 ? (1000 * delta('jotto_db_pool_acquire_seconds_sum')) / acquires : 0;
    const batchFailures = delta('jotto_guess_batch_failures_total');
    const load = loadAverage();
    let pgCpu = Number.NaN;
    if (pgBefore && pgAfter) {
      pgCpu = 0;
      for (const [pid, used] of pgAfter) {
        if (pid !== benchBackend) pgCpu += used - (pgBefore.get(pid) ?? 0);
      }
    }
    const connected = sockets.filter((socket) => socket.connected).length;
    const upgraded = sockets.filter((socket) => socket.io.engine?.transport?.name === 'websocket');

    // The hold's guesses, once the grace has let their events arrive.
    await sleep(GRACE_MS);
    const held = [...guesses.values()].filter(
      (record) => record.sentAt >= holdStarted && record.sentAt < holdEnded,
    );
    const latencies = held
      .filter((record) => record.heardAt !== null)
      .map((record) => record.heardAt! - record.sentAt)
      .sort((a, b) => a - b);
    if (TIMELINE) console.log(`timeline N=${n} (s:p50/p99 ms) ${timelineOf(held, holdStarted)}`);
    const failed = held.filter((record) => record.status !== 200).length;
    const missing = held.filter(
      (record) => record.status === 200 && record.heardAt === null,
    ).length;
    for (const [key, record] of guesses) if (record.sentAt < holdEnded) guesses.delete(key);
    const p99 = percentile(latencies, 99);
    rows.push([
      n,
      connected,
      (held.length / seconds).toFixed(0),
      percentile(latencies, 50).toFixed(1),
      p99.toFixed(1),
      (latencies.at(-1) ?? Number.NaN).toFixed(1),
      missing,
      failed,
      ((100 * cpu) / seconds).toFixed(0),
      (memory.heapUsed / 1e6).toFixed(0),
      (memory.rss / 1e6).toFixed(0),
      (memory.lagP99 * 1000).toFixed(1),
      ((100 * pgCpu) / seconds).toFixed(0),
      ((writesAfter.rows - writesBefore.rows) / seconds).toFixed(0),
      ((writesAfter.commits - writesBefore.commits) / seconds).toFixed(0),
      ((redisAfter.total - redisBefore.total) / seconds).toFixed(0),
      ((benchCpu.user + benchCpu.system) / 1e4 / seconds).toFixed(0),
      load,
    ]);
    const count = Math.max(1, held.length);
    const redisCalls = [...redisAfter.calls]
      .map(([command, calls]) => [command, calls - (redisBefore.calls.get(command) ?? 0)] as const)
      .filter(([, calls]) => calls > 0)
      .sort((a, b) => b[1] - a[1]);
    perGuessRows.push([
      n,
      (gamesStarted / seconds).toFixed(1),
      ((1e6 * cpu) / count).toFixed(0),
      ((1e6 * pgCpu) / count).toFixed(0),
      ((writesAfter.rows - writesBefore.rows) / count).toFixed(2),
      ((writesAfter.commits - writesBefore.commits) / count).toFixed(2),
      ((redisAfter.total - redisBefore.total) / count).toFixed(2),
      redisCalls
        .slice(0, 5)
        .map(([command, calls]) => `${command} ${(calls / count).toFixed(2)}`)
        .join(', '),
    ]);
    console.log(
      `N = ${n}: ramp ${rampSeconds.toFixed(1)} s; ${held.length} guesses in ${seconds.toFixed(1)} s, ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
        `${missing} missing, ${failed} failed; ${connected} sockets (${upgraded.length} on ` +
        `WebSocket); node CPU ${((100 * cpu) / seconds).toFixed(0)} %; games made so far ` +
        `${gamesMade}; turns skipped so far: ${skippedBusy} (answer pending), ${skippedNoGame} ` +
        `(no game yet); batches ${(batches / seconds).toFixed(1)}/s, mean ${batchSize.toFixed(1)} ` +
        `moves and ${batchMs.toFixed(1)} ms, ${batchFailures} failed; pool acquire mean ` +
        `${acquireMs.toFixed(2)} ms; load average ${load}`,
    );
    const holds = p99 <= P99_LIMIT_MS && missing === 0 && failed === 0 && dropped === 0;
    if (!holds) {
      failedStep = n;
      break;
    }
    capacity = n;
  }
  // The load stops before the figures are printed: a guess answered later starts no game.
  stopping.now = true;
  for (const pair of pairs) {
    for (const player of pair.players) clearTimeout(player.timer ?? undefined);
  }

  console.log(
    `\nCapacity of one node: N live versus games, 2N players each guessing every ` +
      `${GUESS_EVERY_MS / 1000} s with a socket open; per step a ${HOLD_SECONDS} s hold after ` +
      `the ramp and ${SETTLE_MS / 1000} s of settling. Latency: a guess's HTTP request start → ` +
      `the opponent's socket has its game:counts. The node, Postgres, Redis and this load ` +
      `generator share ${os.cpus().length} cores (CPU in % of one core).\n`,
  );
  console.log(formatTable(rows));
  console.log('\nPer guess, over each hold (games begun meanwhile included):\n');
  console.log(formatTable(perGuessRows));
  console.log(
    `\ncapacity: ${capacity === null ? 'not even the first step held' : `${capacity.toLocaleString('en')} live games`} ` +
      `(p99 ≤ ${P99_LIMIT_MS} ms, no event missing, no guess failed)` +
      (failedStep === null
        ? `; the last step held, so the node carries more than that`
        : `; ${failedStep.toLocaleString('en')} did not hold`),
  );
  const logged = output.filter((line) => line.includes('"level"') || /error/i.test(line));
  if (logged.length > 0) problems.push(`the node logged ${logged.length} errors: ${logged[0]}`);
  for (const [what, count] of failures) problems.push(`${count} guesses answered ${what}`);
  if (problems.length > 0) {
    console.log(`\nproblems:\n  ${problems.slice(0, 10).join('\n  ')}`);
  }
  // A step past the node's capacity is a figure, not a failure.
  return 0;
}

await runBench(main, DEADLINE_MS);
