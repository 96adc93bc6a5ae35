import { eq, sql } from 'drizzle-orm';
import { versusOutcome, type VersusOutcome } from '@jotto/shared/game-rules';
import type { Transaction } from '../db/database.ts';
import { gamePlayers, games, pointAwards, users } from '../db/schema.ts';
import { isFinished, sideOf } from './game-model.ts';

/**
 * Settles a game once every player has finished: outcomes, and each user's gameCt, winCt
 * and points, exactly once. The game row's lock and `settled_at` make a second call (from
 * the other player finishing at the same moment) a no-op.
 */
export async function settleIfDone(tx: Transaction, gameId: number): Promise<void> {
  const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for('update');
  if (!game || game.settledAt) return;
  const players = await tx.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId));
  if (!players.every(isFinished)) return;
  for (const player of players) {
    const other = players.find((p) => p.id !== player.id);
    const outcome: Exclude<VersusOutcome, 'pending'> = other
      ? (versusOutcome(sideOf(player), sideOf(other)) as Exclude<VersusOutcome, 'pending'>)
      : player.status === 'won'
        ? 'win'
        : 'lose';
    await tx.update(gamePlayers).set({ outcome }).where(eq(gamePlayers.id, player.id));
    if (player.userId === null) continue;
    const won = outcome === 'win';
    await tx
      .update(users)
      .set({
        gameCt: sql`${users.gameCt} + 1`,
        winCt: sql`${users.winCt} + ${won ? 1 : 0}`,
        points: sql`${users.points} + ${won ? player.score : 0}`,
      })
      .where(eq(users.id, player.userId));
    if (won) {
      await tx
        .insert(pointAwards)
        .values({ userId: player.userId, gameId, points: player.score })
        .onConflictDoNothing();
    }
  }
  await tx.update(games).set({ settledAt: new Date() }).where(eq(games.id, gameId));
}
