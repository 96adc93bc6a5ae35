import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { games } from './game-tables.ts';

// Between players: challenges, the 'Play now' queue, friend requests and friendships.

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
    /** The time control of the game it starts (docs/PRODUCT.md, 'Time controls'). */
    timeControl: text('time_control').notNull().default('3d'),
    /**
     * When the sender saw the answer's notice (shown, dismissed or opened, in any tab or on any
     * device): it is not a notice again anywhere (docs/PRODUCT.md, 'Notices').
     */
    senderSeenAt: timestamp('sender_seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('challenges_game_key').on(t.gameId),
    // The answers to a player's sent challenges not yet seen, newest first (GET /user/notices):
    // a seen answer leaves the index, so the notices read only what they may show.
    index('challenges_sender_answered_idx')
      .on(t.senderId, t.respondedAt)
      .where(sql`${t.respondedAt} IS NOT NULL AND ${t.senderSeenAt} IS NULL`),
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
 * `seen_at` is less than 60 s old and one of the sessions that sought it is live (the rule:
 * `MatchService`).
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
    /**
     * The keyed hashes of the sessions that sought in this wait (`sessions.id_hash`; not a
     * foreign key, as an array cannot be one: an ended session's hash may stay here, and the
     * rule checks which are live). Empty for a row written by a node that predates the rule,
     * which no session keeps alive.
     */
    sessionHashes: text('session_hashes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Whom the player's previous 'Play now' game was against: the queue does not pair the same
     * two players twice in a row while anyone else is waiting (docs/PRODUCT.md, 'Play now').
     */
    lastOpponentId: integer('last_opponent_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  // The waiting seeks, oldest first: what every pairing reads.
  (t) => [
    index('match_seeks_waiting_idx')
      .on(t.seekingSince)
      .where(sql`${t.gameId} IS NULL`),
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
    /** When the sender saw the acceptance's notice: not a notice again anywhere. */
    senderSeenAt: timestamp('sender_seen_at', { withTimezone: true }),
  },
  (t) => [
    // The answers to a player's sent requests not yet seen, newest first (GET /user/notices).
    index('friend_requests_sender_answered_idx')
      .on(t.senderId, t.respondedAt)
      .where(sql`${t.respondedAt} IS NOT NULL AND ${t.senderSeenAt} IS NULL`),
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
