import type { FastifyBaseLogger } from 'fastify';

/** How a `TickingTimer` treats a tick that comes while the last run is still going. */
export interface TickingTimerOptions {
  /**
   * Called for each tick that starts no run because the last is still going, so that a job can
   * say so in its log (a tick that overlaps means the database is slow).
   */
  onOverlap?: () => void;
  /**
   * Whether such a tick answers the run in progress (its caller, a test or a CLI, then waits for
   * the work to be done) rather than answering at once. Either way no second run starts.
   */
  joinRunning?: boolean;
}

/**
 * A timer every node runs, for work that no request drives: `run` every `periodMs`, the first a
 * period after `start` (none at start-up). A run still going when the next is due makes that
 * one skip, so a slow database never piles runs up; `stop` waits for the run in progress, so the
 * database is not closed under it. The timer alone does not keep the process (a CLI, a test)
 * alive. `run` must not throw: a job catches and logs its own failures, as only it knows how.
 */
export class TickingTimer<T = void> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;

  /**
   * @param run one run, given the time of its tick (which a test may set); what it answers is
   *   what `tick` answers.
   */
  constructor(
    private readonly periodMs: number,
    private readonly run: (now: Date) => Promise<T>,
    private readonly options: TickingTimerOptions = {},
  ) {}

  /** Starts ticking every period; a second call does nothing. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.periodMs);
    this.timer.unref();
  }

  /**
   * Stops ticking without waiting for the run in progress: what a run calls when it finds no
   * more work (waiting for itself would never end). `start` ticks again.
   */
  pause(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Whether it ticks (started, and neither paused nor stopped since). */
  get ticking(): boolean {
    return this.timer !== null;
  }

  /** Stops ticking and waits for the run in progress, if any. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * One run now, at `now`; answers what it answers. While one is still going, none starts:
   * answers `undefined` at once, or that run's answer when `joinRunning` is set.
   */
  async tick(now: Date = new Date()): Promise<T | undefined> {
    if (this.running) {
      this.options.onOverlap?.();
      return this.options.joinRunning ? this.running : undefined;
    }
    this.running = this.run(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }
}

/**
 * Logs a failure at most once per `intervalMs`: a timer's work fails on every tick while the
 * database is down, and one line a minute says so as well as one a second.
 */
export class ThrottledWarning {
  private lastLoggedAt = -Infinity;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 60_000,
  ) {}

  warn(err: unknown, message: string, context: Record<string, unknown> = {}): void {
    const at = Date.now();
    if (at - this.lastLoggedAt < this.intervalMs) return;
    this.lastLoggedAt = at;
    this.log.warn({ err, ...context }, message);
  }
}
