import type { ReactNode } from 'react';
import { POLL_INTERVAL_MS } from '@jotto/shared/polling';
import { GameRating } from '@/features/ratings/components/game-rating.tsx';
import type { LiveFeed } from '@/lib/realtime/use-live-query.ts';
import { type GameDetail, mySideOf, opponentSideOf, shownClockOf } from '../game-state.ts';
import { BotName } from './bot-name.tsx';
import { GameClock } from './game-clock.tsx';
import { ScoreSide } from './score-side.tsx';
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
 * clock while it runs (docs/PRODUCT.md, 'Time controls'), and in a game between people 'N watching'
 * while anyone watches it (docs/PRODUCT.md, 'Watching').
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
    <VersusScores
      badge={
        game.rated === false &&
        game.enemyLevel === undefined && (
          <span className={styles.unrated} title="This game does not change ratings">
            Unrated
          </span>
        )
      }
      feed={feed}
      explain={myGuesses === 0 && !game.finished && VERSUS_EXPLAINED}
      // Only a game between people is ever watched (docs/PRODUCT.md, 'Watching').
      watchers={game.enemyLevel === undefined ? (game.watchers ?? 0) : 0}
      footer={
        <>
          {waiting && <p className={styles.waiting}>Waiting...</p>}
          {clock && <GameClock deadline={clock.deadline} timeControl={clock.timeControl} />}
        </>
      }
    >
      <ScoreSide
        name={myName || 'You'}
        title={myName || undefined}
        you={myName !== ''}
        score={game.score}
        guesses={myGuesses}
        side={mySideOf(game)}
        rating={game.ratings && <GameRating rating={game.ratings.me} className={styles.rating} />}
        testId="me"
      />
      <ScoreSide
        name={game.enemyLevel === undefined ? game.enemyName : <BotName level={game.enemyLevel} />}
        title={game.enemyName}
        score={game.enemyScore ?? 100}
        guesses={game.enemyGuesses ?? 0}
        side={opponentSideOf(game)}
        rating={
          game.ratings && <GameRating rating={game.ratings.opponent} className={styles.rating} />
        }
        flash
        testId="opponent"
      />
    </VersusScores>
  );
}

/**
 * The frame of a versus scores box: 'Scores', a badge beside it ('Unrated'), how the news
 * comes, a line under the title (`explain`), the two sides (`children`), what follows them
 * (`footer`: 'Waiting...', the clock) and, while anyone watches, 'N watching'
 * (docs/PRODUCT.md, 'Watching'). The game screen and the spectator's view both use it.
 */
export function VersusScores({
  badge,
  feed,
  explain,
  watchers,
  footer,
  children,
}: {
  badge?: ReactNode;
  feed: LiveFeed;
  explain?: ReactNode;
  watchers: number;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.box} aria-labelledby="scores-title">
      <div className={styles.heading}>
        <h2 id="scores-title" className={styles.title}>
          Scores
        </h2>
        {badge}
        <FeedIndicator feed={feed} />
      </div>
      {explain && <p className={styles.explain}>{explain}</p>}
      <div className={styles.sides}>{children}</div>
      {footer}
      {watchers > 0 && <p className={styles.watchers}>{watchingText(watchers)}</p>}
    </section>
  );
}

/** 'N watching': how many signed-in players watch the game now. */
export function watchingText(watchers: number): string {
  return `${watchers} watching`;
}

/** What the indicator says for each way the opponent's moves come (or do not). */
const FEED_TEXT: Record<Exclude<LiveFeed, 'done'>, string> = {
  live: 'Live',
  polling: `Updating every ${POLL_INTERVAL_MS / 1000} s`,
  // Nothing can update: saying 'Updating every 3 s' here would be a promise not kept.
  offline: 'Offline',
};

export function FeedIndicator({ feed }: { feed: LiveFeed }) {
  if (feed === 'done') return null;
  const dot = feed === 'live' ? styles.dotLive : feed === 'offline' ? styles.dotOffline : '';
  return (
    <span className={styles.feed} data-feed={feed}>
      <span aria-hidden="true" className={`${styles.dot} ${dot}`} />
      {FEED_TEXT[feed]}
    </span>
  );
}
