import { eq, sql } from 'drizzle-orm';
import { versusOutcome, type VersusOutcome, versusSideOf } from '@jotto/shared/game-rules';
import type { Transaction } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { botGames, gamePlayers, games, pointAwards } from '../db/game-tables.ts';
import { settleRatings } from '../ratings/rating-settlement.ts';
import { isFinished } from './game-state.ts';

/**
 * Settles a game once every player has finished: outcomes, each user's gameCt, winCt
 * and points, and for a rated game both players' ratings, exactly once. The game row's lock and
 * `settled_at` make a second call (from the other player finishing at the same moment) a no-op.
 * A game against the computer (docs/PRODUCT.md, 'Computer opponent') is unrated and awards no
 * points: the player's gameCt and winCt count it, the computer's account keeps no stats. An
 * archive game (docs/PRODUCT.md, 'Archive') counts nowhere: no gameCt, winCt or points.
 */
export async function settleIfDone(tx: Transaction, gameId: number): Promise<void> {
  const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for('update');
  if (!game || game.settledAt) return;
  const players = await tx.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId));
  if (!players.every(isFinished)) return;
  // First, while no account row is locked yet: it locks both in id order (see settleRatings).
  if (game.rated) {
    const rated = players.map((player) => ({ userId: player.userId, ...versusSideOf(player) }));
    await settleRatings(tx, gameId, rated, new Date());
  }
  // Only an unrated versus game may be one against the computer: one lookup, for those alone.
  const [bot] =
    game.mode === 'versus' && !game.rated
      ? await tx
          .select({ playerId: botGames.playerId })
          .from(botGames)
          .where(eq(botGames.gameId, gameId))
      : [];
  for (const player of players) {
    const other = players.find((p) => p.id !== player.id);
    const outcome: Exclude<VersusOutcome, 'pending'> = other
      ? (versusOutcome(versusSideOf(player), versusSideOf(other)) as Exclude<
          VersusOutcome,
          'pending'
        >)
      : player.status === 'won'
        ? 'win'
        : 'lose';
    await tx.update(gamePlayers).set({ outcome }).where(eq(gamePlayers.id, player.id));
    if (player.userId === null || player.id === bot?.playerId || player.archive) continue;
    const won = outcome === 'win';
    const points = won && !bot ? player.score : 0;
    await tx
      .update(users)
      .set({
        gameCt: sql`${users.gameCt} + 1`,
        winCt: sql`${users.winCt} + ${won ? 1 : 0}`,
        points: sql`${users.points} + ${points}`,
      })
      .where(eq(users.id, player.userId));
    if (won && !bot) {
      await tx
        .insert(pointAwards)
        .values({ userId: player.userId, gameId, points })
        .onConflictDoNothing();
    }
  }
  // Settled: the clock has nothing left to look at.
  await tx
    .update(games)
    .set({ settledAt: new Date(), clockDueAt: null })
    .where(eq(games.id, gameId));
}
