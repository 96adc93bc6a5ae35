import { and, asc, eq, isNull, lte, min, ne, or } from 'drizzle-orm';
import {
  canonicalTimeZone,
  nextReminderDue,
  reminderWanted,
} from '@jotto/shared/daily-reminder-rules';
import { currentDailyStreak, dailyDayOf, dailyNumberOf } from '@jotto/shared/daily-rules';
import type { DailyReminderResponse } from '@jotto/shared/daily-schemas';
import type { Database } from '../db/database.ts';
import { dailyReminders } from '../db/reminder-tables.ts';
import { badRequest } from '../errors.ts';
import type { Notifier } from '../realtime/notifier.ts';
import { type Clock, dailyRecordsOf } from './daily-service.ts';

/** The most due reminders one look reads at once; the rest are read by the next batch. */
const REMINDERS_PER_BATCH = 50;

/**
 * A reminder found due longer ago than this (no server ran at its hour) is moved on unsent: a
 * reminder hours late would come at an hour the player did not choose, in the night perhaps.
 */
export const REMINDER_LATE_LIMIT_MS = 60 * 60 * 1000;

/** A reminder the job sent: whose, and for which UTC daily day. */
export interface SentReminder {
  userId: number;
  day: string;
}

/** What the reminder service needs of the world beyond its database. */
export interface DailyReminderDependencies {
  db: Database;
  notifier: Pick<Notifier, 'dailyReminder'>;
  /** What time it is (tests set their own): when reminders are due, which daily day it is. */
  clock: Clock;
  /** Whether this server sends push at all (FIREBASE_SERVICE_ACCOUNT set). */
  pushAvailable: boolean;
}

/**
 * The streak reminder (docs/PRODUCT.md, 'Streak reminder'): a signed-in player's opt-in push at
 * an hour of their own clock, sent while their streak is alive and the day's daily unfinished.
 *
 * What 'today' is: a reminder falls due at the player's local hour, and concerns the daily day
 * (UTC) current at that instant, whatever the local date: a 08:00 reminder in Tokyo (23:00 UTC)
 * speaks of the daily that ends an hour later; a 20:00 reminder in Los Angeles (04:00 UTC) of
 * the daily that began four hours before. Either way it is the daily the player can still play.
 *
 * Sending is once per cluster without a leader: every node's job may look at the same due row,
 * and one conditional update (the row still due at the moment read, and `last_sent_day` not yet
 * the day) moves it to the next day and marks the day sent; only the node whose update took
 * the row sends. So no day gets two, even when the player moves the hour after a send.
 */
export class DailyReminderService {
  private readonly db: Database;
  private readonly notifier: Pick<Notifier, 'dailyReminder'>;
  private readonly clock: Clock;
  private readonly pushAvailable: boolean;

  constructor(dependencies: DailyReminderDependencies) {
    ({
      db: this.db,
      notifier: this.notifier,
      clock: this.clock,
      pushAvailable: this.pushAvailable,
    } = dependencies);
  }

  /** `GET /daily/reminder`: the player's reminder, or null when it is off. */
  async get(userId: number): Promise<DailyReminderResponse> {
    const [row] = await this.db
      .select({ hour: dailyReminders.hour, timeZone: dailyReminders.timeZone })
      .from(dailyReminders)
      .where(eq(dailyReminders.userId, userId));
    return { result: 'ok', reminder: row ?? null, pushAvailable: this.pushAvailable };
  }

  /**
   * `POST /daily/reminder`: on (or moved) at `hour` of `timeZone`, first due at that hour's next
   * coming. A zone the server does not know is a 400 and changes nothing. The day already
   * reminded stays so (`last_sent_day` is kept): a later hour the same day sends nothing more.
   */
  async set(userId: number, hour: number, timeZone: string): Promise<DailyReminderResponse> {
    const zone = canonicalTimeZone(timeZone);
    if (zone === null) {
      throw badRequest(`timeZone is not a time zone we know (an IANA name, e.g. Europe/Paris)`);
    }
    const nextDueAt = nextReminderDue(this.clock(), hour, zone);
    await this.db
      .insert(dailyReminders)
      .values({ userId, hour, timeZone: zone, nextDueAt })
      .onConflictDoUpdate({
        target: dailyReminders.userId,
        set: { hour, timeZone: zone, nextDueAt },
      });
    return { result: 'ok', reminder: { hour, timeZone: zone }, pushAvailable: this.pushAvailable };
  }

  /** `POST /daily/reminder/off`: no more reminders (already off is fine). */
  async off(userId: number): Promise<DailyReminderResponse> {
    await this.db.delete(dailyReminders).where(eq(dailyReminders.userId, userId));
    return { result: 'ok', reminder: null, pushAvailable: this.pushAvailable };
  }

  /** The earliest moment a reminder falls due (ms since the epoch), or null when none is on. */
  async nextDue(): Promise<number | null> {
    const [row] = await this.db.select({ at: min(dailyReminders.nextDueAt) }).from(dailyReminders);
    return row?.at ? new Date(row.at).getTime() : null;
  }

  /**
   * Looks at every reminder due now, a batch at a time: each moves to its next day's hour, and
   * those wanted (`reminderWanted`) and taken by this node are pushed. Answers what it sent.
   */
  async runDue(): Promise<SentReminder[]> {
    const sent: SentReminder[] = [];
    for (;;) {
      const now = this.clock();
      const due = await this.db
        .select()
        .from(dailyReminders)
        .where(lte(dailyReminders.nextDueAt, now))
        .orderBy(asc(dailyReminders.nextDueAt))
        .limit(REMINDERS_PER_BATCH);
      for (const reminder of due) {
        const day = await this.lookAt(reminder, now);
        if (day !== null) sent.push({ userId: reminder.userId, day });
      }
      if (due.length < REMINDERS_PER_BATCH) return sent;
    }
  }

  /**
   * One due reminder: moved on, and pushed when wanted, not over an hour late, and this node
   * took it.
   */
  private async lookAt(
    reminder: typeof dailyReminders.$inferSelect,
    now: Date,
  ): Promise<string | null> {
    const day = dailyDayOf(now);
    const nextDueAt = nextReminderDue(now, reminder.hour, reminder.timeZone);
    const stillDue = and(
      eq(dailyReminders.userId, reminder.userId),
      eq(dailyReminders.nextDueAt, reminder.nextDueAt),
    );
    const late = now.getTime() - reminder.nextDueAt.getTime() > REMINDER_LATE_LIMIT_MS;
    const records =
      late || reminder.lastSentDay === day ? [] : await dailyRecordsOf(this.db, reminder.userId);
    if (reminderWanted(records, day)) {
      // The compare-and-set: the row as read (no other node has moved it) and the day not sent.
      const taken = await this.db
        .update(dailyReminders)
        .set({ nextDueAt, lastSentDay: day })
        .where(
          and(
            stillDue,
            or(isNull(dailyReminders.lastSentDay), ne(dailyReminders.lastSentDay, day)),
          ),
        )
        .returning({ userId: dailyReminders.userId });
      if (taken.length > 0) {
        await this.notifier.dailyReminder(reminder.userId, {
          number: dailyNumberOf(day),
          streak: currentDailyStreak(records, day),
        });
        return day;
      }
    }
    // Nothing to send (or another node sent it): on to the next day's hour, if still as read.
    await this.db.update(dailyReminders).set({ nextDueAt }).where(stillDue);
    return null;
  }
}
