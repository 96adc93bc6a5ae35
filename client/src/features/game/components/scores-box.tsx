import { useEffect, useRef, useState } from 'react';
import type { GameDetail } from '../game-state.ts';
import type { FeedMode } from '../hooks/use-opponent-feed.ts';
import styles from './scores-box.module.css';

/**
 * The scores box (spec §2): 'Score' in solo; in versus 'Scores' with me and the opponent side
 * by side, the opponent's guess count, 'Waiting...' while they play on after I finished, and
 * whether their moves arrive live or by the 3-second poll (ui.md: never silent about which).
 */
export function ScoresBox({
  game,
  myName,
  feed,
  waiting,
}: {
  game: GameDetail;
  myName: string;
  feed: FeedMode;
  waiting: boolean;
}) {
  const myGuesses = game.guesses.length;
  if (!game.multiplayer) {
    return (
      <section className={styles.box} aria-labelledby="scores-title">
        <h2 id="scores-title" className={styles.title}>
          Score
        </h2>
        <p className={`numeric ${styles.score}`}>{game.score}</p>
        <p className={styles.count}>Guesses: {myGuesses}</p>
      </section>
    );
  }
  return (
    <section className={styles.box} aria-labelledby="scores-title">
      <div className={styles.heading}>
        <h2 id="scores-title" className={styles.title}>
          Scores
        </h2>
        <FeedIndicator feed={feed} />
      </div>
      <div className={styles.sides}>
        <div className={styles.side}>
          <p className={styles.name}>{myName || 'You'}</p>
          <p className={`numeric ${styles.score}`}>{game.score}</p>
          <p className={styles.count}>Guesses: {myGuesses}</p>
        </div>
        <OpponentSide game={game} />
      </div>
      {waiting && (
        <p className={styles.waiting} role="status">
          Waiting...
        </p>
      )}
    </section>
  );
}

function OpponentSide({ game }: { game: GameDetail }) {
  const guesses = game.enemyGuesses ?? 0;
  const [flash, setFlash] = useState(false);
  const previous = useRef(guesses);
  useEffect(() => {
    if (guesses === previous.current) return;
    previous.current = guesses;
    setFlash(true);
  }, [guesses]);
  const status = game.enemyWon ? 'solved it' : game.enemyForfeit ? 'gave up' : null;
  return (
    <div
      className={`${styles.side} ${flash ? styles.flash : ''}`}
      onAnimationEnd={() => setFlash(false)}
      data-testid="opponent"
    >
      <p className={styles.name}>{game.enemyName}</p>
      <p className={`numeric ${styles.score}`}>{game.enemyScore ?? 100}</p>
      <p className={styles.count}>
        Guesses: <span className="numeric">{guesses}</span>
        {status && <span className={styles.status}> · {status}</span>}
      </p>
    </div>
  );
}

function FeedIndicator({ feed }: { feed: FeedMode }) {
  if (feed === 'done') return null;
  const live = feed === 'live';
  return (
    <span className={styles.feed} data-feed={feed}>
      <span aria-hidden="true" className={`${styles.dot} ${live ? styles.dotLive : ''}`} />
      {live ? 'Live' : 'Updating every 3 s'}
    </span>
  );
}
