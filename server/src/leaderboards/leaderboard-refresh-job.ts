import type { FastifyBaseLogger } from 'fastify';
import type { LeaderboardService, RefreshOutcome } from './leaderboard-service.ts';

/**
 * Recomputes the leaderboards every period (decisions §3: every 5 minutes, once per cluster).
 * Every node runs this timer; `refreshLeaderboards` with `onlyIfStale` takes the cluster-wide
 * lock and skips when another node has just stored fresh snapshots, so the cluster computes
 * once per period whatever the number of nodes and however their timers line up.
 *
 * No run at start-up: stored snapshots survive restarts and are served until the first tick;
 * on a brand-new database the first request computes them (LeaderboardService).
 */
export class LeaderboardRefreshJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly leaderboards: Pick<LeaderboardService, 'refreshLeaderboards'>,
    private readonly periodMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.periodMs);
    // The timer alone must not keep the process (a CLI, a test) alive.
    this.timer.unref();
  }

  /** Stops the timer and waits for a run in progress, so the database is not closed under it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * One run; the timer calls it. A run still going when the next is due (a very slow database)
   * makes that one skip instead of piling up transactions. Never throws: a failed run is
   * logged and the next period tries again.
   */
  async tick(now: Date = new Date()): Promise<RefreshOutcome | 'overlapping' | 'failed'> {
    if (this.running) {
      this.log.warn('leaderboard refresh still running from the last period; skipping this one');
      return 'overlapping';
    }
    const started = performance.now();
    const run = this.leaderboards.refreshLeaderboards(now, { onlyIfStale: true });
    this.running = run;
    try {
      const outcome = await run;
      const durationMs = Math.round(performance.now() - started);
      if (outcome === 'refreshed') this.log.info({ durationMs }, 'leaderboards refreshed');
      else this.log.debug({ outcome }, 'leaderboard refresh skipped');
      return outcome;
    } catch (err) {
      this.log.error({ err }, 'leaderboard refresh failed');
      return 'failed';
    } finally {
      this.running = null;
    }
  }
}
