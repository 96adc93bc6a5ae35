import { addDays, DAILY_FIRST_DAY } from '@jotto/shared/daily-rules';

// The archive's calendar (docs/PRODUCT.md, 'Archive'): months of UTC days, Monday first.

/** A month as `YYYY-MM`. */
export type Month = string;

/** The month of a `YYYY-MM-DD` day. */
export const monthOf = (day: string): Month => day.slice(0, 7);

/** The month `count` months after `month` (before it, for a negative count). */
export function addMonths(month: Month, count: number): Month {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1 + count, 1));
  return date.toISOString().slice(0, 7);
}

/** Every day of a month, in order. */
export function daysOfMonth(month: Month): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; monthOf(day) === month; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The weeks of a month as the calendar shows them, Monday first: each week seven cells, a day
 * or null for the cells before the 1st and after the last day.
 */
export function weeksOfMonth(month: Month): (string | null)[][] {
  const days = daysOfMonth(month);
  // getUTCDay: 0 is Sunday; Monday-first columns put it last.
  const lead = (new Date(`${days[0]}T00:00:00.000Z`).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** The first month with a daily, and the last with a past one on `today` (yesterday's). */
export function archiveMonths(today: string): { first: Month; last: Month } {
  return { first: monthOf(DAILY_FIRST_DAY), last: monthOf(addDays(today, -1)) };
}

/**
 * The `before` of the archive page that holds a whole month: the 1st of the next month (the
 * page lists the 60 days before it, more than any month has).
 */
export const pageBeforeOf = (month: Month): string => `${addMonths(month, 1)}-01`;

/** A day as people read it, e.g. '9 March 2027' (in UTC: a daily's day is a UTC day). */
export function longDate(day: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00.000Z`),
  );
}

/** A month as people read it, e.g. 'March 2027'. */
export function monthName(month: Month): string {
  return new Intl.DateTimeFormat(undefined, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-15T12:00:00.000Z`));
}
