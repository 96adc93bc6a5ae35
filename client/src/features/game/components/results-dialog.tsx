import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import type { GuessEntry } from '@jotto/shared/game-schemas';
import { Dialog } from '../../../components/dialog.tsx';
import { LetterTiles } from '../../../components/letter-tiles.tsx';
import type { GameDetail, GameEnd } from '../game-state.ts';
import type { RematchState } from '../hooks/use-rematch.ts';
import { LazyGameAnalysis } from './lazy-game-analysis.tsx';
import { ShareLinks } from './share-links.tsx';
import styles from './results-dialog.module.css';

/** The end of a game as the spec words it (§2); a draw (decisions §3) in the same voice. */
export const END_TEXT: Record<GameEnd, string> = {
  won: 'You won!!!',
  lost: 'You lost!!!',
  draw: "It's a draw!!!",
};

const REMATCH_LABEL: Record<RematchState, string> = {
  idle: 'Rematch!',
  sending: 'Sending...',
  sent: 'Challenge Sent!',
  declined: 'Rematch declined',
};

export interface RematchControls {
  state: RematchState;
  send: () => void;
  /** The opponent's own rematch offer, when there is one. */
  offered: boolean;
  accepting: boolean;
  accept: () => void;
}

/**
 * The results overlay (spec §2, ui.md): the end, the target in tiles, both players' guesses
 * and counts side by side, both scores, the share links, and 'Play again!' (solo) or 'Rematch!'
 * (versus) as the main action; then the post-game analysis (issue 15).
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
}: {
  open: boolean;
  onClose: () => void;
  game: GameDetail;
  end: GameEnd;
  myName: string;
  appUrl: string;
  onPlayAgain: () => void;
  rematch: RematchControls | null;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={END_TEXT[end]} className={styles.results}>
      {end === 'won' && <p className={styles.cheer}>{GAME_MESSAGES.won}</p>}
      {game.target && (
        <div className={styles.target}>
          <p className={styles.label}>The word was</p>
          <LetterTiles word={game.target} label={`The word was ${game.target.toUpperCase()}`} />
        </div>
      )}
      <div className={game.multiplayer ? styles.sides : undefined}>
        <PlayerResult
          name={myName || 'You'}
          label={myName ? `${myName}'s results` : 'Your results'}
          score={game.score}
          guesses={game.guesses}
          how={howItEnded(game.won, game.forfeit)}
        />
        {game.multiplayer && (
          <PlayerResult
            name={game.enemyName ?? 'Opponent'}
            label={`${game.enemyName ?? 'Opponent'}'s results`}
            score={game.enemyScore ?? 0}
            guesses={game.enemyGuessList ?? []}
            how={howItEnded(game.enemyWon ?? false, game.enemyForfeit ?? false)}
          />
        )}
      </div>
      <ShareLinks appUrl={appUrl} />
      <div className="button-row">
        {rematch ? (
          <>
            {rematch.offered ? (
              <button
                type="button"
                className="button button-primary"
                onClick={rematch.accept}
                aria-disabled={rematch.accepting || undefined}
              >
                {rematch.accepting ? 'Accepting...' : 'Accept Rematch'}
              </button>
            ) : null}
            <button
              type="button"
              className={`button ${rematch.offered ? '' : 'button-primary'}`}
              onClick={rematch.send}
              aria-disabled={rematch.state !== 'idle' || undefined}
            >
              {REMATCH_LABEL[rematch.state]}
            </button>
          </>
        ) : (
          <button type="button" className="button button-primary" onClick={onPlayAgain}>
            Play again!
          </button>
        )}
      </div>
      {rematch?.offered && (
        <p role="status" className={styles.offer}>
          {game.enemyName} wants a rematch!
        </p>
      )}
      {/* Last, so the main action stays in view without scrolling. */}
      <LazyGameAnalysis game={game} myName={myName} headingLevel={3} />
    </Dialog>
  );
}

/** How a player's game ended, in words (a score alone does not say it). */
function howItEnded(won: boolean, forfeit: boolean): string {
  if (won) return 'solved it';
  if (forfeit) return 'gave up';
  return 'ran out of points';
}

function PlayerResult({
  name,
  label,
  score,
  guesses,
  how,
}: {
  name: string;
  label: string;
  score: number;
  guesses: readonly GuessEntry[];
  how: string;
}) {
  return (
    <section className={styles.player} aria-label={label}>
      <h3 className={styles.playerName}>{name}</h3>
      <p className={styles.how}>{how}</p>
      <p className={styles.stats}>
        Score <strong className="numeric">{score}</strong> · Guesses{' '}
        <strong className="numeric">{guesses.length}</strong>
      </p>
      <ol className={styles.guesses} reversed>
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
