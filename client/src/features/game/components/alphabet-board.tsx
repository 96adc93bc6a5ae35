import { ALPHABET, type Letter, type LetterMark } from '@jotto/shared/game-rules';
import type { Alphabet } from '@jotto/shared/game-schemas';
import styles from './alphabet-board.module.css';

/** Each mark's symbol, so marks differ without colour too (ui.md). */
const SYMBOLS: Record<LetterMark, string> = { none: '', bad: '✕', maybe: '?', good: '✓' };

/**
 * The 26-letter alphabet (spec §2): each letter a button whose click (or Enter/Space) cycles
 * its mark none → bad → maybe → good → none.
 */
export function AlphabetBoard({
  marks,
  onCycle,
}: {
  marks: Alphabet;
  onCycle: (letter: Letter) => void;
}) {
  return (
    <section aria-label="Alphabet" className={styles.board}>
      {ALPHABET.map((letter) => {
        const mark: LetterMark = marks[letter] ?? 'none';
        return (
          <button
            key={letter}
            type="button"
            className={`${styles.letter} ${styles[mark]}`}
            aria-label={`${letter.toUpperCase()}, ${mark === 'none' ? 'not marked' : `marked ${mark}`}`}
            onClick={() => onCycle(letter)}
          >
            <span aria-hidden="true">{letter.toUpperCase()}</span>
            <span aria-hidden="true" className={styles.symbol}>
              {SYMBOLS[mark]}
            </span>
          </button>
        );
      })}
    </section>
  );
}
