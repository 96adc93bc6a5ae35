import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ratingText } from '@jotto/shared/glicko2';
import type { ProfileRating as Rating } from '@jotto/shared/rating-schemas';
import { RatingChart } from './rating-chart.tsx';
import { RatingValue } from '@/features/ratings/components/rating-value.tsx';
import { profileRatingsQuery } from '../api/profiles-api.ts';
import pageStyles from './profile-page.module.css';
import styles from './profile-rating.module.css';

export const PROVISIONAL_NOTE =
  'A ? marks a provisional rating: it settles as more rated games are played.';
export const NO_RATED_GAMES = 'No rated games yet.';

/**
 * The profile's Rating box (docs/PRODUCT.md, 'Ratings'): the rating ('1500?' while
 * provisional, the '?' explained by `RatingValue`), its deviation and the rated games played,
 * then the chart of the rating after each of the last 100 rated games. A history that cannot be
 * loaded is only logged.
 */
export function ProfileRating({ username, rating }: { username: string; rating: Rating }) {
  const history = useQuery(profileRatingsQuery(username));
  useEffect(() => {
    if (history.isError) console.error('rating history failed to load', history.error);
  }, [history.isError, history.error]);
  const entries = history.data?.history ?? [];
  const stats: Array<[label: string, value: ReactNode]> = [
    [
      'Rating',
      <RatingValue
        key="rating"
        text={ratingText(rating.value, rating.provisional)}
        provisional={rating.provisional}
      />,
    ],
    ['Deviation', `±${rating.deviation}`],
    ['Rated Games', String(rating.games)],
  ];
  return (
    <section className={pageStyles.box} aria-labelledby="rating-title">
      <h2 id="rating-title" className={pageStyles.boxTitle}>
        Rating
      </h2>
      <dl className={`${pageStyles.stats} ${styles.stats}`}>
        {stats.map(([label, value]) => (
          <div key={label} className={pageStyles.stat}>
            <dt className={pageStyles.statLabel}>{label}</dt>
            <dd className={`numeric ${pageStyles.statValue}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {rating.provisional && <p className={styles.note}>{PROVISIONAL_NOTE}</p>}
      <div className={styles.history}>
        {history.isPending ? (
          <p className={styles.note} role="status">
            Loading...
          </p>
        ) : entries.length > 0 ? (
          <RatingChart history={entries} />
        ) : history.isSuccess ? (
          <p className={styles.note}>{NO_RATED_GAMES}</p>
        ) : null}
      </div>
    </section>
  );
}
