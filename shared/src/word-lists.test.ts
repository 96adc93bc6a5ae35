import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import guessWordsJson from '../data/guess-words.json' with { type: 'json' };
import secretWordsJson from '../data/secret-words.json' with { type: 'json' };
import { SECRET_WORD_BLOCKLIST } from '../scripts/secret-word-blocklist.ts';
import { GIVE_UP_WORD } from './game-rules.ts';
import { GUESS_WORDS, SECRET_WORDS, isValidGuessWord, pickSecretWord } from './word-lists.ts';

const FIVE_LETTERS = /^[a-z]{5}$/;

/** True when the list is strictly ascending, hence sorted and free of duplicates. */
function strictlyAscending(words: readonly string[]): boolean {
  return words.every((w, i) => i === 0 || words[i - 1]! < w);
}

describe('the data files', () => {
  it('hold five lowercase letters a to z per word, sorted, no duplicates', () => {
    for (const words of [secretWordsJson, guessWordsJson]) {
      expect(words.filter((w) => !FIVE_LETTERS.test(w))).toEqual([]);
      expect(strictlyAscending(words)).toBe(true);
    }
  });

  it('make every secret a guess in the file itself, not only at run time', () => {
    const guesses = new Set(guessWordsJson);
    expect(secretWordsJson.filter((w) => !guesses.has(w))).toEqual([]);
  });

  it('have sane sizes', () => {
    expect(secretWordsJson.length).toBeGreaterThan(1000);
    expect(secretWordsJson.length).toBeLessThan(5000);
    expect(guessWordsJson.length).toBeGreaterThan(5000);
    expect(guessWordsJson.length).toBeLessThan(20000);
    expect(guessWordsJson.length).toBeGreaterThan(secretWordsJson.length * 2);
  });
});

describe('SECRET_WORDS', () => {
  it('is the secret list', () => {
    expect(SECRET_WORDS).toEqual(secretWordsJson);
    expect(Object.isFrozen(SECRET_WORDS)).toBe(true);
  });

  it('contains no blocklisted word', () => {
    expect(SECRET_WORDS.filter((w) => SECRET_WORD_BLOCKLIST.has(w))).toEqual([]);
  });

  it('has only five-letter blocklist entries, so none is dead weight', () => {
    expect([...SECRET_WORD_BLOCKLIST].filter((w) => !FIVE_LETTERS.test(w))).toEqual([]);
  });

  it('contains everyday words', () => {
    for (const word of ['hello', 'world', 'house', 'water', 'light']) {
      expect(SECRET_WORDS).toContain(word);
    }
  });
});

describe('GUESS_WORDS', () => {
  it('is the dictionary isValidGuessWord accepts, sorted, every secret in it', () => {
    expect(strictlyAscending(GUESS_WORDS)).toBe(true);
    expect(Object.isFrozen(GUESS_WORDS)).toBe(true);
    expect(GUESS_WORDS.filter((w) => !isValidGuessWord(w))).toEqual([]);
    expect(new Set(GUESS_WORDS)).toEqual(new Set([...guessWordsJson, ...SECRET_WORDS]));
  });
});

describe('isValidGuessWord', () => {
  it('accepts every secret', () => {
    expect(SECRET_WORDS.filter((w) => !isValidGuessWord(w))).toEqual([]);
  });

  it('accepts less common words that are not secrets', () => {
    for (const word of ['crane', 'adieu', 'nacre', 'xylem', 'vixen']) {
      expect(isValidGuessWord(word)).toBe(true);
    }
    expect(SECRET_WORDS).not.toContain('xylem');
  });

  it('refuses non-words, other lengths, capitals and the give-up keyword', () => {
    for (const word of ['xqzvk', 'aaaaa', 'hell', 'hellos', 'HELLO', ' hello', GIVE_UP_WORD, '']) {
      expect(isValidGuessWord(word)).toBe(false);
    }
  });
});

describe('pickSecretWord', () => {
  it('returns a secret for any generator output in [0, 1)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        expect(SECRET_WORDS).toContain(pickSecretWord(() => r));
      }),
    );
  });

  it('maps the ends of the range to the ends of the list', () => {
    expect(pickSecretWord(() => 0)).toBe(SECRET_WORDS[0]);
    expect(pickSecretWord(() => 0.999999999)).toBe(SECRET_WORDS.at(-1));
    // A generator that returns 1 is out of contract, but must not yield undefined.
    expect(pickSecretWord(() => 1)).toBe(SECRET_WORDS.at(-1));
  });

  it('throws rather than return nothing for a broken generator', () => {
    expect(() => pickSecretWord(() => Number.NaN)).toThrow(RangeError);
    expect(() => pickSecretWord(() => -0.5)).toThrow(RangeError);
  });

  it('draws secrets from the secure default generator', () => {
    const drawn = new Set(Array.from({ length: 200 }, () => pickSecretWord()));
    for (const word of drawn) expect(SECRET_WORDS).toContain(word);
    // 200 uniform draws from over 1000 words: fewer than 100 distinct is all but impossible.
    expect(drawn.size).toBeGreaterThan(100);
  });
});
