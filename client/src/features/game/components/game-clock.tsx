import { describeTimeControl, isLive, timeLeftText } from '@jotto/shared/time-controls';
import { useNow } from '@/lib/use-now.ts';
import styles from './game-clock.module.css';

/** Under this, a live clock turns urgent. */
const URGENT_MS = 30_000;

/**
 * The game's clock (docs/PRODUCT.md, 'Time controls'): the time both players have left to
 * finish, counting down by the second in a live game (`4:31`), in days and hours by
 * correspondence (`2 days 5 hours`), and the time control it started with. Both players see the
 * same clock, as both must finish by the same deadline. It only shows: the server ends the game
 * at the deadline, whatever this browser's clock says.
 */
export function GameClock({ deadline, timeControl }: { deadline: string; timeControl: string }) {
  const due = new Date(deadline).getTime();
  // Ticks each second even by correspondence: a render of one line, and the last hour's minutes
  // then count down without a change of pace.
  const now = useNow(1000);
  const left = due - now.getTime();
  const urgent = isLive(timeControl) && left < URGENT_MS;
  return (
    <p className={`${styles.clock} ${urgent ? styles.urgent : ''}`}>
      <span className={styles.label}>Time left</span>{' '}
      {/* A timer is not read out each second; the label and the control say what it is. */}
      <time role="timer" className={`numeric ${styles.left}`} dateTime={deadline}>
        {timeLeftText(left)}
      </time>{' '}
      <span className={styles.control}>· {describeTimeControl(timeControl)} game</span>
    </p>
  );
}
