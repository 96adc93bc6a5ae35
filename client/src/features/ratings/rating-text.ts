import { ratingText } from '@jotto/shared/glicko2';
import type { GameRatingChange } from '@jotto/shared/rating-schemas';

/** A rating change as players read it: '+12', '−12' (a minus sign, not a hyphen), '±0'. */
export function ratingChangeText(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${-change}`;
  return '\u00b10';
}

/** A rated game's rating for one player: the latest value ('1512?'), and the change once settled. */
export function gameRatingTexts(rating: GameRatingChange): {
  value: string;
  change: string | null;
} {
  const latest = rating.after ?? rating.before;
  return {
    value: ratingText(latest, rating.provisional),
    change: rating.after === undefined ? null : ratingChangeText(rating.after - rating.before),
  };
}

/**
 * What the '?' of a provisional rating means, for its tooltip and for screen readers, wherever
 * one shows. Provisional is a deviation above 110, not a number of games: a newcomer loses it
 * after about ten rated games, and a player long away gets it back (docs/PRODUCT.md, 'Ratings'),
 * so the words speak of recent games.
 */
export const PROVISIONAL_HINT = 'Provisional: too few recent rated games to be sure';
