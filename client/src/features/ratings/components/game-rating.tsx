import type { GameRatingChange } from '@jotto/shared/rating-schemas';
import { gameRatingTexts } from '../rating-text.ts';
import styles from './game-rating.module.css';
import { RatingValue } from './rating-value.tsx';

/**
 * One player's rating in a rated versus game (docs/PRODUCT.md, 'Ratings'): 'Rating 1500?' while
 * it is played, 'Rating 1512 (+12)' once it is settled, the change in green going up and red
 * going down (and in its sign, for whoever does not see colour). A provisional rating's '?' is
 * explained on the spot (`RatingValue`).
 */
export function GameRating({
  rating,
  className,
}: {
  rating: GameRatingChange;
  className?: string;
}) {
  const { value, change } = gameRatingTexts(rating);
  const direction = rating.after === undefined ? 'none' : Math.sign(rating.after - rating.before);
  return (
    <p className={`${styles.rating} ${className ?? ''}`} data-rating>
      Rating{' '}
      <RatingValue
        text={value}
        provisional={rating.provisional}
        className={`numeric ${styles.value}`}
      />
      {change !== null && (
        <>
          {' '}
          <span
            className={`numeric ${styles.change} ${
              direction === 1 ? styles.up : direction === -1 ? styles.down : ''
            }`}
            data-rating-change
          >
            ({change})
          </span>
        </>
      )}
    </p>
  );
}
