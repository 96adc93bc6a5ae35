import type { FastifyBaseLogger } from 'fastify';
import { TickingTimer } from '../lib/ticking-timer.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** What the job removes, each step answering how many rows it deleted. */
export interface PurgeSteps {
  purgeExpiredSessions(): Promise<number>;
  purgeAbandonedGuestGames(): Promise<number>;
  /** Unfinished solo games nobody has played since `idleSince`. */
  purgeIdleSoloGames(idleSince: Date): Promise<number>;
  /** Password reset links past their hour (a used one is deleted when it is used). */
  purgeExpiredResetTokens(): Promise<number>;
}

/**
 * Removes what expiry leaves behind: expired sessions, the games of guests whose session is
 * gone (a guest's game lives 24 hours), unfinished solo games untouched for IDLE_SOLO_GAME_DAYS
 * (a signed-in player's abandoned games would otherwise stay for ever), and password reset
 * links past their hour. Every node runs it every hour without a cluster lock: each step is a delete of
 * rows matching a condition, idempotent, so two nodes running it at once delete each row once
 * between them and a run that fails leaves the rest to the next.
 */
export class ExpiredDataPurgeJob {
  /**
   * A `run` called while a purge is going waits for that purge rather than starting another, so
   * whoever calls it (a test) finds the purge done when it returns.
   */
  private readonly timer: TickingTimer;

  constructor(
    private readonly steps: PurgeSteps,
    private readonly log: FastifyBaseLogger,
    private readonly options: { idleSoloGameDays: number; periodMs?: number },
  ) {
    this.timer = new TickingTimer(options.periodMs ?? HOUR_MS, (now) => this.purge(now), {
      joinRunning: true,
    });
  }

  start(): void {
    this.timer.start();
  }

  /** Stops the timer and waits for a purge in progress, so the database is not closed under it. */
  stop(): Promise<void> {
    return this.timer.stop();
  }

  /** One purge; never throws (a failure is logged and the next period tries again). */
  run(now: Date = new Date()): Promise<void> {
    return this.timer.tick(now);
  }

  private async purge(now: Date): Promise<void> {
    try {
      const sessions = await this.steps.purgeExpiredSessions();
      const games = await this.steps.purgeAbandonedGuestGames();
      const idleSince = new Date(now.getTime() - this.options.idleSoloGameDays * DAY_MS);
      const idleGames = await this.steps.purgeIdleSoloGames(idleSince);
      const resetLinks = await this.steps.purgeExpiredResetTokens();
      if (sessions + games + idleGames + resetLinks > 0) {
        this.log.info({ sessions, games, idleGames, resetLinks }, 'expired data purged');
      }
    } catch (err) {
      this.log.error({ err }, 'purge of expired data failed');
    }
  }
}
