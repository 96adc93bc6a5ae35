import type { ReactNode } from 'react';
import type { BotLevel } from '@jotto/shared/computer-opponent';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import type { GuessEntry } from '@jotto/shared/game-schemas';
import type { GameRatingChange } from '@jotto/shared/rating-schemas';
import { Dialog } from '@/components/dialog.tsx';
import { LetterTiles } from '@/components/letter-tiles.tsx';
import { GameRating } from '@/features/ratings/components/game-rating.tsx';
import {
  endTextOf,
  type GameDetail,
  type GameEnd,
  mySideOf,
  opponentSideOf,
  sideEndText,
  versusReasonOf,
} from '../game-state.ts';
import { BotName } from './bot-name.tsx';
import { EndActions, type RematchControls } from './end-actions.tsx';
import { LazyGameAnalysis } from './lazy-game-analysis.tsx';
import { ShareLinks } from './share-links.tsx';
import { WordReveal } from './word-reveal.tsx';
import styles from './results-dialog.module.css';

/**
 * The results overlay (docs/PRODUCT.md, 'Results overlay'): the end, the secret in tiles, both
 * players' guesses and counts side by side, both scores (and in a rated game both ratings with the
 * change the game made), the share links, and 'Play again!' (solo) or 'Rematch!' (versus) as the
 * main action; then the post-game analysis. A daily's first shows `summary`, the page's own end
 * (its share text and the countdown to the next word), and has no share links (they share the
 * app, not the result) and 'Play a practice game' for its main action.
 */
export function ResultsDialog({
  open,
  onClose,
  game,
  end,
  myName,
  appUrl,
  onPlayAgain,
  rematch,
  summary,
}: {
  open: boolean;
  onClose: () => void;
  game: GameDetail;
  end: GameEnd;
  myName: string;
  appUrl: string;
  onPlayAgain: () => void;
  rematch: RematchControls | null;
  /** Shown first: what the page around the game says of its end (a daily's share text). */
  summary?: ReactNode;
}) {
  const daily = game.daily === true;
  return (
    <Dialog open={open} onClose={onClose} title={endTextOf(game, end)} className={styles.results}>
      {summary}
      {end === 'won' && <p className={styles.cheer}>{GAME_MESSAGES.won}</p>}
      <VersusReason game={game} />
      {game.target ? (
        <div className={styles.target}>
          <p className={styles.label}>The word was</p>
          <LetterTiles word={game.target} label={`The word was ${game.target.toUpperCase()}`} />
        </div>
      ) : (
        game.daily && game.deadline && <WordReveal deadline={game.deadline} />
      )}
      <div className={game.multiplayer ? styles.sides : undefined}>
        <PlayerResult
          name={myName || 'You'}
          label={myName ? `${myName}'s results` : 'Your results'}
          score={game.score}
          guesses={game.guesses}
          how={aborted(game, myName) ?? sideEndText(mySideOf(game)) ?? ''}
          rating={game.ratings?.me}
        />
        {game.multiplayer && (
          <PlayerResult
            name={game.enemyName ?? 'Opponent'}
            label={`${game.enemyName ?? 'Opponent'}'s results`}
            score={game.enemyScore ?? 0}
            guesses={game.enemyGuessList ?? []}
            how={aborted(game, game.enemyName ?? '') ?? sideEndText(opponentSideOf(game)) ?? ''}
            rating={game.ratings?.opponent}
            level={game.enemyLevel}
          />
        )}
      </div>
      {!daily && <ShareLinks appUrl={appUrl} />}
      {/* Held at the overlay's foot while what is above it scrolls: on a phone the guess lists
          and a daily's share text would push the main action out of view. */}
      <div className={styles.actions}>
        <div className="button-row">
          <EndActions rematch={rematch} onPlayAgain={onPlayAgain} daily={daily} />
        </div>
        {rematch?.offered && (
          <p role="status" className={styles.offer}>
            {game.enemyName} wants a rematch!
          </p>
        )}
      </div>
      {/* Last, so that it is the overlay's end, scrolled to under the main action. */}
      <LazyGameAnalysis game={game} myName={myName} headingLevel={3} />
    </Dialog>
  );
}

/** Why a versus game ended as it did: a loss with no reason is a riddle. */
function VersusReason({ game }: { game: GameDetail }) {
  const reason = versusReasonOf(game);
  return reason && <p className={styles.reason}>{reason}</p>;
}

/** In an aborted game, whether this player is one who did not start it; null otherwise. */
function aborted(game: GameDetail, name: string): string | null {
  if (!game.aborted) return null;
  return game.notStarted?.includes(name) ? 'did not start' : 'game aborted';
}

function PlayerResult({
  name,
  label,
  score,
  guesses,
  how,
  rating,
  level,
}: {
  name: string;
  label: string;
  score: number;
  guesses: readonly GuessEntry[];
  how: string;
  /** A rated game's rating of this player: before it, and after once settled. */
  rating?: GameRatingChange | undefined;
  /** The computer opponent's level: its name then shows it as a badge. */
  level?: BotLevel | undefined;
}) {
  return (
    <section className={styles.player} aria-label={label}>
      <h3 className={styles.playerName} title={name}>
        {level === undefined ? name : <BotName level={level} />}
      </h3>
      <p className={styles.how}>{how}</p>
      <p className={styles.stats}>
        Score <strong className="numeric">{score}</strong> · Guesses{' '}
        <strong className="numeric">{guesses.length}</strong>
      </p>
      {rating && <GameRating rating={rating} className={styles.rating} />}
      {/* On a phone the list scrolls inside (the main action stays in view below): a tab stop,
          so that the keyboard can scroll it too. */}
      <ol className={styles.guesses} reversed tabIndex={0} aria-label={`Guesses of ${name}`}>
        {guesses.map((guess) => (
          <li key={guess.word}>
            <span className="word">{guess.word}</span>{' '}
            <span className="numeric">{guess.matches}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
