import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';
import { LEADERBOARD_SIZE } from './leaderboard-windows.ts';

/** `GET /leaders/:type`: daily, weekly or alltime; anything else is a 400. */
export const LeaderboardParams = Type.Object({
  type: Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('alltime')]),
});
export type LeaderboardParams = Static<typeof LeaderboardParams>;

/** One row of a leaderboard (spec §3). */
export const LeaderboardEntry = Type.Object({
  /** The user's id. */
  id: Type.Integer(),
  /** The username as registered: what the row shows. */
  displayName: Type.String(),
  /** The username's case-insensitive key, for the link to /profile/{username}. */
  username: Type.String(),
  /** Points earned in the leaderboard's window. */
  score: Type.Integer(),
  /** Admins get a star (spec §6). */
  admin: Type.Boolean(),
});
export type LeaderboardEntry = Static<typeof LeaderboardEntry>;

/**
 * `GET /leaders/:type`: the top 100 by points in the window, best first (ties by username),
 * as of the stored snapshot's `computedAt` (recomputed every 5 minutes, decisions §3).
 */
export const LeaderboardResponse = okWith({
  scores: Type.Array(LeaderboardEntry, { maxItems: LEADERBOARD_SIZE }),
  /** ISO time the snapshot was computed. */
  computedAt: Type.String(),
});
export type LeaderboardResponse = Static<typeof LeaderboardResponse>;
