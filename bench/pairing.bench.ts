// 'Play now' across two nodes (docs/PRODUCT.md, 'Play now' and 'Performance goals'): how long
// until both players of a pair have the game, and whether a crowd seeking at once is paired
// completely and only once. Benchmarks print figures; the goals are printed next to them (PASS
// or MISS), not asserted.
//
// A scratch Postgres database, a scratch redis-server and two server processes
// (`server/src/main.ts`, as production runs it) on 127.0.0.1. PLAYERS accounts are registered
// (half through each node).
//
// Part 1, latency. PAIRS pairs, one after the other: A (a Socket.IO client on node 1) seeks on
// node 1 and waits; then B seeks on node 2 and is paired at once. The figure is t(both have the
// game id) − t(B's seek sent): the later of B's HTTP answer and A's `match:found` (which crosses
// from node 2 to node 1 through Redis), both `performance.now()` in this one process. Goal:
// p50 ≤ 50 ms.
//
// Part 2, a crowd. Every pairing of part 1 is cancelled (a paired player seeking again would get
// the same game), the PLAYERS accounts get ratings spread evenly over 1100–1900, then each seeks
// once, at a steady rate over SPREAD_SECONDS, alternating nodes, and polls GET /match/status
// every 3 s until paired, as a client without a socket does. Checked in the database: every
// player in exactly one game made in this part, each game two players. Printed: how long until
// the last was paired, the wait of each seek as the server recorded it (paired_at −
// seeking_since, exact, unlike the 3 s poll), the seek and status round trips, and Postgres's CPU.
//
// Part 3, for the choice of store: the round trip of the seek transaction's statements as one
// queue step costs in Postgres, next to one EVAL of a Lua queue step in the same Redis (what a
// Redis queue would cost before it still had to write the game to Postgres).
//
// Everything (sockets, nodes, redis-server, database) is undone on exit, on error, on a signal
// and at the deadline. Knobs: BENCH_PAIRS, BENCH_PLAYERS, BENCH_SPREAD_SECONDS.
import os from 'node:os';
import postgres from 'postgres';
import type {
  MatchFoundEvent,
  MatchSeekResponse,
  MatchStatusResponse,
} from '@jotto/shared/match-schemas';
import { freePort } from '../ops/cluster-launcher.ts';
import { HttpAgent, type ScratchRedis, ServerNode } from '@jotto/test-support/cluster-harness';
import { type ClientSocket, connected, openSocket } from '@jotto/test-support/socket-client';
import {
  blankedServerEnv,
  boundedInteger,
  type Cleanup,
  createScratchDatabase,
  formatTable,
  mapLimit,
  postgresCpuSeconds,
  postgresCpuSince,
  runBench,
  startScratchRedis,
} from './support/harness.ts';

const PAIRS = boundedInteger('BENCH_PAIRS', 200, 1, 500);
const PLAYERS = boundedInteger('BENCH_PLAYERS', 1_000, 2 * PAIRS, 2_000);
const SPREAD_SECONDS = boundedInteger('BENCH_SPREAD_SECONDS', 10, 1, 60);
const POLL_MS = 3_000;
/** Part 2 gives up waiting for pairs this long after the last seek. */
const CROWD_TAIL_MS = 45_000;
const LUA_ROUNDS = 2_000;
const GOAL_P50_MS = 50;
const DEADLINE_MS = 290_000;
const PASSWORD = 'bench-secret-1';
const SESSION_SECRET = 'bench-secret-bench-secret-bench-secret-2';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const ms = (value: number) => value.toFixed(1);

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

function summary(label: string, values: number[], digits = 1): (string | number)[] {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (value: number) => value.toFixed(digits);
  return [
    label,
    sorted.length,
    at(percentile(sorted, 50)),
    at(percentile(sorted, 90)),
    at(percentile(sorted, 99)),
    at(sorted.at(-1) ?? Number.NaN),
  ];
}

async function startNode(env: Record<string, string>, cleanup: Cleanup): Promise<ServerNode> {
  const node = new ServerNode(await freePort(), env);
  cleanup.add(`stop node on ${node.port}`, async () => {
    const stopped = await Promise.race([
      node.stop('SIGTERM').then(() => true),
      sleep(10_000).then(() => false),
    ]);
    if (!stopped) await node.stop('SIGKILL');
  });
  await node.start();
  return node;
}

interface Player {
  name: string;
  /** Signed in on the node it seeks through. */
  agent: HttpAgent;
}

async function register(baseUrl: string, name: string): Promise<Player> {
  const agent = new HttpAgent(baseUrl);
  const response = await agent.call('POST', '/api/register', {
    username: name,
    email: `${name}@example.com`,
    password: PASSWORD,
  });
  if (response.status !== 200 || !agent.sessionId) {
    throw new Error(`register ${name}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return { name, agent };
}

/** Part 1: PAIRS pairs one after the other; per pair, B's seek to both having the game. */
async function latencyPart(nodes: ServerNode[], players: Player[], problems: string[]) {
  const sockets: ClientSocket[] = [];
  const found = new Map<string, { at: number; event: MatchFoundEvent }>();
  const pairs = Array.from({ length: PAIRS }, (_, i) => ({
    a: players[2 * i]!,
    b: players[2 * i + 1]!,
  }));
  // A is registered through node 1 (even index) and holds its socket there.
  await mapLimit(pairs, 16, async ({ a }) => {
    const socket = openSocket(nodes[0]!.baseUrl, a.agent.sessionId);
    sockets.push(socket);
    socket.on('match:found', (event) => found.set(a.name, { at: performance.now(), event }));
    await connected(socket, 30_000);
  });
  const total: number[] = [];
  const bAnswer: number[] = [];
  const aEvent: number[] = [];
  for (const { a, b } of pairs) {
    const waiting = await a.agent.call<MatchSeekResponse>('POST', '/api/match/seek');
    if (waiting.body.status !== 'waiting') {
      problems.push(`A ${a.name} was not left waiting: ${JSON.stringify(waiting.body)}`);
      continue;
    }
    const sentAt = performance.now();
    const paired = await b.agent.call<MatchSeekResponse>('POST', '/api/match/seek');
    const answeredAt = performance.now();
    if (paired.body.status !== 'paired') {
      problems.push(`B ${b.name} was not paired: ${JSON.stringify(paired.body)}`);
      continue;
    }
    const deadline = performance.now() + 5_000;
    while (!found.has(a.name) && performance.now() < deadline) await sleep(1);
    const event = found.get(a.name);
    if (!event || event.event.gameId !== paired.body.gameId || event.event.opponent !== b.name) {
      problems.push(
        `A ${a.name}: match:found ${JSON.stringify(event?.event)} for ${paired.body.gameId}`,
      );
      continue;
    }
    bAnswer.push(answeredAt - sentAt);
    aEvent.push(event.at - sentAt);
    total.push(Math.max(answeredAt, event.at) - sentAt);
  }
  for (const socket of sockets) socket.disconnect();
  return { total, bAnswer, aEvent };
}

/** Part 2: every player seeks within SPREAD_SECONDS, then polls until paired. */
async function crowdPart(players: Player[], sql: postgres.Sql, problems: string[]) {
  // A paired player who seeks again gets the same game: part 1's pairings are forgotten first.
  await mapLimit(players, 16, async ({ agent }) => {
    const cancelled = await agent.call('POST', '/api/match/cancel');
    if (cancelled.status !== 200) problems.push(`cancel: ${cancelled.status}`);
  });
  const names = players.map((player) => player.name);
  // Ratings spread evenly over 1100–1900, shuffled over the arrival order.
  await sql`
    UPDATE users SET rating = 1100 + 800 * ((hashtext(username) & 1023) / 1023.0)
    WHERE username = ANY(${names})`;
  const [{ since }] = await sql<[{ since: Date }]>`SELECT now() AS since`;

  const seekMs: number[] = [];
  const statusMs: number[] = [];
  const pairedAt = new Map<string, number>();
  const interval = (SPREAD_SECONDS * 1000) / players.length;
  const cpuBefore = postgresCpuSeconds();
  const started = performance.now();
  const loadAtStart = loadAverage();
  await Promise.all(
    players.map(async ({ name, agent }, i) => {
      const due = started + i * interval - performance.now();
      if (due > 0) await sleep(due);
      const sentAt = performance.now();
      const seek = await agent.call<MatchSeekResponse>('POST', '/api/match/seek');
      seekMs.push(performance.now() - sentAt);
      if (seek.status !== 200) {
        problems.push(`seek ${name}: ${seek.status} ${JSON.stringify(seek.body)}`);
        return;
      }
      if (seek.body.status === 'paired') {
        pairedAt.set(name, performance.now());
        return;
      }
      for (;;) {
        await sleep(POLL_MS);
        // Bounded: a player still unpaired this long after the last seek is counted as such.
        if (performance.now() > started + SPREAD_SECONDS * 1000 + CROWD_TAIL_MS) return;
        const asked = performance.now();
        const status = await agent.call<MatchStatusResponse>('GET', '/api/match/status');
        statusMs.push(performance.now() - asked);
        if (status.body.status === 'paired') {
          pairedAt.set(name, performance.now());
          return;
        }
        if (status.body.status !== 'waiting') {
          problems.push(`status ${name}: ${JSON.stringify(status.body)}`);
          return;
        }
      }
    }),
  );
  const lastPairedAt = Math.max(...pairedAt.values());
  const postgresCpu = postgresCpuSince(cpuBefore);
  const wallSeconds = (performance.now() - started) / 1000;

  const rows = await sql<{ username: string; game_id: number }[]>`
    SELECT u.username, gp.game_id FROM game_players gp
    JOIN users u ON u.id = gp.user_id JOIN games g ON g.id = gp.game_id
    WHERE g.created_at >= ${since} AND u.username = ANY(${names})`;
  const gamesOf = new Map<string, number>();
  const playersOf = new Map<number, number>();
  for (const row of rows) {
    gamesOf.set(row.username, (gamesOf.get(row.username) ?? 0) + 1);
    playersOf.set(row.game_id, (playersOf.get(row.game_id) ?? 0) + 1);
  }
  const unpaired = names.filter((name) => !gamesOf.has(name)).length;
  const twice = [...gamesOf.values()].filter((count) => count > 1).length;
  const oddGames = [...playersOf.values()].filter((count) => count !== 2).length;
  const waits = await sql<{ waited_ms: number }[]>`
    SELECT extract(epoch FROM paired_at - seeking_since) * 1000 AS waited_ms FROM match_seeks
    WHERE paired_at >= ${since}`;
  return {
    seekMs,
    statusMs,
    waitedMs: waits.map((row) => Number(row.waited_ms)),
    paired: pairedAt.size,
    games: playersOf.size,
    unpaired,
    twice,
    oddGames,
    lastPairedSeconds: (lastPairedAt - started) / 1000,
    postgresCpuPercent: postgresCpu === null ? null : (100 * postgresCpu) / wallSeconds,
    loadAtStart,
  };
}

/** Part 3: one queue step as each store would run it, one at a time. */
async function storePart(databaseUrl: string, scratchRedis: ScratchRedis) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const [{ id }] = await sql<[{ id: number }]>`SELECT id FROM users ORDER BY id LIMIT 1`;
  const postgresMs: number[] = [];
  for (let round = 0; round < LUA_ROUNDS; round += 1) {
    const started = performance.now();
    // The statements of a seek that waits: the lock, the player, the queue, the upsert.
    await sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(724005)`;
      await tx`SELECT u.rating, s.game_id FROM users u LEFT JOIN match_seeks s ON s.user_id = u.id WHERE u.id = ${id}`;
      await tx`SELECT user_id, rating FROM match_seeks WHERE game_id IS NULL AND user_id <> ${id}`;
      await tx`INSERT INTO match_seeks (user_id, rating, seeking_since, seen_at)
        VALUES (${id}, 1500, now(), now())
        ON CONFLICT (user_id) DO UPDATE SET seen_at = now()`;
    });
    postgresMs.push(performance.now() - started);
  }
  await sql`DELETE FROM match_seeks WHERE user_id = ${id}`;
  await sql.end();

  const redis = await scratchRedis.client();
  // Take the closest waiting rating within 100, or wait: the Lua a Redis queue would run.
  const script = `
    local near = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[2] - 100, ARGV[2] + 100, 'LIMIT', 0, 1)
    if #near > 0 then redis.call('ZREM', KEYS[1], near[1]) return near[1] end
    redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
    return false`;
  const redisMs: number[] = [];
  for (let round = 0; round < LUA_ROUNDS; round += 1) {
    const started = performance.now();
    await redis.eval(script, 1, 'bench:queue', `p${round}`, 1500 + (round % 7) * 500);
    redisMs.push(performance.now() - started);
  }
  redis.disconnect();
  return { postgresMs, redisMs };
}

async function main(cleanup: Cleanup): Promise<number> {
  const problems: string[] = [];
  console.log(
    `pairing bench: ${PAIRS} pairs, ${PLAYERS} players over ${SPREAD_SECONDS} s; ` +
      `${os.cpus().length} cores; load average ${loadAverage()}`,
  );
  const databaseUrl = await createScratchDatabase(cleanup);
  const redis = await startScratchRedis(cleanup);
  const env = blankedServerEnv({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    DATA_DIR: 'memory://',
    SESSION_SECRET,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_REGISTER: '1000000',
  });
  // Node 1 first, so that the two do not race on the first migration.
  const nodes = [await startNode(env, cleanup)];
  nodes.push(await startNode(env, cleanup));
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  cleanup.add('close bench database client', () => sql.end());

  const registerStarted = performance.now();
  const tag = Date.now().toString(36).slice(-4);
  const players = await mapLimit(
    Array.from({ length: PLAYERS }, (_, i) => i),
    8,
    (i) => register(nodes[i % 2]!.baseUrl, `pn${tag}${i}`),
  );
  console.log(
    `setup: 2 nodes, ${PLAYERS} players registered in ` +
      `${((performance.now() - registerStarted) / 1000).toFixed(1)} s; load average ${loadAverage()}`,
  );

  const latency = await latencyPart(nodes, players, problems);
  console.log(
    `\npart 1: ${PAIRS} pairs, A waiting on node 1, B seeking on node 2 (ms from B's seek sent); load average ${loadAverage()}`,
  );
  console.log(
    formatTable([
      ['', 'n', 'p50', 'p90', 'p99', 'max'],
      summary('both have the game', latency.total),
      summary("B's answer (paired)", latency.bAnswer),
      summary("A's match:found", latency.aEvent),
    ]),
  );
  const p50 = percentile(
    [...latency.total].sort((a, b) => a - b),
    50,
  );
  const p99 = percentile(
    [...latency.total].sort((a, b) => a - b),
    99,
  );
  console.log(
    `goal p50 ≤ ${GOAL_P50_MS} ms: ${ms(p50)} ms ${p50 <= GOAL_P50_MS ? 'PASS' : 'MISS'} (p99 ${ms(p99)} ms)`,
  );

  const crowd = await crowdPart(players, sql, problems);
  console.log(
    `\npart 2: ${PLAYERS} players seeking over ${SPREAD_SECONDS} s on 2 nodes, ratings 1100–1900, ` +
      `polling every 3 s; load average ${crowd.loadAtStart} at start, ${loadAverage()} at end`,
  );
  console.log(
    formatTable([
      ['', 'n', 'p50', 'p90', 'p99', 'max'],
      summary('seek round trip (ms)', crowd.seekMs),
      summary('status round trip (ms)', crowd.statusMs),
      summary('wait in queue (ms, server)', crowd.waitedMs),
    ]),
  );
  console.log(
    `paired ${crowd.paired} of ${PLAYERS} (database: ${crowd.games} games, ${crowd.unpaired} ` +
      `unpaired, ${crowd.twice} in two games, ${crowd.oddGames} games without exactly 2 players); ` +
      `last paired ${crowd.lastPairedSeconds.toFixed(1)} s after the first seek; Postgres CPU ` +
      `${crowd.postgresCpuPercent === null ? '?' : crowd.postgresCpuPercent.toFixed(0)} % of one core`,
  );
  const complete = crowd.unpaired === 0 && crowd.twice === 0 && crowd.oddGames === 0;
  console.log(`goal all ${PLAYERS} paired, none twice: ${complete ? 'PASS' : 'MISS'}`);

  const store = await storePart(databaseUrl, redis);
  console.log(
    `\npart 3: one queue step, ${LUA_ROUNDS} in a row (ms); load average ${loadAverage()}`,
  );
  console.log(
    formatTable([
      ['', 'n', 'p50', 'p90', 'p99', 'max'],
      summary('Postgres: lock + 3 statements', store.postgresMs, 2),
      summary('Redis: one EVAL', store.redisMs, 2),
    ]),
  );

  for (const [i, node] of nodes.entries()) {
    const errors = node.output.split('\n').filter((line) => /"level":(50|60)/.test(line));
    if (errors.length > 0)
      problems.push(`node ${i + 1} logged ${errors.length} errors: ${errors[0]}`);
  }
  if (problems.length > 0) {
    console.log(`\nproblems (${problems.length}):\n  ${problems.slice(0, 20).join('\n  ')}`);
    return 1;
  }
  return 0;
}

await runBench(main, DEADLINE_MS);
