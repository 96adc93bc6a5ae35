import type { FastifyBaseLogger } from 'fastify';
import type { FreshnessNote } from '../lib/freshness-note.ts';
import { TickingTimer } from '../lib/ticking-timer.ts';
import type { LeaderboardService, RefreshOutcome } from './leaderboard-service.ts';

/**
 * Recomputes the leaderboards every period (every 5 minutes by default, once per cluster).
 * Every node runs this timer; `refreshLeaderboards` with `onlyIfStale` takes the cluster-wide
 * lock and skips when another node has just stored fresh snapshots, so the cluster computes
 * once per period whatever the number of nodes and however their timers line up.
 *
 * With a `FreshnessNote`, the node that refreshed notes the snapshots fresh (for as long as the
 * service counts them fresh, less the time the refresh took) and every node's tick skips the
 * database while the note stands: an idle cluster then asks Postgres about once per refresh,
 * not once per node per period. This is a timer that stays: the windows roll with the clock, so
 * the boards change with nobody playing, and one transaction per period is cheap.
 *
 * No run at start-up: stored snapshots survive restarts and are served until the first tick;
 * on a brand-new database the first request computes them (LeaderboardService).
 */
export class LeaderboardRefreshJob {
  private readonly timer: TickingTimer<RefreshOutcome | 'failed'>;

  constructor(
    private readonly leaderboards: Pick<LeaderboardService, 'refreshLeaderboards'>,
    periodMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly freshness: { note: FreshnessNote; freshForMs: number } | null = null,
  ) {
    this.timer = new TickingTimer(periodMs, (now) => this.refresh(now), {
      onOverlap: () =>
        this.log.warn('leaderboard refresh still running from the last period; skipping this one'),
    });
  }

  start(): void {
    this.timer.start();
  }

  /** Stops the timer and waits for a run in progress, so the database is not closed under it. */
  stop(): Promise<void> {
    return this.timer.stop();
  }

  /**
   * One run; the timer calls it. A run still going when the next is due (a very slow database)
   * makes that one skip instead of piling up transactions. Never throws: a failed run is
   * logged and the next period tries again.
   */
  async tick(now: Date = new Date()): Promise<RefreshOutcome | 'overlapping' | 'failed'> {
    return (await this.timer.tick(now)) ?? 'overlapping';
  }

  private async refresh(now: Date): Promise<RefreshOutcome | 'failed'> {
    const started = performance.now();
    try {
      if (await this.freshness?.note.isFresh()) return 'fresh';
      const outcome = await this.leaderboards.refreshLeaderboards(now, { onlyIfStale: true });
      const durationMs = Math.round(performance.now() - started);
      if (outcome === 'refreshed' && this.freshness) {
        await this.freshness.note.noteFresh(this.freshness.freshForMs - durationMs);
      }
      if (outcome === 'refreshed') this.log.info({ durationMs }, 'leaderboards refreshed');
      else this.log.debug({ outcome }, 'leaderboard refresh skipped');
      return outcome;
    } catch (err) {
      this.log.error({ err }, 'leaderboard refresh failed');
      return 'failed';
    }
  }
}
