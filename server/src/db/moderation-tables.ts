import { sql } from 'drizzle-orm';
import {
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

// What players say to each other in a game, and how they keep away from one another: quick
// phrases, blocks and reports (docs/PRODUCT.md, 'Quick phrases', 'Blocks', 'Reports').

/**
 * One quick phrase sent in a versus game. It takes a number of the game's event sequence, so a
 * poll "since seq" finds the phrases it missed as it finds the moves.
 */
export const gamePhrases = pgTable(
  'game_phrases',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of QUICK_PHRASES (shared/src/phrase-schemas.ts). */
    phrase: text('phrase').notNull(),
    /** The game's `eventSeq` this phrase took. */
    seq: integer('seq').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('game_phrases_game_seq_idx').on(t.gameId, t.seq),
    // A player's phrases of the last minute, for the limit (games/phrase-service.ts).
    index('game_phrases_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** `blocker` blocked `blocked` (docs/PRODUCT.md, 'Blocks'). */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // "Has anyone blocked me?" is asked from the other side.
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
);

/** A player's report of another (docs/PRODUCT.md, 'Reports'), open until an admin resolves it. */
export const userReports = pgTable(
  'user_reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedId: integer('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['cheating', 'abuse', 'name', 'other'] }).notNull(),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** What the admin did: none, rename or ban. */
    action: text('action', { enum: ['none', 'rename', 'ban'] }),
  },
  (t) => [
    // One open report per pair: a second one while the first is open is refused.
    uniqueIndex('user_reports_open_pair_key')
      .on(t.reporterId, t.reportedId)
      .where(sql`${t.resolvedAt} IS NULL`),
    // Ten reports a day per account: counted from this.
    index('user_reports_reporter_idx').on(t.reporterId, t.createdAt),
    index('user_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);
