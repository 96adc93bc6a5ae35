import { currentDailyStreak, type DailyRecord } from './daily-rules.ts';

// The streak reminder (docs/PRODUCT.md, 'Streak reminder'): one push a day at an hour of the
// player's own clock. Which instant that hour is, in which time zone, and whether a reminder is
// worth sending are pure functions here, shared by the server (which schedules and sends) and
// the client (which shows the hour in the player's local time).

/** The hours a reminder may be set for: whole hours of the player's local day, 0 to 23. */
export const REMINDER_HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The hour the control offers first: the evening, when a day's word is still worth a look. */
export const DEFAULT_REMINDER_HOUR = 20;

/** A time zone name longer than this is no IANA name (the longest is about 30 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One formatter per time zone: building one is far slower than using it. Keyed by the name in
 * lower case, as Intl reads it, so that a client sending one zone in many spellings cannot grow
 * the map beyond the runtime's zones.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  const key = timeZone.toLowerCase();
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The name this runtime gives `timeZone` (an IANA name such as 'Europe/Paris', or 'UTC',
 * written in any case: 'europe/paris' is 'Europe/Paris'), or null when it knows no such zone:
 * the one check a reminder's zone passes before it is stored. Offsets such as '+02:00' are
 * refused: an offset has no daylight saving, so an hour kept in it would drift an hour from the
 * player's clock for half the year.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  if (timeZone.length === 0 || timeZone.length > TIME_ZONE_MAX_LENGTH) return null;
  if (/^[+-]/.test(timeZone) || /\d:\d/.test(timeZone)) return null;
  try {
    return formatterOf(timeZone).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The wall clock of `timeZone` at instant `ms`, read as if it were UTC (ms since the epoch). */
function wallClockAt(ms: number, timeZone: string): number {
  const parts = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const part of formatterOf(timeZone).formatToParts(new Date(ms))) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = Number(part.value);
  }
  const { year, month, day, hour, minute, second } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** How far `timeZone`'s clock is ahead of UTC at instant `ms` (negative when behind). */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClockAt(whole, timeZone) - whole;
}

/**
 * The instant at which `timeZone`'s clock reads `wall` (a wall time written as if it were UTC).
 * A time read twice (the hour repeated when clocks go back) is its first reading; a time never
 * read (the hour skipped when clocks go forward) is the instant just after the skip, where the
 * clock would have read it had it not jumped.
 */
function instantOfWallClock(wall: number, timeZone: string): number {
  // A zone changes its offset at most once around any day: the offsets a day either side are
  // the only candidates.
  const candidates = [offsetAt(wall - DAY_MS, timeZone), offsetAt(wall + DAY_MS, timeZone)].map(
    (offset) => wall - offset,
  );
  const exact = candidates.filter((at) => wallClockAt(at, timeZone) === wall);
  return exact.length > 0 ? Math.min(...exact) : Math.max(...candidates);
}

/**
 * The next instant strictly after `after` at which the player's clock in `timeZone` reaches
 * `hour`:00: when a reminder set for that hour falls due. Every day has its own offset (read
 * through Intl, so daylight saving moves it with the clocks): a 20:00 reminder in Paris is at
 * 19:00 UTC in winter and 18:00 UTC in summer. On a day the clocks skip that hour it falls due
 * at the instant after the skip; on a day they repeat it, at its first reading.
 */
export function nextReminderDue(after: Date, hour: number, timeZone: string): Date {
  const now = after.getTime();
  const today = new Date(wallClockAt(now, timeZone));
  for (let days = 0; days <= 2; days += 1) {
    const wall = Date.UTC(
      today.getUTCFullYear(),
      today.getUTCMonth(),
      today.getUTCDate() + days,
      hour,
    );
    const at = instantOfWallClock(wall, timeZone);
    if (at > now) return new Date(at);
  }
  // Unreachable: the hour comes at least once in any two local days.
  throw new RangeError(`no ${hour}:00 in ${timeZone} after ${after.toISOString()}`);
}

/**
 * Whether a reminder that falls due on `today` (the UTC daily day current at that instant,
 * `dailyDayOf`) is worth a push: the player has a streak alive (`currentDailyStreak` ≥ 1) and
 * today's daily is not finished (not started, or started and still being played). Solved
 * today, or failed today (which ends the streak at once), there is nothing to remind of.
 */
export function reminderWanted(records: readonly DailyRecord[], today: string): boolean {
  const todays = records.find((record) => record.day === today);
  if (todays && todays.outcome !== 'playing') return false;
  return currentDailyStreak(records, today) >= 1;
}
