// What the real-time channel saves: 3,000 clients following versus games by polling every 3 s
// (the spec's fallback) against the same 3,000 on Socket.IO, with the same games moving at the
// same rate in both runs. Printed: requests and events per second the server handled, its CPU
// (and Postgres's), and the poll latency. Benchmarks print figures; nothing is asserted.
//
// Set-up: a scratch Postgres database, a scratch redis-server and one app server (a bench
// child, `support/server-process.ts`) on loopback. PAIRS versus games by challenge; each
// player has TABS tabs (clients), every tab follows its own game. In both runs both players of
// every game guess, GUESS_RATE guesses/s in all, round robin (never the secret, ≤ 19 a player).
//   polling: each tab asks GET /api/game/:id/counts every 3 s, phases spread evenly; a tab whose
//            last poll has not come back skips its turn (counted);
//   sockets: each tab holds a WebSocket-only Socket.IO client and receives game:counts.
// Knobs: BENCH_TABS (tabs per player), BENCH_SECONDS (each run).
import http from 'node:http';
import os from 'node:os';
import { planGameWords } from './support/word-pool.ts';
import { SESSION_COOKIE } from '../server/src/sessions/session-plugin.ts';
import { freePort } from '../ops/cluster-launcher.ts';
import { ScratchRedis } from '../server/test/cluster-harness.ts';
import { type ClientSocket, connected, openSocket } from '../server/test/socket-client.ts';
import {
  boundedInteger,
  type Cleanup,
  cleanServerEnv,
  cpuSecondsOf,
  createScratchDatabase,
  formatTable,
  mapLimit,
  postgresCpuSeconds,
  postgresCpuSince,
  request,
  runBench,
  startServer,
} from './support/harness.ts';

const PAIRS = 100;
const TABS = boundedInteger('BENCH_TABS', 15, 1, 50);
const CLIENTS = PAIRS * 2 * TABS;
const SECONDS = boundedInteger('BENCH_SECONDS', 30, 5, 120);
const POLL_MS = 3_000;
const GUESS_RATE = 20;
const WORDS_PER_PLAYER = 19;
const DEADLINE_MS = 290_000;

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
  const redis = new ScratchRedis(await freePort());
  await redis.start();
  cleanup.add('stop redis', () => redis.stop());
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
  if (GUESS_RATE * SECONDS * 2 > PAIRS * WORDS_PER_PLAYER * 2) {
    throw new Error('not enough words for two runs at this rate');
  }
  const tabs = games.flatMap((game) =>
    [0, 1].flatMap((side) =>
      Array.from({ length: TABS }, () => ({ gameId: game.id, cookie: game.cookies[side]! })),
    ),
  );
  console.log(
    `setup: ${PAIRS} versus games, ${PAIRS * 2} players × ${TABS} tabs = ${CLIENTS} clients, ` +
      `in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  const measure = async (run: () => Promise<void>) => {
    const cpuBefore = cpuSecondsOf(server.child.pid);
    const pgBefore = postgresCpuSeconds();
    const started = performance.now();
    await run();
    const seconds = (performance.now() - started) / 1000;
    const cpu = (cpuSecondsOf(server.child.pid) ?? Number.NaN) - (cpuBefore ?? Number.NaN);
    const pg = postgresCpuSince(pgBefore);
    return {
      seconds,
      serverCpu: (100 * cpu) / seconds,
      postgresCpu: pg === null ? Number.NaN : (100 * pg) / seconds,
    };
  };

  // Run 1: polling every 3 s.
  const pollAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const pollLatencies: number[] = [];
  let polls = 0;
  let skippedPolls = 0;
  let failedPolls = 0;
  const poll = (tab: { gameId: number; cookie: string }) =>
    new Promise<void>((resolve) => {
      const sentAt = performance.now();
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/game/${tab.gameId}/counts`,
          agent: pollAgent,
          headers: { cookie: tab.cookie },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            pollLatencies.push(performance.now() - sentAt);
            polls += 1;
            if (res.statusCode !== 200) failedPolls += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failedPolls += 1;
        resolve();
      });
    });
  let guessesPolling = 0;
  const polling = await measure(async () => {
    const started = performance.now();
    const busy = new Set<number>();
    let stop = false;
    const scheduler = (async () => {
      const next = tabs.map((_, i) => started + (i * POLL_MS) / tabs.length);
      while (!stop) {
        const now = performance.now();
        next.forEach((due, i) => {
          if (due > now) return;
          next[i] = due + POLL_MS;
          if (busy.has(i)) {
            skippedPolls += 1;
            return;
          }
          busy.add(i);
          void poll(tabs[i]!).then(() => busy.delete(i));
        });
        await sleep(5);
      }
    })();
    guessesPolling = await guessAtRate(port, games, SECONDS, problems);
    stop = true;
    await scheduler;
    while (busy.size > 0) await sleep(10);
  });
  pollAgent.destroy();

  // Run 2: the same tabs on sockets.
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
  let guessesSockets = 0;
  const eventsBefore = events;
  const socketsRun = await measure(async () => {
    guessesSockets = await guessAtRate(port, games, SECONDS, problems);
    await sleep(200);
  });
  const delivered = events - eventsBefore;
  const expectedEvents = guessesSockets * TABS;
  if (delivered !== expectedEvents) {
    problems.push(`sockets: ${delivered} events delivered, ${expectedEvents} expected`);
  }
  if (failedPolls > 0) problems.push(`polling: ${failedPolls} polls failed`);

  const sorted = [...pollLatencies].sort((a, b) => a - b);
  const f1 = (value: number) => value.toFixed(1);
  console.log(
    `\n${CLIENTS} clients following ${PAIRS} versus games; ${GUESS_RATE} guesses/s in both runs, ` +
      `${SECONDS} s each (one app process, Postgres and Redis on this machine; load average ` +
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
        'Postgres CPU %',
        'poll p50 ms',
        'poll p99 ms',
        'skipped polls',
      ],
      [
        'polling every 3 s',
        f1(polls / polling.seconds),
        f1(guessesPolling / polling.seconds),
        '0',
        f1(polling.serverCpu),
        f1(polling.postgresCpu),
        f1(percentile(sorted, 50)),
        f1(percentile(sorted, 99)),
        skippedPolls,
      ],
      [
        'Socket.IO',
        '0',
        f1(guessesSockets / socketsRun.seconds),
        f1(delivered / socketsRun.seconds),
        f1(socketsRun.serverCpu),
        f1(socketsRun.postgresCpu),
        '-',
        '-',
        '-',
      ],
    ]),
  );
  console.log(
    `\npolling ÷ sockets: server CPU ${(polling.serverCpu / socketsRun.serverCpu).toFixed(1)}×, ` +
      `Postgres CPU ${(polling.postgresCpu / socketsRun.postgresCpu).toFixed(1)}×; ` +
      `the goal of ${(CLIENTS / 3).toFixed(0)} polls/s ` +
      `${polls / polling.seconds >= (CLIENTS / 3) * 0.95 ? 'was' : 'was NOT'} kept up`,
  );
  if (problems.length > 0) {
    console.log(`\nproblems (figures not valid):\n  ${problems.slice(0, 10).join('\n  ')}`);
    return 1;
  }
  return 0;
}

await runBench(main, DEADLINE_MS);
