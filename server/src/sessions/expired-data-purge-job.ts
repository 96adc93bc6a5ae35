import type { FastifyBaseLogger } from 'fastify';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Removes what expiry leaves behind: expired sessions, then the games of guests whose session
 * is gone (a guest's game lives 24 hours, decisions §3). The deletes are idempotent, so every
 * node may run this without a cluster lock.
 */
export class ExpiredDataPurgeJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly steps: {
      purgeExpiredSessions(): Promise<number>;
      purgeAbandonedGuestGames(): Promise<number>;
    },
    private readonly log: FastifyBaseLogger,
    private readonly periodMs: number = HOUR_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.run(), this.periodMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One purge; never throws (a failure is logged and the next period tries again). */
  async run(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        const sessions = await this.steps.purgeExpiredSessions();
        const games = await this.steps.purgeAbandonedGuestGames();
        if (sessions + games > 0) this.log.info({ sessions, games }, 'expired data purged');
      } catch (err) {
        this.log.error({ err }, 'purge of expired data failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
