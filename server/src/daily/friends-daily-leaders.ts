import { eq } from 'drizzle-orm';
import type { DailyLeadersResponse } from '@jotto/shared/daily-schemas';
import type { Database } from '../db/database.ts';
import { friendships } from '../db/social-tables.ts';
import { daySolvers } from './daily-leader-entry.ts';

/**
 * `GET /daily/leaders?scope=friends` (docs/PRODUCT.md, 'Daily Jotto'): the day's solvers among
 * `userId` and their friends, ranked as the everyone board ranks (fewest guesses, then the
 * earliest solve), top 100, with the same fields: so it shows nothing about the day's word
 * that the everyone board does not (a count of guesses, a score, a time; never a word).
 * Games played from the archive are left out: they belong to a day already over.
 *
 * Read when asked, not stored like the everyone board. That board is one snapshot for
 * everybody, which is why it is computed once per cluster and cached; a friends board is one
 * per player, so a snapshot would be computed for one reader and kept fresh for nobody else.
 * Reading it costs two index lookups: the caller's friendships (its primary key) and their
 * players' dailies of the day (the unique index on user and day), a few rows each: about what
 * a poll of the notices costs, which is not rate limited either. It is always current: a
 * friend's solve is on it at the next poll.
 */
export async function friendsDailyLeaders(
  db: Database,
  userId: number,
  day: string,
  now: Date,
): Promise<DailyLeadersResponse> {
  const friends = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(eq(friendships.userId, userId));
  const circle = [userId, ...friends.map((friend) => friend.id)];
  return {
    result: 'ok',
    day,
    entries: await daySolvers(db, day, circle),
    computedAt: now.toISOString(),
  };
}
