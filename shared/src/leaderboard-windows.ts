/** The three leaderboards of points (docs/PRODUCT.md, 'Points and leaderboards'). */
export const LEADERBOARD_KINDS = ['daily', 'weekly', 'alltime'] as const;
export type LeaderboardKind = (typeof LEADERBOARD_KINDS)[number];

/** Every leaderboard: the three of points, and the rating one (docs/PRODUCT.md, 'Ratings'). */
export const LEADERBOARD_TYPES = [...LEADERBOARD_KINDS, 'rating'] as const;
export type LeaderboardType = (typeof LEADERBOARD_TYPES)[number];

/** Rows a leaderboard keeps: the top 100. */
export const LEADERBOARD_SIZE = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first instant whose points count on a leaderboard at `now`, or null for
 * all-time. Windows follow the UTC calendar, never the viewer's or the server's time zone:
 * daily starts at 00:00 UTC today, weekly at 00:00 UTC on the latest Monday (so a Sunday
 * still belongs to the week that began six days earlier). The start itself is inside the
 * window.
 */
export function leaderboardWindowStart(kind: LeaderboardKind, now: Date): Date | null {
  if (kind === 'alltime') return null;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (kind === 'daily') return new Date(today);
  // getUTCDay(): Sunday 0 … Saturday 6; days since Monday: Monday 0 … Sunday 6.
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  // UTC has no daylight saving: every day is exactly DAY_MS long.
  return new Date(today - daysSinceMonday * DAY_MS);
}
