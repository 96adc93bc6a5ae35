import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type SideState, sideEndText } from '../game-state.ts';
import styles from './scores-box.module.css';

/**
 * One player's column of a versus scores box: the name, the score, 'Guesses: N' and how their
 * game ended once it has, their rating line under it. The game screen shows me and the opponent
 * with it, the spectator's view (features/watching) both players.
 *
 * `you`: the name sits in a row with the 'you' mark beside it when true (my column), alone in
 * that row when false; left out, the name is a line of its own. `flash`: the column flashes when
 * its guess count changes (someone else's moves, which the viewer did not make). `children` go
 * under the rating (the spectator's 'N words left').
 */
export function ScoreSide({
  name,
  title,
  you,
  score,
  guesses,
  side,
  rating,
  flash = false,
  testId,
  children,
}: {
  name: ReactNode;
  /** The whole name, as the tooltip of a name that may be cut. */
  title: string | undefined;
  you?: boolean;
  score: number;
  guesses: number;
  side: SideState;
  rating?: ReactNode;
  flash?: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  const flashing = useFlashOnChange(flash ? guesses : null);
  return (
    <div
      className={`${styles.side} ${flashing.on ? styles.flash : ''}`}
      onAnimationEnd={flashing.off}
      data-testid={testId}
    >
      {you === undefined ? (
        <p className={styles.name} title={title}>
          {name}
        </p>
      ) : (
        <p className={styles.nameRow}>
          <span className={styles.name} title={title}>
            {name}
          </span>
          {you && <span className={styles.you}>you</span>}
        </p>
      )}
      <p className={`numeric ${styles.score}`}>{score}</p>
      <p className={styles.count}>
        Guesses: <span className="numeric">{guesses}</span>
        <SideStatus side={side} />
      </p>
      {rating}
      {children}
    </div>
  );
}

/** True for a moment after `value` changes (never while it is null). */
function useFlashOnChange(value: number | null): { on: boolean; off: () => void } {
  const [on, setOn] = useState(false);
  const previous = useRef(value);
  useEffect(() => {
    if (value === null || value === previous.current) return;
    previous.current = value;
    setOn(true);
  }, [value]);
  return { on, off: () => setOn(false) };
}

/** How a side's game ended, beside its count; nothing while it goes on. */
function SideStatus({ side }: { side: SideState }) {
  const status = sideEndText(side);
  return status && <span className={styles.status}> · {status}</span>;
}
