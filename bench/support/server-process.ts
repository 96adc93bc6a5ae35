// A server under load, run as a child process of a bench (forked with an IPC channel) so that
// the load generator and the server do not share one event loop: on a shared loop autocannon's
// own work would be counted as server time and the two would slow each other unevenly.
//
//   mode `app`:  the real Jotto app, configured from the environment the bench hands in.
//   mode `bare`: a bare Fastify app with one JSON route, GET /bare; the yardstick.
//   mode `replay`: plain node:http, no framework, writing answers the bench recorded from the
//                  app (status, headers and bytes, from BENCH_REPLAY_ANSWERS) for GET of their
//                  paths: what any server at all pays to send those answers (a ceiling).
//
// Both listen on 127.0.0.1 on a free port and report it with `{ port }`. They close on a
// `close` message, on SIGTERM/SIGINT, or when the bench goes away (the IPC channel closes).
// A `heap` message (for memory benches; the child then runs with `--expose-gc`) collects
// garbage twice and answers `{ heap }`: process.memoryUsage() and the open Socket.IO sockets.
// An `emit` message (the fan-out bench) makes the app emit `game:counts` events through its
// Notifier, as a guess would, at a steady rate to the given users' rooms, and answers
// `{ emitted }` with when each went out (performance.timeOrigin + now, in ms).
import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config/config.ts';
import { type RecordedAnswer, REPLAY_ANSWERS_VARIABLE } from './replay-answers.ts';

export type ServerMode = 'app' | 'bare' | 'replay';

/** The answer to a `heap` message; bytes, after the collections. */
export interface HeapReport {
  /** False when the child runs without `--expose-gc`: then nothing was collected first. */
  collected: boolean;
  heapUsed: number;
  heapTotal: number;
  rss: number;
  external: number;
  arrayBuffers: number;
  /** Engine.IO connections open on this process (mode `app`), else null. */
  sockets: number | null;
}

/** Events to emit: `count` of them, `rate` per second, round robin over `userIds`' rooms. */
export interface EmitOrder {
  userIds: number[];
  rate: number;
  count: number;
  /** Goes into each event's gameId, so that runs cannot be mistaken for one another. */
  runId: number;
}

/** What the child sends its parent. */
export type ServerMessage =
  { port: number } | { error: string } | { heap: HeapReport } | { emitted: number[] };

/** The `message` a bench may send its child. */
export type ServerOrder = 'close' | 'heap' | { emit: EmitOrder };

/**
 * Emits `order.count` events at `order.rate` per second (in ticks of 5 ms, so a late tick
 * catches up), each the `game:counts` of a guess, with `seq` = its index + 1.
 */
async function emitAtRate(app: FastifyInstance, order: EmitOrder): Promise<number[]> {
  const times: number[] = [];
  const started = performance.now();
  while (times.length < order.count) {
    const due = Math.min(
      order.count,
      Math.floor(((performance.now() - started) * order.rate) / 1000) + 1,
    );
    while (times.length < due) {
      const seq = times.length + 1;
      const userId = order.userIds[times.length % order.userIds.length]!;
      times.push(performance.timeOrigin + performance.now());
      app.notifier.notify(userId, 'game:counts', {
        gameId: order.runId,
        seq,
        enemyScore: 95,
        enemyWon: false,
        enemyForfeit: false,
        enemyGuesses: 1,
        outcome: 'pending',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times;
}

function heapReport(app: FastifyInstance): HeapReport {
  const collect = globalThis.gc;
  // Twice: the first pass can leave objects whose finalisers free more on the second.
  collect?.();
  collect?.();
  const usage = process.memoryUsage();
  return {
    collected: collect !== undefined,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    rss: usage.rss,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    sockets: app.hasDecorator('io') ? app.io.engine.clientsCount : null,
  };
}

async function start(mode: ServerMode): Promise<FastifyInstance> {
  if (mode === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/bare', async () => ({ result: 'ok', matches: 2 }));
    return app;
  }
  if (mode === 'replay') {
    const recorded = JSON.parse(process.env[REPLAY_ANSWERS_VARIABLE] ?? '{}') as Record<
      string,
      RecordedAnswer
    >;
    const answers = new Map(
      Object.entries(recorded).map(([path, answer]) => [
        path,
        {
          status: answer.status,
          headers: answer.headers.flat(),
          body: Buffer.from(answer.body, 'base64'),
        },
      ]),
    );
    // Fastify only for the harness's listen and close: every recorded path is answered by the
    // plain node:http listener before Fastify sees the request.
    return Fastify({
      logger: false,
      serverFactory: (handler) =>
        createServer((req, res) => {
          const answer = req.method === 'GET' ? answers.get(req.url ?? '') : undefined;
          if (answer === undefined) {
            handler(req, res);
            return;
          }
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
        }),
    });
  }
  return buildApp(loadConfig(process.env));
}

async function main(): Promise<void> {
  const mode = process.argv[2];
  if (mode !== 'app' && mode !== 'bare' && mode !== 'replay')
    throw new Error(`unknown mode: ${String(mode)}`);
  if (!process.send) throw new Error('server-process must be forked with an IPC channel');
  const app = await start(mode);
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    try {
      await app.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('message', (message: ServerOrder) => {
    if (message === 'close') void close();
    else if (message === 'heap') process.send?.({ heap: heapReport(app) } satisfies ServerMessage);
    else if (typeof message === 'object' && 'emit' in message) {
      void emitAtRate(app, message.emit).then((emitted) =>
        process.send?.({ emitted } satisfies ServerMessage),
      );
    }
  });
  process.on('disconnect', () => void close());
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  process.send({ port: address.port } satisfies ServerMessage);
}

main().catch((error: unknown) => {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.send?.({ error: text } satisfies ServerMessage);
  console.error(text);
  process.exit(1);
});
