import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  char,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './account-tables.ts';

// Games: each game, its players' sides, their guesses and marks, the computer's games, the
// points and rating changes a settled game leaves.

/** A game: one secret, one (solo) or two (versus) players. */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    mode: text('mode', { enum: ['solo', 'versus'] }).notNull(),
    secret: char('secret', { length: 5 }).notNull(),
    /** Grows by one per real-time event of this game (docs/PRODUCT.md, 'Real-time channel'). */
    eventSeq: integer('event_seq').notNull().default(0),
    /** Set once, when every player has finished and points were awarded. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * Settling the game updates its players' ratings (docs/PRODUCT.md, 'Ratings'). Decided when
     * the game is made: true for a versus game between two people, false for solo games and
     * games against the computer.
     */
    rated: boolean('rated').notNull().default(false),
    /**
     * A versus game's time control (docs/PRODUCT.md, 'Time controls'), like `5m` or `3d`; null
     * for a solo game.
     */
    timeControl: text('time_control'),
    /**
     * When every player must have finished: the start plus the time control for a versus game,
     * the end of its UTC day for a daily; null for any other solo game.
     */
    deadline: timestamp('deadline', { withTimezone: true }),
    /** When a versus game is aborted if a player has not moved by then (see `clockDueAt`). */
    abortAt: timestamp('abort_at', { withTimezone: true }),
    /** A player did not start in time: the game ended for both, unrated, nothing counted. */
    aborted: boolean('aborted').notNull().default(false),
    /**
     * The next moment the game clock must look at this game: its `abortAt`, then its
     * `deadline`; null once there is nothing left to look at. A trigger notifies every node of
     * a new value on commit (migrations/), so a node's clock sleeps until the nearest.
     */
    clockDueAt: timestamp('clock_due_at', { withTimezone: true }),
    /**
     * Hard mode (docs/PRODUCT.md, 'Hard mode'): every guess must fit every earlier guess's
     * count. Taken from the player's setting when a solo, daily or archive game is made, and
     * fixed for the game; always false for a versus game.
     */
    hard: boolean('hard').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('games_created_idx').on(t.createdAt),
    // The game clock's next due moment, and its due games: a point lookup at each wake.
    index('games_clock_due_idx')
      .on(t.clockDueAt)
      .where(sql`${t.clockDueAt} IS NOT NULL`),
  ],
);

/**
 * A player's side of a game: its own score, status and counters. A guest's side belongs to a
 * guest session until the guest signs in (docs/PRODUCT.md, 'Guests').
 */
export const gamePlayers = pgTable(
  'game_players',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestSessionHash: text('guest_session_hash'),
    score: integer('score').notNull().default(100),
    status: text('status', { enum: ['playing', 'won', 'lost'] })
      .notNull()
      .default('playing'),
    forfeit: boolean('forfeit').notNull().default(false),
    /** The deadline came before this player finished: their game ended lost, as a forfeit. */
    outOfTime: boolean('out_of_time').notNull().default(false),
    /** Versus result once the game is settled: win, lose or draw. */
    outcome: text('outcome', { enum: ['win', 'lose', 'draw'] }),
    guessCount: integer('guess_count').notNull().default(0),
    lastGuess: text('last_guess'),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * The UTC day of a Daily Jotto game (docs/PRODUCT.md, 'Daily Jotto'), null for every other
     * game. On the player's row rather than the game's so that a unique index can hold "one
     * daily per player per day": an account's by its user, a guest's by its session.
     */
    dailyDay: date('daily_day', { mode: 'string' }),
    /**
     * A Daily Jotto game played after its day, from the archive (docs/PRODUCT.md, 'Archive'):
     * the day's word, but it never counts for the streak, the day's board, points or
     * leaderboards. Its `dailyDay` is the day it belongs to, so that a player still has one
     * game per day, whether played on the day or later.
     */
    archive: boolean('archive').notNull().default(false),
    /**
     * This player muted their opponent's quick phrases for this game (docs/PRODUCT.md, 'Quick
     * phrases'): the opponent's phrases no longer reach them, live or polled.
     */
    mutedOpponent: boolean('muted_opponent').notNull().default(false),
  },
  (t) => [
    uniqueIndex('game_players_game_user_key').on(t.gameId, t.userId),
    // Concurrent first calls of GET /daily make one game: the second insert finds the first.
    uniqueIndex('game_players_user_daily_key')
      .on(t.userId, t.dailyDay)
      .where(sql`${t.dailyDay} IS NOT NULL`),
    uniqueIndex('game_players_guest_daily_key')
      .on(t.guestSessionHash, t.dailyDay)
      .where(sql`${t.dailyDay} IS NOT NULL`),
    // A day's solvers, for its daily leaders. Neither column changes on an ongoing guess (and
    // status is in game_players_user_idx anyway), so the guess's update stays HOT.
    index('game_players_daily_idx')
      .on(t.dailyDay, t.status)
      .where(sql`${t.dailyDay} IS NOT NULL`),
    // Not on last_played_at, which every guess changes: the guess's update stays a HOT update
    // (no index entries to write), and a user's games are few enough to sort.
    index('game_players_user_idx').on(t.userId, t.status),
    index('game_players_guest_idx').on(t.guestSessionHash),
    check(
      'game_players_owner_check',
      sql`${t.userId} IS NOT NULL OR ${t.guestSessionHash} IS NOT NULL`,
    ),
  ],
);

/** One row per guess; a word can be guessed once per player per game. */
export const guesses = pgTable(
  'guesses',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => gamePlayers.id, { onDelete: 'cascade' }),
    word: char('word', { length: 5 }).notNull(),
    matches: integer('matches').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('guesses_player_word_key').on(t.playerId, t.word)],
);

/** The alphabet marks of one player in one game. */
export const letterMarks = pgTable(
  'letter_marks',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => gamePlayers.id, { onDelete: 'cascade' }),
    letter: char('letter', { length: 1 }).notNull(),
    color: text('color', { enum: ['good', 'bad', 'maybe'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.letter] })],
);

/**
 * Games against the computer opponent (docs/PRODUCT.md, 'Computer opponent'): a row marks the game
 * as one (settled without points), holds the computer's level and the seed of its choices, and
 * says when its next move is due (`next_move_at`, null once it has finished). Any node makes a
 * due move: it claims the row with a lease (`lease_until`, `lease_token`), which a node that
 * stops while making the move leaves to expire, and another node then takes the move over.
 */
export const botGames = pgTable(
  'bot_games',
  {
    gameId: integer('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The computer's side of the game. */
    playerId: integer('player_id')
      .notNull()
      .references(() => gamePlayers.id, { onDelete: 'cascade' }),
    level: text('level', { enum: ['easy', 'medium', 'hard'] }).notNull(),
    /** Seeds each move's random draw (`botMoveRandom`), so a move made again chooses alike. */
    seed: integer('seed').notNull(),
    nextMoveAt: timestamp('next_move_at', { withTimezone: true }),
    /** Until when the node that claimed the due move may make it; null while nobody does. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Names that claim, so that only its holder gives the move back. */
    leaseToken: text('lease_token'),
    createdAt: createdAt(),
  },
  // The due moves, soonest first: what every node's timer reads.
  (t) => [
    index('bot_games_due_idx')
      .on(t.nextMoveAt)
      .where(sql`${t.nextMoveAt} IS NOT NULL`),
  ],
);

/** Points earned, one row per won game: leaderboard windows sum these. */
export const pointAwards = pgTable(
  'point_awards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    awardedAt: timestamp('awarded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('point_awards_user_game_key').on(t.userId, t.gameId),
    index('point_awards_window_idx').on(t.awardedAt, t.userId),
  ],
);

/**
 * Each rated game's effect on each of its players' ratings, written once when it is settled:
 * the rating before and after, and the deviation after. A profile's rating history reads a
 * player's latest rows; a game's detail reads its two rows.
 */
export const ratingHistory = pgTable(
  'rating_history',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the game was settled. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    valueBefore: doublePrecision('value_before').notNull(),
    value: doublePrecision('value').notNull(),
    deviation: doublePrecision('deviation').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index('rating_history_user_idx').on(t.userId, t.at),
  ],
);
