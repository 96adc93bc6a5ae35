import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  char,
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
 * (decisions §7); it keeps the case as registered and is unique without regard to case.
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // Prefix search on usernames (decisions §5) uses this with `lower(username) LIKE 'ab%'`.
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

/** A game: one secret, one (solo) or two (versus) players. */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    mode: text('mode', { enum: ['solo', 'versus'] }).notNull(),
    secret: char('secret', { length: 5 }).notNull(),
    /** Grows by one per real-time event of this game (decisions §6). */
    eventSeq: integer('event_seq').notNull().default(0),
    /** Set once, when every player has finished and points were awarded. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('games_created_idx').on(t.createdAt)],
);

/**
 * A player's side of a game: its own score, status and counters. A guest's side belongs to a
 * guest session until the guest signs in (decisions §3).
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
  },
  (t) => [
    uniqueIndex('game_players_game_user_key').on(t.gameId, t.userId),
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

/** Challenges to a user, or open ones (recipient null) waiting in the queue (decisions §4). */
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
  },
  (t) => [
    uniqueIndex('challenges_game_key').on(t.gameId),
    index('challenges_recipient_idx').on(t.recipientId, t.status, t.createdAt),
    index('challenges_sender_idx').on(t.senderId, t.status, t.createdAt),
    index('challenges_open_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.isOpen} AND ${t.status} = 'pending'`),
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
  },
  (t) => [
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

/** Points earned, one row per won game: leaderboard windows sum these (decisions §3). */
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

/** The stored top-100 of each leaderboard, recomputed every 5 minutes once per cluster. */
export const leaderboardSnapshots = pgTable('leaderboard_snapshots', {
  kind: text('kind', { enum: ['daily', 'weekly', 'alltime'] }).primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  entries: jsonb('entries').notNull(),
  /** Bumped on each refresh; lets a node tell whether its cached copy is current. */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
