import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DailyLeadersResponse } from '@jotto/shared/daily-schemas';
import { LEADERBOARD_SIZE } from '@jotto/shared/leaderboard-windows';
import type { Database } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { gamePlayers, games } from '../db/game-tables.ts';
import { friendships } from '../db/social-tables.ts';
import { solverEntry } from './daily-leader-entry.ts';

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
  const rows = await db
    .select({
      username: users.username,
      guesses: gamePlayers.guessCount,
      score: gamePlayers.score,
      finishedAt: gamePlayers.finishedAt,
      hard: games.hard,
    })
    .from(gamePlayers)
    .innerJoin(users, eq(users.id, gamePlayers.userId))
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(
      and(
        inArray(gamePlayers.userId, circle),
        eq(gamePlayers.dailyDay, day),
        eq(gamePlayers.status, 'won'),
        eq(gamePlayers.archive, false),
        isNotNull(users.username),
      ),
    )
    .orderBy(asc(gamePlayers.guessCount), asc(gamePlayers.finishedAt), asc(gamePlayers.id))
    .limit(LEADERBOARD_SIZE);
  return {
    result: 'ok',
    day,
    entries: rows.map(solverEntry),
    computedAt: now.toISOString(),
  };
}
