// What the real-time channel saves, and what a poll costs: 3,000 clients following versus games by
// polling every 3 s (the fallback while the real-time channel is down) against the same 3,000 on
// Socket.IO, with the same games moving at the same rate in every run; then the server's CPU for
// one poll of a game that has not changed, against a bare Fastify route. Printed: requests and
// events per second the server handled, its CPU (and Postgres's), the poll latency, and each goal
// (docs/PRODUCT.md, 'Performance goals') with PASS or MISS. Benchmarks print figures; nothing is
// asserted.
//
// Set-up: a scratch Postgres database, a scratch redis-server and one app server (a bench
// child, `support/server-process.ts`) on loopback. PAIRS versus games by challenge; each
// player has TABS tabs (clients), every tab follows its own game. In every run both players of
// every game guess, GUESS_RATE guesses/s in all, round robin (never the secret, ≤ 19 a player).
// After a 5 s warm-up, the two modes run twice each, in the order polling, sockets, sockets,
// polling, so that a machine whose load drifts during the bench weighs on both alike; the
// ratios are of their totals, and every run is printed.
//   polling:   each tab asks GET /api/game/:id/counts every 3 s, phases spread evenly, sending
//              If-None-Match with the ETag of its last 200 as a browser does (a 304 is a poll
//              answered); a tab whose last poll has not come back skips its turn (counted);
//   floor:     the same tabs at the same pace ask the bare route instead (no guesses): what
//              3,000 clients polling cost a server whose route does nothing;
//   sockets:   each tab holds a WebSocket-only Socket.IO client and receives game:counts;
//   unchanged: no guesses; autocannon asks one tab's poll (its cookie, its ETag) over and over,
//              alternating with a bare Fastify route in a child of its own, ROUNDS rounds; server
//              CPU per request, median of the rounds.
// Knobs: BENCH_TABS (tabs per player), BENCH_SECONDS (each run), BENCH_UNCHANGED_REQUESTS.
import http from 'node:http';
import os from 'node:os';
import { planGameWords } from './support/word-pool.ts';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { type ClientSocket, connected, openSocket } from '@jotto/test-support/socket-client';
import {
  boundedInteger,
  type Cleanup,
  cleanServerEnv,
  cpuSecondsOf,
  createScratchDatabase,
  formatTable,
  mapLimit,
  databaseBackendsCpuSeconds,
  databaseBackendsCpuSince,
  request,
  runBench,
  runLoad,
  startServer,
  startScratchRedis,
} from './support/harness.ts';

const PAIRS = 100;
const TABS = boundedInteger('BENCH_TABS', 15, 1, 50);
const CLIENTS = PAIRS * 2 * TABS;
// Four runs of guesses (and the warm-up's) must fit the words planned per player
// (PAIRS × WORDS_PER_PLAYER × 2).
const SECONDS = boundedInteger('BENCH_SECONDS', 30, 5, 45);
const WARMUP_SECONDS = 5;
const POLL_MS = 3_000;
const GUESS_RATE = 20;
const WORDS_PER_PLAYER = 19;
const UNCHANGED_REQUESTS = boundedInteger('BENCH_UNCHANGED_REQUESTS', 10_000, 1_000);
const ROUNDS = 3;
const DEADLINE_MS = 420_000;
// Goals (docs/PRODUCT.md, 'Performance goals').
const GOAL_SERVER_CPU_RATIO = 2;
const GOAL_POSTGRES_CPU_RATIO = 1.5;
const GOAL_POLL_P99_MS = 50;
const GOAL_UNCHANGED_POLL_CPU_RATIO = 2;
/** Polls answered over polls due: every one, give or take the last ones of the run. */
const GOAL_KEPT_UP = 0.99;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Game {
  id: number;
  /** Cookie headers of player A and B. */
  cookies: [string, string];
  words: [string[], string[]];
  sent: [number, number];
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** One figure on its own line: what was measured, its goal, PASS or MISS. */
function figure(label: string, value: string, goal: string, pass: boolean): string {
  return `${label}: ${value}  (goal ${goal})  ${pass ? 'PASS' : 'MISS'}`;
}

/** Guesses at GUESS_RATE for `seconds`, round robin over games and players; returns the count. */
async function guessAtRate(port: number, games: Game[], seconds: number, problems: string[]) {
  const total = GUESS_RATE * seconds;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / GUESS_RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const game = games[i % games.length]!;
    const side = Math.floor(i / games.length) % 2;
    const word = game.words[side]![game.sent[side]!];
    if (word === undefined) throw new Error(`game ${game.id} ran out of words`);
    game.sent[side]! += 1;
    pending.push(
      request(port, 'GET', `/api/game/${game.id}/play/${word}`, {
        cookie: game.cookies[side],
      }).then((response) => {
        if (response.status !== 200) problems.push(`guess: ${response.status}`);
      }),
    );
  }
  await Promise.all(pending);
  return total;
}

async function main(cleanup: Cleanup): Promise<number> {
  const problems: string[] = [];
  const databaseUrl = await createScratchDatabase(cleanup);
  const redis = await startScratchRedis(cleanup);
  const bare = await startServer('bare', cleanServerEnv({}), cleanup);
  const server = await startServer(
    'app',
    cleanServerEnv({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      DATA_DIR: 'memory://',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0',
      RATE_LIMIT_LOGIN: '1000000',
      RATE_LIMIT_REGISTER: '1000000',
      RATE_LIMIT_SEARCH: '1000000',
      RATE_LIMIT_PLAY: '1000000',
      // Many sockets share one session here: the bench measures capacity, not the caps.
      SOCKETS_PER_SESSION: '1000',
      SOCKETS_PER_ACCOUNT: '1000',
    }),
    cleanup,
  );
  const { port } = server;

  const setupStarted = performance.now();
  const sessionOf = async (username: string) => {
    const response = await request(port, 'POST', '/api/register', {
      body: { username, email: `${username}@example.com`, password: 'bench-secret-1' },
    });
    const cookie = response.setCookie
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
    if (response.status !== 200 || !cookie) throw new Error(`register ${username}`);
    return cookie;
  };
  const created = await mapLimit(
    Array.from({ length: PAIRS }, (_, i) => i),
    8,
    async (i) => {
      const cookies: [string, string] = [await sessionOf(`pva${i}`), await sessionOf(`pvb${i}`)];
      const sent = await request(port, 'POST', '/api/challenges/new', {
        body: { username: `pvb${i}` },
        cookie: cookies[0],
      });
      const accepted = await request(port, 'POST', '/api/challenges/accept', {
        body: { challenge_id: sent.json?.challengeId },
        cookie: cookies[1],
      });
      const id = accepted.json?.gameId;
      if (typeof id !== 'number') throw new Error(`game ${i}: ${JSON.stringify(accepted.json)}`);
      return { id, cookies };
    },
  );
  const plan = await planGameWords(
    databaseUrl,
    created.map((game) => game.id),
    7_013,
    WORDS_PER_PLAYER * 2,
  );
  const games: Game[] = created.map((game) => {
    const words = plan.get(game.id)!;
    return {
      ...game,
      words: [words.slice(0, WORDS_PER_PLAYER), words.slice(WORDS_PER_PLAYER)],
      sent: [0, 0],
    };
  });
  if (GUESS_RATE * (SECONDS * 4 + WARMUP_SECONDS) > PAIRS * WORDS_PER_PLAYER * 2) {
    throw new Error('not enough words for four runs at this rate');
  }
  /** A tab: the game it follows, its player's cookie and the ETag of its last 200 (if any). */
  const tabs: { gameId: number; cookie: string; etag?: string }[] = games.flatMap((game) =>
    [0, 1].flatMap((side) =>
      Array.from({ length: TABS }, () => ({ gameId: game.id, cookie: game.cookies[side]! })),
    ),
  );
  console.log(
    `setup: ${PAIRS} versus games, ${PAIRS * 2} players × ${TABS} tabs = ${CLIENTS} clients, ` +
      `in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  /** One run's server and Postgres CPU, in % of a core, over its length. */
  type Measured = { seconds: number; serverCpu: number; postgresCpu: number };
  const measure = async (run: () => Promise<void>): Promise<Measured> => {
    const cpuBefore = cpuSecondsOf(server.child.pid);
    // Only this database's backends: other tests on the shared Postgres would count otherwise.
    const pgBefore = await databaseBackendsCpuSeconds(databaseUrl);
    const started = performance.now();
    await run();
    const seconds = (performance.now() - started) / 1000;
    const cpu = (cpuSecondsOf(server.child.pid) ?? Number.NaN) - (cpuBefore ?? Number.NaN);
    const pg = await databaseBackendsCpuSince(databaseUrl, pgBefore);
    return {
      seconds,
      serverCpu: (100 * cpu) / seconds,
      postgresCpu: pg === null ? Number.NaN : (100 * pg) / seconds,
    };
  };

  // Run 1: polling every 3 s.
  // A fresh pool of connections for each polling run: the socket runs in between last longer
  // than the server keeps an idle connection.
  const newPollAgent = () => new http.Agent({ keepAlive: true, maxSockets: 64 });
  let pollAgent = newPollAgent();
  const pollLatencies: number[] = [];
  let polls = 0;
  let pollsDue = 0;
  let notModified = 0;
  let skippedPolls = 0;
  let failedPolls = 0;
  /** One poll of `tab`'s counts; or, with `floorPort`, of the bare route, counted apart. */
  const poll = (tab: (typeof tabs)[number], floorPort?: number) =>
    new Promise<void>((resolve) => {
      const sentAt = performance.now();
      const req = http.get(
        floorPort === undefined
          ? {
              host: '127.0.0.1',
              port,
              path: `/api/game/${tab.gameId}/counts`,
              agent: pollAgent,
              headers: { cookie: tab.cookie, ...(tab.etag ? { 'if-none-match': tab.etag } : {}) },
            }
          : { host: '127.0.0.1', port: floorPort, path: '/bare', agent: pollAgent },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (floorPort !== undefined) {
              if (res.statusCode !== 200) problems.push(`floor: ${res.statusCode}`);
              resolve();
              return;
            }
            pollLatencies.push(performance.now() - sentAt);
            polls += 1;
            const etag = res.headers.etag;
            if (res.statusCode === 200 && etag) tab.etag = etag;
            if (res.statusCode === 304) notModified += 1;
            else if (res.statusCode !== 200) failedPolls += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failedPolls += 1;
        resolve();
      });
    });
  /** Every tab polls every POLL_MS, spread evenly over the period, until `until` settles. */
  const pollEvery3s = async (until: Promise<unknown>, floorPort?: number) => {
    const started = performance.now();
    const busy = new Set<number>();
    let stop = false;
    const stopPolling = () => {
      stop = true;
    };
    until.then(stopPolling, stopPolling);
    const next = tabs.map((_, i) => started + (i * POLL_MS) / tabs.length);
    while (!stop) {
      const now = performance.now();
      next.forEach((due, i) => {
        if (due > now) return;
        next[i] = due + POLL_MS;
        if (floorPort === undefined) pollsDue += 1;
        if (busy.has(i)) {
          if (floorPort === undefined) skippedPolls += 1;
          return;
        }
        busy.add(i);
        void poll(tabs[i]!, floorPort).then(() => busy.delete(i));
      });
      await sleep(5);
    }
    while (busy.size > 0) await sleep(10);
  };
  type PollingRun = Measured & { guesses: number; polls: number; latencies: number[] };
  const pollingRuns: PollingRun[] = [];
  const pollingRun = async () => {
    if (pollingRuns.length > 0) pollAgent = newPollAgent();
    const [pollsBefore, latenciesBefore] = [polls, pollLatencies.length];
    let guesses = 0;
    const measured = await measure(async () => {
      const guessing = guessAtRate(port, games, SECONDS, problems);
      await pollEvery3s(guessing);
      guesses = await guessing;
    });
    pollingRuns.push({
      ...measured,
      guesses,
      polls: polls - pollsBefore,
      latencies: pollLatencies.slice(latenciesBefore).sort((a, b) => a - b),
    });
  };
  // Warm-up, not measured: polls and guesses for WARMUP_SECONDS, so that the first polling run
  // does not pay for compiling the poll's path (it did: a point of a core more than the last).
  const warmUp = guessAtRate(port, games, WARMUP_SECONDS, problems);
  await pollEvery3s(warmUp);
  await warmUp;
  [polls, pollsDue, notModified, skippedPolls] = [0, 0, 0, 0];
  pollLatencies.length = 0;
  await pollingRun();

  // Run 1b, the floor: the same clients at the same pace asking the bare route, no guesses. A
  // request costs the server its wake-ups, reads and writes however little the route does.
  const floorCpuBefore = cpuSecondsOf(bare.child.pid);
  const floorStarted = performance.now();
  await pollEvery3s(sleep(SECONDS * 1000), bare.port);
  const floorCpuPercent =
    (100 * ((cpuSecondsOf(bare.child.pid) ?? Number.NaN) - (floorCpuBefore ?? Number.NaN))) /
    ((performance.now() - floorStarted) / 1000);
  pollAgent.destroy();

  // Runs 2 and 3: the same tabs on sockets.
  const sockets: ClientSocket[] = [];
  cleanup.add('close sockets', async () => sockets.forEach((socket) => socket.disconnect()));
  let events = 0;
  const openStarted = performance.now();
  await mapLimit(tabs, 200, async (tab) => {
    const socket = openSocket(`http://127.0.0.1:${port}`, tab.cookie.split('=')[1]);
    sockets.push(socket);
    socket.on('game:counts', () => {
      events += 1;
    });
    await connected(socket, 30_000);
  });
  console.log(
    `sockets: ${sockets.length} connected in ${((performance.now() - openStarted) / 1000).toFixed(1)} s`,
  );
  await sleep(2_000);
  const socketRuns: (Measured & { guesses: number; events: number })[] = [];
  for (let run = 0; run < 2; run += 1) {
    let guesses = 0;
    const eventsBefore = events;
    const measured = await measure(async () => {
      guesses = await guessAtRate(port, games, SECONDS, problems);
      await sleep(200);
    });
    const delivered = events - eventsBefore;
    if (delivered !== guesses * TABS) {
      problems.push(`sockets: ${delivered} events delivered, ${guesses * TABS} expected`);
    }
    socketRuns.push({ ...measured, guesses, events: delivered });
  }
  sockets.forEach((socket) => socket.disconnect());
  await sleep(2_000);

  // Run 4: polling again.
  await pollingRun();
  pollAgent.destroy();
  if (failedPolls > 0) problems.push(`polling: ${failedPolls} polls failed`);

  // Run 3: the server's CPU for a poll of a game that does not change, against the bare route.
  // The tab's own request, cookie and If-None-Match (the ETag its last 200 gave) included.
  const tab = tabs[0]!;
  const current = await new Promise<{ status: number; etag: string | undefined }>((resolve) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/game/${tab.gameId}/counts`,
          headers: { cookie: tab.cookie },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
        },
      )
      .on('error', () => resolve({ status: 0, etag: undefined }));
  });
  if (current.status !== 200) problems.push(`unchanged poll: first GET answered ${current.status}`);
  const unchangedPath = () => ({
    path: `/api/game/${tab.gameId}/counts`,
    headers: { cookie: tab.cookie, ...(current.etag ? { 'if-none-match': current.etag } : {}) },
  });
  const cpuPerRequest = (summary: Awaited<ReturnType<typeof runLoad>>) =>
    summary.serverCpuSeconds === null || summary.requests === 0
      ? Number.NaN
      : (summary.serverCpuSeconds * 1e6) / summary.requests;
  const loadOf = (
    label: string,
    target: typeof server,
    amount: number,
    path: typeof unchangedPath | string,
  ) =>
    runLoad({
      label,
      port: target.port,
      serverPid: target.child.pid,
      amount,
      connections: 50,
      path,
      maxSeconds: 60,
    });
  await loadOf('bare warm-up', bare, 2_000, '/bare');
  await loadOf('unchanged warm-up', server, 2_000, unchangedPath);
  const unchangedRounds: { bare: number; poll: number; statuses: Record<string, number> }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const bareRun = await loadOf('bare', bare, UNCHANGED_REQUESTS, '/bare');
    const pollRun = await loadOf('unchanged poll', server, UNCHANGED_REQUESTS, unchangedPath);
    if (bareRun.requests !== UNCHANGED_REQUESTS || pollRun.requests !== UNCHANGED_REQUESTS) {
      problems.push(`unchanged round ${round + 1}: not every request was answered`);
    }
    const unexpected = Object.keys(pollRun.statusCodes).filter(
      (code) => code !== (current.etag ? '304' : '200'),
    );
    if (unexpected.length > 0) {
      problems.push(`unchanged poll: statuses ${JSON.stringify(pollRun.statusCodes)}`);
    }
    unchangedRounds.push({
      bare: cpuPerRequest(bareRun),
      poll: cpuPerRequest(pollRun),
      statuses: pollRun.statusCodes,
    });
  }

  const sorted = [...pollLatencies].sort((a, b) => a - b);
  const f1 = (value: number) => value.toFixed(1);
  /** A mode's CPU over all its runs, in % of a core: each run weighed by its length. */
  const overall = (runs: Measured[], of: 'serverCpu' | 'postgresCpu') =>
    runs.reduce((sum, run) => sum + run[of] * run.seconds, 0) /
    runs.reduce((sum, run) => sum + run.seconds, 0);
  const pollingSeconds = pollingRuns.reduce((sum, run) => sum + run.seconds, 0);
  const [pollingCpu, socketsCpu] = [
    overall(pollingRuns, 'serverCpu'),
    overall(socketRuns, 'serverCpu'),
  ];
  const [pollingPostgres, socketsPostgres] = [
    overall(pollingRuns, 'postgresCpu'),
    overall(socketRuns, 'postgresCpu'),
  ];
  console.log(
    `\n${CLIENTS} clients following ${PAIRS} versus games; ${GUESS_RATE} guesses/s in every run, ` +
      `${SECONDS} s each, in the order polling, sockets, sockets, polling (one app process, ` +
      `Postgres and Redis on this machine; load average ` +
      `${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')})\n`,
  );
  console.log(
    formatTable([
      [
        'run',
        'polls/s',
        'guesses/s',
        'events/s',
        'server CPU %',
        'Postgres CPU % (its database)',
        'poll p50 ms',
        'poll p99 ms',
        'skipped polls',
      ],
      ...[pollingRuns[0]!, ...socketRuns, pollingRuns[1]!].map((run, i) =>
        'polls' in run
          ? [
              `polling every 3 s (run ${i + 1})`,
              f1(run.polls / run.seconds),
              f1(run.guesses / run.seconds),
              '0',
              f1(run.serverCpu),
              f1(run.postgresCpu),
              f1(percentile(run.latencies, 50)),
              f1(percentile(run.latencies, 99)),
              '',
            ]
          : [
              `Socket.IO (run ${i + 1})`,
              '0',
              f1(run.guesses / run.seconds),
              f1(run.events / run.seconds),
              f1(run.serverCpu),
              f1(run.postgresCpu),
              '-',
              '-',
              '-',
            ],
      ),
      [
        'polling, both runs',
        f1(polls / pollingSeconds),
        '',
        '0',
        f1(pollingCpu),
        f1(pollingPostgres),
        f1(percentile(sorted, 50)),
        f1(percentile(sorted, 99)),
        skippedPolls,
      ],
      ['Socket.IO, both runs', '0', '', '', f1(socketsCpu), f1(socketsPostgres), '-', '-', '-'],
    ]),
  );
  const serverRatio = pollingCpu / socketsCpu;
  const postgresRatio = pollingPostgres / socketsPostgres;
  const p99 = percentile(sorted, 99);
  const keptUp = polls / Math.max(1, pollsDue);
  const due = (CLIENTS * 1000) / POLL_MS;
  const unchangedRatios = unchangedRounds.map((round) => round.poll / round.bare);
  const unchangedRatio = median(unchangedRatios);
  console.log(
    `\npolls: ${polls} answered of ${pollsDue} due (${notModified} of them 304 Not Modified), ` +
      `${failedPolls} failed`,
  );
  console.log(
    `unchanged poll, server CPU per request by round (poll / bare µs): ` +
      unchangedRounds
        .map((round) => `${round.poll.toFixed(1)} / ${round.bare.toFixed(1)}`)
        .join(', ') +
      `; statuses ${JSON.stringify(unchangedRounds.at(-1)?.statuses ?? {})}`,
  );
  console.log(
    `floor: the bare route, polled by the same ${CLIENTS} clients at the same pace: ` +
      `${f1(floorCpuPercent)} % of a core, ${(floorCpuPercent / socketsCpu).toFixed(2)}× ` +
      `the Socket.IO runs; the app's polling runs are ` +
      `${(pollingCpu / floorCpuPercent).toFixed(2)}× it, guesses included`,
  );
  console.log('');
  console.log(
    figure(
      'polling ÷ sockets, server CPU (both runs of each)',
      `${serverRatio.toFixed(2)}×`,
      `≤ ${GOAL_SERVER_CPU_RATIO}×`,
      serverRatio <= GOAL_SERVER_CPU_RATIO,
    ),
  );
  console.log(
    figure(
      'polling ÷ sockets, Postgres CPU (both runs of each)',
      `${postgresRatio.toFixed(2)}×`,
      `≤ ${GOAL_POSTGRES_CPU_RATIO}×`,
      postgresRatio <= GOAL_POSTGRES_CPU_RATIO,
    ),
  );
  console.log(
    figure(
      `polls answered per second, ${CLIENTS} clients`,
      `${f1(polls / pollingSeconds)} (${(100 * keptUp).toFixed(1)} % of those due)`,
      `${due.toLocaleString('en')}/s: ≥ ${100 * GOAL_KEPT_UP} % of those due`,
      keptUp >= GOAL_KEPT_UP,
    ),
  );
  console.log(
    figure('poll p99', `${f1(p99)} ms`, `≤ ${GOAL_POLL_P99_MS} ms`, p99 <= GOAL_POLL_P99_MS),
  );
  console.log(figure('skipped polls', String(skippedPolls), '0', skippedPolls === 0));
  console.log(
    figure(
      'server CPU per unchanged poll ÷ bare route',
      `${unchangedRatio.toFixed(2)}× (median of ${ROUNDS}: ` +
        `${median(unchangedRounds.map((r) => r.poll)).toFixed(1)} µs ÷ ` +
        `${median(unchangedRounds.map((r) => r.bare)).toFixed(1)} µs)`,
      `≤ ${GOAL_UNCHANGED_POLL_CPU_RATIO}×`,
      unchangedRatio <= GOAL_UNCHANGED_POLL_CPU_RATIO,
    ),
  );
  if (problems.length > 0) {
    console.log(`\nproblems (figures not valid):\n  ${problems.slice(0, 10).join('\n  ')}`);
    return 1;
  }
  return 0;
}

await runBench(main, DEADLINE_MS);
