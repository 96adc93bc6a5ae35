import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALPHABET, WORD_LENGTH, countMatches } from './game-rules.ts';
import { fitsGuess, hardModeConflict, hardModeRefusal } from './hard-mode.ts';

const letter = fc.constantFrom(...ALPHABET);
const word = fc.string({ unit: letter, minLength: WORD_LENGTH, maxLength: WORD_LENGTH });

describe('fitsGuess', () => {
  it('fits when the word shares exactly the earlier count', () => {
    // slate vs crane share a and e.
    expect(fitsGuess('crane', { word: 'slate', matches: 2 })).toBe(true);
    expect(fitsGuess('crane', { word: 'slate', matches: 3 })).toBe(false);
    expect(fitsGuess('crane', { word: 'slate', matches: 1 })).toBe(false);
  });

  it('counts repeated letters with multiplicity, as matches do', () => {
    // hello vs world: one l, one o.
    expect(fitsGuess('hello', { word: 'world', matches: 2 })).toBe(true);
    expect(fitsGuess('hello', { word: 'world', matches: 3 })).toBe(false);
  });
});

describe('hardModeConflict', () => {
  it('is null with no earlier guess', () => {
    expect(hardModeConflict('crane', [])).toBeNull();
  });

  it('names the first earlier guess, in the order given, that the word contradicts', () => {
    const earlier = [
      { word: 'light', matches: 0 },
      { word: 'slate', matches: 4 },
      { word: 'crane', matches: 0 },
    ];
    // brace: light 0 (fits), slate 2 (not 4), crane 4 (not 0).
    expect(hardModeConflict('brace', earlier)).toEqual({ word: 'slate', matches: 4 });
    expect(hardModeConflict('brace', [...earlier].reverse())).toEqual({
      word: 'crane',
      matches: 0,
    });
  });

  it('never refuses the secret: it fits every count it gave (property)', () => {
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 20 }), (secret, guesses) => {
        const earlier = guesses.map((guess) => ({
          word: guess,
          matches: countMatches(guess, secret),
        }));
        expect(hardModeConflict(secret, earlier)).toBeNull();
      }),
    );
  });

  it('refuses exactly the words some earlier count rules out (property)', () => {
    fc.assert(
      fc.property(
        word,
        fc.array(fc.record({ word, matches: fc.integer({ min: 0, max: WORD_LENGTH }) }), {
          maxLength: 10,
        }),
        (candidate, earlier) => {
          const conflict = hardModeConflict(candidate, earlier);
          const misfits = earlier.filter((g) => countMatches(candidate, g.word) !== g.matches);
          expect(conflict).toEqual(misfits[0] ?? null);
        },
      ),
    );
  });
});

describe('hardModeRefusal', () => {
  it('shows both words uppercase and the earlier count', () => {
    expect(hardModeRefusal('brace', { word: 'slate', matches: 4 })).toBe(
      'Hard mode: BRACE does not fit SLATE (4)',
    );
  });
});
