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

// Accounts and what signs them in: users, their social sign-ins, sessions, password resets and
// push tokens.

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
    /**
     * The player's hard-mode setting (docs/PRODUCT.md, 'Hard mode'), copied into each new solo,
     * daily and archive game they start (`games.hard`).
     */
    hardMode: boolean('hard_mode').notNull().default(false),
    /**
     * Whether other players may watch this player's versus games (docs/PRODUCT.md,
     * 'Watching'): a game can be watched only while both its players allow it.
     */
    allowWatchers: boolean('allow_watchers').notNull().default(true),
    /**
     * Set when an admin banned the account after a report (docs/PRODUCT.md, 'Reports'): its
     * sessions were ended and it can no longer sign in.
     */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
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
