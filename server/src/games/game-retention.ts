import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { sessions } from '../db/account-tables.ts';
import { botGames, gamePlayers, games } from '../db/game-tables.ts';

/**
 * How long games are kept (docs/PRODUCT.md, 'Guests' and 'Limits'): what the hourly purge
 * (`ExpiredDataPurgeJob`) removes. Each is idempotent: when two nodes run it at once, what one
 * deletes the other finds gone. Nobody can open a purged game again, so nothing is announced.
 */
export class GameRetention {
  constructor(private readonly db: Database) {}

  /**
   * Deletes unfinished solo games nobody has played since `idleSince` (a signed-in player's
   * abandoned games were kept for ever; a guest's go with the guest's session; a daily stays,
   * being part of the player's daily record, and there is one a day at most), and games
   * against the computer whose player has not played since then (the computer finishes its side
   * in minutes), `batchSize` at a time so that no statement runs long. Answers how many.
   */
  async purgeIdleSoloGames(idleSince: Date, batchSize = 500): Promise<number> {
    let removed = 0;
    for (;;) {
      const idle = this.db
        .select({ id: games.id })
        .from(games)
        .innerJoin(gamePlayers, eq(gamePlayers.gameId, games.id))
        .where(
          and(
            or(eq(games.mode, 'solo'), inArray(games.id, this.botGameIds())),
            isNull(games.settledAt),
            eq(gamePlayers.status, 'playing'),
            lt(gamePlayers.lastPlayedAt, idleSince),
            // A daily counts in its player's record as played, finished or not.
            isNull(gamePlayers.dailyDay),
          ),
        )
        .orderBy(asc(games.id))
        .limit(batchSize);
      const batch = await this.db
        .delete(games)
        .where(inArray(games.id, idle))
        .returning({ id: games.id });
      removed += batch.length;
      if (batch.length < batchSize) return removed;
    }
  }

  /**
   * Deletes the games of guests whose session no longer exists (expired and purged, or the
   * guest signed in and the unfinished game moved to the account): nobody can open them again.
   * Solo games and games against the computer: a guest plays no other.
   */
  async purgeAbandonedGuestGames(): Promise<number> {
    const abandoned = this.db
      .select({ gameId: gamePlayers.gameId })
      .from(gamePlayers)
      .where(
        and(
          isNull(gamePlayers.userId),
          sql`not exists (select 1 from ${sessions} where ${sessions.idHash} = ${gamePlayers.guestSessionHash})`,
        ),
      );
    const removed = await this.db
      .delete(games)
      .where(
        and(
          or(eq(games.mode, 'solo'), inArray(games.id, this.botGameIds())),
          inArray(games.id, abandoned),
        ),
      )
      .returning({ id: games.id });
    return removed.length;
  }

  /** The games against the computer, as a subquery (docs/PRODUCT.md, 'Computer opponent'). */
  private botGameIds() {
    return this.db.select({ id: botGames.gameId }).from(botGames);
  }
}
