import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { usernameKey } from '@jotto/shared/account-rules';
import type { DailyLeaderEntry } from '@jotto/shared/daily-schemas';
import { LEADERBOARD_SIZE } from '@jotto/shared/leaderboard-windows';
import type { Database, Transaction } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { gamePlayers, games } from '../db/game-tables.ts';

/**
 * The day's solvers among users with a name, as both boards rank them (the everyone board's
 * snapshot and the friends board): fewest guesses, then the earliest solve, top 100. Only games
 * played on their day count; the archive has no board. `among`: only these users (the friends
 * board's circle).
 */
export async function daySolvers(
  executor: Database | Transaction,
  day: string,
  among?: readonly number[],
): Promise<DailyLeaderEntry[]> {
  const rows = await executor
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
        among === undefined ? undefined : inArray(gamePlayers.userId, [...among]),
        eq(gamePlayers.dailyDay, day),
        eq(gamePlayers.status, 'won'),
        eq(gamePlayers.archive, false),
        isNotNull(users.username),
      ),
    )
    .orderBy(asc(gamePlayers.guessCount), asc(gamePlayers.finishedAt), asc(gamePlayers.id))
    .limit(LEADERBOARD_SIZE);
  return rows.map(solverEntry);
}

/** A solver's row as the day's boards show it (the everyone board and the friends board). */
function solverEntry(row: {
  username: string | null;
  guesses: number;
  score: number;
  finishedAt: Date | null;
  /** The game was played in hard mode (`games.hard`). */
  hard: boolean;
}): DailyLeaderEntry {
  return {
    username: usernameKey(row.username!),
    displayName: row.username!,
    guesses: row.guesses,
    score: row.score,
    // A solved game always has its finishing time; the epoch only keeps the type total.
    finishedAt: (row.finishedAt ?? new Date(0)).toISOString(),
    // A hard-mode solve is marked on the board (docs/PRODUCT.md, 'Hard mode').
    ...(row.hard ? { hard: true as const } : {}),
  };
}
