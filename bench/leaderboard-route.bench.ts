// Leaderboard route vs. a bare Fastify JSON route, in the same run (goals, docs/PRODUCT.md,
// 'Performance goals': leaderboard ÷ bare ≥ 0.7 in throughput and in server CPU per request).
// Machines are shared and noisy, so the ratios are the figures to judge, not the absolute rates;
// the two are measured in interleaved rounds, and every round is printed. The leaderboard is
// asked as a browser asks it (Accept-Encoding: gzip, deflate, br); the bench checks that each
// kind's answer decompresses to the same JSON as the uncompressed one.
//
// Data: 100,000 users and 1,000,000 finished solo games (70 % won, each win a point award)
// spread over the last 30 days, inserted by server-side SQL (generate_series) into a scratch
// Postgres database before the app starts, so the app meets them as it would in production.
// The first leaderboard request then finds no snapshot and computes it once (its latency is
// the cost of one full refresh on this data, printed as "cold"); every measured request is
// served from that snapshot, cycling daily → weekly → alltime.
//
// Each round also asks the app's /healthz, a route that does nothing, through every hook of
// the app: the app's own floor, printed with no goal, which splits the gap to the bare route
// into what every request of the app pays and what the leaderboard adds. And each round asks
// a third server, plain node:http with no framework, that writes the answers recorded from the
// app (the same status, headers and compressed bytes): the ceiling, what sending those answers
// costs any server, printed with no goal.
//
// Layout as in guess-route.bench.ts: this process generates load (autocannon, 50 connections,
// pipelining 1, a fixed number of requests, each run capped in time); the real app and the
// bare app run in child processes of their own on 127.0.0.1. Everything (servers, scratch
// database) is undone on exit, on error, on a signal and at the deadline.
import os from 'node:os';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import http from 'node:http';
import postgres from 'postgres';
import { LEADERBOARD_TYPES } from '@jotto/shared/leaderboard-windows';
import { openDatabase } from '../server/src/db/database.ts';
import type { Cleanup } from './support/harness.ts';
import { type RecordedAnswer, REPLAY_ANSWERS_VARIABLE } from './support/replay-answers.ts';
import {
  cleanServerEnv,
  cpuSecondsOf,
  createScratchDatabase,
  formatTable,
  LOAD_RUN_COLUMNS,
  loadRunCells,
  type LoadSummary,
  problemsOf,
  request,
  runBench,
  runLoad,
  type RunningServer,
  startServer,
} from './support/harness.ts';

const USERS = 100_000;
const GAMES = 1_000_000;
const WIN_SHARE = 0.7;
const CONNECTIONS = 50;
const REQUESTS = 50_000;
const WARMUP_REQUESTS = 2_000;
const ROUNDS = 3;
const GOAL_RATIO = 0.7;
/** What a browser sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';
/** The whole bench stops (and cleans up) after this long, whatever happens. */
const DEADLINE_MS = 8 * 60_000;
/** One measured or warm-up run stops after this long. */
const RUN_MAX_SECONDS = 60;
const KINDS = ['daily', 'weekly', 'alltime'] as const;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Users, games, players and point awards as settled games leave them, all in SQL. */
async function seed(databaseUrl: string): Promise<void> {
  // Migrations first, exactly as the app applies them.
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  await handle.close();

  // One connection: the temporary table lives in its session.
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const step = async (label: string, run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      console.log(`  ${label}: ${seconds(started)} s`);
    };
    await sql`SET synchronous_commit = off`;
    await step(`${USERS.toLocaleString('en')} users`, async () => {
      await sql`
        INSERT INTO users (id, username, email, created_at)
        SELECT g, 'player' || g, 'player' || g || '@example.com', now() - interval '60 days'
        FROM generate_series(1, ${USERS}::int) AS g`;
      await sql`SELECT setval(pg_get_serial_sequence('users', 'id'), ${USERS}::int)`;
    });
    // Per game: its player (skewed, so a few play a lot), result, guesses and finish time.
    await step('game plan (temporary table)', async () => {
      await sql`
        CREATE TEMPORARY TABLE plan AS
        SELECT g AS id,
               least(${USERS}::int, 1 + floor(power(random(), 2) * ${USERS}::int)::int) AS user_id,
               random() < ${WIN_SHARE}::float8 AS won,
               1 + floor(random() * 15)::int AS guesses,
               now() - random() * interval '30 days' AS finished_at
        FROM generate_series(1, ${GAMES}::int) AS g`;
    });
    await step(`${GAMES.toLocaleString('en')} games`, async () => {
      await sql`
        INSERT INTO games (id, mode, secret, settled_at, created_at)
        SELECT id, 'solo', 'crane', finished_at, finished_at - interval '3 minutes' FROM plan`;
      await sql`SELECT setval(pg_get_serial_sequence('games', 'id'), ${GAMES}::int)`;
    });
    await step(`${GAMES.toLocaleString('en')} game_players`, async () => {
      await sql`
        INSERT INTO game_players (game_id, user_id, score, status, outcome, guess_count,
                                  last_guess, last_played_at, finished_at)
        SELECT id, user_id,
               CASE WHEN won THEN 100 - 5 * (guesses - 1) ELSE 0 END,
               CASE WHEN won THEN 'won' ELSE 'lost' END,
               CASE WHEN won THEN 'win' ELSE 'lose' END,
               CASE WHEN won THEN guesses ELSE 20 END,
               CASE WHEN won THEN 'crane' ELSE 'slate' END,
               finished_at, finished_at
        FROM plan`;
    });
    await step('point_awards for the won games', async () => {
      await sql`
        INSERT INTO point_awards (user_id, game_id, points, awarded_at)
        SELECT user_id, id, 100 - 5 * (guesses - 1), finished_at FROM plan WHERE won`;
    });
    await step('users.points, game_ct, win_ct', async () => {
      await sql`
        UPDATE users AS u
        SET points = s.points, game_ct = s.games, win_ct = s.wins
        FROM (SELECT user_id,
                     coalesce(sum(100 - 5 * (guesses - 1)) FILTER (WHERE won), 0)::int AS points,
                     count(*)::int AS games,
                     (count(*) FILTER (WHERE won))::int AS wins
              FROM plan GROUP BY user_id) AS s
        WHERE u.id = s.user_id`;
    });
    await step('ANALYZE', () => sql`ANALYZE`);
    const [counts] = await sql<{ users: number; games: number; awards: number }[]>`
      SELECT (SELECT count(*)::int FROM users) AS users,
             (SELECT count(*)::int FROM games WHERE settled_at IS NOT NULL) AS games,
             (SELECT count(*)::int FROM point_awards) AS awards`;
    console.log(
      `  in the database: ${counts!.users} users, ${counts!.games} finished games, ` +
        `${counts!.awards} point awards`,
    );
  } finally {
    await sql.end();
  }
}

/** The stored all-time leader and what the snapshot says, for a correctness check. */
async function checkAgainstDatabase(databaseUrl: string, served: unknown): Promise<string[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [top] = await sql<{ id: number; score: number }[]>`
      SELECT user_id AS id, sum(points)::int AS score FROM point_awards
      GROUP BY user_id ORDER BY score DESC, user_id LIMIT 1`;
    const [snapshots] = await sql<{ count: number; versions: number }[]>`
      SELECT count(*)::int AS count, sum(version)::int AS versions FROM leaderboard_snapshots`;
    const first = (served as { scores?: { id: number; score: number }[] }).scores?.[0];
    const problems: string[] = [];
    if (!first || first.score !== top?.score) {
      problems.push(`alltime leader ${JSON.stringify(first)} ≠ SQL ${JSON.stringify(top)}`);
    }
    // Computed exactly once, despite every request of the run: each kind (the rating one too),
    // version 1 each.
    const kinds = LEADERBOARD_TYPES.length;
    if (snapshots?.count !== kinds || snapshots.versions !== kinds) {
      problems.push(`snapshots ${JSON.stringify(snapshots)}: expected ${kinds} rows at version 1`);
    }
    return problems;
  } finally {
    await sql.end();
  }
}

/** One GET as a browser sends it; the body decompressed by its Content-Encoding. */
function browserGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Name and value pairs as received. */
  rawHeaders: [string, string][];
  text: string;
  /** The body as sent (compressed, when it was). */
  raw: Buffer;
}> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path,
          headers: { 'accept-encoding': BROWSER_ENCODINGS, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const body =
              encoding === 'br'
                ? brotliDecompressSync(raw)
                : encoding === 'gzip'
                  ? gunzipSync(raw)
                  : encoding === 'deflate'
                    ? inflateSync(raw)
                    : raw;
            const rawHeaders: [string, string][] = [];
            for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
              rawHeaders.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
            }
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              rawHeaders,
              text: body.toString('utf8'),
              raw,
            });
          });
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
}

/**
 * The headers the replay server writes as recorded: all but those Node's http server sets for
 * each answer itself (a fresh date, the connection's), as it does for the app's.
 */
function replayedHeaders(rawHeaders: [string, string][]): [string, string][] {
  return rawHeaders.filter(
    ([name]) => !['date', 'connection', 'keep-alive'].includes(name.toLowerCase()),
  );
}

/** A run plus the server's CPU time per request (µs), when /proc tells it. */
type Measured = LoadSummary & { cpuUs: number | null };

function row(summary: Measured): (string | number)[] {
  return [...loadRunCells(summary), summary.cpuUs === null ? '-' : summary.cpuUs.toFixed(0)];
}

const HEADER = [...LOAD_RUN_COLUMNS, 'server CPU µs/req'];

async function main(cleanup: Cleanup): Promise<number> {
  console.log(
    `leaderboard-route bench: autocannon ${CONNECTIONS} connections, pipelining 1, ` +
      `${REQUESTS} requests per route per round, ${ROUNDS} rounds, after ${WARMUP_REQUESTS} ` +
      `warm-up; node ${process.version}, ${os.availableParallelism()} CPUs, ` +
      `load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  const databaseUrl = await createScratchDatabase(cleanup);
  const seedStarted = performance.now();
  console.log('seeding (server-side SQL):');
  await seed(databaseUrl);
  console.log(`seeded in ${seconds(seedStarted)} s`);

  const [app, bare] = await Promise.all([
    startServer(
      'app',
      cleanServerEnv({
        DATABASE_URL: databaseUrl,
        DATA_DIR: 'memory://',
        SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0',
      }),
      cleanup,
    ),
    startServer('bare', cleanServerEnv({}), cleanup),
  ]);

  // The first request meets an empty snapshot table: one full computation on 1M games.
  const coldStarted = performance.now();
  const cold = await request(app.port, 'GET', '/api/leaders/alltime');
  const coldMs = performance.now() - coldStarted;
  const scores = cold.json?.scores;
  if (cold.status !== 200 || !Array.isArray(scores) || scores.length !== 100) {
    throw new Error(`cold leaderboard: ${cold.status} ${JSON.stringify(cold.json)?.slice(0, 300)}`);
  }
  const sizes: string[] = [];
  const problems: string[] = [];
  // Each kind's answer to a browser, exactly as the app sent it, for the replay server.
  const recorded: Record<string, RecordedAnswer> = {};
  for (const kind of KINDS) {
    const response = await request(app.port, 'GET', `/api/leaders/${kind}`);
    const entries = (response.json?.scores as unknown[] | undefined)?.length ?? 0;
    const asBrowser = await browserGet(app.port, `/api/leaders/${kind}`);
    if (asBrowser.status !== 200 || asBrowser.text !== JSON.stringify(response.json)) {
      problems.push(`${kind}: the browser's answer differs from the plain one`);
    }
    recorded[`/replay/${kind}`] = {
      status: asBrowser.status,
      headers: replayedHeaders(asBrowser.rawHeaders),
      body: asBrowser.raw.toString('base64'),
    };
    const etag = asBrowser.headers.etag;
    const again = etag
      ? await browserGet(app.port, `/api/leaders/${kind}`, { 'if-none-match': etag })
      : null;
    sizes.push(
      `${kind} ${entries} entries, ${JSON.stringify(response.json).length} bytes, ` +
        `${asBrowser.raw.length} as sent (${asBrowser.headers['content-encoding'] ?? 'identity'}); ` +
        `again with its ETag: ${again ? again.status : 'no ETag'}`,
    );
  }
  console.log(
    `cold start: first GET /api/leaders/alltime computed every snapshot in ` +
      `${coldMs.toFixed(0)} ms; ${sizes.join('; ')}`,
  );

  const replay = await startServer(
    'replay',
    cleanServerEnv({ [REPLAY_ANSWERS_VARIABLE]: JSON.stringify(recorded) }),
    cleanup,
  );
  for (const kind of KINDS) {
    const [replayed, applied] = await Promise.all([
      browserGet(replay.port, `/replay/${kind}`),
      browserGet(app.port, `/api/leaders/${kind}`),
    ]);
    if (
      replayed.status !== applied.status ||
      !replayed.raw.equals(applied.raw) ||
      JSON.stringify(replayedHeaders(replayed.rawHeaders)) !==
        JSON.stringify(replayedHeaders(applied.rawHeaders))
    ) {
      problems.push(`${kind}: the replay server's answer differs from the app's`);
    }
  }

  // What the app spends with no request at all (its jobs: the 'Play now' queue every second,
  // the daily board, the leaderboard refresh): counted in every run's CPU per request below.
  const idleSeconds = 5;
  const idleBefore = cpuSecondsOf(app.child.pid);
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const idleAfter = cpuSecondsOf(app.child.pid);
  if (idleBefore !== null && idleAfter !== null) {
    console.log(
      `the app idle for ${idleSeconds} s: ${(((idleAfter - idleBefore) / idleSeconds) * 100).toFixed(1)} % ` +
        `of a core (its background jobs, inside every run's CPU per request)`,
    );
  }

  /** Requests as a browser asks them, for `${prefix}/daily`, weekly, alltime in turn. */
  const kindsInTurn = (prefix: string) => {
    let next = 0;
    return () => ({
      path: `${prefix}/${KINDS[next++ % KINDS.length]}`,
      headers: { 'accept-encoding': BROWSER_ENCODINGS },
    });
  };
  const leaderboardPath = kindsInTurn('/api/leaders');
  const replayPath = kindsInTurn('/replay');
  const load = async (
    label: string,
    server: RunningServer,
    amount: number,
    path: Parameters<typeof runLoad>[0]['path'],
  ): Promise<Measured> => {
    const summary = await runLoad({
      label,
      port: server.port,
      serverPid: server.child.pid,
      amount,
      connections: CONNECTIONS,
      path,
      maxSeconds: RUN_MAX_SECONDS,
      // Compressed bodies: checked once per kind above.
      checkBody: server === bare,
    });
    // Per request, server CPU is far less sensitive than req/s to other load on a shared
    // machine, so it is printed beside the throughput.
    const cpuUs =
      summary.serverCpuSeconds === null || summary.requests === 0
        ? null
        : (summary.serverCpuSeconds * 1e6) / summary.requests;
    return { ...summary, cpuUs };
  };

  problems.push(
    ...problemsOf(await load('bare warm-up', bare, WARMUP_REQUESTS, '/bare'), WARMUP_REQUESTS),
  );
  problems.push(
    ...problemsOf(
      await load('leaderboard warm-up', app, WARMUP_REQUESTS, leaderboardPath),
      WARMUP_REQUESTS,
    ),
  );
  const bareRuns: Measured[] = [];
  const leaderboardRuns: Measured[] = [];
  // The app's own floor: its cheapest route, which does nothing, through every hook every
  // request of the app passes (sessions, guards, access, headers, metrics, log). No goal: it
  // says how much of the gap to the bare route is the leaderboard's and how much every route's.
  const appFloorRuns: Measured[] = [];
  // The ceiling: the leaderboard's own answers (status, headers, bytes) written by plain
  // node:http with no framework. No goal: no server sends these answers for less, so it splits
  // the gap to the bare route into what the answer itself costs and what the app adds.
  const replayRuns: Measured[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const bareRun = await load(`bare GET /bare (round ${round})`, bare, REQUESTS, '/bare');
    problems.push(...problemsOf(bareRun, REQUESTS));
    bareRuns.push(bareRun);
    const replayRun = await load(
      `node:http, recorded answers (round ${round})`,
      replay,
      REQUESTS,
      replayPath,
    );
    problems.push(...problemsOf(replayRun, REQUESTS));
    replayRuns.push(replayRun);
    const floorRun = await load(`app GET /healthz (round ${round})`, app, REQUESTS, '/healthz');
    problems.push(...problemsOf(floorRun, REQUESTS));
    appFloorRuns.push(floorRun);
    const leaderboardRun = await load(
      `GET /api/leaders/:type (round ${round})`,
      app,
      REQUESTS,
      leaderboardPath,
    );
    problems.push(...problemsOf(leaderboardRun, REQUESTS));
    leaderboardRuns.push(leaderboardRun);
  }
  problems.push(...(await checkAgainstDatabase(databaseUrl, cold.json)));

  console.log('');
  console.log(
    formatTable([
      HEADER,
      ...bareRuns.flatMap((b, i) => [
        row(b),
        row(replayRuns[i]!),
        row(appFloorRuns[i]!),
        row(leaderboardRuns[i]!),
      ]),
    ]),
  );
  console.log('');
  const ratios = leaderboardRuns.map((run, i) => run.rps / bareRuns[i]!.rps);
  const total = (runs: Measured[]) =>
    runs.reduce((sum, run) => sum + run.requests, 0) /
    runs.reduce((sum, run) => sum + run.seconds, 0);
  const ratio = total(leaderboardRuns) / total(bareRuns);
  console.log(
    `throughput ratio leaderboard/bare: ${ratio.toFixed(3)} over ${ROUNDS} rounds ` +
      `(rounds: ${ratios.map((r) => r.toFixed(3)).join(', ')})  (goal ≥ ${GOAL_RATIO})  ` +
      `${ratio >= GOAL_RATIO ? 'PASS' : 'MISS'}`,
  );
  const meanCpu = (runs: Measured[]) =>
    runs.every((run) => run.cpuUs !== null)
      ? runs.reduce((sum, run) => sum + run.cpuUs!, 0) / runs.length
      : null;
  const [bareCpu, leaderboardCpu] = [meanCpu(bareRuns), meanCpu(leaderboardRuns)];
  if (bareCpu !== null && leaderboardCpu !== null) {
    const cpuRatio = bareCpu / leaderboardCpu;
    console.log(
      `server CPU per request ratio bare/leaderboard: ${cpuRatio.toFixed(3)} ` +
        `(bare ${bareCpu.toFixed(1)} µs, leaderboard ${leaderboardCpu.toFixed(1)} µs; the ` +
        `throughput ratio a server-bound run would reach, whatever else loads the machine)  ` +
        `(goal ≥ ${GOAL_RATIO})  ${cpuRatio >= GOAL_RATIO ? 'PASS' : 'MISS'}`,
    );
  }
  const floorCpu = meanCpu(appFloorRuns);
  if (floorCpu !== null && leaderboardCpu !== null) {
    console.log(
      `the app's floor, GET /healthz (every hook, no work): ${floorCpu.toFixed(1)} µs per ` +
        `request; leaderboard ÷ it: throughput ${(total(leaderboardRuns) / total(appFloorRuns)).toFixed(3)}, ` +
        `CPU per request ${(floorCpu / leaderboardCpu).toFixed(3)} (no goal: what the route itself adds)`,
    );
  }
  const replayCpu = meanCpu(replayRuns);
  if (replayCpu !== null && bareCpu !== null && leaderboardCpu !== null) {
    console.log(
      `the ceiling, the leaderboard's recorded answers written by plain node:http (no ` +
        `framework): ${replayCpu.toFixed(1)} µs per request; ÷ bare: throughput ` +
        `${(total(replayRuns) / total(bareRuns)).toFixed(3)}, CPU per request ` +
        `${(bareCpu / replayCpu).toFixed(3)} (no goal: what sending these answers costs any ` +
        `server); leaderboard ÷ it: throughput ${(total(leaderboardRuns) / total(replayRuns)).toFixed(3)}, ` +
        `CPU per request ${(replayCpu / leaderboardCpu).toFixed(3)} (what the app adds)`,
    );
  }
  if (problems.length > 0) {
    console.log(`HARNESS PROBLEMS (figures not valid):\n  - ${problems.join('\n  - ')}`);
    return 1;
  }
  console.log(
    'harness: every request answered 2xx with result ok; snapshot computed once (version 1), ' +
      'all-time leader matches SQL',
  );
  return 0;
}

await runBench(main, DEADLINE_MS);
