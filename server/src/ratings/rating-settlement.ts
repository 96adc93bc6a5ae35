import { asc, eq, inArray, sql } from 'drizzle-orm';
import { versusOutcome, type VersusSide } from '@jotto/shared/game-rules';
import {
  ratingAfterGame,
  ratingScore,
  type SettledOutcome,
  type StoredRating,
} from '@jotto/shared/glicko2';
import type { Transaction } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { ratingHistory } from '../db/game-tables.ts';
import { storedRatingOf } from './rating-model.ts';

/** A player of a game being settled: their account (null for a guest) and how they ended. */
export type RatedPlayer = VersusSide & { userId: number | null };

/**
 * Applies a rated versus game to both players' ratings (docs/PRODUCT.md, 'Ratings'), inside the
 * transaction that settles it (`settleIfDone`, which holds the game row's lock and checks
 * `settled_at`, so this runs exactly once per game even when the last two moves race). Each
 * player's update reads the other's rating as it was before the game, with a score from both
 * players' outcomes (`ratingScore`): two winners, or two losers, count a draw, so the two
 * ratings never both rise or both fall.
 *
 * Both accounts are locked first, in id order: two games settling at once that share a player
 * apply one after the other (neither update is lost), and two that share both players take
 * the locks in the same order, so they queue instead of deadlocking.
 */
export async function settleRatings(
  tx: Transaction,
  gameId: number,
  players: readonly RatedPlayer[],
  now: Date,
): Promise<void> {
  const [first, second] = players;
  if (players.length !== 2 || !first || !second) return;
  if (first.userId === null || second.userId === null || first.userId === second.userId) return;
  const rows = await tx
    .select({
      id: users.id,
      rating: users.rating,
      ratingDeviation: users.ratingDeviation,
      ratingVolatility: users.ratingVolatility,
      ratedAt: users.ratedAt,
    })
    .from(users)
    .where(inArray(users.id, [first.userId, second.userId]))
    .orderBy(asc(users.id))
    .for('update');
  const before = new Map<number, StoredRating>(rows.map((row) => [row.id, storedRatingOf(row)]));
  const sides = [
    { me: first, opponent: second },
    { me: second, opponent: first },
  ];
  const updates = sides.map(({ me, opponent }) => {
    const mine = before.get(me.userId!);
    const theirs = before.get(opponent.userId!);
    if (!mine || !theirs) return null;
    // Both players have finished (the game is being settled), so neither outcome is pending.
    const myOutcome = versusOutcome(me, opponent) as SettledOutcome;
    const theirOutcome = versusOutcome(opponent, me) as SettledOutcome;
    const score = ratingScore(myOutcome, theirOutcome);
    return { userId: me.userId!, before: mine, after: ratingAfterGame(mine, theirs, score, now) };
  });
  for (const update of updates) {
    if (!update) continue;
    const { userId, before: previous, after } = update;
    // The history row is the record that this game was applied to this player: its key makes a
    // second application impossible, whatever the caller, and the account follows only if it
    // is new.
    const recorded = await tx
      .insert(ratingHistory)
      .values({
        gameId,
        userId,
        at: now,
        valueBefore: previous.rating,
        value: after.rating,
        deviation: after.deviation,
      })
      .onConflictDoNothing()
      .returning({ userId: ratingHistory.userId });
    if (recorded.length === 0) continue;
    await tx
      .update(users)
      .set({
        rating: after.rating,
        ratingDeviation: after.deviation,
        ratingVolatility: after.volatility,
        ratedGames: sql`${users.ratedGames} + 1`,
        ratedAt: now,
      })
      .where(eq(users.id, userId));
  }
}
