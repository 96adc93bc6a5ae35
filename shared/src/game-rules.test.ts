import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALPHABET,
  GAME_MESSAGES,
  GIVE_UP_WORD,
  LETTER_MARKS,
  MISS_PENALTY,
  STARTING_SCORE,
  WORD_LENGTH,
  applyGuess,
  applyMove,
  countMatches,
  matchCountText,
  guessProblem,
  isGiveUp,
  isLetter,
  isLetterMark,
  isPlayerFinished,
  nextLetterMark,
  normalizeGuess,
  scoreAfterGuess,
  versusOutcome,
  winRatio,
  type LetterMark,
  type SideState,
  type VersusSide,
} from './game-rules.ts';

const letter = fc.constantFrom(...ALPHABET);
const word = fc.string({ unit: letter, minLength: WORD_LENGTH, maxLength: WORD_LENGTH });
/** A word and a random rearrangement of its letters. */
const wordAndAnagram = word.chain((w) =>
  fc.shuffledSubarray([...w], { minLength: WORD_LENGTH }).map((letters) => ({
    w,
    anagram: letters.join(''),
  })),
);

/** Plays `guesses` from the start of a game, stopping when the game ends as the server does. */
function play(guesses: readonly string[], secret: string) {
  let state = { score: STARTING_SCORE, won: false, lost: false, played: 0 };
  for (const guess of guesses) {
    if (state.won || state.lost) break;
    const outcome = applyGuess(state, guess, secret);
    state = {
      score: outcome.score,
      won: outcome.won,
      lost: outcome.lost,
      played: state.played + 1,
    };
  }
  return state;
}

describe('constants', () => {
  it('are 5 letters, 100 points to start, 5 per miss, and giveup', () => {
    expect(WORD_LENGTH).toBe(5);
    expect(STARTING_SCORE).toBe(100);
    expect(MISS_PENALTY).toBe(5);
    expect(GIVE_UP_WORD).toBe('giveup');
    expect(ALPHABET.join('')).toBe('abcdefghijklmnopqrstuvwxyz');
  });
});

describe('normalizeGuess and isGiveUp', () => {
  it('lowercases and trims', () => {
    expect(normalizeGuess('  CrAnE ')).toBe('crane');
  });

  it('recognises the give-up keyword in any case', () => {
    expect(isGiveUp('giveup')).toBe(true);
    expect(isGiveUp(' GiveUp')).toBe(true);
    expect(isGiveUp('give up')).toBe(false);
  });
});

describe('guessProblem', () => {
  it('accepts five letters in any case, and the give-up keyword', () => {
    expect(guessProblem('crane')).toBeNull();
    expect(guessProblem('CRANE')).toBeNull();
    expect(guessProblem('GIVEUP')).toBeNull();
  });

  it('gives the wrong-length alert for any other length', () => {
    for (const raw of ['', 'four', 'sixsix', 'give up', 'giveupp']) {
      expect(guessProblem(raw)).toBe(GAME_MESSAGES.wrongLength);
    }
    expect(GAME_MESSAGES.wrongLength).toBe('lets do this together.. 1... 2... 3... 4... 5!');
  });

  it('refuses five characters that are not all a to z', () => {
    for (const raw of ['cr4ne', 'cr-ne', 'héllo', 'a b c', 'ÅNGST']) {
      expect(guessProblem(raw)).toBe(GAME_MESSAGES.lettersOnly);
    }
  });

  it('accepts exactly the words that normalize to five a–z letters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (raw) => {
        const word = normalizeGuess(raw);
        const ok = word === GIVE_UP_WORD || /^[a-z]{5}$/.test(word);
        expect(guessProblem(raw) === null).toBe(ok);
      }),
    );
  });
});

describe('countMatches', () => {
  it('counts shared letters with multiplicity, ignoring position', () => {
    expect(countMatches('hello', 'world')).toBe(2);
    expect(countMatches('crane', 'nacre')).toBe(5);
    expect(countMatches('eerie', 'geese')).toBe(3);
    expect(countMatches('aaaaa', 'abcde')).toBe(1);
    expect(countMatches('fuzzy', 'crane')).toBe(0);
  });

  it('is symmetric', () => {
    fc.assert(fc.property(word, word, (a, b) => countMatches(a, b) === countMatches(b, a)));
  });

  it('is between 0 and 5 for five-letter words', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const matches = countMatches(a, b);
        return Number.isInteger(matches) && matches >= 0 && matches <= WORD_LENGTH;
      }),
    );
  });

  it('is 5 for a word and itself, and for a word and any anagram of it', () => {
    fc.assert(fc.property(word, (w) => countMatches(w, w) === WORD_LENGTH));
    fc.assert(
      fc.property(wordAndAnagram, ({ w, anagram }) => countMatches(w, anagram) === WORD_LENGTH),
    );
  });

  it('agrees with a per-letter minimum of counts', () => {
    const count = (w: string, l: string) => [...w].filter((c) => c === l).length;
    fc.assert(
      fc.property(word, word, (a, b) => {
        const expected = ALPHABET.reduce((sum, l) => sum + Math.min(count(a, l), count(b, l)), 0);
        return countMatches(a, b) === expected;
      }),
    );
  });
});

describe('scoreAfterGuess', () => {
  it('costs 5 for a miss, nothing for a hit, and stops at 0', () => {
    expect(scoreAfterGuess(100, false)).toBe(95);
    expect(scoreAfterGuess(100, true)).toBe(100);
    expect(scoreAfterGuess(5, false)).toBe(0);
    expect(scoreAfterGuess(3, false)).toBe(0);
    expect(scoreAfterGuess(0, false)).toBe(0);
  });

  it('never goes negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.boolean(), (score, hit) => {
        return scoreAfterGuess(score, hit) >= 0;
      }),
    );
  });
});

describe('applyGuess', () => {
  it('reports matches and a miss', () => {
    expect(applyGuess({ score: 100 }, 'world', 'hello')).toEqual({
      matches: 2,
      score: 95,
      won: false,
      lost: false,
    });
  });

  it('wins only on the exact word; an anagram costs like any miss', () => {
    expect(applyGuess({ score: 80 }, 'crane', 'crane')).toEqual({
      matches: 5,
      score: 80,
      won: true,
      lost: false,
    });
    expect(applyGuess({ score: 80 }, 'nacre', 'crane')).toEqual({
      matches: 5,
      score: 75,
      won: false,
      lost: false,
    });
  });

  it('loses when a miss takes the score to 0', () => {
    expect(applyGuess({ score: 5 }, 'world', 'hello')).toEqual({
      matches: 2,
      score: 0,
      won: false,
      lost: true,
    });
    // The winning guess never costs, so solving at 5 points is still a win.
    expect(applyGuess({ score: 5 }, 'hello', 'hello').won).toBe(true);
  });

  it('leaves 100 − 5(n − 1) when solving on guess n', () => {
    const maxGuesses = STARTING_SCORE / MISS_PENALTY;
    fc.assert(
      fc.property(
        word,
        fc.integer({ min: 1, max: maxGuesses }),
        fc.array(word, { minLength: maxGuesses }),
        (secret, n, pool) => {
          const misses = pool.filter((w) => w !== secret).slice(0, n - 1);
          fc.pre(misses.length === n - 1);
          const end = play([...misses, secret], secret);
          expect(end).toEqual({ score: 100 - 5 * (n - 1), won: true, lost: false, played: n });
        },
      ),
    );
  });

  it('ends the game, lost, after 20 misses', () => {
    const end = play(Array<string>(25).fill('world'), 'hello');
    expect(end).toEqual({ score: 0, won: false, lost: true, played: 20 });
  });

  it('never leaves a negative score, and wins exactly on the secret', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), word, word, (score, guess, secret) => {
        const outcome = applyGuess({ score }, guess, secret);
        expect(outcome.score).toBeGreaterThanOrEqual(0);
        expect(outcome.won).toBe(guess === secret);
        expect(outcome.won && outcome.lost).toBe(false);
        expect(outcome.matches).toBe(countMatches(guess, secret));
      }),
    );
  });
});

describe('applyMove', () => {
  const playing: SideState = { score: 100, status: 'playing', forfeit: false, guessCount: 0 };
  const side = fc.record({
    score: fc.integer({ min: 5, max: 100 }).map((n) => n - (n % 5)),
    guessCount: fc.integer({ min: 0, max: 19 }),
  });

  it('scores a guess as applyGuess does, one more guess, finished on a win or at 0', () => {
    fc.assert(
      fc.property(side, word, word, ({ score, guessCount }, guess, secret) => {
        const before: SideState = { ...playing, score, guessCount };
        const applied = applyMove(before, new Set(), { kind: 'guess', word: guess }, secret);
        const expected = applyGuess(before, guess, secret);
        expect(applied).toEqual({
          side: {
            score: expected.score,
            status: expected.won ? 'won' : expected.lost ? 'lost' : 'playing',
            forfeit: false,
            guessCount: guessCount + 1,
          },
          matches: expected.matches,
          finished: expected.won || expected.lost,
        });
      }),
    );
  });

  it('ends the game lost with forfeit on giving up, score untouched', () => {
    expect(applyMove({ ...playing, score: 45 }, new Set(), { kind: 'give up' }, 'crane')).toEqual({
      side: { score: 45, status: 'lost', forfeit: true, guessCount: 0 },
      finished: true,
    });
  });

  it('refuses a repeated word, and any move on a finished side', () => {
    const guess = { kind: 'guess', word: 'slate' } as const;
    expect(applyMove(playing, new Set(['slate']), guess, 'crane')).toEqual({
      refused: 'alreadyGuessed',
    });
    for (const status of ['won', 'lost'] as const) {
      expect(applyMove({ ...playing, status }, new Set(), guess, 'crane')).toEqual({
        refused: 'gameOver',
      });
      expect(applyMove({ ...playing, status }, new Set(), { kind: 'give up' }, 'x')).toEqual({
        refused: 'gameOver',
      });
    }
  });
});

describe('versusOutcome', () => {
  const solved = (score: number): VersusSide => ({ won: true, forfeit: false, score });
  const forfeited = (score: number): VersusSide => ({ won: false, forfeit: true, score });
  const ranOut: VersusSide = { won: false, forfeit: false, score: 0 };
  const playing = (score: number): VersusSide => ({ won: false, forfeit: false, score });

  /** Both players' results at once: [mine, the opponent's]. */
  const both = (a: VersusSide, b: VersusSide) => [versusOutcome(a, b), versusOutcome(b, a)];

  it('is pending while either player is still playing', () => {
    expect(both(solved(80), playing(60))).toEqual(['pending', 'pending']);
    expect(both(forfeited(80), playing(5))).toEqual(['pending', 'pending']);
    expect(both(playing(100), playing(100))).toEqual(['pending', 'pending']);
  });

  it('gives the higher solver the win', () => {
    expect(both(solved(80), solved(60))).toEqual(['win', 'lose']);
  });

  it('gives both players the win when both solved with the same score', () => {
    expect(both(solved(70), solved(70))).toEqual(['win', 'win']);
  });

  it('lets a solve beat a forfeit whatever the scores', () => {
    expect(both(solved(10), forfeited(95))).toEqual(['win', 'lose']);
  });

  it('lets a solve beat running out of points', () => {
    expect(both(solved(5), ranOut)).toEqual(['win', 'lose']);
  });

  it('lets running out of points beat a forfeit', () => {
    expect(both(ranOut, forfeited(50))).toEqual(['win', 'lose']);
  });

  it('makes both lose when both forfeited', () => {
    expect(both(forfeited(90), forfeited(40))).toEqual(['lose', 'lose']);
  });

  it('makes it a draw when both ran out of points', () => {
    expect(both(ranOut, ranOut)).toEqual(['draw', 'draw']);
  });

  /** Every state a player's game can be in, as play can reach it. */
  const step = fc.integer({ min: 1, max: STARTING_SCORE / MISS_PENALTY }).map((k) => k * 5);
  const side: fc.Arbitrary<VersusSide> = fc.oneof(
    step.map(solved),
    step.map(forfeited),
    fc.constant(ranOut),
    step.map(playing),
  );
  const finishedSide = side.filter(isPlayerFinished);

  it('is pending exactly when someone is still playing', () => {
    fc.assert(
      fc.property(side, side, (a, b) => {
        const pending = !isPlayerFinished(a) || !isPlayerFinished(b);
        expect(versusOutcome(a, b) === 'pending').toBe(pending);
      }),
    );
  });

  it('follows the documented pairing of results', () => {
    fc.assert(
      fc.property(finishedSide, finishedSide, (a, b) => {
        const [mine, theirs] = both(a, b);
        if (mine === 'draw' || theirs === 'draw') {
          // A draw is always mutual, and only when both ran out of points.
          expect([mine, theirs]).toEqual(['draw', 'draw']);
          expect([a, b]).toEqual([ranOut, ranOut]);
        } else if (mine === 'win' && theirs === 'win') {
          expect(a.won && b.won && a.score === b.score).toBe(true);
        } else if (mine === 'lose' && theirs === 'lose') {
          expect(a.forfeit && b.forfeit).toBe(true);
        } else {
          expect([mine, theirs].sort()).toEqual(['lose', 'win']);
        }
      }),
    );
  });

  it('never lets a forfeiter win, nor a solver lose to a non-solver', () => {
    fc.assert(
      fc.property(finishedSide, finishedSide, (a, b) => {
        if (a.forfeit) expect(versusOutcome(a, b)).toBe('lose');
        if (a.won && !b.won) expect(versusOutcome(a, b)).toBe('win');
      }),
    );
  });

  it('never makes the win and the loss clause hold at once, for any input', () => {
    // Checked against the rule's own words for any scores, reachable or not; only solving and
    // forfeiting together is left out, since a game ends at the first of the two.
    const anySide = fc
      .record({ won: fc.boolean(), forfeit: fc.boolean(), score: fc.integer({ min: 0, max: 100 }) })
      .filter((s) => !(s.won && s.forfeit));
    fc.assert(
      fc.property(anySide, anySide, (me, op) => {
        const winClause = (me.won && me.score >= op.score) || (op.forfeit && !me.forfeit);
        const loseClause = me.forfeit || (me.score < op.score && !op.forfeit);
        expect(winClause && loseClause).toBe(false);
        const expected = winClause ? 'win' : loseClause ? 'lose' : 'draw';
        fc.pre(isPlayerFinished(me) && isPlayerFinished(op));
        expect(versusOutcome(me, op)).toBe(expected);
      }),
    );
  });
});

describe('winRatio', () => {
  it('divides wins by losses, rounded to 2 decimals', () => {
    expect(winRatio(2, 3)).toBe(2);
    expect(winRatio(1, 4)).toBe(0.33);
    expect(winRatio(2, 5)).toBe(0.67);
    expect(winRatio(1, 9)).toBe(0.13); // 0.125 rounds up
    expect(winRatio(0, 7)).toBe(0);
  });

  it('is the number of wins when there are no losses', () => {
    expect(winRatio(0, 0)).toBe(0);
    expect(winRatio(5, 5)).toBe(5);
  });

  it('has at most 2 decimals and is never negative', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (wins, losses) => {
        const ratio = winRatio(wins, wins + losses);
        expect(ratio).toBeGreaterThanOrEqual(0);
        expect(Math.round(ratio * 100) / 100).toBe(ratio);
        if (losses > 0) expect(Math.abs(ratio - wins / losses)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});

describe('letter marks', () => {
  it('cycles none → bad → maybe → good → none', () => {
    expect(nextLetterMark('none')).toBe('bad');
    expect(nextLetterMark('bad')).toBe('maybe');
    expect(nextLetterMark('maybe')).toBe('good');
    expect(nextLetterMark('good')).toBe('none');
  });

  it('returns to any mark after four clicks, through every mark', () => {
    for (const start of LETTER_MARKS) {
      const seen = new Set<LetterMark>();
      let mark: LetterMark = start;
      for (let i = 0; i < 4; i += 1) {
        seen.add(mark);
        mark = nextLetterMark(mark);
      }
      expect(mark).toBe(start);
      expect(seen.size).toBe(4);
    }
  });

  it('recognises letters and marks', () => {
    expect(isLetter('q')).toBe(true);
    expect(isLetter('Q')).toBe(false);
    expect(isLetter('ab')).toBe(false);
    expect(isLetterMark('maybe')).toBe(true);
    expect(isLetterMark('none')).toBe(true);
    expect(isLetterMark('red')).toBe(false);
  });
});

describe('matchCountText', () => {
  it("says '1 match' and 'N matches' for every other count", () => {
    expect([0, 1, 2, 5].map(matchCountText)).toEqual([
      '0 matches',
      '1 match',
      '2 matches',
      '5 matches',
    ]);
  });
});
