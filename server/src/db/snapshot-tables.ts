import { bigint, date, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Stored leaderboard snapshots, recomputed once per cluster and served by every node.

/**
 * The stored daily leaders of each day (docs/PRODUCT.md, 'Daily Jotto'): the day's top-100
 * solvers, recomputed every minute once per cluster, like the leaderboard snapshots below, and
 * on the next request after a solve.
 */
export const dailyLeaderSnapshots = pgTable('daily_leader_snapshots', {
  day: date('day', { mode: 'string' }).primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  entries: jsonb('entries').notNull(),
  /** Bumped on each refresh; lets a node tell whether its cached copy is current. */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /**
   * Bumped after each solve of the day commits. The snapshot leaves a solve out while this is
   * above `solvesCounted`, and the next request recomputes it.
   */
  solves: bigint('solves', { mode: 'number' }).notNull().default(0),
  /** `solves` as the refresh that made `entries` read it before reading the solvers. */
  solvesCounted: bigint('solves_counted', { mode: 'number' }).notNull().default(0),
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
