// Guess route vs. a bare Fastify JSON route, in the same run (the goal, docs/PRODUCT.md,
// 'Performance goals': guess throughput ≥ 0.15 × bare, guess p99 ≤ 50 ms). Machines are shared and
// noisy, so the ratio is the figure to judge, not the absolute rates.
//
// Layout: this process is the load generator (autocannon) and the harness; the real app (on a
// scratch Postgres database) and the bare app each run in a child process of their own, so the
// generator never shares an event loop with the server it measures, and both servers are
// started, measured and stopped the same way.
//
// Every guess request is a fresh (game, word) pair, so none is refused as a repeat or lands on
// a finished game: `USERS` users own `games` solo games made over HTTP; each game gets at most
// 19 distinct valid words, none its secret (read from the database: the harness is not a
// player), so no game is won or runs out of points. Request n goes to game n mod games with
// that game's word number ⌊n / games⌋: requests in flight at once hit different games, as
// different players would, and one game's next guess comes only after `games` other requests.
import os from 'node:os';
import postgres from 'postgres';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { planGameWords } from './support/word-pool.ts';
import type { Cleanup } from './support/harness.ts';
import {
  boundedInteger,
  cleanServerEnv,
  createScratchDatabase,
  formatTable,
  LOAD_RUN_COLUMNS,
  loadRunCells,
  type LoadOptions,
  type LoadSummary,
  mapLimit,
  problemsOf,
  request,
  runBench,
  runLoad,
  type RunningServer,
  startServer,
} from './support/harness.ts';

const CONNECTIONS = 50;
const REQUESTS = boundedInteger('BENCH_REQUESTS', 20_000, CONNECTIONS);
/** The bare route answers several times faster: more requests keep its runs seconds long. */
const BARE_REQUESTS = boundedInteger('BENCH_BARE_REQUESTS', 80_000, CONNECTIONS);
const WARMUP_REQUESTS = boundedInteger('BENCH_WARMUP', 2_000, CONNECTIONS);
/** Bare and guess runs alternate this many times; the figures judged are the medians. */
const ROUNDS = boundedInteger('BENCH_ROUNDS', 3, 1, 9);
const USERS = 100;
/** A game ends after 20 misses (score 100, 5 per miss); stay below that. */
const GUESSES_PER_GAME = 19;
/** Spare pairs for requests autocannon re-sends after a timeout. */
const SPARE_PAIRS = 2 * CONNECTIONS;
const GOAL_RATIO = 0.15;
const GOAL_P99_MS = 50;
/** The whole bench stops (and cleans up) after this long, whatever happens. */
const DEADLINE_MS = 8 * 60_000;
/** One measured or warm-up run stops after this long. */
const RUN_MAX_SECONDS = 120;

interface PlannedGame {
  id: number;
  cookie: string;
  words: string[];
}

function sessionCookieOf(setCookie: string[]): string {
  for (const header of setCookie) {
    const pair = header.split(';', 1)[0] ?? '';
    if (pair.startsWith(`${SESSION_COOKIE}=`)) return pair;
  }
  throw new Error(`no ${SESSION_COOKIE} cookie in ${JSON.stringify(setCookie)}`);
}

/** Thrown when the app has no game routes yet: the bare half is still reported. */
class RouteUnavailable extends Error {}

/** Registers users and makes `gameCount` games over HTTP; words chosen per game. */
async function planGames(port: number, databaseUrl: string, gameCount: number) {
  const users = await mapLimit(
    Array.from({ length: USERS }, (_, i) => i),
    4,
    async (i) => {
      const username = `bench${i}`;
      const response = await request(port, 'POST', '/api/register', {
        body: { username, email: `${username}@example.com`, password: 'bench-secret-1' },
      });
      if (response.status !== 200) {
        throw new Error(
          `register ${username}: ${response.status} ${JSON.stringify(response.json)}`,
        );
      }
      return sessionCookieOf(response.setCookie);
    },
  );
  const probe = await request(port, 'GET', '/api/games/new', { cookie: users[0]! });
  if (probe.status === 404) throw new RouteUnavailable('GET /api/games/new answered 404');
  const created = await mapLimit(
    Array.from({ length: gameCount }, (_, i) => i),
    8,
    async (i) => {
      const cookie = users[i % USERS]!;
      const response = await request(port, 'GET', '/api/games/new', { cookie });
      const gameId = response.json?.gameId;
      if (response.status !== 200 || typeof gameId !== 'number') {
        throw new Error(`new game: ${response.status} ${JSON.stringify(response.json)}`);
      }
      return { id: gameId, cookie };
    },
  );

  const plan = await planGameWords(
    databaseUrl,
    created.map((game) => game.id),
    20_240_611,
    GUESSES_PER_GAME,
  );
  const games: PlannedGame[] = created.map((game) => ({ ...game, words: plan.get(game.id)! }));
  return games;
}

/** Hands out each (game, word) pair once; request n → game n mod G, word ⌊n / G⌋. */
class PairCursor {
  private next = 0;
  /** Requests asked for after every pair was used (each then gets a 400 on purpose). */
  exhausted = 0;

  constructor(private readonly games: PlannedGame[]) {}

  get used(): number {
    return this.next;
  }

  take(): { path: string; headers?: Record<string, string> } {
    const n = this.next;
    const game = this.games[n % this.games.length]!;
    const word = game.words[Math.floor(n / this.games.length)];
    if (word === undefined) {
      this.exhausted += 1;
      return { path: '/api/game/0/play/xxxxx' };
    }
    this.next += 1;
    return { path: `/api/game/${game.id}/play/${word}`, headers: { cookie: game.cookie } };
  }
}

function row(summary: LoadSummary): (string | number)[] {
  const percent = (value: number | null) => (value === null ? '-' : value.toFixed(0));
  return [
    ...loadRunCells(summary),
    percent(summary.serverCpuPercent),
    percent(summary.databaseCpuPercent),
    percent(summary.generatorCpuPercent),
  ];
}

const HEADER = [...LOAD_RUN_COLUMNS, 'server CPU %', 'Postgres CPU %', 'autocannon CPU %'];

async function main(cleanup: Cleanup): Promise<number> {
  const capacity = 1 + WARMUP_REQUESTS + ROUNDS * REQUESTS + SPARE_PAIRS;
  const gameCount = Math.ceil(capacity / GUESSES_PER_GAME);
  console.log(
    `guess-route bench: autocannon ${CONNECTIONS} connections, pipelining 1, ` +
      `${ROUNDS} alternating rounds of ${BARE_REQUESTS} bare and ${REQUESTS} guess requests ` +
      `after ${WARMUP_REQUESTS} warm-up each; ` +
      `node ${process.version}, ${os.availableParallelism()} CPUs, ` +
      `load average ${os.loadavg()[0]!.toFixed(2)}`,
  );

  const databaseUrl = await createScratchDatabase(cleanup);
  const [app, bare] = await Promise.all([
    startServer(
      'app',
      cleanServerEnv({
        DATABASE_URL: databaseUrl,
        DATA_DIR: 'memory://',
        SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0',
        RATE_LIMIT_LOGIN: '1000000',
        RATE_LIMIT_REGISTER: '1000000',
        RATE_LIMIT_SEARCH: '1000000',
        RATE_LIMIT_PLAY: '1000000',
        // About 55 new games per account: far past the per-account limit a player meets.
        RATE_LIMIT_ACCOUNT_GAMES: '1000000',
      }),
      cleanup,
    ),
    startServer('bare', cleanServerEnv({}), cleanup),
  ]);

  let games: PlannedGame[] | null = null;
  let unavailable: string | null = null;
  const setupStarted = Date.now();
  try {
    games = await planGames(app.port, databaseUrl, gameCount);
  } catch (error) {
    if (!(error instanceof RouteUnavailable)) throw error;
    unavailable = error.message;
  }
  if (games) {
    console.log(
      `setup: ${USERS} users, ${games.length} games, up to ${GUESSES_PER_GAME} guesses each, ` +
        `in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s (Postgres, server in a child process)`,
    );
  }

  const cursor = games ? new PairCursor(games) : null;
  if (cursor) {
    const first = cursor.take();
    const smoke = await request(app.port, 'GET', first.path, { cookie: first.headers?.cookie });
    if (smoke.status !== 200 || smoke.json?.result !== 'ok' || smoke.json.finished !== false) {
      throw new Error(`smoke guess ${first.path}: ${smoke.status} ${JSON.stringify(smoke.json)}`);
    }
  }

  const load = (label: string, server: RunningServer, amount: number, path: LoadOptions['path']) =>
    runLoad({
      label,
      port: server.port,
      serverPid: server.child.pid,
      amount,
      connections: CONNECTIONS,
      path,
      maxSeconds: RUN_MAX_SECONDS,
    });

  const problems: string[] = [];
  const bareWarm = await load('bare warm-up', bare, WARMUP_REQUESTS, '/bare');
  problems.push(...problemsOf(bareWarm, WARMUP_REQUESTS));
  if (!cursor || unavailable) {
    const bareRun = await load('bare GET /bare', bare, BARE_REQUESTS, '/bare');
    console.log(formatTable([HEADER, row(bareRun)]));
    console.log(`guess route: not measured (${unavailable ?? 'setup failed'})`);
    return 2;
  }
  const take = () => cursor.take();
  const guessWarm = await load('guess warm-up', app, WARMUP_REQUESTS, take);
  problems.push(...problemsOf(guessWarm, WARMUP_REQUESTS));

  const batchesBefore = await guessBatchTotals(app.port);
  // Alternate the two routes so that a noisy moment of the shared machine falls on both
  // sides; each round's ratio compares runs a few seconds apart.
  const rounds: { bare: LoadSummary; guess: LoadSummary }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const bareRun = await load(`${round} bare GET /bare`, bare, BARE_REQUESTS, '/bare');
    problems.push(...problemsOf(bareRun, BARE_REQUESTS));
    const guessRun = await load(`${round} guess GET /api/game/:id/play/:word`, app, REQUESTS, take);
    problems.push(...problemsOf(guessRun, REQUESTS));
    rounds.push({ bare: bareRun, guess: guessRun });
  }
  if (cursor.exhausted > 0)
    problems.push(`ran out of (game, word) pairs ${cursor.exhausted} times`);
  const batchesAfter = await guessBatchTotals(app.port);

  // Cross-check in the database: one stored guess per 2xx, no game finished.
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [stored] = await sql<{ guesses: number; finished: number }[]>`
      SELECT (SELECT count(*)::int FROM guesses) AS guesses,
             (SELECT count(*)::int FROM game_players WHERE status <> 'playing') AS finished`;
    const answered = [guessWarm, ...rounds.map((r) => r.guess)].reduce(
      (sum, run) => sum + (run.statusCodes['200'] ?? 0),
      1,
    );
    console.log(
      `database check: ${stored!.guesses} guesses stored for ${answered} answered 200 ` +
        `(${cursor.used} pairs used of ${capacity}); ${stored!.finished} games finished`,
    );
    if (stored!.guesses !== answered) problems.push('stored guesses ≠ 200 answers');
    if (stored!.finished !== 0) problems.push(`${stored!.finished} games finished during the run`);
  } finally {
    await sql.end();
  }

  console.log('');
  console.log(formatTable([HEADER, ...rounds.flatMap((r) => [row(r.bare), row(r.guess)])]));
  console.log('');
  const ratios = rounds.map((r) => r.guess.rps / r.bare.rps);
  const ratio = median(ratios);
  const p99 = median(rounds.map((r) => r.guess.p99));
  const worstP99 = Math.max(...rounds.map((r) => r.guess.p99));
  const batches = batchesAfter.batches - batchesBefore.batches;
  if (batches > 0) {
    console.log(
      `guess batches in the measured rounds (server metrics): ${batches}, mean size ` +
        `${((batchesAfter.guesses - batchesBefore.guesses) / batches).toFixed(1)}, mean duration ` +
        `${((1000 * (batchesAfter.seconds - batchesBefore.seconds)) / batches).toFixed(2)} ms`,
    );
  }
  console.log(`ratio guess/bare per round: ${ratios.map((r) => r.toFixed(3)).join(', ')}`);
  console.log(
    `throughput ratio guess/bare (median of ${ROUNDS}): ${ratio.toFixed(3)}  ` +
      `(goal ≥ ${GOAL_RATIO})  ${ratio >= GOAL_RATIO ? 'PASS' : 'MISS'}`,
  );
  console.log(
    `guess p99 (median of ${ROUNDS}): ${p99} ms, worst round ${worstP99} ms  ` +
      `(goal ≤ ${GOAL_P99_MS} ms)  ${p99 <= GOAL_P99_MS ? 'PASS' : 'MISS'}`,
  );
  if (problems.length > 0) {
    console.log(`HARNESS PROBLEMS (figures not valid):\n  - ${problems.join('\n  - ')}`);
    return 1;
  }
  console.log('harness: every request answered 2xx with result ok; no repeats, no finished games');
  return 0;
}

/** The app's guess-batch counters from its Prometheus metrics. */
async function guessBatchTotals(port: number) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    batches: read('jotto_guess_batch_size_count'),
    guesses: read('jotto_guess_batch_size_sum'),
    seconds: read('jotto_guess_batch_duration_seconds_sum'),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

await runBench(main, DEADLINE_MS);
