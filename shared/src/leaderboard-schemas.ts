import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';
import { LEADERBOARD_SIZE } from './leaderboard-windows.ts';

/**
 * `GET /leaders/:type`: daily, weekly or alltime (points), or rating (docs/PRODUCT.md,
 * 'Ratings'); anything else is a 400.
 */
export const LeaderboardParams = Type.Object({
  type: Type.Union([
    Type.Literal('daily'),
    Type.Literal('weekly'),
    Type.Literal('alltime'),
    Type.Literal('rating'),
  ]),
});
export type LeaderboardParams = Static<typeof LeaderboardParams>;

/** One row of a leaderboard. */
export const LeaderboardEntry = Type.Object({
  /** The user's id. */
  id: Type.Integer(),
  /** The username as registered: what the row shows. */
  displayName: Type.String(),
  /** The username's case-insensitive key, for the link to /profile/{username}. */
  username: Type.String(),
  /** Points earned in the leaderboard's window; on the rating leaderboard, the rounded rating. */
  score: Type.Integer(),
  /** Admins get a star. */
  admin: Type.Boolean(),
});
export type LeaderboardEntry = Static<typeof LeaderboardEntry>;

/**
 * `GET /leaders/:type`: the top 100 by points in the window (or by rating, players whose rating
 * is not provisional), best first (ties by username), as of the stored snapshot's `computedAt`
 * (recomputed every 5 minutes, once per cluster).
 */
export const LeaderboardResponse = okWith({
  scores: Type.Array(LeaderboardEntry, { maxItems: LEADERBOARD_SIZE }),
  /** ISO time the snapshot was computed. */
  computedAt: Type.String(),
});
export type LeaderboardResponse = Static<typeof LeaderboardResponse>;
