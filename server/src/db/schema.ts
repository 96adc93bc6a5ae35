import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  char,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Accounts. `username` is null only for a social sign-in that has not picked one yet
 * (docs/PRODUCT.md, 'Finalize'); it keeps the case as registered and is unique without regard
 * to case.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username'),
    email: text('email'),
    passwordHash: text('password_hash'),
    admin: boolean('admin').notNull().default(false),
    points: integer('points').notNull().default(0),
    gameCt: integer('game_ct').notNull().default(0),
    winCt: integer('win_ct').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifyCodeHash: text('verify_code_hash'),
    /**
     * `usernameSkeleton(username)` (shared/src/account-rules.ts): what the name looks like,
     * unique so that no name passes for another ('AIice' beside 'Alice'). Null without a
     * username, and for an account whose name already collided with an older one's before the
     * rule existed (the start-up backfill leaves it null rather than rename anyone).
     */
    usernameSkeleton: text('username_skeleton'),
    /**
     * The Glicko-2 rating of human versus games (docs/PRODUCT.md, 'Ratings'), on the Glicko
     * scale, starting at INITIAL_RATING (shared/src/glicko2.ts): 1500, deviation 350,
     * volatility 0.06. The deviation is as of `ratedAt`; it grows with every whole day since
     * (`currentDeviation`), which is computed when read, never stored.
     */
    rating: doublePrecision('rating').notNull().default(1500),
    ratingDeviation: doublePrecision('rating_deviation').notNull().default(350),
    ratingVolatility: doublePrecision('rating_volatility').notNull().default(0.06),
    /** Rated games played. */
    ratedGames: integer('rated_games').notNull().default(0),
    /** When the last rated game was settled; null before the first. */
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_skeleton_key').on(t.usernameSkeleton),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // Prefix search on usernames uses this with `lower(username) LIKE 'ab%'`.
    index('users_username_lower_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
  ],
);

/** Links a social provider's account to ours: one row per (provider, provider user id). */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerUserId] }),
    index('social_accounts_user_idx').on(t.userId),
  ],
);

/**
 * Sessions, of signed-in users and of guests (userId null). Only a keyed hash of the cookie's
 * random id is stored, so a copy of this table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Password reset links (docs/PRODUCT.md, 'Password reset'). Only a keyed hash of the link's
 * random token is stored, as for sessions; a link works once (its row is deleted when used)
 * and for an hour. Deleted with the account.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('password_reset_tokens_user_idx').on(t.userId),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);

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
    createdAt: createdAt(),
  },
  (t) => [index('games_created_idx').on(t.createdAt)],
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

/** Challenges to a user, or open ones (recipient null) waiting in the queue. */
export const challenges = pgTable(
  'challenges',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    isOpen: boolean('is_open').notNull().default(false),
    status: text('status', { enum: ['pending', 'accepted', 'denied'] })
      .notNull()
      .default('pending'),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /**
     * The recipient was the sender's last versus opponent when it was sent: a rematch
     * (docs/PRODUCT.md, 'Notices'). Decided once, when the challenge is made.
     */
    rematch: boolean('rematch').notNull().default(false),
  },
  (t) => [
    uniqueIndex('challenges_game_key').on(t.gameId),
    // The answers to a player's sent challenges, newest first (GET /user/notices).
    index('challenges_sender_answered_idx')
      .on(t.senderId, t.respondedAt)
      .where(sql`${t.respondedAt} IS NOT NULL`),
    index('challenges_recipient_idx').on(t.recipientId, t.status, t.createdAt),
    index('challenges_sender_idx').on(t.senderId, t.status, t.createdAt),
    index('challenges_open_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.isOpen} AND ${t.status} = 'pending'`),
  ],
);

/**
 * The 'Play now' pairing queue (docs/PRODUCT.md, 'Play now'): at most one row per player. A row
 * waits while `game_id` is null; pairing sets it for both players in the transaction that
 * makes their game, under the queue's advisory lock. A paired row answers a repeated seek with
 * the same game until the player cancels or moves in that game; a waiting row lives while
 * `seen_at` is less than 60 s old.
 */
export const matchSeeks = pgTable(
  'match_seeks',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The player's rating when they sought: what the pairing window compares. */
    rating: doublePrecision('rating').notNull(),
    /** When this wait began; a repeated seek while waiting keeps it (the window widens by it). */
    seekingSince: timestamp('seeking_since', { withTimezone: true }).notNull(),
    /** The player's last poll, or the last refresh by a node that holds a socket of theirs. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    /** The game the seek was paired into; null while it waits. */
    gameId: integer('game_id').references(() => games.id, { onDelete: 'cascade' }),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
  },
  // The waiting seeks, oldest first: what every pairing reads.
  (t) => [
    index('match_seeks_waiting_idx')
      .on(t.seekingSince)
      .where(sql`${t.gameId} IS NULL`),
  ],
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

/** Friend requests; a pending pair is unique in each direction. */
export const friendRequests = pgTable(
  'friend_requests',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'denied'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    /** When it was accepted or denied (null while pending). */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    // The answers to a player's sent requests, newest first (GET /user/notices).
    index('friend_requests_sender_answered_idx')
      .on(t.senderId, t.respondedAt)
      .where(sql`${t.respondedAt} IS NOT NULL`),
    uniqueIndex('friend_requests_pending_pair_key')
      .on(t.senderId, t.recipientId)
      .where(sql`${t.status} = 'pending'`),
    index('friend_requests_recipient_idx').on(t.recipientId, t.status),
  ],
);

/** Friendships, stored in both directions so each side is one index lookup. */
export const friendships = pgTable(
  'friendships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

/** Device tokens for push notifications; a token belongs to the last user who sent it. */
export const pushTokens = pgTable(
  'push_tokens',
  {
    token: text('token').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('push_tokens_user_idx').on(t.userId)],
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

/**
 * The stored daily leaders of each day (docs/PRODUCT.md, 'Daily Jotto'): the day's top-100
 * solvers, recomputed every minute once per cluster, like the leaderboard snapshots below.
 */
export const dailyLeaderSnapshots = pgTable('daily_leader_snapshots', {
  day: date('day', { mode: 'string' }).primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  entries: jsonb('entries').notNull(),
  /** Bumped on each refresh; lets a node tell whether its cached copy is current. */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The stored top-100 of each leaderboard (the three of points and the rating one), recomputed
 * every 5 minutes once per cluster.
 */
export const leaderboardSnapshots = pgTable('leaderboard_snapshots', {
  kind: text('kind', { enum: ['daily', 'weekly', 'alltime', 'rating'] }).primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  entries: jsonb('entries').notNull(),
  /** Bumped on each refresh; lets a node tell whether its cached copy is current. */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
