import { sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from './advisory-locks.ts';
import type { Transaction } from './database.ts';

/**
 * Holds the account's daily lock until `tx` ends (see `ADVISORY_LOCKS.accountDaily`): what
 * makes the account's daily of the day and what carries a guest's daily over at sign-in take
 * it, so each sees what the other committed.
 */
export async function lockAccountDaily(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.accountDaily}, ${userId})`);
}
