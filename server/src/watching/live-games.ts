import { eq, sql } from 'drizzle-orm';
import { LIVE_GAMES_LIMIT, type LivePlayer } from '@jotto/shared/watch-schemas';
import { users } from '../db/account-tables.ts';
import { type Database, rowsOf } from '../db/database.ts';
import { gamePlayers, games } from '../db/game-tables.ts';

/** A live game as the list reads it, before its watcher count is added. */
export interface LiveGameRow {
  gameId: number;
  players: LivePlayer[];
  timeControl: string | null;
  startedAt: Date;
}

/**
 * The ongoing games `callerId` may watch (docs/PRODUCT.md, 'Watching'), at most
 * LIVE_GAMES_LIMIT: versus games between two people (no computer, no guest), neither settled nor
 * aborted, whose players both allow watchers, none of them the caller, no block either way
 * between the caller and either player; the caller's friends' games first, then by the
 * players' mean rating, highest first (then the newest). The same rules as `watchRoleOf`, in
 * one statement.
 *
 * Every versus game in play has a clock (a time control, and games older than time controls
 * were given one), which the game clock clears only once the game has ended: so the games in
 * play are among those with a `clock_due_at`, which its partial index finds (games in play and
 * today's dailies) rather than a scan of every game ever played.
 */
export async function liveGamesFor(db: Database, callerId: number): Promise<LiveGameRow[]> {
  const result = await db.execute(sql`
    SELECT g.id AS "gameId", g.time_control AS "timeControl", g.created_at AS "startedAt",
      json_agg(json_build_object(
        'username', u.username, 'rating', round(u.rating), 'score', gp.score,
        'guesses', gp.guess_count, 'finished', gp.status <> 'playing'
      ) ORDER BY gp.id) AS players
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    JOIN users u ON u.id = gp.user_id
    LEFT JOIN friendships f ON f.user_id = ${callerId} AND f.friend_id = u.id
    WHERE g.clock_due_at IS NOT NULL
      AND g.mode = 'versus' AND g.settled_at IS NULL AND NOT g.aborted
      AND NOT EXISTS (SELECT 1 FROM bot_games b WHERE b.game_id = g.id)
    GROUP BY g.id
    HAVING count(*) = 2
      AND count(u.username) = 2
      AND bool_and(u.allow_watchers)
      AND bool_and(u.id <> ${callerId})
      AND NOT bool_or(EXISTS (
        SELECT 1 FROM user_blocks ub
        WHERE (ub.blocker_id = ${callerId} AND ub.blocked_id = u.id)
           OR (ub.blocker_id = u.id AND ub.blocked_id = ${callerId})
      ))
    ORDER BY bool_or(f.user_id IS NOT NULL) DESC, avg(u.rating) DESC, g.id DESC
    LIMIT ${LIVE_GAMES_LIMIT}
  `);
  return rowsOf<{
    gameId: number;
    timeControl: string | null;
    startedAt: Date | string;
    players: LivePlayer[] | string;
  }>(result).map((row) => ({
    gameId: row.gameId,
    timeControl: row.timeControl,
    startedAt: new Date(row.startedAt),
    players: (typeof row.players === 'string'
      ? (JSON.parse(row.players) as LivePlayer[])
      : row.players
    ).map((player) => ({ ...player, rating: Number(player.rating) })),
  }));
}

/**
 * The players' current ratings (by user id) and the start of a game, for the spectator's view,
 * and whether both players still allow watchers.
 */
export async function ratingsAndStartOf(
  db: Database,
  gameId: number,
): Promise<{ ratings: Map<number, number>; startedAt: Date; allowWatchers: boolean }> {
  const rows = await db
    .select({
      userId: users.id,
      rating: users.rating,
      allowWatchers: users.allowWatchers,
      startedAt: games.createdAt,
    })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .innerJoin(users, eq(users.id, gamePlayers.userId))
    .where(eq(gamePlayers.gameId, gameId));
  return {
    ratings: new Map(rows.map((row) => [row.userId, row.rating])),
    startedAt: rows[0]?.startedAt ?? new Date(0),
    allowWatchers: rows.every((row) => row.allowWatchers),
  };
}

/**
 * The ongoing versus games between people that `userId` plays, newest first (a profile's
 * `liveGameId` is the first of them the viewer may watch). A player has few games in play.
 */
export async function ongoingGamesOf(db: Database, userId: number): Promise<number[]> {
  const result = await db.execute(sql`
    SELECT g.id FROM game_players me
    JOIN games g ON g.id = me.game_id
    WHERE me.user_id = ${userId} AND g.mode = 'versus' AND g.settled_at IS NULL AND NOT g.aborted
      AND NOT EXISTS (SELECT 1 FROM bot_games b WHERE b.game_id = g.id)
    ORDER BY g.id DESC
    LIMIT 20
  `);
  return rowsOf<{ id: number }>(result).map((row) => row.id);
}
