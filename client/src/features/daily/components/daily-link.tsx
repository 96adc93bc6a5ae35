import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { dailyDayOf, dailyNumberOf } from '@jotto/shared/daily-rules';
import styles from './daily-link.module.css';

/** Home's way to today's Daily Jotto: its number, and what it is, in one link. */
export function DailyLink() {
  const number = dailyNumberOf(dailyDayOf(new Date()));
  return (
    <Link to={clientPath('/daily')} className={styles.link}>
      <span className={styles.name}>Daily</span>
      {/* Read as one sentence: 'Daily Jotto #1: one word for everyone today'. */}{' '}
      <span className={styles.detail}>Jotto #{number}: one word for everyone today</span>
    </Link>
  );
}
