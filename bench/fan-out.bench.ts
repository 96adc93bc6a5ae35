// Fan-out cost as nodes are added: with the classic Socket.IO Redis adapter every event is
// published once and delivered to every node, which decodes it and looks for the room's
// sockets. Printed, for 2, 4 and 8 app processes on this machine behind one Redis: events per
// second delivered at steady offered rates, end-to-end latency p50/p99, and the CPU all app
// processes spent per 1,000 events, to show where it bends. Nothing is asserted.
//
// Set-up: a scratch Postgres database and redis-server, USERS registered users. For each node
// count K: K app servers (bench children, `support/server-process.ts`, sharing both), one
// WebSocket-only Socket.IO client per user, user i on node i mod K. Node 1 then emits
// `game:counts` events through its Notifier (as a guess does) at each offered rate for SECONDS,
// round robin over the users' rooms, so (K − 1) / K of events are delivered by another node.
// Latency: the socket's arrival time − the emit time in the child, both
// performance.timeOrigin + now() (one machine, one clock). Knobs: BENCH_SECONDS, BENCH_NODES
// (comma-separated node counts).
import os from 'node:os';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { type ClientSocket, connected, openSocket } from '@jotto/test-support/socket-client';
import postgres from 'postgres';
import {
  boundedInteger,
  Cleanup,
  cleanServerEnv,
  cpuSecondsOf,
  createScratchDatabase,
  formatTable,
  mapLimit,
  request,
  runBench,
  type RunningServer,
  startServer,
  startScratchRedis,
} from './support/harness.ts';
import type { ServerMessage } from './support/server-process.ts';

const USERS = 64;
const RATES = [500, 1_000, 2_000, 4_000];
const SECONDS = boundedInteger('BENCH_SECONDS', 4, 1, 30);
const NODE_COUNTS = (process.env.BENCH_NODES ?? '2,4,8')
  .split(',')
  .map((part) => Number(part.trim()))
  .filter((n) => Number.isInteger(n) && n >= 1 && n <= 16);
const STRAGGLER_WAIT_MS = 1_500;
const DEADLINE_MS = 290_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

/** Asks node `server` to emit and resolves with the emit times it reports. */
function emit(
  server: RunningServer,
  order: { userIds: number[]; rate: number; count: number; runId: number },
) {
  return new Promise<number[]>((resolve, reject) => {
    const onMessage = (message: ServerMessage) => {
      if (!('emitted' in message)) return;
      server.child.off('message', onMessage);
      resolve(message.emitted);
    };
    server.child.on('message', onMessage);
    server.child.once('exit', () => reject(new Error('emitting node exited')));
    server.child.send({ emit: order });
  });
}

async function main(cleanup: Cleanup): Promise<number> {
  const problems: string[] = [];
  const databaseUrl = await createScratchDatabase(cleanup);
  const redis = await startScratchRedis(cleanup);
  const env = cleanServerEnv({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    DATA_DIR: 'memory://',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    RATE_LIMIT_REGISTER: '1000000',
  });

  // Users and their sessions, made once through a first node (which also migrates).
  const setup = new Cleanup();
  const first = await startServer('app', env, setup);
  const sessions = await mapLimit(
    Array.from({ length: USERS }, (_, i) => `fan${i}`),
    8,
    async (username) => {
      const response = await request(first.port, 'POST', '/api/register', {
        body: { username, email: `${username}@example.com`, password: 'bench-secret-1' },
      });
      const pair = response.setCookie
        .map((line) => line.split(';')[0]!)
        .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
      if (response.status !== 200 || !pair) throw new Error(`register ${username}`);
      return { username, sessionId: pair.split('=')[1]! };
    },
  );
  await setup.run();
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const ids = new Map(
    (await sql<{ id: number; username: string }[]>`SELECT id, username FROM users`).map((row) => [
      row.username,
      row.id,
    ]),
  );
  await sql.end();
  const userIds = sessions.map((session) => ids.get(session.username)!);

  const rows: (string | number)[][] = [
    [
      'nodes',
      'offered ev/s',
      'delivered ev/s',
      'lost',
      'p50 ms',
      'p99 ms',
      'max ms',
      'app CPU %',
      'CPU ms / 1,000 ev',
    ],
  ];
  let runId = 1_000;
  for (const nodeCount of NODE_COUNTS) {
    const run = new Cleanup();
    try {
      // One after another: eight processes starting at once on two shared cores can each take
      // longer than a start is allowed.
      const nodes: RunningServer[] = [];
      for (let i = 0; i < nodeCount; i++) nodes.push(await startServer('app', env, run));
      const arrivals = new Map<number, Map<number, number>>();
      const sockets: ClientSocket[] = [];
      run.add('close sockets', async () => sockets.forEach((socket) => socket.disconnect()));
      await mapLimit(sessions, 16, async (session, i) => {
        const node = nodes[i % nodeCount]!;
        const socket = openSocket(`http://127.0.0.1:${node.port}`, session.sessionId);
        sockets.push(socket);
        socket.on('game:counts', (event) => {
          const at = now();
          arrivals.get(event.gameId)?.set(event.seq, at);
        });
        await connected(socket, 30_000);
      });
      await sleep(1_000);
      for (const rate of RATES) {
        runId += 1;
        const seen = new Map<number, number>();
        arrivals.set(runId, seen);
        const count = rate * SECONDS;
        const cpuBefore = nodes.map((node) => cpuSecondsOf(node.child.pid) ?? Number.NaN);
        const started = performance.now();
        const emitted = await emit(nodes[0]!, { userIds, rate, count, runId });
        const emitSeconds = (performance.now() - started) / 1000;
        const deadline = Date.now() + STRAGGLER_WAIT_MS;
        while (seen.size < count && Date.now() < deadline) await sleep(20);
        const cpu = nodes.reduce(
          (sum, node, i) => sum + ((cpuSecondsOf(node.child.pid) ?? Number.NaN) - cpuBefore[i]!),
          0,
        );
        const latencies = [...seen]
          .map(([seq, at]) => at - emitted[seq - 1]!)
          .sort((a, b) => a - b);
        const lost = count - seen.size;
        if (lost > 0)
          problems.push(`${nodeCount} nodes at ${rate}/s: ${lost} events not delivered`);
        const lastArrival = Math.max(...seen.values());
        const deliverySeconds = (lastArrival - emitted[0]!) / 1000;
        rows.push([
          nodeCount,
          rate,
          (seen.size / Math.max(deliverySeconds, emitSeconds)).toFixed(0),
          lost,
          percentile(latencies, 50).toFixed(1),
          percentile(latencies, 99).toFixed(1),
          (latencies.at(-1) ?? Number.NaN).toFixed(1),
          ((100 * cpu) / deliverySeconds).toFixed(0),
          ((1000 * cpu * 1000) / count).toFixed(1),
        ]);
        arrivals.delete(runId);
      }
    } finally {
      await run.run();
    }
    console.log(
      `${nodeCount} nodes done; load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  }
  console.log(
    `\nFan-out over the classic Redis adapter: ${USERS} sockets spread evenly over the nodes, ` +
      `events emitted on node 1 for ${SECONDS} s per rate; ${os.cpus().length} cores ` +
      `shared by every process (nodes, Redis, this bench)\n`,
  );
  console.log(formatTable(rows));
  if (problems.length > 0) {
    console.log(`\nproblems:\n  ${problems.join('\n  ')}`);
  }
  // Lost events at a rate past the machine's capacity are a figure, not a failure.
  return 0;
}

await runBench(main, DEADLINE_MS);
