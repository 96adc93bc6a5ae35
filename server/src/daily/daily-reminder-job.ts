import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { DueTimer } from '../lib/due-timer.ts';
import type { DailyReminderService } from './daily-reminder-service.ts';

/**
 * The Postgres channel on which every new due moment of a streak reminder is announced, at
 * commit, by a trigger on `daily_reminders.next_due_at` (migrations/0016_daily_reminders.sql):
 * a reminder turned on or moved. The payload is the moment in milliseconds since the epoch.
 */
export const DAILY_REMINDERS_CHANNEL = 'jotto_daily_reminders';

/**
 * The streak reminders' clock (docs/PRODUCT.md, 'Streak reminder'), as the game clock is: every
 * node sleeps until the earliest due reminder (`DueTimer`), woken earlier by each new due moment
 * the database announces at commit, and re-reads the earliest whenever its listening connection
 * is (re)established. With no reminder due a node runs no query at all: the cost of a day with
 * N reminders is about N looks, at their hours. Nodes woken at the same moment share the due
 * reminders, and each is sent once for the cluster (`DailyReminderService.runDue`).
 */
export class DailyReminderJob {
  private readonly timer: DueTimer;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly reminders: Pick<DailyReminderService, 'runDue' | 'nextDue'>,
    private readonly listen: DatabaseHandle['listen'],
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = new DueTimer(
      () => this.run(),
      () => reminders.nextDue(),
      log,
    );
  }

  async start(): Promise<void> {
    this.unlisten = await this.listen(
      DAILY_REMINDERS_CHANNEL,
      (payload) => {
        const at = Number(payload);
        if (Number.isFinite(at)) this.timer.wake(at);
      },
      () => void this.timer.rearm(),
    );
  }

  /** Looks at the due reminders now (tests; the timer does it by itself). */
  runNow(): Promise<void> {
    return this.timer.runNow();
  }

  /** Stops the timer and its listening (a second call, at close after the drain, does nothing). */
  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    await this.timer.stop();
    await unlisten?.();
  }

  private async run(): Promise<void> {
    const sent = await this.reminders.runDue();
    if (sent.length > 0) this.log.info({ count: sent.length }, 'streak reminders sent');
  }
}
