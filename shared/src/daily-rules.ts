import { MISS_PENALTY, STARTING_SCORE } from './game-rules.ts';

// Daily Jotto (docs/PRODUCT.md, 'Daily Jotto'): one secret per UTC day, the same for everyone.
// What is here needs no key and no database, so server and client share it; which word a day
// has is the server's alone (server/src/daily/daily-word.ts).

/** The first day of Daily Jotto, #1, as a UTC calendar date. */
export const DAILY_FIRST_DAY = '2026-11-26';

/** The most guesses a solve can take: each miss costs MISS_PENALTY, and 0 points ends the game. */
export const MAX_DAILY_GUESSES = STARTING_SCORE / MISS_PENALTY;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a `YYYY-MM-DD` day, in milliseconds; throws for anything else. */
function startOfDayMs(day: string): number {
  const parts = DAY_PATTERN.exec(day);
  if (!parts) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  const ms = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  // Date.UTC rolls 2027-02-30 over into March: such a day does not exist.
  if (new Date(ms).toISOString().slice(0, 10) !== day) {
    throw new RangeError(`no such day: ${day}`);
  }
  return ms;
}

/**
 * The UTC calendar day of an instant as `YYYY-MM-DD`: the day whose word is played at `now`,
 * whatever the player's or the server's time zone.
 */
export function dailyDayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The day `count` days after `day` (before it, for a negative count), as `YYYY-MM-DD`. */
export function addDays(day: string, count: number): string {
  return new Date(startOfDayMs(day) + count * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  // UTC has no daylight saving: every day is exactly DAY_MS long.
  return Math.round((startOfDayMs(to) - startOfDayMs(from)) / DAY_MS);
}

/**
 * The number of a day's Daily Jotto, counted from DAILY_FIRST_DAY (#1): 2026-11-27 is #2.
 * Days before the first have no number (0 or less).
 */
export function dailyNumberOf(day: string): number {
  return daysBetween(DAILY_FIRST_DAY, day) + 1;
}

/** When the next day's word comes: the next 00:00 UTC after `now`. */
export function nextDailyStart(now: Date): Date {
  return new Date(startOfDayMs(addDays(dailyDayOf(now), 1)));
}

/**
 * How one day's daily stands for a player: solved, failed (gave up or ran out of points) or
 * still being played. A day without a daily game has no record at all.
 */
export type DailyOutcome = 'solved' | 'failed' | 'playing';

/** One daily of a player, as the stats and the streaks count it. */
export interface DailyRecord {
  /** The daily's day, `YYYY-MM-DD`. */
  day: string;
  outcome: DailyOutcome;
  /** Guesses made, the winning one included. */
  guesses: number;
}

/** What `GET /daily/stats` answers besides `result`. */
export interface DailyStats {
  /** Finished dailies: solved or failed. */
  played: number;
  solved: number;
  currentStreak: number;
  maxStreak: number;
  /**
   * `distribution[n]`: dailies solved in n guesses, n from 1 to MAX_DAILY_GUESSES; index 0 is
   * always 0, so that the index is the number of guesses.
   */
  distribution: number[];
}

/** The days of `records` that were solved, as a set, for walking the calendar. */
function solvedDays(records: readonly DailyRecord[]): Set<string> {
  return new Set(records.filter((r) => r.outcome === 'solved').map((r) => r.day));
}

/**
 * The current streak on `today`: consecutive UTC days with a solved daily, ending today when
 * today's is solved, else yesterday. Today's daily not played yet, or still being played, does
 * not break it until the day is over; today's failed (gave up, out of points) does, at once, as
 * does any earlier day missed, failed or left unfinished. A daily counts for its own day
 * whenever it was finished (a game left open at midnight is still that day's).
 */
export function currentDailyStreak(records: readonly DailyRecord[], today: string): number {
  const solved = solvedDays(records);
  const todays = records.find((r) => r.day === today);
  if (todays?.outcome === 'failed') return 0;
  let day = solved.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (solved.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

/**
 * The longest run of consecutive UTC days with a solved daily, ever; a day missed, failed or
 * unfinished ends a run. Records may come in any order; days after `today` do not count (a
 * clock set back must not show a streak from the future).
 */
export function maxDailyStreak(records: readonly DailyRecord[], today: string): number {
  const days = [...solvedDays(records)].filter((day) => day <= today).sort();
  let best = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    run = previous !== null && daysBetween(previous, day) === 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  return best;
}

/**
 * A player's Daily Jotto stats on `today` (docs/PRODUCT.md, 'Daily Jotto'): dailies played
 * (finished) and solved, the current and the longest streak, and how many guesses each solve
 * took. A daily still being played counts nowhere yet.
 */
export function dailyStats(records: readonly DailyRecord[], today: string): DailyStats {
  const distribution = Array.from({ length: MAX_DAILY_GUESSES + 1 }, () => 0);
  let played = 0;
  let solved = 0;
  for (const record of records) {
    if (record.outcome === 'playing') continue;
    played += 1;
    if (record.outcome !== 'solved') continue;
    solved += 1;
    const guesses = Math.min(Math.max(record.guesses, 1), MAX_DAILY_GUESSES);
    distribution[guesses] = (distribution[guesses] ?? 0) + 1;
  }
  return {
    played,
    solved,
    currentStreak: currentDailyStreak(records, today),
    maxStreak: maxDailyStreak(records, today),
    distribution,
  };
}

/**
 * How a finished daily ended, as the share text says it: 'out of time' is a daily left
 * unfinished when its day ended.
 */
export type DailyEnd = 'solved' | 'gave up' | 'out of points' | 'out of time';

/** What the share text is made of: numbers and how it ended, never a word. */
export interface DailyShareInput {
  /** The day's number (`dailyNumberOf`). */
  number: number;
  end: DailyEnd;
  /** The match count of each guess, in the order played, the winning guess included. */
  matchCounts: readonly number[];
  /** The final score; the points it earned are this when solved, else 0. */
  score: number;
  /** Where the reader can play the day's word: the app's /daily. */
  link: string;
  /**
   * The game's skill (0–99, docs/PRODUCT.md, 'Post-game analysis'), once known: a number
   * worked out from the player's guesses and counts, so it names no word either.
   */
  skill?: number;
}

/**
 * The spoiler-free text 'Share' copies: `Jotto #123 · solved in 6 · 75 pts` (then
 * ` · Skill 87` when the skill is known), the match counts
 * in the order played with ✓ for the winning guess (✕ after the last guess of a failed game),
 * e.g. `2 3 0 1 4 ✓`, and the link. It is built from numbers alone, so it can carry neither a
 * guessed word nor the secret: the input has no words to give.
 */
export function dailyShareText(input: DailyShareInput): string {
  const { number, end, matchCounts, score, link, skill } = input;
  const result =
    end === 'solved'
      ? `Jotto #${number} · solved in ${matchCounts.length} · ${score} pts`
      : `Jotto #${number} · ${end} · 0 pts`;
  const headline = skill === undefined ? result : `${result} · Skill ${skill}`;
  // The winning guess has 5 matches like an anagram; the mark says which it was.
  const counts = end === 'solved' ? matchCounts.slice(0, -1) : matchCounts;
  const marks = [...counts.map(String), end === 'solved' ? '✓' : '✕'].join(' ');
  return `${headline}\n${marks}\n${link}`;
}

// The archive (docs/PRODUCT.md, 'Archive'): past days' words, played after their day, counted
// apart from the streak.

/** How many days one page of `GET /daily/archive` lists. */
export const ARCHIVE_PAGE_SIZE = 60;

/** Whether `day` is a real `YYYY-MM-DD` calendar day (2027-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  try {
    startOfDayMs(day);
    return true;
  } catch {
    return false;
  }
}

/** Why a day cannot be played from the archive, as the 400 says it. */
export const ARCHIVE_MESSAGES = {
  noSuchDay: 'That day does not exist.',
  today: "That is today's daily: it is played at /daily.",
  future: 'That day has not come yet.',
  beforeFirst: `There was no daily that day: Daily Jotto began on ${DAILY_FIRST_DAY}.`,
} as const;

/**
 * Why `day` cannot be played from the archive on `today`, or null when it can: only a real
 * day from DAILY_FIRST_DAY up to yesterday (today's word is played on its day, at /daily).
 */
export function archiveDayProblem(day: string, today: string): string | null {
  if (!isCalendarDay(day)) return ARCHIVE_MESSAGES.noSuchDay;
  if (day === today) return ARCHIVE_MESSAGES.today;
  if (day > today) return ARCHIVE_MESSAGES.future;
  if (day < DAILY_FIRST_DAY) return ARCHIVE_MESSAGES.beforeFirst;
  return null;
}

/**
 * The days one page of the archive lists on `today`, newest first: the ARCHIVE_PAGE_SIZE
 * days before `before` (before today when absent), never today or later (today's entry would
 * be about today's word) and never before DAILY_FIRST_DAY. `before` must be a calendar day.
 */
export function archivePageDays(today: string, before?: string): string[] {
  const end = before === undefined || before > today ? today : before;
  const days: string[] = [];
  for (let day = addDays(end, -1); day >= DAILY_FIRST_DAY; day = addDays(day, -1)) {
    if (days.length === ARCHIVE_PAGE_SIZE) break;
    days.push(day);
  }
  return days;
}

/** A player's archive games: how many were finished, and how many of those solved. */
export function archiveTally(outcomes: readonly DailyOutcome[]): {
  archivePlayed: number;
  archiveSolved: number;
} {
  const finished = outcomes.filter((outcome) => outcome !== 'playing');
  return {
    archivePlayed: finished.length,
    archiveSolved: finished.filter((outcome) => outcome === 'solved').length,
  };
}
