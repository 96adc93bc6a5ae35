import { and, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/database.ts';
import { gamePlayers } from '../db/game-tables.ts';

/**
 * A guest signs in: their unfinished games become the account's (docs/PRODUCT.md, 'Guests'),
 * in the caller's transaction (which holds the account's daily lock). One daily per account
 * per day: a guest's daily of a day the account already has one for stays with the guest
 * session and expires with it; the account's is kept. Answers the games that moved, which the
 * caller announces once it has committed (`GameAnnouncer.changed`): their owner changed.
 */
export async function adoptGuestGames(
  tx: Transaction,
  guestSessionHash: string,
  userId: number,
): Promise<number[]> {
  const accounts = alias(gamePlayers, 'accounts_daily');
  const moved = await tx
    .update(gamePlayers)
    .set({ userId, guestSessionHash: null })
    .where(
      and(
        eq(gamePlayers.guestSessionHash, guestSessionHash),
        eq(gamePlayers.status, 'playing'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(accounts)
            .where(and(eq(accounts.userId, userId), eq(accounts.dailyDay, gamePlayers.dailyDay))),
        ),
      ),
    )
    .returning({ gameId: gamePlayers.gameId });
  return moved.map((row) => row.gameId);
}
