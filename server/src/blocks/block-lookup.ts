import { and, eq, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database.ts';
import { userBlocks } from '../db/moderation-tables.ts';

/**
 * Whether either of two players blocked the other (docs/PRODUCT.md, 'Blocks'), and who: the
 * one check every place a block forbids something asks (a challenge, a friend request, Play
 * now's pairing, a phrase, watching). Null when neither did. In a transaction (`tx`) when the
 * answer must hold until it commits: the caller then holds the pair's lock that a block takes
 * too (moderation/block-service.ts).
 */
export async function blockBetween(
  db: Database | Transaction,
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

/**
 * The blocks among a set of players, as pairs (either direction): for a pass over a queue
 * ('Play now'), one statement for all of them rather than one per pair. Both ends must be in
 * the set, so it reads the primary key's range of each member and keeps the few rows whose
 * other end is a member too.
 */
export async function blocksAmong(
  db: Database | Transaction,
  userIds: readonly number[],
): Promise<Array<readonly [number, number]>> {
  if (userIds.length < 2) return [];
  const ids = sql.param([...userIds]);
  const rows = await db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(
      and(
        sql`${userBlocks.blockerId} = ANY(${ids}::int[])`,
        sql`${userBlocks.blockedId} = ANY(${ids}::int[])`,
      ),
    );
  return rows.map((row) => [row.blockerId, row.blockedId] as const);
}

/**
 * The 409 of a challenge or friend request to a player one blocked: unblock first
 * (docs/PRODUCT.md, 'Blocks').
 */
export function blockedByYou(name: string): string {
  return `You blocked ${name}`;
}
