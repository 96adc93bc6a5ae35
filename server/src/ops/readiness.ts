import type { Redis } from 'ioredis';
import { Gauge, type Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database.ts';
import type { NodeDrain } from '../lib/node-drain.ts';

// Each dependency gets this long to answer a ping; both are asked at once, so /readyz answers
// within about this, well inside the 1 s a balancer's health check allows, whatever is down
// or hanging (a ping that never returns is simply "unreachable").
const PING_TIMEOUT_MS = 800;

/**
 * For how long after a statement of this node timed out (a lock held elsewhere, a database too
 * busy to answer within DATABASE_STATEMENT_TIMEOUT_MS) the database counts as not serving.
 * Covers the few seconds between two requests that would each time out again, so a balancer
 * polling every few seconds sees the stall; a recovered database is ready again after it.
 */
export const STALL_WINDOW_MS = 5_000;

/**
 * How long the last verdict stands for /metrics: a balancer or orchestrator asks /readyz every
 * few seconds, and its answer is reused; only when nobody asked lately does a scrape check
 * (one `SELECT 1` and one PING at most every 30 s, so an idle node stays nearly silent).
 */
export const READINESS_REUSE_MS = 30_000;

/** What /readyz answers: its status code and body. */
export type ReadinessAnswer =
  | { code: 503; body: { result: 'error'; status: 'draining' } }
  | {
      code: 503;
      body: { result: 'error'; status: 'unavailable'; database: string; redis: string };
    }
  | {
      code: 200;
      body: { result: 'ok'; status: 'ready' | 'degraded'; database: 'ok'; redis: string };
    };

/** 'ok' when the ping succeeds within PING_TIMEOUT_MS, else 'unreachable'. */
async function check(ping: () => Promise<unknown>): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unreachable'>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      ping().then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this node can serve players (see ops-routes.ts for what each answer means), asked by
 * /readyz and by /metrics. Remembers its last verdict, so that a scrape reuses the balancer's
 * probes instead of adding its own.
 */
export class Readiness {
  private last: { at: number; ready: boolean } | null = null;

  constructor(
    private readonly deps: {
      database: DatabaseHandle;
      redis: Redis | null;
      drain: NodeDrain;
    },
    private readonly now: () => number = () => Date.now(),
  ) {}

  async check(): Promise<ReadinessAnswer> {
    const answer = await this.answer();
    this.last = { at: this.now(), ready: answer.code === 200 };
    return answer;
  }

  /**
   * Whether /readyz would answer 200: from the last check while it is recent, what has
   * happened since (a drain begun, a statement timed out) taken into account; else checked now.
   */
  async ready(): Promise<boolean> {
    if (this.deps.drain.draining) return false;
    if (this.deps.database.stalls.within(STALL_WINDOW_MS)) return false;
    if (this.last !== null && this.now() - this.last.at < READINESS_REUSE_MS)
      return this.last.ready;
    return (await this.check()).code === 200;
  }

  private async answer(): Promise<ReadinessAnswer> {
    const { drain, database: handle, redis: redisClient } = this.deps;
    if (drain.draining) return { code: 503, body: { result: 'error', status: 'draining' } };
    const [probe, redis] = await Promise.all([
      check(() => handle.ping()),
      redisClient
        ? // A connection that is not ready would refuse the ping anyway (no offline queue).
          redisClient.status === 'ready'
          ? check(() => redisClient.ping())
          : ('unreachable' as const)
        : ('not configured' as const),
    ]);
    const database = probe === 'ok' && handle.stalls.within(STALL_WINDOW_MS) ? 'timing out' : probe;
    if (database !== 'ok') {
      return { code: 503, body: { result: 'error', status: 'unavailable', database, redis } };
    }
    const status = redis === 'unreachable' ? 'degraded' : 'ready';
    return { code: 200, body: { result: 'ok', status, database, redis } };
  }
}

/** `jotto_ready`: 1 when /readyz would answer 200 (ready or degraded), else 0. */
export function registerReadinessMetrics(registry: Registry, readiness: Readiness): void {
  new Gauge({
    name: 'jotto_ready',
    help: 'Whether this node would answer /readyz with 200 (ready or degraded: 1) or 503 (0)',
    registers: [registry],
    async collect() {
      this.set((await readiness.ready()) ? 1 : 0);
    },
  });
}
