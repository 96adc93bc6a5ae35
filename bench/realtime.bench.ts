// Real-time channel across two nodes, and the memory of idle sockets (the goals of
// docs/PRODUCT.md, 'Performance goals': event latency p50 ≤ 5 ms and p99 ≤ 50 ms, next to the
// 1,500 ms mean staleness of the 3-second polling it replaces; ≤ 15 KB of server heap per idle
// authenticated socket at N = 10,000). Benchmarks print figures; the goals are printed next to
// them, not asserted.
//
// Part 1, latency. A scratch Postgres database, a scratch redis-server and two server processes
// (`server/src/main.ts`, as production runs it) on loopback, sharing both. PAIRS versus games
// are made over HTTP by challenges: player A (challenger, one Socket.IO client on node 1) and
// player B (accepts and guesses over HTTP on node 2). B then guesses at a steady rate, round
// robin over the games, one guess per game in flight at a time, ≤ 19 distinct valid words per
// game and never its secret (read from the database), so no game ends. Guess k of a game is
// event seq k; for each guess the figure is t(A's socket gets game:counts with that seq) −
// t(B's HTTP response received), both from performance.now() in this one process (negative
// when the event beats the response: the server emits before it answers). The polling row is
// computed, not measured: a client polling every 3 s with a phase uniform to the move sees it
// after U(0, 3 s): mean and p50 1,500 ms, p99 2,970 ms.
//
// Part 2, memory. Nodes 1 and 2 are stopped; a third server process (the bench's own child,
// `support/server-process.ts`, with --expose-gc, on the same Postgres and Redis) answers a
// `heap` IPC message by collecting garbage twice and reporting process.memoryUsage(). 1,000
// users are registered (1,000 distinct sessions); after a warm-up of a few sockets opened and
// closed, heap is read with 0 sockets, then N WebSocket-only socket.io-client connections are
// opened (each session used by N / 1,000 sockets, like tabs), in batches, each awaited to
// `connect`; after 3 s idle, heap is read again: (after − before) / N. All client sockets live
// in this process and all server sockets in the child, so each holds N descriptors (`ulimit -n`).
//
// Everything (sockets, servers, redis-server, scratch database) is undone on exit, on error, on
// a signal and at the deadline. Knobs for a quick check: BENCH_RATE (guesses/s), BENCH_SECONDS
// (measured seconds), BENCH_SOCKETS (N).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { GameCountsEvent } from '@jotto/shared/realtime-events';
import { planGameWords } from './support/word-pool.ts';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { freePort } from '../ops/cluster-launcher.ts';
import { HttpAgent, type ScratchRedis, ServerNode } from '@jotto/test-support/cluster-harness';
import { type ClientSocket, connected, openSocket } from '@jotto/test-support/socket-client';
import type { Cleanup } from './support/harness.ts';
import {
  boundedInteger,
  blankedServerEnv,
  createScratchDatabase,
  formatTable,
  heapOf,
  mapLimit,
  request,
  runBench,
  type RunningServer,
  startServer,
  startScratchRedis,
} from './support/harness.ts';

const PAIRS = 100;
const RATE = boundedInteger('BENCH_RATE', 50, 1, 200);
const MEASURED_SECONDS = boundedInteger('BENCH_SECONDS', 20, 1, 60);
const WARMUP_SECONDS = 2;
/** A game ends after 20 misses (score 100, 5 per miss); stay below that. */
const GUESSES_PER_GAME = 19;
/** How long to wait, after the last response, for events still on their way. */
const STRAGGLER_WAIT_MS = 3_000;
const POLL_INTERVAL_MS = 3_000;
const GOAL_P50_MS = 5;
const GOAL_P99_MS = 50;

const SOCKETS = boundedInteger('BENCH_SOCKETS', 10_000, 1, 10_000);
const SESSIONS = 1_000;
const BATCH = 500;
const WARMUP_SOCKETS = 200;
const IDLE_WAIT_MS = 3_000;
const CONNECT_TIMEOUT_MS = 30_000;
/** Opening sockets stops here, whatever N was reached (the figure then says so). */
const OPEN_PHASE_MAX_MS = 90_000;
const GOAL_KB_PER_SOCKET = 15;

/** The whole bench stops (and cleans up) after this long, whatever happens. */
const DEADLINE_MS = 290_000;
const PASSWORD = 'bench-secret-1';
const SESSION_SECRET = 'bench-secret-bench-secret-bench-secret-0';

/** The app's configuration for every server of this bench (empty means "unset" to config). */
function appEnv(databaseUrl: string, redisUrl: string): Record<string, string> {
  return blankedServerEnv({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: 'memory://',
    SESSION_SECRET,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_REGISTER: '1000000',
    RATE_LIMIT_SEARCH: '1000000',
    RATE_LIMIT_PLAY: '1000000',
    // Many sockets share one session here: the bench measures capacity, not the caps.
    SOCKETS_PER_SESSION: '1000',
    SOCKETS_PER_ACCOUNT: '1000',
  });
}

/** This process's soft limit on open files (`ulimit -n`), from /proc; '?' elsewhere. */
function openFilesLimit(): string {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((text) => text.startsWith('Max open files'));
    return line?.split(/\s{2,}/)[1] ?? '?';
  } catch {
    return '?';
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const ms = (value: number) => value.toFixed(2);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(2);

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

interface Distribution {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

function distributionOf(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    mean: sorted.length > 0 ? sum / sorted.length : Number.NaN,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Registers `username` on `baseUrl`; the agent then holds that user's new session. */
async function register(baseUrl: string, username: string): Promise<HttpAgent> {
  const agent = new HttpAgent(baseUrl);
  const response = await agent.call('POST', '/api/register', {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  if (response.status !== 200 || !agent.sessionId) {
    throw new Error(`register ${username}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return agent;
}

/** Starts a ServerNode, registering its stop (SIGTERM, then SIGKILL after 10 s) first. */
async function startNode(env: Record<string, string>, cleanup: Cleanup): Promise<ServerNode> {
  const node = new ServerNode(await freePort(), env);
  cleanup.add(`stop node on ${node.port}`, () => stopNode(node));
  await node.start();
  return node;
}

async function stopNode(node: ServerNode): Promise<void> {
  const stopped = await Promise.race([
    node.stop('SIGTERM').then(() => true),
    sleep(10_000).then(() => false),
  ]);
  if (!stopped) await node.stop('SIGKILL');
}

/** Error lines (pino level 50 or 60) a node logged. */
function errorLinesOf(node: ServerNode): string[] {
  return node.output.split('\n').filter((line) => /"level":(50|60)/.test(line));
}

interface PlannedGame {
  id: number;
  /** B's cookie header (node 2). */
  cookie: string;
  words: string[];
  sent: number;
  inFlight: boolean;
}

interface GuessRecord {
  warmup: boolean;
  sentAt: number;
  respondedAt: number | null;
  eventAt: number | null;
  status: number;
  event: GameCountsEvent | null;
}

interface LatencyFigures {
  fromResponse: Distribution;
  fromRequest: Distribution;
  http: Distribution;
  measured: number;
  missing: number;
  eventFirst: number;
  achievedRate: number;
}

async function latencyPart(
  cleanup: Cleanup,
  databaseUrl: string,
  redis: ScratchRedis,
  problems: string[],
  sockets: Set<ClientSocket>,
): Promise<LatencyFigures> {
  const warmupGuesses = RATE * WARMUP_SECONDS;
  const measuredGuesses = RATE * MEASURED_SECONDS;
  const total = warmupGuesses + measuredGuesses;
  if (total > PAIRS * GUESSES_PER_GAME) {
    throw new Error(`${total} guesses do not fit in ${PAIRS} games of ${GUESSES_PER_GAME}`);
  }
  const env = appEnv(databaseUrl, redis.url);
  // Node 1 first, so that the two do not race on the first migration.
  const started = performance.now();
  const node1 = await startNode(env, cleanup);
  const node2 = await startNode(env, cleanup);
  console.log(
    `setup: node 1 on ${node1.port}, node 2 on ${node2.port}, redis on ${redis.port}, ` +
      `started in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const setupStarted = performance.now();
  const players = await mapLimit(
    Array.from({ length: PAIRS }, (_, i) => i),
    8,
    async (i) => ({
      a: await register(node1.baseUrl, `rta${i}`),
      b: await register(node2.baseUrl, `rtb${i}`),
      name: { a: `rta${i}`, b: `rtb${i}` },
    }),
  );

  // Every event seen, keyed by game and seq; the guess that caused it is found the same way.
  const records = new Map<string, GuessRecord>();
  let unexpected = 0;
  const key = (gameId: number, seq: number) => `${gameId}:${seq}`;
  await mapLimit(players, 16, async (player) => {
    const socket = openSocket(node1.baseUrl, player.a.sessionId);
    sockets.add(socket);
    socket.on('game:counts', (event) => {
      const at = performance.now();
      const record = records.get(key(event.gameId, event.seq));
      if (!record || record.eventAt !== null) {
        unexpected += 1;
        return;
      }
      record.eventAt = at;
      record.event = event;
    });
    await connected(socket, CONNECT_TIMEOUT_MS);
  });

  const created = await mapLimit(players, 8, async (player) => {
    const sent = await player.a.call('POST', '/api/challenges/new', { username: player.name.b });
    const challengeId = sent.body.challengeId;
    if (sent.status !== 200 || typeof challengeId !== 'number') {
      throw new Error(`challenge: ${sent.status} ${JSON.stringify(sent.body)}`);
    }
    const accepted = await player.b.call('POST', '/api/challenges/accept', {
      challenge_id: challengeId,
    });
    const gameId = accepted.body.gameId;
    if (accepted.status !== 200 || typeof gameId !== 'number') {
      throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
    }
    return { id: gameId, cookie: `${SESSION_COOKIE}=${player.b.sessionId}` };
  });

  const plan = await planGameWords(
    databaseUrl,
    created.map((game) => game.id),
    20_240_612,
    GUESSES_PER_GAME,
  );
  const games: PlannedGame[] = created.map((game) => ({
    ...game,
    words: plan.get(game.id)!,
    sent: 0,
    inFlight: false,
  }));
  console.log(
    `setup: ${PAIRS * 2} users, ${PAIRS} A sockets on node 1, ${games.length} versus games ` +
      `(challenge on node 1, accept on node 2) in ` +
      `${((performance.now() - setupStarted) / 1000).toFixed(1)} s; load average ${loadAverage()}`,
  );

  // The steady rate: guess i is due at start + i / RATE, sent then (or at once when late),
  // without waiting for earlier answers; round robin over games whose last guess is answered.
  let cursor = 0;
  let skipped = 0;
  const pending = new Set<Promise<void>>();
  const send = async (game: PlannedGame, warmup: boolean) => {
    game.inFlight = true;
    game.sent += 1;
    const seq = game.sent;
    const word = game.words[seq - 1]!;
    const record: GuessRecord = {
      warmup,
      sentAt: performance.now(),
      respondedAt: null,
      eventAt: null,
      status: 0,
      event: null,
    };
    records.set(key(game.id, seq), record);
    try {
      const response = await request(node2.port, 'GET', `/api/game/${game.id}/play/${word}`, {
        cookie: game.cookie,
      });
      record.respondedAt = performance.now();
      record.status = response.status;
      if (
        response.status !== 200 ||
        response.json?.result !== 'ok' ||
        response.json.finished !== false
      ) {
        problems.push(
          `guess ${game.id}/${word}: ${response.status} ${JSON.stringify(response.json)}`,
        );
      }
    } catch (error) {
      problems.push(`guess ${game.id}/${word}: ${String(error)}`);
    } finally {
      game.inFlight = false;
    }
  };
  const nextFreeGame = (): PlannedGame | null => {
    for (let tried = 0; tried < games.length; tried += 1) {
      const game = games[cursor]!;
      cursor = (cursor + 1) % games.length;
      if (!game.inFlight && game.sent < game.words.length) return game;
    }
    return null;
  };
  const interval = 1000 / RATE;
  const runStarted = performance.now();
  let firstMeasuredAt = 0;
  let lastSentAt = 0;
  for (let i = 0; i < total; i += 1) {
    const wait = runStarted + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const game = nextFreeGame();
    if (!game) {
      skipped += 1;
      continue;
    }
    const warmup = i < warmupGuesses;
    if (i === warmupGuesses) firstMeasuredAt = performance.now();
    lastSentAt = performance.now();
    const flight = send(game, warmup);
    pending.add(flight);
    void flight.finally(() => pending.delete(flight));
  }
  await Promise.all(pending);
  const answered = [...records.values()].filter((r) => r.status === 200);
  const waitUntil = performance.now() + STRAGGLER_WAIT_MS;
  while (answered.some((r) => r.eventAt === null) && performance.now() < waitUntil) {
    await sleep(20);
  }
  if (skipped > 0) problems.push(`${skipped} guesses skipped: every game had one in flight`);

  const measured = answered.filter((r) => !r.warmup);
  const delivered = measured.filter((r) => r.eventAt !== null);
  for (const [name, record] of records) {
    const seq = Number(name.split(':')[1]);
    if (record.event && record.event.enemyGuesses !== seq) {
      problems.push(`event ${name} says enemyGuesses ${record.event.enemyGuesses}`);
    }
  }
  if (unexpected > 0) problems.push(`${unexpected} game:counts events matched no guess`);
  const figures: LatencyFigures = {
    fromResponse: distributionOf(delivered.map((r) => r.eventAt! - r.respondedAt!)),
    fromRequest: distributionOf(delivered.map((r) => r.eventAt! - r.sentAt)),
    http: distributionOf(measured.map((r) => r.respondedAt! - r.sentAt)),
    measured: measured.length,
    missing: measured.length - delivered.length,
    eventFirst: delivered.filter((r) => r.eventAt! < r.respondedAt!).length,
    achievedRate:
      measuredGuesses > 1 ? ((measuredGuesses - 1) * 1000) / (lastSentAt - firstMeasuredAt) : RATE,
  };

  for (const socket of sockets) socket.disconnect();
  sockets.clear();
  await Promise.all([stopNode(node1), stopNode(node2)]);
  for (const [label, node] of [
    ['node 1', node1],
    ['node 2', node2],
  ] as const) {
    const lines = errorLinesOf(node);
    if (lines.length > 0) problems.push(`${label} logged ${lines.length} errors: ${lines[0]}`);
  }
  return figures;
}

function printLatency(figures: LatencyFigures): void {
  const row = (label: string, d: Distribution) => [
    label,
    d.count,
    ms(d.mean),
    ms(d.p50),
    ms(d.p90),
    ms(d.p99),
    ms(d.max),
  ];
  // Staleness of polling every P ms, the poll's phase uniform to the move: U(0, P).
  const poll = POLL_INTERVAL_MS;
  console.log('');
  console.log(
    `latency: ${figures.measured} measured guesses at ${RATE}/s target ` +
      `(${figures.achievedRate.toFixed(1)}/s achieved) for ${MEASURED_SECONDS} s after ` +
      `${WARMUP_SECONDS} s warm-up; B on node 2 (HTTP), A on node 1 (socket), via Redis`,
  );
  console.log(
    formatTable([
      ['measure', 'count', 'mean ms', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
      row("socket: B's response → A's game:counts", figures.fromResponse),
      row("socket: B's request sent → A's game:counts", figures.fromRequest),
      row("B's guess round trip (node 2, HTTP)", figures.http),
      [
        `polling every ${poll / 1000} s (computed, uniform phase)`,
        '-',
        ms(poll / 2),
        ms(poll * 0.5),
        ms(poll * 0.9),
        ms(poll * 0.99),
        ms(poll),
      ],
    ]),
  );
  const p50 = figures.fromResponse.p50;
  const p99 = figures.fromResponse.p99;
  console.log(
    `missing events: ${figures.missing} of ${figures.measured}; ` +
      `events that arrived before B's response: ${figures.eventFirst} (negative latencies)`,
  );
  const meanPoll = poll / 2;
  console.log(
    `ratio p50_socket / ${ms(meanPoll)} ms (mean staleness of ${poll / 1000} s polling): ` +
      `${(p50 / meanPoll).toFixed(5)}; from B's request sent instead: ` +
      `${(figures.fromRequest.p50 / meanPoll).toFixed(5)}; p99_socket / ${ms(poll * 0.99)} ms ` +
      `(polling p99): ${(p99 / (poll * 0.99)).toFixed(5)}`,
  );
  console.log(
    `goal p50 ≤ ${GOAL_P50_MS} ms: ${ms(p50)} ms ${p50 <= GOAL_P50_MS ? 'PASS' : 'MISS'}; ` +
      `goal p99 ≤ ${GOAL_P99_MS} ms: ${ms(p99)} ms ${p99 <= GOAL_P99_MS ? 'PASS' : 'MISS'}`,
  );
}

interface MemoryFigures {
  target: number;
  reached: number;
  serverSockets: number | null;
  stopReason: string | null;
  openSeconds: number;
  before: Awaited<ReturnType<typeof heapOf>>;
  after: Awaited<ReturnType<typeof heapOf>>;
  closed: Awaited<ReturnType<typeof heapOf>> | null;
  dropped: number;
}

/** Waits until the server reports `count` sockets (or `timeoutMs` passes); returns the last report. */
async function heapWhenSockets(server: RunningServer, count: number, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  let report = await heapOf(server);
  while (report.sockets !== count && performance.now() < deadline) {
    await sleep(250);
    report = await heapOf(server);
  }
  return report;
}

async function memoryPart(
  cleanup: Cleanup,
  databaseUrl: string,
  redis: ScratchRedis,
  problems: string[],
  sockets: Set<ClientSocket>,
): Promise<MemoryFigures> {
  const server = await startServer(
    'app',
    { PATH: process.env.PATH, HOME: process.env.HOME, ...appEnv(databaseUrl, redis.url) },
    cleanup,
    { execArgv: ['--expose-gc'] },
  );
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const setupStarted = performance.now();
  const agents = await mapLimit(
    Array.from({ length: SESSIONS }, (_, i) => i),
    8,
    (i) => register(baseUrl, `rtm${i}`),
  );
  const sessionIds = agents.map((agent) => agent.sessionId!);
  console.log(
    `setup: memory node (bench child, --expose-gc) on ${server.port}; ${SESSIONS} users ` +
      `registered (${SESSIONS} sessions) in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; ` +
      `load average ${loadAverage()}`,
  );

  // Warm-up: the code paths of a connection run once before the baseline is taken.
  const warm = Array.from({ length: WARMUP_SOCKETS }, (_, i) =>
    openSocket(baseUrl, sessionIds[i % SESSIONS]),
  );
  warm.forEach((socket) => sockets.add(socket));
  await Promise.all(warm.map((socket) => connected(socket, CONNECT_TIMEOUT_MS)));
  for (const socket of warm) {
    socket.disconnect();
    sockets.delete(socket);
  }
  const before = await heapWhenSockets(server, 0, 10_000);
  if (!before.collected) problems.push('memory node ran without --expose-gc');
  if (before.sockets !== 0) problems.push(`baseline taken with ${before.sockets} sockets open`);

  let reached = 0;
  let stopReason: string | null = null;
  // Sockets the server or the network dropped before we close them ourselves.
  let dropped = 0;
  let closing = false;
  const open: ClientSocket[] = [];
  const openStarted = performance.now();
  while (reached < SOCKETS) {
    if (performance.now() - openStarted > OPEN_PHASE_MAX_MS) {
      stopReason = `opening stopped after ${OPEN_PHASE_MAX_MS / 1000} s (bench time bound)`;
      break;
    }
    const size = Math.min(BATCH, SOCKETS - reached);
    const batch = Array.from({ length: size }, (_, j) => {
      const socket = openSocket(baseUrl, sessionIds[(reached + j) % SESSIONS]);
      sockets.add(socket);
      socket.on('disconnect', () => {
        if (!closing) dropped += 1;
      });
      return socket;
    });
    const results = await Promise.allSettled(
      batch.map((socket) => connected(socket, CONNECT_TIMEOUT_MS)),
    );
    const failed = results.filter((r) => r.status === 'rejected');
    open.push(...batch.filter((_, j) => results[j]!.status === 'fulfilled'));
    reached = open.length;
    if (failed.length > 0) {
      const reason = (failed[0] as PromiseRejectedResult).reason as unknown;
      stopReason =
        `${failed.length} of a batch of ${size} failed to connect ` +
        `(first: ${reason instanceof Error ? reason.message : String(reason)})`;
      break;
    }
  }
  const openSeconds = (performance.now() - openStarted) / 1000;
  await sleep(IDLE_WAIT_MS);
  const after = await heapOf(server);
  if (after.sockets !== reached) {
    problems.push(`server counts ${after.sockets} sockets, client ${reached}`);
  }
  if (dropped > 0) problems.push(`${dropped} sockets dropped before the bench closed them`);

  closing = true;
  for (const socket of sockets) socket.disconnect();
  sockets.clear();
  let closed: MemoryFigures['closed'] = null;
  try {
    closed = await heapWhenSockets(server, 0, 15_000);
  } catch (error) {
    problems.push(`heap after closing: ${String(error)}`);
  }
  return {
    target: SOCKETS,
    reached,
    serverSockets: after.sockets,
    stopReason,
    openSeconds,
    before,
    after,
    closed,
    dropped,
  };
}

function printMemory(figures: MemoryFigures): void {
  const { before, after, closed, reached } = figures;
  const per = (field: 'heapUsed' | 'rss' | 'external' | 'arrayBuffers') =>
    reached > 0 ? kb((after[field] - before[field]) / reached) : '-';
  console.log('');
  console.log(
    `memory: ${reached} of ${figures.target} idle authenticated sockets (WebSocket only) on one ` +
      `node, ${Math.min(SESSIONS, Math.max(reached, 1))} distinct sessions; opened in batches of ` +
      `${BATCH} in ${figures.openSeconds.toFixed(1)} s; read after ${IDLE_WAIT_MS / 1000} s idle, ` +
      `after gc() twice; server counts ${figures.serverSockets} sockets`,
  );
  if (figures.stopReason) console.log(`stopped at N = ${reached}: ${figures.stopReason}`);
  console.log(
    formatTable([
      ['server process', '0 sockets MB', `${reached} sockets MB`, 'delta MB', 'per socket KB'],
      [
        'heapUsed',
        mb(before.heapUsed),
        mb(after.heapUsed),
        mb(after.heapUsed - before.heapUsed),
        per('heapUsed'),
      ],
      ['rss', mb(before.rss), mb(after.rss), mb(after.rss - before.rss), per('rss')],
      [
        'external',
        mb(before.external),
        mb(after.external),
        mb(after.external - before.external),
        per('external'),
      ],
      [
        'arrayBuffers',
        mb(before.arrayBuffers),
        mb(after.arrayBuffers),
        mb(after.arrayBuffers - before.arrayBuffers),
        per('arrayBuffers'),
      ],
    ]),
  );
  if (closed) {
    console.log(
      `after closing all: ${closed.sockets} sockets, heapUsed ${mb(closed.heapUsed)} MB ` +
        `(${mb(closed.heapUsed - before.heapUsed)} MB vs 0 sockets), rss ${mb(closed.rss)} MB`,
    );
  }
  const perSocket = reached > 0 ? (after.heapUsed - before.heapUsed) / reached / 1024 : Number.NaN;
  console.log(
    `goal ≤ ${GOAL_KB_PER_SOCKET} KB heap per idle socket: ${perSocket.toFixed(2)} KB ` +
      `${perSocket <= GOAL_KB_PER_SOCKET && reached === figures.target ? 'PASS' : 'MISS'}`,
  );
}

async function main(cleanup: Cleanup): Promise<number> {
  console.log(
    `realtime bench: node ${process.version}, ${os.availableParallelism()} CPUs, ` +
      `open files limit ${openFilesLimit()}, ` +
      `load average ${loadAverage()}`,
  );
  const problems: string[] = [];
  const sockets = new Set<ClientSocket>();
  const databaseUrl = await createScratchDatabase(cleanup);
  const redis = await startScratchRedis(cleanup);
  cleanup.add('close client sockets', async () => {
    for (const socket of sockets) socket.disconnect();
    sockets.clear();
  });

  const latency = await latencyPart(cleanup, databaseUrl, redis, problems, sockets);
  printLatency(latency);
  console.log(`load average after part 1: ${loadAverage()}`);
  console.log('');
  const memory = await memoryPart(cleanup, databaseUrl, redis, problems, sockets);
  printMemory(memory);
  console.log(`load average at the end: ${loadAverage()}`);

  console.log('');
  if (problems.length > 0) {
    console.log(`HARNESS PROBLEMS (figures not valid):\n  - ${problems.join('\n  - ')}`);
    return 1;
  }
  console.log('harness: every guess answered 200 ok, no game finished, every event matched');
  return 0;
}

await runBench(main, DEADLINE_MS);
