import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { dailyDayOf, dailyNumberOf } from '@jotto/shared/daily-rules';
import styles from './daily-link.module.css';

/**
 * Home's way to today's Daily Jotto: its number, and what it is, in one link. `main`: drawn as
 * Home's main action, which it is for a guest (docs/PRODUCT.md, 'Home').
 */
export function DailyLink({ main = false }: { main?: boolean }) {
  const number = dailyNumberOf(dailyDayOf(new Date()));
  return (
    <Link
      to={clientPath('/daily')}
      className={main ? `button-primary ${styles.main}` : styles.link}
    >
      <span className={styles.name}>Daily</span>
      {/* Read as one sentence: 'Daily Jotto #1: one word for everyone today'. */}{' '}
      <span className={styles.detail}>Jotto #{number}: one word for everyone today</span>
    </Link>
  );
}
