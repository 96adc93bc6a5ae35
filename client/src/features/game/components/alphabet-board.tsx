import { type KeyboardEvent, useRef, useState } from 'react';
import { ALPHABET, type Letter, type LetterMark } from '@jotto/shared/game-rules';
import type { Alphabet } from '@jotto/shared/game-schemas';
import styles from './alphabet-board.module.css';

/** Each mark's symbol, so marks differ without colour too. */
const SYMBOLS: Record<LetterMark, string> = { none: '', bad: '✕', maybe: '?', good: '✓' };

/** Letters in a row when the board's width cannot be measured (no layout: tests). */
const FALLBACK_COLUMNS = 7;

/** How many letters the board shows in a row now (its CSS grid changes with the width). */
function columnsOf(board: HTMLElement | null): number {
  if (!board) return FALLBACK_COLUMNS;
  const template = getComputedStyle(board).gridTemplateColumns;
  const columns = template.split(' ').filter((track) => track.endsWith('px')).length;
  return columns > 0 ? columns : FALLBACK_COLUMNS;
}

/**
 * The letter a key moves to from `from` (an index into A–Z), or null for a key that is not a move.
 * Left and Right step through the alphabet, from one row into the next and round from Z to A;
 * Up and Down go a row up or down (staying put at the top or bottom); Home and End go to A and Z.
 */
export function letterAfterKey(key: string, from: number, columns: number): number | null {
  const last = ALPHABET.length - 1;
  switch (key) {
    case 'ArrowRight':
      return from === last ? 0 : from + 1;
    case 'ArrowLeft':
      return from === 0 ? last : from - 1;
    case 'ArrowDown':
      return from + columns <= last ? from + columns : from;
    case 'ArrowUp':
      return from - columns >= 0 ? from - columns : from;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * The 26-letter alphabet (docs/PRODUCT.md, 'Alphabet marks'): each letter a button whose click (or
 * Enter/Space) cycles its mark none → bad → maybe → good → none. For the keyboard it is one stop
 * in the tab order, a toolbar: Tab reaches the letter last used (A at first), the arrow keys, Home
 * and End move between letters (roving tabindex), and Tab leaves the board.
 */
export function AlphabetBoard({
  marks,
  onCycle,
}: {
  marks: Alphabet;
  onCycle: (letter: Letter) => void;
}) {
  const [current, setCurrent] = useState(0);
  const board = useRef<HTMLDivElement>(null);
  const letters = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = letterAfterKey(event.key, current, columnsOf(board.current));
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    letters.current[next]?.focus();
  };
  return (
    <div
      ref={board}
      role="toolbar"
      aria-label="Alphabet"
      className={styles.board}
      onKeyDown={onKeyDown}
    >
      {ALPHABET.map((letter, index) => {
        const mark: LetterMark = marks[letter] ?? 'none';
        return (
          <button
            key={letter}
            ref={(element) => {
              letters.current[index] = element;
            }}
            type="button"
            tabIndex={index === current ? 0 : -1}
            className={`${styles.letter} ${styles[mark]}`}
            aria-label={`${letter.toUpperCase()}, ${mark === 'none' ? 'not marked' : `marked ${mark}`}`}
            onClick={() => {
              setCurrent(index);
              onCycle(letter);
            }}
          >
            <span aria-hidden="true">{letter.toUpperCase()}</span>
            <span aria-hidden="true" className={styles.symbol}>
              {SYMBOLS[mark]}
            </span>
          </button>
        );
      })}
    </div>
  );
}
