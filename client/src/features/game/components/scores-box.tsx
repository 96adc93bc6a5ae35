import { useEffect, useRef, useState } from 'react';
import type { GameDetail } from '../game-state.ts';
import type { FeedMode } from '../hooks/use-opponent-feed.ts';
import styles from './scores-box.module.css';

/**
 * The scores box (spec §2): 'Score' in solo; in versus 'Scores' with me and the opponent side
 * by side, each with how their game ended once it has, the opponent's guess count, 'Waiting...'
 * while they play on after I finished (the screen's one 'Waiting...': the game screen's live
 * region announces it), and whether their moves arrive live or by the 3-second poll (ui.md:
 * never silent about which).
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
        <div className={styles.side} data-testid="me">
          <p className={styles.name}>{myName || 'You'}</p>
          <p className={`numeric ${styles.score}`}>{game.score}</p>
          <p className={styles.count}>
            Guesses: <span className="numeric">{myGuesses}</span>
            <SideStatus won={game.won} forfeit={game.forfeit} score={game.score} />
          </p>
        </div>
        <OpponentSide game={game} />
      </div>
      {waiting && <p className={styles.waiting}>Waiting...</p>}
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
        <SideStatus
          won={game.enemyWon ?? false}
          forfeit={game.enemyForfeit ?? false}
          score={game.enemyScore ?? 100}
        />
      </p>
    </div>
  );
}

/** How a side's game ended, in words beside its count; nothing while it goes on. */
function SideStatus({ won, forfeit, score }: { won: boolean; forfeit: boolean; score: number }) {
  const status = won ? 'solved it' : forfeit ? 'gave up' : score <= 0 ? 'ran out of points' : null;
  return status && <span className={styles.status}> · {status}</span>;
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
