import { LetterTiles } from '@/components/letter-tiles.tsx';
import type { GuessEntry } from '@jotto/shared/game-schemas';
import styles from './last-guess.module.css';

/** The last guess as large tiles with its match count, or 'Make a Guess' before the first. */
export function LastGuess({ guess }: { guess: GuessEntry | undefined }) {
  if (!guess) {
    return (
      <div className={styles.lastGuess}>
        <p className={styles.prompt}>Make a Guess</p>
      </div>
    );
  }
  return (
    <div className={styles.lastGuess}>
      <LetterTiles
        word={guess.word}
        size="large"
        label={`Last guess: ${guess.word.toUpperCase()}`}
      />
      <p className={styles.matches}>
        <span className={`numeric ${styles.count}`}>{guess.matches}</span>{' '}
        {guess.matches === 1 ? 'match' : 'matches'}
      </p>
    </div>
  );
}
