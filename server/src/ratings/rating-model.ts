import {
  currentDeviation,
  isProvisional,
  type Rating,
  type StoredRating,
} from '@jotto/shared/glicko2';
import type { ProfileRating } from '@jotto/shared/rating-schemas';
import { users } from '../db/account-tables.ts';

/** The columns of an account's rating, for a select. */
export const ratingColumns = {
  rating: users.rating,
  ratingDeviation: users.ratingDeviation,
  ratingVolatility: users.ratingVolatility,
  ratedGames: users.ratedGames,
  ratedAt: users.ratedAt,
};

/** An account's rating columns as read. */
export interface RatingRow {
  rating: number;
  ratingDeviation: number;
  ratingVolatility: number;
  ratedAt: Date | null;
}

/** The rating as stored, for the shared rules. */
export function storedRatingOf(row: RatingRow): StoredRating {
  return {
    rating: row.rating,
    deviation: row.ratingDeviation,
    volatility: row.ratingVolatility,
    ratedAt: row.ratedAt,
  };
}

/** A player's rating as it stands at `now`: what pairing compares, and what profiles show. */
export interface CurrentRating extends Rating {
  /** The deviation (as of now) is above 110. */
  provisional: boolean;
  /** Rated games played. */
  games: number;
}

/** The rating at `now`: the deviation grown by the days since the last rated game. */
export function currentRatingOf(row: RatingRow & { ratedGames: number }, now: Date): CurrentRating {
  const deviation = currentDeviation(storedRatingOf(row), now);
  return {
    rating: row.rating,
    deviation,
    volatility: row.ratingVolatility,
    provisional: isProvisional(deviation),
    games: row.ratedGames,
  };
}

/** The profile's rating field: whole numbers, provisional by the unrounded deviation. */
export function profileRatingOf(row: RatingRow & { ratedGames: number }, now: Date): ProfileRating {
  const current = currentRatingOf(row, now);
  return {
    value: Math.round(current.rating),
    deviation: Math.round(current.deviation),
    provisional: current.provisional,
    games: current.games,
  };
}
