import { useState } from 'react';
import { matchCountText } from '@jotto/shared/game-rules';
import type { GuessEntry } from '@jotto/shared/game-schemas';
import styles from './guess-list.module.css';

/**
 * A list of guesses, newest first, each with its match count. Rows added after the
 * list first showed slide in; the ones it opened with do not.
 */
export function GuessList({ guesses, label }: { guesses: readonly GuessEntry[]; label: string }) {
  const [shownAtStart] = useState(() => new Set(guesses.map((guess) => guess.word)));
  if (guesses.length === 0) return null;
  return (
    <ol className={styles.list} aria-label={label} reversed>
      {guesses.map((guess) => (
        <li
          key={guess.word}
          className={`${styles.row} ${shownAtStart.has(guess.word) ? '' : styles.fresh}`}
        >
          <span className="word">{guess.word}</span>
          <span className={`numeric ${styles.badge}`} aria-label={matchCountText(guess.matches)}>
            {guess.matches}
          </span>
        </li>
      ))}
    </ol>
  );
}
