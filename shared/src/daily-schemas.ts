import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';
import { MAX_DAILY_GUESSES } from './daily-rules.ts';
import { LEADERBOARD_SIZE } from './leaderboard-windows.ts';

/** A UTC calendar day, `YYYY-MM-DD`. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/**
 * `GET /daily`: today's daily game of the caller, created by the first call of the day (a
 * guest without a session gets one, as with `GET /games/new`) and the same on every later
 * call that day. Never the secret: the game is read through `GET /games/:id` like any other.
 */
export const DailyGameResponse = okWith({
  gameId: Type.Integer(),
  /** Today, by the UTC calendar. */
  day: Day,
  /** Daily Jotto #number: days since the first daily, plus one. */
  number: Type.Integer({ minimum: 1 }),
});
export type DailyGameResponse = Static<typeof DailyGameResponse>;

/** `GET /daily/stats`: the signed-in player's Daily Jotto record (see `dailyStats`). */
export const DailyStatsResponse = okWith({
  /** Dailies finished: solved, gave up or out of points. */
  played: Type.Integer({ minimum: 0 }),
  solved: Type.Integer({ minimum: 0 }),
  /** Consecutive UTC days solved, up to today (or yesterday while today's is not over). */
  currentStreak: Type.Integer({ minimum: 0 }),
  maxStreak: Type.Integer({ minimum: 0 }),
  /** `distribution[n]`: dailies solved in n guesses (1 to 20); index 0 is always 0. */
  distribution: Type.Array(Type.Integer({ minimum: 0 }), {
    minItems: MAX_DAILY_GUESSES + 1,
    maxItems: MAX_DAILY_GUESSES + 1,
  }),
});
export type DailyStatsResponse = Static<typeof DailyStatsResponse>;

/** One solver of today's word. */
export const DailyLeaderEntry = Type.Object({
  /** The username's case-insensitive key, for the link to /profile/{username}. */
  username: Type.String(),
  /** The username as registered: what the row shows. */
  displayName: Type.String(),
  /** Guesses to the solve, the winning one included. */
  guesses: Type.Integer({ minimum: 1 }),
  /** The game's final score (the points it earned). */
  score: Type.Integer(),
  /** ISO time of the solve. */
  finishedAt: Type.String(),
  /** Solved in hard mode (docs/PRODUCT.md, 'Hard mode'): present, and true, only then. */
  hard: Type.Optional(Type.Literal(true)),
});
export type DailyLeaderEntry = Static<typeof DailyLeaderEntry>;

/**
 * `GET /daily/leaders`: today's solvers among signed-in players, fewest guesses first, then
 * the earliest solve, top 100; a stored snapshot recomputed every minute, once per cluster.
 */
export const DailyLeadersResponse = okWith({
  day: Day,
  entries: Type.Array(DailyLeaderEntry, { maxItems: LEADERBOARD_SIZE }),
  /** ISO time the snapshot was computed. */
  computedAt: Type.String(),
});
export type DailyLeadersResponse = Static<typeof DailyLeadersResponse>;
