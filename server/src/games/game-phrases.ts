import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { SaidEntry } from '@jotto/shared/phrase-schemas';
import { users } from '../db/account-tables.ts';
import type { Database } from '../db/database.ts';
import { gamePhrases } from '../db/moderation-tables.ts';

/**
 * The quick phrases said in a game after sequence number `since` (all of them for 0), oldest
 * first (docs/PRODUCT.md, 'Quick phrases'): what a poll, the game detail and the spectator's
 * view carry as `said`. With `mutedSenderId`, none of that player's: the reader muted them.
 */
export async function phrasesSince(
  db: Database,
  gameId: number,
  since: number,
  mutedSenderId?: number,
): Promise<SaidEntry[]> {
  const rows = await db
    .select({
      from: users.username,
      phrase: gamePhrases.phrase,
      at: gamePhrases.createdAt,
      seq: gamePhrases.seq,
    })
    .from(gamePhrases)
    .innerJoin(users, eq(users.id, gamePhrases.userId))
    .where(
      and(
        eq(gamePhrases.gameId, gameId),
        gt(gamePhrases.seq, since),
        mutedSenderId === undefined ? undefined : ne(gamePhrases.userId, mutedSenderId),
      ),
    )
    .orderBy(asc(gamePhrases.seq));
  return rows.map((row) => ({
    from: row.from ?? '',
    phrase: row.phrase as SaidEntry['phrase'],
    at: row.at.toISOString(),
    seq: row.seq,
  }));
}
