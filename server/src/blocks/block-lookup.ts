import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { userBlocks } from '../db/moderation-tables.ts';

/**
 * Whether either of two players blocked the other (docs/PRODUCT.md, 'Blocks'), and who: the
 * one check every place a block forbids something asks (a challenge, a friend request, Play
 * now's pairing, a phrase, watching). Null when neither did.
 */
export async function blockBetween(
  db: Database,
  userId: number,
  otherId: number,
): Promise<{ blockerId: number } | null> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, otherId)),
        and(eq(userBlocks.blockerId, otherId), eq(userBlocks.blockedId, userId)),
      ),
    )
    .limit(1);
  return row ?? null;
}
