import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';
import { TIME_ZONE_MAX_LENGTH } from './daily-reminder-rules.ts';
import { ARCHIVE_PAGE_SIZE, MAX_DAILY_GUESSES } from './daily-rules.ts';
import { LEADERBOARD_SIZE } from './leaderboard-windows.ts';
import { SafeText } from './safe-text.ts';

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
  /** Archive games finished (docs/PRODUCT.md, 'Archive'): never in the counts above. */
  archivePlayed: Type.Integer({ minimum: 0 }),
  /** Archive games solved. */
  archiveSolved: Type.Integer({ minimum: 0 }),
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

/** Whose solves `GET /daily/leaders` ranks: everyone's (the default) or my friends' and mine. */
export const DailyLeadersScope = Type.Union([Type.Literal('everyone'), Type.Literal('friends')]);
export type DailyLeadersScope = Static<typeof DailyLeadersScope>;

/** The query of `GET /daily/leaders`. */
export const DailyLeadersQuery = Type.Object(
  { scope: Type.Optional(DailyLeadersScope) },
  { additionalProperties: false },
);
export type DailyLeadersQuery = Static<typeof DailyLeadersQuery>;

/**
 * `GET /daily/leaders`: today's solvers among signed-in players, fewest guesses first, then
 * the earliest solve, top 100; a stored snapshot recomputed every minute, once per cluster. With `scope=friends`,
 * the same of the signed-in caller and their friends, read when asked.
 */
export const DailyLeadersResponse = okWith({
  day: Day,
  entries: Type.Array(DailyLeaderEntry, { maxItems: LEADERBOARD_SIZE }),
  /** ISO time the snapshot was computed. */
  computedAt: Type.String(),
});
export type DailyLeadersResponse = Static<typeof DailyLeadersResponse>;

/** A streak reminder as it is set: the hour of the player's clock and the zone it is read in. */
export const DailyReminder = Type.Object({
  /** 0 to 23: the whole hour of the player's local day at which it is sent. */
  hour: Type.Integer({ minimum: 0, maximum: 23 }),
  /** The IANA time zone (e.g. 'Europe/Paris') the hour is read in. */
  timeZone: Type.String(),
});
export type DailyReminder = Static<typeof DailyReminder>;

/**
 * `GET /daily/reminder`: the signed-in player's streak reminder (docs/PRODUCT.md, 'Streak
 * reminder'), null when off; `pushAvailable` false when this server sends no push at all.
 */
export const DailyReminderResponse = okWith({
  reminder: Type.Union([DailyReminder, Type.Null()]),
  pushAvailable: Type.Boolean(),
});
export type DailyReminderResponse = Static<typeof DailyReminderResponse>;

/**
 * `POST /daily/reminder`: turns the reminder on, or moves it, at `hour` of `timeZone`. The
 * zone must be one the server knows (see `canonicalTimeZone`), else 400.
 */
export const DailyReminderBody = Type.Object(
  {
    hour: Type.Integer({ minimum: 0, maximum: 23 }),
    timeZone: SafeText({ minLength: 1, maxLength: TIME_ZONE_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type DailyReminderBody = Static<typeof DailyReminderBody>;

/** `GET /daily/archive?before=YYYY-MM-DD`: the page of days before that day (before today). */
export const DailyArchiveQuery = Type.Object(
  { before: Type.Optional(Day) },
  { additionalProperties: false },
);
export type DailyArchiveQuery = Static<typeof DailyArchiveQuery>;

/** One past day of the archive, and how the caller stands with it. */
export const DailyArchiveDay = Type.Object({
  day: Day,
  number: Type.Integer({ minimum: 1 }),
  /** The caller has a finished game of that day, played on the day or from the archive. */
  played: Type.Boolean(),
  /** That game was won. */
  solved: Type.Boolean(),
  /** Guesses made in the caller's game of that day (0 without one). */
  guesses: Type.Integer({ minimum: 0 }),
});
export type DailyArchiveDay = Static<typeof DailyArchiveDay>;

/**
 * `GET /daily/archive`: past days from the first daily to yesterday, newest first, 60 a page
 * (docs/PRODUCT.md, 'Archive'). Today is never listed: it is played at `GET /daily`.
 */
export const DailyArchiveResponse = okWith({
  days: Type.Array(DailyArchiveDay, { maxItems: ARCHIVE_PAGE_SIZE }),
});
export type DailyArchiveResponse = Static<typeof DailyArchiveResponse>;

/** `GET /daily/:day`: a past day; whether it can be played is the service's 400. */
export const DailyDayParams = Type.Object({ day: Day });
export type DailyDayParams = Static<typeof DailyDayParams>;

/**
 * `GET /daily/:day`: the caller's game of a past day, made by the first call. `archive` is
 * false when that game is the one they played on the day itself.
 */
export const DailyArchiveGameResponse = okWith({
  gameId: Type.Integer(),
  day: Day,
  number: Type.Integer({ minimum: 1 }),
  archive: Type.Boolean(),
});
export type DailyArchiveGameResponse = Static<typeof DailyArchiveGameResponse>;
