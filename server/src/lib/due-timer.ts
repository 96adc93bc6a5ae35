import type { FastifyBaseLogger } from 'fastify';
import { ThrottledWarning } from './ticking-timer.ts';

/** Node's setTimeout takes at most this delay; a later moment is re-armed when it comes. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * A timer set for the earliest due moment, for work that falls due at known times (a game's
 * deadline, say), instead of a timer that looks every few seconds: an idle node does nothing.
 *
 * It sleeps until the earliest moment it has been told of (`wake(at)`, from whatever makes work
 * due), runs `run` then, and asks `next()` for the next moment after each run and whenever told
 * to (`rearm`, e.g. once its source of wakes may have missed some). One run at a time: a moment
 * that comes during a run is looked at when it ends. A moment at or before now runs at once,
 * but a `next()` that keeps answering a moment already past (the store's clock a little behind
 * this node's) is retried after `retryMs`, not in a loop. A `next()` that fails (the store away)
 * is asked again after `failureRetryMs`, so that work due meanwhile is not left waiting for a
 * wake that may never come (nothing is announced while the store is away).
 */
export class DueTimer {
  private timer: NodeJS.Timeout | null = null;
  private armedFor = Infinity;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly run: () => Promise<void>,
    private readonly next: () => Promise<number | null>,
    log: FastifyBaseLogger,
    private readonly retryMs = 100,
    private readonly failureRetryMs = 1_000,
  ) {
    this.failures = new ThrottledWarning(log);
  }

  /** A store that stays away fails every `failureRetryMs`: logged once a minute. */
  private readonly failures: ThrottledWarning;

  /** Work falls due at `at` (ms since the epoch): sleep no later than that. */
  wake(at: number): void {
    if (this.stopped || at >= this.armedFor) return;
    this.arm(at);
  }

  /** Asks `next()` for the earliest moment, and sleeps until it. */
  async rearm(): Promise<void> {
    try {
      const at = await this.next();
      if (at === null) return;
      this.wake(at <= Date.now() ? Math.max(at, this.lastRunAt + this.retryMs) : at);
    } catch (err) {
      this.failures.warn(err, 'due timer: the next due moment could not be read');
      if (!this.stopped) this.wake(Date.now() + this.failureRetryMs);
    }
  }

  /** Runs now (a test, or a caller that knows work is due), then sleeps until the next. */
  async runNow(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.clear();
    this.running = this.runAndRearm();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
    if (this.again && !this.stopped) {
      this.again = false;
      await this.runNow();
    }
  }

  /** Stops, and waits for the run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clear();
    await this.running;
  }

  private lastRunAt = -Infinity;

  private async runAndRearm(): Promise<void> {
    this.lastRunAt = Date.now();
    try {
      await this.run();
    } catch (err) {
      this.failures.warn(err, 'due timer: run failed');
    }
    if (!this.stopped) await this.rearm();
  }

  private arm(at: number): void {
    this.clear();
    this.armedFor = at;
    const delay = Math.min(Math.max(0, at - Date.now()), LONGEST_TIMEOUT_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.armedFor = Infinity;
      // A moment beyond setTimeout's reach: sleep again from here.
      if (at > Date.now()) this.arm(at);
      else void this.runNow();
    }, delay);
    // The timer alone does not keep a process (a CLI, a test) alive.
    this.timer.unref();
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = Infinity;
  }
}
