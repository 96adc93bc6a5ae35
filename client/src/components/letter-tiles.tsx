import styles from './letter-tiles.module.css';

/** A word as a row of letter tiles (uppercase, fixed width); read out as the word itself. */
export function LetterTiles({
  word,
  size = 'normal',
  label,
}: {
  word: string;
  size?: 'normal' | 'large';
  /** What a screen reader says instead of the letters, e.g. "Last guess: CRANE". */
  label?: string;
}) {
  return (
    <span
      className={`${styles.tiles} ${size === 'large' ? styles.large : ''}`}
      role="img"
      aria-label={label ?? word.toUpperCase()}
    >
      {[...word].map((letter, index) => (
        <span key={index} className={styles.tile} aria-hidden="true">
          {letter.toUpperCase()}
        </span>
      ))}
    </span>
  );
}
