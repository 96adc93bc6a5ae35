import { useEffect, useRef, useState } from 'react';
import { POLL_INTERVAL_MS } from '@jotto/shared/polling';
import { GameRating } from '@/features/ratings/components/game-rating.tsx';
import type { LiveFeed } from '@/lib/realtime/use-live-query.ts';
import {
  type GameDetail,
  mySideOf,
  opponentSideOf,
  type SideState,
  shownClockOf,
  sideEndText,
} from '../game-state.ts';
import { BotName } from './bot-name.tsx';
import { GameClock } from './game-clock.tsx';
import styles from './scores-box.module.css';

/** Versus in one line, said until my first guess: both players race on one secret. */
export const VERSUS_EXPLAINED = 'You both guess the same secret word: the higher score wins.';

/**
 * The scores box: 'Score' in solo; in versus 'Scores' with me and the opponent side
 * by side, each with how their game ended once it has, the opponent's guess count, 'Waiting...'
 * while they play on after I finished (the screen's one 'Waiting...': the game screen's live
 * region announces it), and whether their moves arrive live, by the 3-second poll, or not at all
 * while offline (never silent about which). In a rated game, each side's rating too, and once the
 * game is settled the change the game made (docs/PRODUCT.md, 'Ratings'); a hard solo game says
 * 'Hard mode' (docs/PRODUCT.md, 'Hard mode'); a game against a person
 * that does not count for ratings says 'Unrated' before it starts. Under the sides, the game's
 * clock while it runs (docs/PRODUCT.md, 'Time controls').
 */
export function ScoresBox({
  game,
  myName,
  feed,
  waiting,
}: {
  game: GameDetail;
  myName: string;
  feed: LiveFeed;
  waiting: boolean;
}) {
  const myGuesses = game.guesses.length;
  const clock = shownClockOf(game);
  if (!game.multiplayer) {
    return (
      <section className={styles.box} aria-labelledby="scores-title">
        <h2 id="scores-title" className={styles.title}>
          Score
        </h2>
        <p className={`numeric ${styles.score}`}>{game.score}</p>
        <p className={styles.count}>Guesses: {myGuesses}</p>
        {/* Only a solo or daily game is ever hard (docs/PRODUCT.md, 'Hard mode'). */}
        {game.hard && (
          <p className={styles.hard} title="Every guess must fit every count so far">
            Hard mode
          </p>
        )}
      </section>
    );
  }
  return (
    <section className={styles.box} aria-labelledby="scores-title">
      <div className={styles.heading}>
        <h2 id="scores-title" className={styles.title}>
          Scores
        </h2>
        {game.rated === false && game.enemyLevel === undefined && (
          <span className={styles.unrated} title="This game does not change ratings">
            Unrated
          </span>
        )}
        <FeedIndicator feed={feed} />
      </div>
      {myGuesses === 0 && !game.finished && <p className={styles.explain}>{VERSUS_EXPLAINED}</p>}
      <div className={styles.sides}>
        <div className={styles.side} data-testid="me">
          <p className={styles.nameRow}>
            <span className={styles.name} title={myName || undefined}>
              {myName || 'You'}
            </span>
            {myName && <span className={styles.you}>you</span>}
          </p>
          <p className={`numeric ${styles.score}`}>{game.score}</p>
          <p className={styles.count}>
            Guesses: <span className="numeric">{myGuesses}</span>
            <SideStatus side={mySideOf(game)} />
          </p>
          {game.ratings && <GameRating rating={game.ratings.me} className={styles.rating} />}
        </div>
        <OpponentSide game={game} />
      </div>
      {waiting && <p className={styles.waiting}>Waiting...</p>}
      {clock && <GameClock deadline={clock.deadline} timeControl={clock.timeControl} />}
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
      <p className={styles.name} title={game.enemyName}>
        {game.enemyLevel === undefined ? game.enemyName : <BotName level={game.enemyLevel} />}
      </p>
      <p className={`numeric ${styles.score}`}>{game.enemyScore ?? 100}</p>
      <p className={styles.count}>
        Guesses: <span className="numeric">{guesses}</span>
        <SideStatus side={opponentSideOf(game)} />
      </p>
      {game.ratings && <GameRating rating={game.ratings.opponent} className={styles.rating} />}
    </div>
  );
}

/** How a side's game ended, beside its count; nothing while it goes on. */
function SideStatus({ side }: { side: SideState }) {
  const status = sideEndText(side);
  return status && <span className={styles.status}> · {status}</span>;
}

/** What the indicator says for each way the opponent's moves come (or do not). */
const FEED_TEXT: Record<Exclude<LiveFeed, 'done'>, string> = {
  live: 'Live',
  polling: `Updating every ${POLL_INTERVAL_MS / 1000} s`,
  // Nothing can update: saying 'Updating every 3 s' here would be a promise not kept.
  offline: 'Offline',
};

function FeedIndicator({ feed }: { feed: LiveFeed }) {
  if (feed === 'done') return null;
  const dot = feed === 'live' ? styles.dotLive : feed === 'offline' ? styles.dotOffline : '';
  return (
    <span className={styles.feed} data-feed={feed}>
      <span aria-hidden="true" className={`${styles.dot} ${dot}`} />
      {FEED_TEXT[feed]}
    </span>
  );
}
