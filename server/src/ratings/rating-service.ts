import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { usernameKey } from '@jotto/shared/account-rules';
import { isProvisional } from '@jotto/shared/glicko2';
import {
  type GameRatingChange,
  type GameRatings,
  RATING_HISTORY_LIMIT,
  type RatingHistoryEntry,
} from '@jotto/shared/rating-schemas';
import { PROFILE_ERRORS } from '@jotto/shared/social-schemas';
import type { Database, Transaction } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { ratingHistory } from '../db/game-tables.ts';
import { notFound } from '../errors.ts';
import { type CurrentRating, currentRatingOf, ratingColumns } from './rating-model.ts';

type Executor = Database | Transaction;

/**
 * Reading ratings (docs/PRODUCT.md, 'Ratings'): a player's current rating (what pairing
 * compares), a profile's history, and the ratings around one game. Ratings change only when a
 * rated game is settled (`settleRatings`, in the settling transaction).
 */
export class RatingService {
  constructor(private readonly db: Database) {}

  /**
   * A player's rating as it stands at `now`, the deviation grown by the days since their last
   * rated game; null for an unknown account.
   */
  async currentRating(
    userId: number,
    now = new Date(),
    executor: Executor = this.db,
  ): Promise<CurrentRating | null> {
    const [row] = await executor.select(ratingColumns).from(users).where(eq(users.id, userId));
    return row ? currentRatingOf(row, now) : null;
  }

  /**
   * `GET /profile/:username/ratings`: the rating and deviation after each of the player's last
   * 100 rated games, oldest first. An unknown name is the profile's 404.
   */
  async history(username: string): Promise<RatingHistoryEntry[]> {
    const [user] = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = ${usernameKey(username)}`)
      .limit(1);
    if (!user?.username) throw notFound(PROFILE_ERRORS.notFound);
    const rows = await this.db
      .select({
        gameId: ratingHistory.gameId,
        at: ratingHistory.at,
        value: ratingHistory.value,
        deviation: ratingHistory.deviation,
      })
      .from(ratingHistory)
      .where(eq(ratingHistory.userId, user.id))
      .orderBy(desc(ratingHistory.at), desc(ratingHistory.gameId))
      .limit(RATING_HISTORY_LIMIT);
    return rows.reverse().map((row) => ({
      gameId: row.gameId,
      at: row.at.toISOString(),
      value: Math.round(row.value),
      deviation: Math.round(row.deviation),
    }));
  }
}

/**
 * The ratings around one rated game, for its detail (`GET /games/:id`): each player's rating
 * before it and, once settled, after it (from the game's history rows); before that, "before"
 * is the player's rating now, which is what the game will start from when it is settled.
 */
export async function readGameRatings(
  executor: Executor,
  gameId: number,
  myUserId: number,
  opponentUserId: number,
  now = new Date(),
): Promise<GameRatings | null> {
  const rows = await executor
    .select({
      id: users.id,
      ...ratingColumns,
      valueBefore: ratingHistory.valueBefore,
      value: ratingHistory.value,
      deviation: ratingHistory.deviation,
    })
    .from(users)
    .leftJoin(
      ratingHistory,
      and(eq(ratingHistory.userId, users.id), eq(ratingHistory.gameId, gameId)),
    )
    .where(inArray(users.id, [myUserId, opponentUserId]));
  const changeOf = (userId: number): GameRatingChange | null => {
    const row = rows.find((r) => r.id === userId);
    if (!row) return null;
    if (row.value !== null && row.valueBefore !== null && row.deviation !== null) {
      return {
        before: Math.round(row.valueBefore),
        after: Math.round(row.value),
        provisional: isProvisional(row.deviation),
      };
    }
    const current = currentRatingOf(row, now);
    return { before: Math.round(current.rating), provisional: current.provisional };
  };
  const me = changeOf(myUserId);
  const opponent = changeOf(opponentUserId);
  return me && opponent ? { me, opponent } : null;
}
