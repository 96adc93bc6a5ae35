import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';

/** A profile's rated games history keeps at most this many, the latest. */
export const RATING_HISTORY_LIMIT = 100;

/**
 * A player's rating as a profile shows it (docs/PRODUCT.md, 'Ratings'): whole numbers, the
 * deviation as it stands today (grown by the days since the last rated game).
 */
export const ProfileRating = Type.Object({
  /** The rating, rounded: 1500 to start. */
  value: Type.Integer(),
  /** Its deviation today, rounded: 350 to start, lower is surer. */
  deviation: Type.Integer(),
  /** The deviation is above 110: shown with a '?' ('1500?') and kept off the leaderboard. */
  provisional: Type.Boolean(),
  /** Rated games played. */
  games: Type.Integer(),
});
export type ProfileRating = Static<typeof ProfileRating>;

/** One rated game in a player's history: the rating and deviation it left. */
export const RatingHistoryEntry = Type.Object({
  gameId: Type.Integer(),
  /** ISO time the game was settled. */
  at: Type.String(),
  /** The rating after the game, rounded. */
  value: Type.Integer(),
  /** The deviation after the game, rounded. */
  deviation: Type.Integer(),
});
export type RatingHistoryEntry = Static<typeof RatingHistoryEntry>;

/** `GET /profile/:username/ratings`: the last 100 rated games, oldest first. */
export const RatingHistoryResponse = okWith({
  history: Type.Array(RatingHistoryEntry, { maxItems: RATING_HISTORY_LIMIT }),
});
export type RatingHistoryResponse = Static<typeof RatingHistoryResponse>;

/** One player's rating around one rated game. */
export const GameRatingChange = Type.Object({
  /** The rating before the game, rounded: until it is settled, the player's rating now. */
  before: Type.Integer(),
  /** The rating the game left, rounded: only once the game is settled. */
  after: Type.Optional(Type.Integer()),
  /** The rating shown last (after once settled, else before) is provisional. */
  provisional: Type.Boolean(),
});
export type GameRatingChange = Static<typeof GameRatingChange>;

/** The game detail's ratings of a rated game: mine and my opponent's. */
export const GameRatings = Type.Object({
  me: GameRatingChange,
  opponent: GameRatingChange,
});
export type GameRatings = Static<typeof GameRatings>;
