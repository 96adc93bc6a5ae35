import { Counter, Gauge, type Registry } from 'prom-client';

/** How long a window of polling clients is: clients poll every few seconds, so 10 s sees each. */
export const POLLING_WINDOW_MS = 10_000;

/**
 * The distinct clients seen in the last whole window: two sets, the window being filled and the
 * one before, swapped as time passes (checked on each poll and each read), so memory holds at
 * most two windows' clients whether or not anyone reads the count.
 */
export class RecentClients {
  private current = new Set<string>();
  private previous = new Set<string>();
  private windowStart: number;

  constructor(
    private readonly windowMs: number = POLLING_WINDOW_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.windowStart = now();
  }

  seen(client: string): void {
    this.turn();
    this.current.add(client);
  }

  /** Distinct clients of the last whole window (none when no one polled in it). */
  count(): number {
    this.turn();
    return this.previous.size;
  }

  private turn(): void {
    const elapsed = this.now() - this.windowStart;
    if (elapsed < this.windowMs) return;
    // A whole window with no poll in between leaves nobody in the last one.
    this.previous = elapsed < 2 * this.windowMs ? this.current : new Set();
    this.current = new Set();
    this.windowStart += Math.floor(elapsed / this.windowMs) * this.windowMs;
  }
}

/** What the poll answers count as they go (plain numbers, read when scraped). */
export class PollActivity {
  /** Polls answered with the answer (200). */
  fresh = 0;
  /** Polls answered 304: the client's copy was current. */
  unchanged = 0;
  readonly clients = new RecentClients();
}

/**
 * The polling clients' metrics: `jotto_polls_total{answer}` (its rate is polls per second) and
 * `jotto_polling_clients`, the distinct clients (sessions, else addresses) that polled this node
 * within the last 10 s window.
 */
export function registerPollMetrics(registry: Registry, activity: PollActivity): void {
  const reported = { fresh: 0, unchanged: 0 };
  new Counter({
    name: 'jotto_polls_total',
    help: 'Polls of the routes clients poll, by answer: 200 (the answer) or 304 (unchanged)',
    labelNames: ['answer'] as const,
    registers: [registry],
    collect() {
      for (const [kind, answer] of [
        ['fresh', '200'],
        ['unchanged', '304'],
      ] as const) {
        const delta = activity[kind] - reported[kind];
        reported[kind] = activity[kind];
        if (delta > 0) this.inc({ answer }, delta);
      }
    },
  });
  new Gauge({
    name: 'jotto_polling_clients',
    help: 'Distinct clients (sessions, else addresses) that polled this node in the last 10 s window',
    registers: [registry],
    collect() {
      this.set(activity.clients.count());
    },
  });
}
