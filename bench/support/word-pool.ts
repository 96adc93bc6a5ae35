import { isValidGuessWord } from '@jotto/shared/word-lists';
import guessWordsJson from '../../shared/data/guess-words.json' with { type: 'json' };

/** A small seeded generator, so that the word plan is the same from run to run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Every valid guess word, in an order fixed by `seed`: the words a bench's players guess. */
export function shuffledWordPool(seed: number): string[] {
  const pool = [...new Set(guessWordsJson)].filter(
    (word) => /^[a-z]{5}$/.test(word) && isValidGuessWord(word),
  );
  const random = mulberry32(seed);
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool;
}
