import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account-tables.ts';
import { createdAt } from './columns.ts';

// The streak reminders (docs/PRODUCT.md, 'Streak reminder'): one row per player who turned one on.

/**
 * A player's streak reminder: a push at `hour` o'clock of `time_zone`, sent by the reminder job
 * (server/src/daily/daily-reminder-job.ts) when `next_due_at` comes, then moved to the next
 * day's hour. `last_sent_day` is the UTC daily day of the last push: set by a compare-and-set
 * with the move, so no two nodes both send, and no day gets two.
 */
export const dailyReminders = pgTable(
  'daily_reminders',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 to 23, an hour of the player's clock. */
    hour: integer('hour').notNull(),
    /** The IANA name of the player's time zone, as the runtime names it. */
    timeZone: text('time_zone').notNull(),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull(),
    lastSentDay: date('last_sent_day', { mode: 'string' }),
    createdAt: createdAt(),
  },
  // The job's one question: the earliest due, and those due now.
  (t) => [index('daily_reminders_due_idx').on(t.nextDueAt)],
);
